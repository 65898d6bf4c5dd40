/**
 * Regression tests for the fourth outside review, the findings that show in the running product (production
 * builds); the host's own rules are in tests/integration/review-4-host.test.ts, the throttle's and the store's
 * in tests/unit/throttle.test.ts.
 *
 * Dedicated servers, so a flood never disturbs the shared stack: a host of its own (getToken limit 3 per
 * username, so its refusal is reached too), and two apps on it, both with the smallest exact store
 * (STORE_MAX_COUNTERS=10, so every flood below overflows it into the approximate counts):
 * - "direct": as `npm start` runs it, TRUST_PROXY=0 (the client is the connection's address), the default
 *   limits (5 per username and client, 30 per client, 50 per username alone, 15 minutes);
 * - "proxied": TRUST_PROXY=1 (X-Forwarded-For names the client), SIGNIN_MAX_FAILURES=2 (12 per client,
 *   20 per username alone).
 * Other clients of the direct app connect from other loopback addresses (127.0.0.2…).
 */
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { DEVICE_COOKIE } from '../../lib/auth/cookies';
import { DEMO_PASSWORD, userOf } from '../../testkit/env';
import {
  appOrigin,
  cookiePairs,
  inBatches,
  rawRequest,
  sessionSetCookies,
  isExpiring,
  signInHttp,
  type RawResponse,
} from '../../testkit/http';
import { SPARE, hostOrigin, startAppServer, startHost, stopAll, type Child } from '../support/stacks';

const direct = appOrigin(SPARE.review4Direct);
const proxied = appOrigin(SPARE.review4Proxied);
const MESSAGE = /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/;
const WRONG = 'The username or password is incorrect.';
const wrong = 'Wrong#Pass1';

let host: Child | undefined;
let directApp: Child | undefined;
let proxiedApp: Child | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  host = await startHost({ port: SPARE.review4Host, env: { API_HOST_SIGNIN_MAX_FAILURES: '3' } });
  [directApp, proxiedApp] = await Promise.all([
    startAppServer({
      port: SPARE.review4Direct,
      apiOrigin: hostOrigin(SPARE.review4Host),
      env: { TRUST_PROXY: '0', STORE_MAX_COUNTERS: '10' },
    }),
    startAppServer({
      port: SPARE.review4Proxied,
      apiOrigin: hostOrigin(SPARE.review4Host),
      env: { TRUST_PROXY: '1', STORE_MAX_COUNTERS: '10', SIGNIN_MAX_FAILURES: '2' },
    }),
  ]);
});

test.afterAll(async () => {
  await stopAll([directApp, proxiedApp, host]);
});

/** One CSRF token and cookie, reused for many posts (as a flooding script would). */
async function csrfPair(origin: string, localAddress?: string) {
  const res = await rawRequest(origin, '/api/auth/csrf', { localAddress });
  return { token: (JSON.parse(res.body) as { csrfToken: string }).csrfToken, cookie: cookiePairs(res.setCookies).join('; ') };
}

interface Post {
  status: number;
  retryAfter: number | null;
  error: string | null;
  signedIn: boolean;
}

/** A post of the login form, as the form sends it (json=true). */
async function post(
  origin: string,
  csrf: { token: string; cookie: string },
  username: string,
  password: string,
  opts: { headers?: Record<string, string>; cookie?: string; localAddress?: string } = {},
): Promise<Post> {
  const res = await rawRequest(origin, '/api/auth/callback/credentials', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [csrf.cookie, ...(opts.cookie ? [opts.cookie] : [])].join('; '),
      ...opts.headers,
    },
    body: new URLSearchParams({ csrfToken: csrf.token, username, password, json: 'true', callbackUrl: `${origin}/` }).toString(),
    localAddress: opts.localAddress,
  });
  let error: string | null = null;
  try {
    const json = JSON.parse(res.body) as { error?: string; url?: string };
    error = json.error ?? (json.url ? new URL(json.url, origin).searchParams.get('error') : null);
  } catch {
    error = res.body.slice(0, 200);
  }
  const retry = res.headers['retry-after'];
  return {
    status: res.status,
    retryAfter: typeof retry === 'string' ? Number(retry) : null,
    error,
    signedIn: sessionSetCookies(res.setCookies).some((c) => !isExpiring(c)),
  };
}

const deviceOf = (setCookies: readonly string[]) => cookiePairs(setCookies.filter((c) => c.startsWith(`${DEVICE_COOKIE}=`))).join('; ');

