/**
 * The upstream client (lib/api/upstream.ts) and an upstream that closes a kept-alive connection just as a
 * request goes out on it (its idle time-out): the request never reached the upstream, so it is sent again
 * on another socket and the caller gets the answer, not "unreachable". A request on a new socket that
 * fails the same way is not sent again, nor is a body that streams.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendRequest } from '@/lib/api/upstream';

let server: http.Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
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

it('a request on a kept-alive socket the upstream closed is sent again on a new one and answered', async () => {
  seen.length = 0;
  expect((await sendRequest(new URL(`${base}/a`), { method: 'GET' }, 5_000)).status).toBe(200);
  await pause(); // the socket is back in the pool
  const again = await sendRequest(new URL(`${base}/b`), { method: 'POST', body: '{}' }, 5_000);
  expect(again.status).toBe(200);
  expect(seen).toEqual(['GET /a #1', 'POST /b #2', 'POST /b #1']);
});

it('a new socket closed without an answer is not sent again; nor is a streamed body on a reused one', async () => {
  server.closeIdleConnections(); // nothing left in the pool: the next request opens a socket
  await pause();
  seen.length = 0;
  await expect(sendRequest(new URL(`${base}/always`), { method: 'GET' }, 5_000)).rejects.toMatchObject({ code: 'ECONNRESET' });
  expect(seen).toEqual(['GET /always #1']);

  seen.length = 0;
  expect((await sendRequest(new URL(`${base}/c`), { method: 'GET' }, 5_000)).status).toBe(200);
  await pause();
  await expect(sendRequest(new URL(`${base}/upload`), { method: 'POST', body: Readable.from(['x']) }, 5_000)).rejects.toThrow();
  expect(seen).toEqual(['GET /c #1', 'POST /upload #2']);
});
