/**
 * The BFF's own refusals, sent as raw HTTP (node:http keeps the request target exactly as written): the
 * custom header, cross-site requests, unknown paths and traversal, oversized bodies.
 */
import { expect, test } from '@playwright/test';
import { BFF_CALLS, bffKey } from '../../lib/contract';
import { BFF_BODY_LIMIT } from '../../lib/bff/protocol';
import { appOrigin, bffCall, bffHeaders, rawRequest, sessionCookie, type RawResponse } from '../../testkit/http';
import { must } from '../../testkit/must';

const origin = appOrigin();
const PROFILE = 'user/profile?username=role1%40example.com';

let cookie: string;
test.beforeAll(async () => {
  cookie = await sessionCookie(1);
});

test('the custom header is required: missing or wrong → 403, and nothing is answered', async () => {
  const variants: Record<string, string>[] = [
    { cookie },
    { cookie, 'x-adas-bff': '0' },
    { cookie, 'x-adas-bff': '' },
    { cookie, 'X-ADAS-BFF': 'true' },
  ];
  for (const headers of variants) {
    const res = await rawRequest(origin, `/api/bff/${PROFILE}`, { headers });
    expect(res.status, JSON.stringify(headers)).toBe(403);
    expect(res.body).not.toContain('role1@example.com');
  }
  // A form post from another site cannot set the header either.
  const post = await rawRequest(origin, '/api/bff/user/saveCredentials', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'username=role1%40example.com&password=Owned%231234',
  });
  expect(post.status).toBe(403);
  // Control: with the header the same call answers.
  const ok = await bffCall(origin, 'GET', PROFILE, cookie);
  expect(ok.status).toBe(200);
});

test('cross-site requests are refused: a foreign Origin or Sec-Fetch-Site other than same-origin → 403', async () => {
  const cases: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: `http://localhost.evil.example:${new URL(origin).port}` },
    { origin: 'http://127.0.0.2:1' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { 'sec-fetch-site': 'none' },
    { origin, 'sec-fetch-site': 'cross-site' },
  ];
  for (const extra of cases) {
    for (const method of ['GET', 'POST'] as const) {
      const res = await bffCall(origin, method, method === 'GET' ? PROFILE : 'log/saveEntry', cookie, { headers: extra });
      expect(res.status, `${method} ${JSON.stringify(extra)}`).toBe(403);
      expect(JSON.parse(res.body).error).toBe('Cross-site requests are not allowed.');
    }
  }
  // Control: the browser's same-origin request passes.
  const same = await bffCall(origin, 'GET', PROFILE, cookie, { headers: { origin, 'sec-fetch-site': 'same-origin' } });
  expect(same.status).toBe(200);
});

/** Sends the raw target; follows one 308 the server itself issues for backslashes and doubled slashes. */
async function send(target: string): Promise<RawResponse[]> {
  const first = await rawRequest(origin, target, { headers: bffHeaders(cookie) });
  if (first.status !== 308 || !first.location) return [first];
  return [first, await rawRequest(origin, first.location, { headers: bffHeaders(cookie) })];
}