// ── 1. throttle state that cannot be exhausted ─────────────────────────────────────────────────
test('1. one client’s flood of made-up usernames refuses that client only: a real user signs in from elsewhere and from their own browser', async () => {
  test.setTimeout(300_000);
  const victim = userOf(10);
  const before = await signInHttp(direct, victim);
  expect(before.cookie).not.toBe('');
  const device = deviceOf(before.setCookies);
  expect(device).not.toBe('');

  // The review's flood, scaled down in count (not in rule): made-up usernames, empty and wrong passwords.
  const FLOOD = 1500;
  const csrf = await csrfPair(direct);
  const started = Date.now();
  const results = await inBatches(
    Array.from({ length: FLOOD }, (_, i) => i),
    10,
    (i) => post(direct, csrf, `made-up-${i}@example.com`, i % 2 ? '' : wrong),
  );
  const seconds = (Date.now() - started) / 1000;
  const refused = results.filter((r) => r.status === 429);
  const answered = results.filter((r) => r.status !== 429);
  const figures = `${FLOOD} posts in ${seconds.toFixed(1)} s (${(FLOOD / seconds).toFixed(0)}/s): ${answered.length} answered as failures, ${refused.length} refused with 429`;
  test.info().annotations.push({ type: 'flood', description: figures });
  console.log(`[review-4 flood, one client] ${figures}`);

  // Every answer is a failure or a refusal with the wait and the user's text; nothing else, nothing internal.
  expect(results.filter((r) => r.status >= 500)).toEqual([]);
  expect(results.some((r) => r.signedIn)).toBe(false);
  expect(answered.every((r) => r.error === WRONG)).toBe(true);
  expect(answered).toHaveLength(30); // the client's own limit: 5 × 6
  for (const r of refused) {
    expect(r.error).toMatch(MESSAGE);
    expect(r.retryAfter).toBeGreaterThan(0);
    expect(r.retryAfter).toBeLessThanOrEqual(900);
  }

  // Another client, a real user, the right password: signed in.
  const other = await post(direct, await csrfPair(direct, '127.0.0.2'), userOf(11), DEMO_PASSWORD, { localAddress: '127.0.0.2' });
  expect(other).toMatchObject({ status: 200, signedIn: true });
  // The user's own browser on the flooding address: signed in. Without its device cookie, that address is refused.
  expect(await post(direct, await csrfPair(direct), victim, DEMO_PASSWORD, { cookie: device })).toMatchObject({
    status: 200,
    signedIn: true,
  });
  const stranger = await post(direct, await csrfPair(direct), victim, DEMO_PASSWORD);
  expect(stranger.status).toBe(429);
  expect(stranger.error).toMatch(MESSAGE);
});

test('1. a flood from many clients overflows the store’s exact room: a new client still signs in, clients at their limit stay refused', async () => {
  test.setTimeout(300_000);
  const csrf = await csrfPair(proxied);
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  // 80 clients, 4 made-up usernames each: 960 counters wanted, 10 kept exactly.
  const spread = Array.from({ length: 80 * 4 }, (_, i) => ({ ip: `198.18.${Math.floor(i / 4)}.1`, name: `spread-${i}@example.com` }));
  const started = Date.now();
  const spreadResults = await inBatches(spread, 10, ({ ip, name }) => post(proxied, csrf, name, wrong, from(ip)));
  // Three clients go on to their limit (2 × 6).
  const heavy = ['198.18.200.1', '198.18.201.1', '198.18.202.1'];
  const heavyResults = await inBatches(
    heavy.flatMap((ip) => Array.from({ length: 15 }, (_, i) => ({ ip, name: `heavy-${ip}-${i}@example.com` }))),
    10,
    ({ ip, name }) => post(proxied, csrf, name, wrong, from(ip)),
  );
  const seconds = (Date.now() - started) / 1000;
  const figures = `${spread.length + heavyResults.length} posts from ${80 + heavy.length} clients in ${seconds.toFixed(1)} s: ${spreadResults.filter((r) => r.status === 429).length + heavyResults.filter((r) => r.status === 429).length} refused`;
  test.info().annotations.push({ type: 'flood', description: figures });
  console.log(`[review-4 flood, many clients] ${figures}`);

  expect([...spreadResults, ...heavyResults].filter((r) => r.status >= 500)).toEqual([]);
  expect(spreadResults.every((r) => r.status !== 429 && r.error === WRONG)).toBe(true);
  expect(heavyResults.filter((r) => r.status === 429)).toHaveLength(heavy.length * 3);

  const fresh = await post(proxied, csrf, userOf(12), DEMO_PASSWORD, from('203.0.113.77'));
  expect(fresh).toMatchObject({ status: 200, signedIn: true });
  for (const ip of heavy) {
    const refused = await post(proxied, csrf, userOf(12), DEMO_PASSWORD, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.error).toMatch(MESSAGE);
    expect(refused.retryAfter).toBeGreaterThan(0);
  }
});

