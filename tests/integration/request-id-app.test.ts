/**
 * The app's one upstream client sends the request's id to the host (X-Request-Id) with every call it makes
 * for a request — the pages' api() and the BFF pass it — and none when there is no request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: http.Server;
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers['x-request-id'] as string | undefined);
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The configuration is read once, on first use: point the upstream at this server first.
  Object.assign(process.env, { API_URL: `${base}/api/`, AUTH_URL: `${base}/auth/`, AUTH_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
});
afterAll(() => server.close());

describe('X-Request-Id upstream', () => {
  it('callUpstream and sendUpstream send the id they are given, and no header without one', async () => {
    const { callUpstream, sendUpstream, upstreamUrl } = await import('@/lib/api/upstream');
    const { contract } = await import('@/lib/contract');
    await callUpstream(contract.lookups.countries, {}, 'token', 'req-1234abcd');
    await sendUpstream(contract.lookups.countries, upstreamUrl(contract.lookups.countries), { method: 'GET', requestId: 'req-5678efgh' });
    await callUpstream(contract.lookups.countries, {}, 'token');
    expect(seen).toEqual(['req-1234abcd', 'req-5678efgh', undefined]);
  });

  it('a sign-in sends the request id proxy.ts gave its request to the auth host', async () => {
    const { passwordSignIn } = await import('@/lib/auth/sign-in');
    seen.length = 0;
    // The fake host's answer is not a token: the sign-in fails, after the call this test is about.
    await passwordSignIn({ username: 'someone@example.com', password: 'secret' }, { 'x-request-id': 'req-signin-42' }).catch(
      () => undefined,
    );
    await passwordSignIn({ username: 'someone@example.com', password: 'secret' }, { 'x-request-id': 'not an id!' }).catch(() => undefined);
    expect(seen).toEqual(['req-signin-42', undefined]);
  });
});
