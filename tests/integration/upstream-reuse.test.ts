/**
 * The upstream client (lib/api/upstream.ts) and an upstream that closes a kept-alive connection just as a
 * request goes out on it (its idle time-out): a read (a GET that changes nothing) is sent again on another
 * socket and the caller gets the answer, not "unreachable". A write is not: this stand-in, like an upstream
 * that crashes mid-call, has received it before the reset, and a second copy would apply it twice. Nor is a
 * request on a new socket that fails the same way, nor a body that streams.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendRequest, sendUpstream } from '@/lib/api/upstream';
import { UpstreamError } from '@/lib/api/errors';
import { contract } from '@/lib/contract';
import { changesNothing } from '@/lib/contract/define';

let server: http.Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  process.env.AUTH_SECRET ??= 'upstream-reuse-test-auth-secret-0123456789'; // config() of sendUpstream
  const served = new WeakMap<object, number>();
  server = http.createServer({ keepAlive: true }, (req, res) => {
    const n = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, n);
    seen.push(`${req.method} ${req.url} #${n}`);
    req.resume();
    // The second request on a connection finds it closed; a new connection's first request is refused on /always.
    if (n > 1 || req.url === '/always') return void req.socket.destroy();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const pause = () => new Promise((r) => setTimeout(r, 20));

it('a read on a kept-alive socket the upstream closed is sent again on a new one and answered', async () => {
  seen.length = 0;
  expect((await sendRequest(new URL(`${base}/a`), { method: 'GET' }, 5_000)).status).toBe(200);
  await pause(); // the socket is back in the pool
  const again = await sendRequest(new URL(`${base}/b`), { method: 'GET', resend: true }, 5_000);
  expect(again.status).toBe(200);
  expect(seen).toEqual(['GET /a #1', 'GET /b #2', 'GET /b #1']);
});

it('a write is never sent twice: the reset reaches the caller as "unreachable"', async () => {
  server.closeIdleConnections(); // the pool starts empty
  await pause();
  seen.length = 0;
  expect((await sendRequest(new URL(`${base}/a`), { method: 'GET' }, 5_000)).status).toBe(200);
  await pause();
  await expect(sendRequest(new URL(`${base}/save`), { method: 'POST', body: '{}' }, 5_000)).rejects.toMatchObject({ code: 'ECONNRESET' });
  expect(seen).toEqual(['GET /a #1', 'POST /save #2']);

  // Through the call's definition: a GET that writes and every POST are writes; a plain GET is a read.
  expect([contract.contacts.contacts, contract.contacts.setInactive, contract.lookups.byKeys].map(changesNothing)).toEqual([
    true,
    false,
    false,
  ]);
  seen.length = 0;
  expect((await sendRequest(new URL(`${base}/a`), { method: 'GET' }, 5_000)).status).toBe(200);
  await pause();
  const failed = sendUpstream(contract.contacts.setInactive, new URL(`${base}/contact/setInactive?contact=1`), { method: 'GET' });
  await expect(failed).rejects.toBeInstanceOf(UpstreamError);
  await expect(failed).rejects.toMatchObject({ kind: 'unreachable' });
  expect(seen).toEqual(['GET /a #1', 'GET /contact/setInactive?contact=1 #2']);
  seen.length = 0;
  expect((await sendUpstream(contract.contacts.contacts, new URL(`${base}/contact/contacts`), { method: 'GET' })).status).toBe(200);
  await pause();
  expect((await sendUpstream(contract.contacts.contacts, new URL(`${base}/contact/contacts`), { method: 'GET' })).status).toBe(200);
  expect(seen).toEqual(['GET /contact/contacts #1', 'GET /contact/contacts #2', 'GET /contact/contacts #1']);
});

it('a new socket closed without an answer is not sent again; nor is a streamed body on a reused one', async () => {
  server.closeIdleConnections(); // nothing left in the pool: the next request opens a socket
  await pause();
  seen.length = 0;
  await expect(sendRequest(new URL(`${base}/always`), { method: 'GET', resend: true }, 5_000)).rejects.toMatchObject({
    code: 'ECONNRESET',
  });
  expect(seen).toEqual(['GET /always #1']);

  seen.length = 0;
  expect((await sendRequest(new URL(`${base}/c`), { method: 'GET' }, 5_000)).status).toBe(200);
  await pause();
  await expect(
    sendRequest(new URL(`${base}/upload`), { method: 'POST', body: Readable.from(['x']), resend: true }, 5_000),
  ).rejects.toThrow();
  expect(seen).toEqual(['GET /c #1', 'POST /upload #2']);
});