test('unknown calls, encoded slashes, encoded or raw dot segments and backslashes → 404', async () => {
  // Every target below names no allow-listed call, however it is decoded or normalised; none may reach
  // the upstream or any other handler. (The server itself resolves plain `..` and `%2e%2e` segments
  // before routing — see the next test — and turns backslashes into a 308 to the slash form.)
  const targets = [
    '/api/bff/no/such/call',
    '/api/bff/user/profiles?username=role1%40example.com',
    '/api/bff/User/Profile?username=role1%40example.com',
    '/api/bff/user/profile.json?username=role1%40example.com',
    '/api/bff/getToken',
    '/api/bff/user/redeemTempToken',
    '/api/bff/user%2fprofile?username=role1%40example.com',
    '/api/bff/user%2Fprofile?username=role1%40example.com',
    '/api/bff/firm%2ffirmPreference?firm=1',
    '/api/bff/user/%2e%2e%2fuser/profile?username=role1%40example.com',
    '/api/bff/user/%2E%2E%2Fuser%2Fprofile?username=role1%40example.com',
    '/api/bff/user/..%2fprofile?username=role1%40example.com',
    '/api/bff/user/..%2f..%2f..%2fauth%2fsession',
    '/api/bff/%2e%2e%2f%2e%2e%2fauth%2fsession',
    '/api/bff/user/..%5cprofile?username=role1%40example.com',
    '/api/bff/user%5cprofile?username=role1%40example.com',
    '/api/bff/..%5c..%5cauth%5csession',
    '/api/bff/user/../no-such-call',
    '/api/bff/user/%2e%2e/no-such-call',
    '/api/bff/user/%2E%2E/%2e%2e/no/such',
    '/api/bff/user/.%2e/no-such-call',
    '/api/bff/user\\..\\no-such-call',
    '/api/bff/user\\profile/..\\..\\no-such-call',
    '/api/bff/%00user/profile?username=role1%40example.com',
    '/api/bff/user/profile%00?username=role1%40example.com',
  ];
  const wrong: string[] = [];
  for (const target of targets) {
    const hops = await send(target);
    const last = must(hops[hops.length - 1], 'last');
    if (last.status !== 404)
      wrong.push(`${target}: ${hops.map((h) => `${h.status} ${h.location ?? ''}`).join(' → ')} ${last.body.slice(0, 80)}`);
    if (/"firmName"|role1@example\.com|"expires"/.test(last.body)) wrong.push(`${target}: answered data`);
  }
  expect(wrong, wrong.join('\n')).toEqual([]);
});

test('dot segments are resolved by the server before routing: they reach only what the resolved path reaches', async () => {
  // Node/Next resolve `..` and `%2e%2e` like any URL (RFC 3986) before the BFF sees the path, so the
  // BFF cannot be asked for anything but an allow-listed call; the upstream URL is always built from
  // the allow-listed call's own path, never from the request.
  const pairs = [
    ['/api/bff/user/../user/profile?username=role1%40example.com', `/api/bff/${PROFILE}`],
    ['/api/bff/firm/%2e%2e/user/profile?username=role1%40example.com', `/api/bff/${PROFILE}`],
    ['/api/bff/user/profile/..?username=role1%40example.com', '/api/bff/user/?username=role1%40example.com'],
  ] satisfies [string, string][];
  for (const [traversal, resolved] of pairs) {
    const a = await rawRequest(origin, traversal, { headers: bffHeaders(cookie) });
    const b = await rawRequest(origin, resolved, { headers: bffHeaders(cookie) });
    expect(a.status, traversal).toBe(b.status);
    expect(a.body, traversal).toBe(b.body);
  }
});

/**
 * A streamed body is refused as soon as it passes the limit: the BFF stops reading, answers 413 and the
 * connection is dropped, so a client still sending may see the reset before the answer. Either is a refusal.
 */
async function streamedStatus(body: string): Promise<number | 'reset'> {
  try {
    const res = await rawRequest(origin, '/api/bff/log/saveEntry', {
      method: 'POST',
      headers: { ...bffHeaders(cookie), 'content-type': 'application/json' },
      body,
      chunked: true,
    });
    return res.status;
  } catch (e) {
    if (/ECONNRESET|EPIPE|socket hang up/.test((e as Error).message)) return 'reset';
    throw e;
  }
}