test('1. the auth host’s own refusal is said as the app’s: 429 with its Retry-After and text, in the built server', async () => {
  const csrf = await csrfPair(proxied);
  const name = userOf(13);
  // Three clients fail once each: under every limit of the app (2 per client, 20 per username), at the host's 3.
  for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
    expect((await post(proxied, csrf, name, wrong, { headers: { 'x-forwarded-for': ip } })).error).toBe(WRONG);
  const refused = await post(proxied, csrf, name, DEMO_PASSWORD, { headers: { 'x-forwarded-for': '192.0.2.4' } });
  expect(refused.status).toBe(429);
  expect(refused.error).toMatch(MESSAGE);
  expect(refused.retryAfter).toBeGreaterThan(800);
  expect(refused.signedIn).toBe(false);
});

// ── 6. the device cookie at the HTTP level ──────────────────────────────────────────────────────
test('6. a forged or another user’s device cookie is no known device: the user’s own signs in past strangers, the others are refused', async () => {
  test.setTimeout(120_000);
  const victim = userOf(14);
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const own = await signInHttp(proxied, victim, DEMO_PASSWORD, { headers: from('198.51.100.14') });
  const device = deviceOf(own.setCookies);
  const someoneElse = deviceOf((await signInHttp(proxied, userOf(15), DEMO_PASSWORD, { headers: from('198.51.100.15') })).setCookies);
  expect(device).not.toBe('');
  expect(someoneElse).not.toBe('');

  // Strangers fail on the victim from ten clients: 20 failures, the username alone's limit.
  const csrf = await csrfPair(proxied);
  for (let i = 0; i < 10; i++)
    for (let n = 0; n < 2; n++)
      expect((await post(proxied, csrf, victim, wrong, { headers: from(`203.0.113.${i + 1}`) })).status).not.toBe(500);
  expect((await post(proxied, csrf, victim, DEMO_PASSWORD, { headers: from('203.0.113.99') })).status).toBe(429);

  const [id, hash, mac] = device.slice(DEVICE_COOKIE.length + 1).split('.') as [string, string, string];
  const forged = [
    `${DEVICE_COOKIE}=AAAAAAAAAAAAAAAAAAAAAA.${hash}.${mac}`,
    `${DEVICE_COOKIE}=${id}.${hash}.${mac.slice(0, -2)}`,
    `${DEVICE_COOKIE}=${id}.${hash}.${'A'.repeat(mac.length)}`,
    `${DEVICE_COOKIE}=${id}.${hash}`,
    someoneElse,
  ];
  for (const cookie of forged) {
    const r = await post(proxied, csrf, victim, DEMO_PASSWORD, { headers: from('203.0.113.99'), cookie });
    expect(r.status, cookie).toBe(429);
    expect(r.signedIn).toBe(false);
  }
  const mine = await post(proxied, csrf, victim, DEMO_PASSWORD, { headers: from('203.0.113.99'), cookie: device });
  expect(mine).toMatchObject({ status: 200, signedIn: true });
});

// ── 5. no 500 anywhere: next-auth's routes and odd request targets ─────────────────────────────
const SECURITY_HEADERS = ['x-content-type-options', 'x-frame-options', 'referrer-policy'];

/** A request written on the socket as given (request targets http.request would not send). */
function rawSocket(port: number, head: string): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    // Written, not ended: Node's server drops a request whose client half-closes before the answer is ready
    // (httpAllowHalfOpen is false), which is a client's choice and not what this test is about.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`));
    socket.setTimeout(30_000, () => socket.destroy(new Error(`${head}: no answer in 30 s`)));
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [status = '', ...lines] = text.split('\r\n\r\n')[0]!.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(status.split(' ')[1]), headers });
    });
  });
}

