/**
 * The BFF pass-through (lib/bff/forward.ts) against a recording stand-in upstream: the path check (with real
 * hosts), the same-site and header checks, the session and role, the contract as the filter (what goes
 * upstream is the query and body the contract parsed, never the request's own text), limits, uploads, file
 * answers, and how upstream failures are answered. The same over HTTP against the production build:
 * tests/security/bff.spec.ts, tests/security/review-4.spec.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.AUTH_SECRET = 'unit-test-secret-0123456789abcdef0123456789';
  process.env.LOG_LEVEL = 'silent';
  process.env.APP_ENV = 'uat';
  process.env.TRUST_PROXY = '0';
});

const { config } = await import('@/lib/config');
const { MemoryStore } = await import('@/lib/store/memory');
const { BFF_BODY_LIMIT, BFF_HEADER, BFF_HEADER_VALUE } = await import('@/lib/bff/protocol');
const { SESSION_COOKIE } = await import('@/lib/auth/cookies');
const { encodeSession } = await import('@/lib/auth/jwt');
const { isEnded } = await import('@/lib/auth/revocation');
const { bffOptions, fileAnswer, forward, isCrossSite, requestedPath } = await import('@/lib/bff/forward');
const { FILE_MAX_BYTES, FILES_MAX_COUNT } = await import('@/lib/files');

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Reply = { status?: number; headers?: Record<string, string>; body: string | Buffer };
let seen: Seen[] = [];
let reply: (req: Seen) => Reply = () => ({ body: '{}' });
let upstream: http.Server;
const holder = globalThis as unknown as { __adasStore?: unknown };

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(s);
      const r = reply(s);
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers }).end(r.body);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  Object.assign(config(), { API_URL: `${origin}/api/`, AUTH_URL: `${origin}/auth/` });
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));
beforeEach(() => {
  seen = [];
  reply = () => ({ body: '{}' });
  holder.__adasStore = new MemoryStore({ log: { warn: () => undefined } });
});

let sids = 0;
/** A session cookie for a user of `role` (null: Guest) with the API token `token`. */
async function sessionFor(role: number | null, user = 41, token = 'api-token-1') {
  const profile = {
    user,
    contact: user,
    firm: 1,
    timezone: 1,
    firstName: 'Ann',
    lastName: 'Lee',
    username: 'ann@example.com',
    email: 'ann@example.com',
    language: 1,
    roles: role,
    firmName: 'Platform',
    postalCode: '10001',
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  const value = await encodeSession({
    token: { apiToken: token, profile, sid: `sid-${++sids}`, signedInAt: Date.now() - 1000 },
    secret: config().AUTH_SECRET,
    maxAge: 3600,
  });
  return `${SESSION_COOKIE}=${value}`;
}

const SITE = 'https://app.example.com';
function request(method: string, pathAndQuery: string, init: { cookie?: string; headers?: Record<string, string>; body?: BodyInit } = {}) {
  return new NextRequest(`${SITE}/api/bff/${pathAndQuery}`, {
    method,
    headers: {
      host: 'app.example.com',
      [BFF_HEADER]: BFF_HEADER_VALUE,
      ...(init.cookie && { cookie: init.cookie }),
      ...(init.body !== undefined && typeof init.body === 'string' && { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body,
    ...(init.body instanceof ReadableStream && { duplex: 'half' }),
  } as ConstructorParameters<typeof NextRequest>[1]);
}
const json = async (res: Response) => (await res.json()) as { error?: string; fieldErrors?: Record<string, string[]>; redirect?: string };

describe('the path check', () => {
  it('takes the contract path under /api/bff/ of a request target, whatever the host', () => {
    expect(requestedPath('https://app.example.com/api/bff/contact/contacts?page=2#x')).toBe('contact/contacts');
    expect(requestedPath('http://adas.example.org:8443/api/bff/contact/contactSearch/')).toBe('contact/contactSearch/');
    expect(requestedPath('https://user@app.example.com/api/bff/user/profile')).toBe('user/profile');
    expect(requestedPath('/api/bff/user/profile?username=a')).toBe('user/profile');
  });

  it('refuses anything that is not a plain path: dot segments, encodings, backslashes, empty segments, another prefix', () => {
    for (const target of [
      'https://app.example.com/api/bff/contact/./contacts',
      'https://app.example.com/api/bff/contact/contacts/..',
      'https://app.example.com/api/bff/../auth/csrf',
      'https://app.example.com/api/bff/./contact/contacts',
      'https://app.example.com/api/bff/contact/..',
      'https://app.example.com/api/bff/contact/.',
      'https://app.example.com/api/bff/..',
      'https://app.example.com/api/bff/.',
      'https://app.example.com/api/bff/contact/%2e%2e/user/profile',
      'https://app.example.com/api/bff/contact%2Fcontacts',
      'https://app.example.com/api/bff/contact\\contacts',
      'https://app.example.com/api/bff/contact//contacts',
      'https://app.example.com/api/bff//contact/contacts',
      'https://app.example.com/api/bff/',
      'https://app.example.com/api/bfff/contact/contacts',
      'https://app.example.com/contact/contacts',
    ])
      expect(requestedPath(target), target).toBeNull();
    // A dot inside a name is a name.
    expect(requestedPath('https://app.example.com/api/bff/a.b/..c')).toBe('a.b/..c');
  });
});

describe('same-site', () => {
  const req = (headers: Record<string, string>) => new NextRequest(`${SITE}/api/bff/x`, { headers });
  it('Sec-Fetch-Site other than same-origin, or an Origin that is not this host, is another site', () => {
    expect(isCrossSite(req({ 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isCrossSite(req({ 'sec-fetch-site': 'same-site' }))).toBe(true);
    expect(isCrossSite(req({ 'sec-fetch-site': 'cross-site' }))).toBe(true);
    expect(isCrossSite(req({ host: 'app.example.com' }))).toBe(false);
    expect(isCrossSite(req({ host: 'app.example.com', origin: 'https://app.example.com' }))).toBe(false);
    expect(isCrossSite(req({ host: 'app.example.com', origin: 'https://evil.example' }))).toBe(true);
    expect(isCrossSite(req({ host: 'app.example.com', origin: 'null' }))).toBe(true);
    expect(isCrossSite(req({ host: 'internal:3000', 'x-forwarded-host': 'app.example.com', origin: 'https://app.example.com' }))).toBe(
      false,
    );
  });
});

describe('who may call', () => {
  it('another site: 403, with the security headers and a request id', async () => {
    const res = await forward(request('GET', 'contact/contacts', { headers: { 'sec-fetch-site': 'cross-site' } }));
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe('Cross-site requests are not allowed.');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(seen).toEqual([]);
  });

  it('without the BFF header: 403, unless it is a file GET (an <img> cannot send it)', async () => {
    const cookie = await sessionFor(1);
    for (const headers of [{ [BFF_HEADER]: '' }, { [BFF_HEADER]: '0' }]) {
      const res = await forward(request('GET', 'contact/contacts', { cookie, headers }));
      expect(res.status).toBe(403);
      expect((await json(res)).error).toBe('This endpoint only answers the application itself.');
    }
    expect((await forward(request('POST', 'file/upload', { cookie, headers: { [BFF_HEADER]: '' } }))).status).toBe(403);
    reply = () => ({ headers: { 'content-type': 'image/png' }, body: Buffer.from('png') });
    const file = await forward(request('GET', 'adas/evidenceFile?adasEvidence=3', { cookie, headers: { [BFF_HEADER]: '' } }));
    expect(file.status).toBe(200);
  });

  it('an unknown call or a path that is not plain: 404 before any session is read', async () => {
    // (Dot segments never get this far in a NextRequest, whose URL is normalised: requestedPath is tested above.)
    for (const path of ['contact/nothing', 'contact/contacts/x', 'Contact/contacts'])
      expect(await json(await forward(request('GET', path)))).toEqual({ error: 'Unknown call.' });
    expect((await forward(request('POST', 'contact/contacts'))).status).toBe(404);
  });

  it('no session, or an ended one: 401 sending to /login and clearing the cookie', async () => {
    const res = await forward(request('GET', 'contact/contacts', { cookie: `${SESSION_COOKIE}=forged` }));
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ redirect: '/login' });
    expect(res.headers.getSetCookie().join()).toMatch(new RegExp(`^${SESSION_COOKIE.replace('.', '\\.')}=; .*Max-Age=0`));
    expect((await forward(request('GET', 'contact/contacts'))).status).toBe(401);
    expect(seen).toEqual([]);
  });

  it('a role the call does not allow: 403 with the message the screens show', async () => {
    const res = await forward(request('GET', 'contact/contacts', { cookie: await sessionFor(5) }));
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe('You do not have permission to do that.');
    expect((await forward(request('GET', 'contact/contacts', { cookie: await sessionFor(null) }))).status).toBe(403);
    reply = () => ({ body: '{"user":41}' });
    expect((await forward(request('GET', 'user/profile?username=ann@example.com', { cookie: await sessionFor(null) }))).status).not.toBe(
      403,
    );
  });
});

describe('the contract is the filter', () => {
  it('a GET goes upstream with the query as parsed: defaults, trimmed text, no unknown fields, lists as comma text', async () => {
    const cookie = await sessionFor(1);
    reply = () => ({ body: '{"count":0,"items":[]}' });
    const res = await forward(request('GET', 'contact/contacts?searchTerm=%20%20Ann%00%20&page=2&page=3&evil=1', { cookie }));
    expect(res.status).toBe(200);
    const [call] = seen;
    expect(call?.method).toBe('GET');
    const url = new URL(call!.url, 'http://upstream');
    expect(url.pathname).toBe('/api/contact/contacts');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '3',
      pageSize: '10',
      orderBy: 'name',
      direction: 'asc',
      filterBy: '9999',
      retrospectiveDays: '0',
      searchTerm: 'Ann',
    });
    expect(call?.headers.authorization).toBe('Bearer api-token-1');
    reply = () => ({ body: '{"contact":1,"merged":1}' });
    await forward(request('GET', 'contact/mergeContacts?ids=1,2,2', { cookie }));
    expect(new URL(seen[1]!.url, 'http://upstream').search).toBe('?ids=1%2C2');
  });

  it('a bad query or body is 400 naming the fields, and nothing goes upstream', async () => {
    const cookie = await sessionFor(1);
    const badQuery = await forward(request('GET', 'contact/contacts?pageSize=0', { cookie }));
    expect(badQuery.status).toBe(400);
    expect(await json(badQuery)).toMatchObject({
      error: 'Please correct the highlighted fields.',
      fieldErrors: { pageSize: [expect.any(String)] },
    });
    const notJson = await forward(request('POST', 'contact/saveContact', { cookie, body: '{"contact":' }));
    expect(await json(notJson)).toEqual({ error: 'The request body is not valid JSON.' });
    const badBody = await forward(request('POST', 'contact/saveContact', { cookie, body: '{"contact":"x"}' }));
    expect(badBody.status).toBe(400);
    expect((await json(badBody)).fieldErrors).toHaveProperty('contact');
    const empty = await forward(request('POST', 'contact/saveContact', { cookie, body: '' }));
    expect(empty.status).toBe(400);
    expect((await json(empty)).fieldErrors).toHaveProperty('contactType');
    expect(seen).toEqual([]);
  });

  it('a POST goes upstream with the body as parsed: unknown fields stripped, text trimmed, defaults filled in', async () => {
    const cookie = await sessionFor(1);
    reply = () => ({ body: '{"id":5}' });
    const sent = {
      contact: -1,
      contactType: 1,
      language: 1,
      timezone: 1,
      firstName: '  Ann ',
      lastName: 'Lee',
      isAdmin: true,
      __proto__x: 1,
    };
    const res = await forward(request('POST', 'contact/saveContact', { cookie, body: JSON.stringify(sent) }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 5 });
    const [call] = seen;
    expect(call?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(call!.body) as Record<string, unknown>;
    expect(body).not.toHaveProperty('isAdmin');
    expect(body).not.toHaveProperty('__proto__x');
    expect(body).toMatchObject({ contact: -1, contactType: 1, firstName: 'Ann', lastName: 'Lee', isCompany: false, notes: '' });
  });

  it('the upstream’s answer: its own bytes when the contract keeps it as is, else the parsed value without unknown fields', async () => {
    const cookie = await sessionFor(1);
    reply = () => ({ body: '{"count":0,   "items":[]}' });
    expect(await (await forward(request('GET', 'contact/contacts', { cookie }))).text()).toBe('{"count":0,   "items":[]}');
    reply = () => ({ body: '{"count":0,"items":[],"password":"x"}' });
    expect(await (await forward(request('GET', 'contact/contacts', { cookie }))).text()).toBe('{"count":0,"items":[]}');
    reply = () => ({ body: '{"count":"many","items":[]}' });
    const broken = await forward(request('GET', 'contact/contacts', { cookie }));
    expect(broken.status).toBe(502);
    expect((await json(broken)).error).toMatch(/does not understand/);
  });

  it('the browser tab a call comes from is passed on when well formed, dropped otherwise', async () => {
    const cookie = await sessionFor(1);
    reply = () => ({ body: '{"count":0,"items":[]}' });
    await forward(request('GET', 'contact/contacts', { cookie, headers: { 'x-adas-tab': 'tab-12345678' } }));
    await forward(request('GET', 'contact/contacts', { cookie, headers: { 'x-adas-tab': 'bad tab!' } }));
    await forward(
      request('POST', 'contact/saveContact', {
        cookie,
        body: '{"contact":-1,"contactType":1,"language":1,"timezone":1,"firstName":"A","lastName":"B"}',
        headers: { 'x-adas-tab': 'tab-12345678' },
      }),
    );
    expect(seen.map((s) => s.headers['x-adas-tab'])).toEqual(['tab-12345678', undefined, 'tab-12345678']);
  });
});

describe('limits', () => {
  it('a body over the limit is 413, whether declared or sent', async () => {
    const cookie = await sessionFor(1);
    const big = JSON.stringify({ notes: 'x'.repeat(BFF_BODY_LIMIT) });
    const sent = await forward(request('POST', 'contact/saveContact', { cookie, body: big }));
    expect(sent.status).toBe(413);
    expect((await json(sent)).error).toBe(`The request is larger than ${BFF_BODY_LIMIT / 1024} kB.`);
    const declared = await forward(
      request('POST', 'contact/saveContact', { cookie, body: '{}', headers: { 'content-length': String(9 * BFF_BODY_LIMIT) } }),
    );
    expect(declared.status).toBe(413);
    // Just at the limit is read.
    const fits = await forward(request('POST', 'contact/saveContact', { cookie, body: `{"a":"${'x'.repeat(BFF_BODY_LIMIT - 8)}"}` }));
    expect(fits.status).toBe(400);
    expect(seen).toEqual([]);
  });

  it('an upload: multipart only (415), streamed through with its type, 413 past the limit declared or sent', async () => {
    const cookie = await sessionFor(1);
    const limit = FILES_MAX_COUNT * FILE_MAX_BYTES + 1024 * 1024;
    const notMultipart = await forward(request('POST', 'file/upload', { cookie, body: '{}' }));
    expect(notMultipart.status).toBe(415);
    expect((await json(notMultipart)).error).toBe('Send the files as multipart/form-data.');
    const type = 'multipart/form-data; boundary=xyz';
    const declared = await forward(
      request('POST', 'file/upload', { cookie, headers: { 'content-type': type, 'content-length': String(limit + 1) } }),
    );
    expect(declared.status).toBe(413);
    expect((await json(declared)).error).toBe(`The upload is larger than ${limit / 1024 / 1024} MB.`);

    reply = () => ({ body: '["7/a.png"]' });
    const part = '--xyz\r\nContent-Disposition: form-data; name="File"; filename="7/a.png"\r\n\r\npng\r\n--xyz--\r\n';
    const ok = await forward(request('POST', 'file/upload?kind=image&x=1', { cookie, headers: { 'content-type': type }, body: part }));
    expect(ok.status).toBe(200);
    expect(seen[0]).toMatchObject({ method: 'POST', body: part, headers: { 'content-type': type } });
    expect(new URL(seen[0]!.url, 'http://u').search).toBe('?kind=image');

    const chunk = new Uint8Array(4 * 1024 * 1024);
    let sentBytes = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sentBytes > limit + chunk.length) return controller.close();
        sentBytes += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await forward(request('POST', 'file/upload', { cookie, headers: { 'content-type': type }, body: endless }));
    expect(streamed.status).toBe(413);
  }, 30_000);
});

describe('upstream failures', () => {
  it('401: the session ends here too (later calls are 401 without asking) and the answer sends to /login', async () => {
    const cookie = await sessionFor(1);
    reply = () => ({ status: 401, body: '{"error":"Missing, expired or invalid token"}' });
    const res = await forward(request('GET', 'contact/contacts', { cookie }));
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ error: 'Your session has ended. Please sign in again.', redirect: '/login' });
    expect(res.headers.getSetCookie()).toHaveLength(1);
    expect((await forward(request('GET', 'contact/contacts', { cookie }))).status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('other failures keep their status and the host’s words where they are for the user; 5xx is 502', async () => {
    const cookie = await sessionFor(1);
    reply = () => ({ status: 404, body: '{"error":"Contact not found"}' });
    expect(await json(await forward(request('GET', 'contact/contact?id=9', { cookie })))).toEqual({ error: 'Contact not found' });
    reply = () => ({ status: 400, body: '{"error":"Invalid body","fieldErrors":{"firstName":["Too long"]}}' });
    const bad = await forward(
      request('POST', 'contact/saveContact', {
        cookie,
        body: '{"contact":-1,"contactType":1,"language":1,"timezone":1,"firstName":"A","lastName":"B"}',
      }),
    );
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ error: 'Invalid body', fieldErrors: { firstName: ['Too long'] } });
    reply = () => ({ status: 500, body: '{"error":"Internal error"}' });
    const failed = await forward(request('GET', 'contact/contacts', { cookie }));
    expect(failed.status).toBe(502);
    expect((await json(failed)).error).toBe('The service could not complete contact/contacts. Please try again.');
    reply = () => ({ status: 500, body: 'x' });
    expect((await forward(request('GET', 'adas/evidenceFile?adasEvidence=3', { cookie }))).status).toBe(502);
  });

  it('a call that ends sessions ends them when it succeeds', async () => {
    const cookie = await sessionFor(1);
    reply = () => ({ body: '{"count":1,"deactivated":[77]}' });
    const res = await forward(request('POST', 'user/activateUsers', { cookie, body: '[{"username":"bo@example.com","token":0}]' }));
    expect(res.status).toBe(200);
    expect(await isEnded({ sid: 'any', user: 77, signedInAt: Date.now() - 5000 })).toBe(true);
    expect(await isEnded({ sid: 'any', user: 78, signedInAt: Date.now() - 5000 })).toBe(false);
  });
});

describe('answers', () => {
  it('a file is passed on as its type and name, kept from running as a page', async () => {
    const cookie = await sessionFor(1);
    reply = () => ({
      headers: { 'content-type': 'image/png', 'content-disposition': 'inline; filename="a.png"', 'cache-control': 'private, max-age=60' },
      body: Buffer.from('png'),
    });
    const res = await forward(request('GET', 'adas/evidenceFile?adasEvidence=3&size=thumb', { cookie }));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('png');
    expect(
      Object.fromEntries(
        ['content-type', 'content-disposition', 'cache-control', 'x-content-type-options', 'content-security-policy'].map((h) => [
          h,
          res.headers.get(h),
        ]),
      ),
    ).toEqual({
      'content-type': 'image/png',
      'content-disposition': 'inline; filename="a.png"',
      'cache-control': 'private, max-age=60',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(new URL(seen[0]!.url, 'http://u').search).toBe('?adasEvidence=3&size=thumb');
    const bare = fileAnswer(new Response('x'));
    expect(bare.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    expect(fileAnswer(new Response(new Uint8Array([1]))).headers.get('content-type')).toBe('application/octet-stream');
    expect(bare.headers.get('cache-control')).toBe('private, no-store');
    expect(bare.headers.has('content-disposition')).toBe(false);
  });

  it('OPTIONS says which methods the BFF takes, with the security headers', async () => {
    const res = await bffOptions(request('OPTIONS', 'contact/contacts'));
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, POST, OPTIONS');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