test('a body over the limit → 413, declared or streamed, before anything is forwarded', async () => {
  // Declared with Content-Length: refused before a byte of it is read.
  const big = JSON.stringify({ username: 'role1@example.com', password: 'A'.repeat(BFF_BODY_LIMIT + 10) });
  const declared = await bffCall(origin, 'POST', 'user/saveCredentials', cookie, { body: big });
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.body).error).toMatch(/larger than/);
  const huge = JSON.stringify({ message: 'y'.repeat(4 * BFF_BODY_LIMIT) });
  expect((await bffCall(origin, 'POST', 'log/saveEntry', cookie, { body: huge })).status).toBe(413);

  // Chunked, without Content-Length: counted while it streams.
  expect([413, 'reset']).toContain(await streamedStatus(JSON.stringify({ message: 'x'.repeat(BFF_BODY_LIMIT + 10) })));
  expect([413, 'reset']).toContain(await streamedStatus(huge));

  // The connection pool and the session are fine afterwards.
  expect((await bffCall(origin, 'GET', PROFILE, cookie)).status).toBe(200);

  // Just under the limit is not refused for its size.
  const under = await bffCall(origin, 'POST', 'user/saveCredentials', cookie, {
    body: JSON.stringify({ username: 'role1@example.com', password: 'a'.repeat(1000) }),
  });
  expect(under.status).toBe(400);
});

test('every call in the allow-list is reachable only under its own method', async () => {
  for (const call of BFF_CALLS.values()) {
    const other = call.method === 'GET' ? 'POST' : 'GET';
    const res = await bffCall(origin, other, call.path, cookie);
    // Unless the contract also has the other method under the same path.
    if (!BFF_CALLS.has(bffKey(other, call.path))) expect(res.status, `${other} ${call.path}`).toBe(404);
  }
  for (const method of ['PUT', 'DELETE', 'PATCH']) {
    const res = await rawRequest(origin, `/api/bff/${PROFILE}`, { method, headers: bffHeaders(cookie) });
    expect(res.status, method).toBe(404);
  }
});

test('once Next has loaded the BFF and the push route, their calls are answered at the HTTP entry with the same answer and headers', async () => {
  // lib/http-direct.ts (issue 29 §2): the first call may come through Next's route pipeline, whose answers vary
  // on its router headers; every later GET and POST goes straight to the same handler, without them.
  const first = await bffCall(origin, 'GET', PROFILE, cookie);
  const later = await bffCall(origin, 'GET', PROFILE, cookie);
  expect(later.status).toBe(first.status);
  expect(JSON.parse(later.body)).toEqual(JSON.parse(first.body));
  const kept = (h: RawResponse['headers']) =>
    Object.fromEntries(
      Object.entries(h).filter(
        ([k]) => !['date', 'vary', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(k),
      ),
    );
  expect(kept(later.headers)).toEqual(kept(first.headers));
  expect(String(later.headers.vary ?? '')).not.toMatch(/rsc/i);
  const post = await bffCall(origin, 'POST', 'log/saveEntry', cookie, { body: '{' });
  expect(post.status).toBe(400);
  expect(String(post.headers.vary ?? '')).not.toMatch(/rsc/i);
  expect(post.headers['content-security-policy']).toBe(later.headers['content-security-policy']);

  // The push route's negotiate and sends likewise (lib/push/server.ts).
  const negotiate = () =>
    rawRequest(origin, '/api/push/hub/negotiate?negotiateVersion=1', { method: 'POST', headers: { cookie, 'x-adas-bff': '1' } });
  const [one, two] = [await negotiate(), await negotiate()];
  expect([one.status, two.status]).toEqual([200, 200]);
  expect(Object.keys(JSON.parse(two.body)).sort()).toEqual(Object.keys(JSON.parse(one.body)).sort());
  expect(kept(two.headers)).toEqual(kept(one.headers));
  expect(String(two.headers.vary ?? '')).not.toMatch(/rsc/i);
  const send = await rawRequest(origin, '/api/push/hub?id=unknown', { method: 'POST', headers: { cookie, 'x-adas-bff': '1' }, body: '{}' });
  expect(send.status).toBe(404);
  expect(String(send.headers.vary ?? '')).not.toMatch(/rsc/i);
});