test('5. every next-auth route, with every method and odd bodies: never a 5xx; a POST that is not a form is 415', async () => {
  test.setTimeout(240_000);
  const actions = [
    'signin',
    'signin/credentials',
    'signin/sso',
    'callback/credentials',
    'callback/sso',
    'signout',
    'session',
    'csrf',
    'providers',
    '_log',
    'error',
    'error/Configuration',
    'verify-request',
    'webauthn-options',
    'unknown',
    'callback%2Fcredentials',
    'signin%2Fcredentials',
    'callback/credentials/extra',
    '%2e%2e/csrf',
    'csrf%00',
  ];
  const bodies: [string | null, string][] = [
    ['application/json', 'not json'],
    ['application/json', '{"csrfToken":"x","username":"a","password":"b"}'],
    ['application/json; charset=utf-8', '{'],
    ['text/json', '['],
    ['application/vnd.api+json', 'nope'],
    ['text/plain', 'a=1'],
    ['multipart/form-data; boundary=', '--\r\n'],
    ['application/x-www-form-urlencoded', 'a=%&b=%zz&c'],
    ['application/x-www-form-urlencoded', 'json=true&json=true'],
    [null, 'whatever'],
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND'];
  const cases = actions.flatMap((action) =>
    methods.flatMap((method) =>
      (method === 'GET' || method === 'HEAD' ? [[null, ''] as [string | null, string]] : bodies).map(([type, body]) => ({
        action,
        method,
        type,
        body,
      })),
    ),
  );
  const answers = await inBatches(cases, 8, async (c) => ({
    ...c,
    res: await rawRequest(direct, `/api/auth/${c.action}`, {
      method: c.method,
      headers: { ...(c.type && { 'content-type': c.type }) },
      ...(c.body ? { body: c.body } : {}),
      localAddress: '127.0.0.3',
    }),
  }));
  const failures = answers
    .filter(({ res }) => res.status >= 500)
    .map(({ action, method, type, res }) => `${method} ${action} ${type}: ${res.status}`);
  expect(failures).toEqual([]);
  // A POST that is not a form never reaches next-auth: 415 (or 404 for a path next-auth has no route for).
  const notForms = answers.filter(({ method, type }) => method === 'POST' && !type?.startsWith('application/x-www-form-urlencoded'));
  expect(
    notForms
      .filter(({ res }) => res.status !== 415 && res.status !== 404)
      .map(({ action, type, res }) => `${action} ${type}: ${res.status}`),
  ).toEqual([]);
  expect(
    answers.filter(({ res }) => !SECURITY_HEADERS.every((h) => h in res.headers)).map(({ method, action }) => `${method} ${action}`),
  ).toEqual([]);
  test.info().annotations.push({ type: 'next-auth sweep', description: `${answers.length} requests, none answered 5xx` });
});

test('5. odd request targets and methods at the HTTP entry, the BFF and static files: a 4xx or 204 with the security headers', async () => {
  const port = SPARE.review4Direct;
  const heads = [
    'GET *',
    'OPTIONS *',
    'HEAD *',
    'GET http://evil.example/ HTTP/1.1',
    'TRACE /',
    'PROPFIND /',
    'PROPFIND /api/bff/user/profile',
    'MKCOL /api/bff/',
    'OPTIONS /api/bff/user/profile',
    'OPTIONS /api/push/hub',
    'OPTIONS /robots.txt',
    'GET /robots.txt',
    'GET /favicon.ico',
    'OPTIONS /favicon.ico',
    'OPTIONS /brands/default-logo.svg',
    'OPTIONS /_next/static/chunks/x.js',
    'OPTIONS /api/auth/csrf',
    'GET /%',
    'GET /api/bff/%',
    'GET /api/auth/%',
  ].map((h) => (/ HTTP\/1\.1$/.test(h) ? h : `${h} HTTP/1.1`));
  const answers: (RawResponse | { status: number; headers: Record<string, string> })[] = [];
  for (const head of heads) {
    const res = await rawSocket(port, head);
    answers.push(res);
    expect(res.status, head).toBeGreaterThanOrEqual(200);
    expect(res.status, head).toBeLessThan(500);
    for (const h of SECURITY_HEADERS) expect(res.headers[h], `${head}: ${h}`).toBeTruthy();
  }
  const byHead = (head: string) => answers[heads.indexOf(`${head} HTTP/1.1`)]!;
  expect(byHead('GET *').status).toBe(400);
  expect(byHead('OPTIONS *')).toMatchObject({ status: 204, headers: { allow: 'GET, HEAD, POST, OPTIONS' } });
  expect(byHead('PROPFIND /api/bff/user/profile').status).toBe(405);
  expect(byHead('OPTIONS /api/bff/user/profile')).toMatchObject({ status: 204, headers: { allow: 'GET, POST, OPTIONS' } });
  expect(byHead('OPTIONS /api/bff/user/profile').headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(byHead('OPTIONS /api/push/hub')).toMatchObject({ status: 204, headers: { allow: 'GET, POST, DELETE, OPTIONS' } });
});
