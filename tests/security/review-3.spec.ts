/**
 * Regression tests for the third outside review (issue 26), the findings that show in the running product
 * (production builds), numbered as in the review; the host's own rules are in
 * tests/integration/review-3-host.test.ts, the store's and CSV's in tests/unit/review-3.test.ts.
 *
 * Dedicated servers:
 * - a host of its own with the default getToken limits, and an app with TRUST_PROXY=0 in front of it (the
 *   flood, X-Forwarded-Host, server actions): failures there never disturb the shared stack;
 * - a stand-in recording every call in front of the global host, and an app with a small sign-in limit
 *   (SIGNIN_MAX_FAILURES=2, TRUST_PROXY=1) behind which the differential sign-in test counts what reached
 *   the credentials check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { API_ORIGIN, DEMO_PASSWORD, PROD_APP_PORT, userOf } from '../../testkit/env';
import { createUser } from '../support/fixtures';
import { multipart } from '../../testkit/images';
import {
  appOrigin,
  bffHeaders,
  cookiePairs,
  inBatches,
  isExpiring,
  rawRequest,
  sessionCookie,
  sessionSetCookies,
  signInHttp,
} from '../../testkit/http';
import { signIn } from '../support/session';
import { chooseFromAccountMenu } from '../support/shell';
import { SPARE, hostOrigin, startAppServer, startHost, stopAll, type Child } from '../support/stacks';
import { startStandIn, type StandIn } from '../support/stand-in';

const MAX = 2;
const wrong = 'Wrong#Pass1';
const origin = appOrigin();
const floodOrigin = appOrigin(SPARE.floodApp);
const diffOrigin = appOrigin(SPARE.differentialApp);

let floodHost: Child | undefined;
let floodApp: Child | undefined;
let standIn: StandIn | undefined;
let diffApp: Child | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [floodHost, standIn] = await Promise.all([startHost({ port: SPARE.floodHost }), startStandIn(SPARE.differentialStandIn, API_ORIGIN)]);
  [floodApp, diffApp] = await Promise.all([
    startAppServer({ port: SPARE.floodApp, apiOrigin: hostOrigin(SPARE.floodHost), env: { TRUST_PROXY: '0' } }),
    startAppServer({
      port: SPARE.differentialApp,
      apiOrigin: standIn.origin,
      env: { SIGNIN_MAX_FAILURES: String(MAX), SIGNIN_WINDOW_MS: '120000', TRUST_PROXY: '1' },
    }),
  ]);
});

test.afterAll(async () => {
  await stopAll([floodApp, diffApp, floodHost]);
  await standIn?.close();
});

// ── sign-in ──────────────────────────────────────────────────────────────────────────────────────
test('1. a known user still signs in from their browser after 550 attempts across 110 usernames from another client', async () => {
  test.setTimeout(300_000);
  const victim = userOf(10);
  // Their browser signed in before: a known device of theirs.
  const before = await signInHttp(floodOrigin, victim);
  expect(before.cookie).not.toBe('');
  const device = cookiePairs(before.setCookies.filter((c) => c.startsWith('__Host-adas.device='))).join('; ');
  expect(device).not.toBe('');

  // The strangers connect from another address (127.0.0.2): another client, as the server sees it.
  const attempts = Array.from({ length: 110 }, (_, i) => `stranger-${i}@example.com`).flatMap((name) => Array<string>(5).fill(name));
  const results = await inBatches(attempts, 8, (name) => signInHttp(floodOrigin, name, wrong, { localAddress: '127.0.0.2' }));
  expect(results.filter((r) => r.cookie !== '')).toEqual([]);

  const after = await signInHttp(floodOrigin, victim, DEMO_PASSWORD, { headers: { cookie: device } });
  expect(after.error).toBeNull();
  expect(after.cookie).not.toBe('');
  // The strangers' client was answered until its own limit (5 × 6 attempts, review 4), then refused with 429.
  expect(results.filter((r) => r.error === 'The username or password is incorrect.')).toHaveLength(30);
  expect(results.filter((r) => r.status === 429)).toHaveLength(520);
});

/** A POST to the credentials callback of the differential app, from `ip`, with a content type and a raw body. */
async function postRaw(contentType: string | null, body: string, ip: string, csrf: { cookie: string }) {
  const res = await rawRequest(diffOrigin, '/api/auth/callback/credentials', {
    method: 'POST',
    headers: { ...(contentType !== null && { 'content-type': contentType }), cookie: csrf.cookie, 'x-forwarded-for': ip },
    body,
  });
  return { status: res.status, signedIn: sessionSetCookies(res.setCookies).some((c) => !isExpiring(c)) };
}

async function csrfOf(): Promise<{ token: string; cookie: string }> {
  const res = await rawRequest(diffOrigin, '/api/auth/csrf');
  return { token: (JSON.parse(res.body) as { csrfToken: string }).csrfToken, cookie: cookiePairs(res.setCookies).join('; ') };
}

async function lockOut(username: string, ip: string) {
  for (let i = 0; i < MAX; i++)
    expect((await signInHttp(diffOrigin, username, wrong, { headers: { 'x-forwarded-for': ip } })).status).not.toBe(429);
  expect((await signInHttp(diffOrigin, username, DEMO_PASSWORD, { headers: { 'x-forwarded-for': ip } })).status).toBe(429);
}

test('2. the review’s requests: a JSON body under a form type, and a repeated username, never sign a locked account in', async () => {
  const victim = (await createUser({ role: 16, firm: 7 })).username;
  const ip = '198.51.100.61';
  await lockOut(victim, ip);
  const csrf = await csrfOf();
  const json = await postRaw(
    'application/x-www-form-urlencoded; charset=application/json',
    JSON.stringify({ csrfToken: csrf.token, username: victim, password: DEMO_PASSWORD, json: 'true' }),
    ip,
    csrf,
  );
  expect(json).toEqual({ status: 415, signedIn: false });
  const repeated = `csrfToken=${csrf.token}&username=&username=${encodeURIComponent(victim)}&password=${encodeURIComponent(DEMO_PASSWORD)}&json=true`;
  expect(await postRaw('application/x-www-form-urlencoded', repeated, ip, csrf)).toEqual({ status: 400, signedIn: false });
  // The login form's own shape is still counted and refused.
  expect((await signInHttp(diffOrigin, victim, DEMO_PASSWORD, { headers: { 'x-forwarded-for': ip } })).status).toBe(429);
});

// ── the differential sign-in test ────────────────────────────────────────────────────────────────
const CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'application/x-www-form-urlencoded;charset=UTF-8',
  'APPLICATION/X-WWW-FORM-URLENCODED',
  'application/x-www-form-urlencoded; charset=application/json',
  'application/x-www-form-urlencoded, application/json',
  'application/x-www-form-urlencoded; charset=latin1',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'multipart/form-data; boundary=x',
  null,
];

const form = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
const percentAll = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** Bodies carrying `username` and `password` every way a parser might read differently. */
function bodies(csrf: string, username: string, password: string): string[] {
  const base = (user: [string, string][], pass: [string, string][] = [['password', password]]) =>
    form([['csrfToken', csrf], ...user, ...pass, ['json', 'true']]);
  return [
    base([['username', username]]),
    base([
      ['username', ''],
      ['username', username],
    ]),
    base([
      ['username', username],
      ['username', 'someone-else@example.com'],
    ]),
    base([['username', username.toUpperCase()]]),
    base([['username', `  ${username}  `]]),
    base([['username', `${username}\u0000`]]),
    base([
      ['username[]', username],
      ['username', ''],
    ]),
    base(
      [['username', username]],
      [
        ['password', 'x'],
        ['password', password],
      ],
    ),
    form([
      ['csrfToken', csrf],
      ['csrfToken', csrf],
      ['username', username],
      ['password', password],
      ['json', 'true'],
    ]),
    base([['username', '']]),
    `csrfToken=${csrf}&username=${percentAll(username)}&password=${encodeURIComponent(password)}&json=true`,
    `csrfToken=${csrf}&username=+${encodeURIComponent(username)}+&password=${encodeURIComponent(password)}&json=true`,
    JSON.stringify({ csrfToken: csrf, username, password, json: 'true' }),
    JSON.stringify({ csrfToken: csrf, username: [username], password, json: 'true' }),
  ];
}

/** The usernames that reached the auth host's getToken (through the stand-in) since `from`, as the host compares them. */
const checked = (from: number) =>
  standIn!.requests
    .slice(from)
    .filter((r) => r.path.endsWith('/getToken'))
    .map((r) =>
      String((JSON.parse(r.body) as { username?: unknown }).username ?? '')
        .trim()
        .toLowerCase(),
    );

test('2. differential: no sign-in request the throttle did not count reaches the credentials check', async () => {
  test.setTimeout(240_000);
  const csrf = await csrfOf();
  const requests = (username: string, password: string) =>
    CONTENT_TYPES.flatMap((type) => bodies(csrf.token, username, password).map((body) => ({ type, body })));

  // A locked account: whatever the shape, from the locked client, nothing reaches the check and nothing signs in.
  const victim = (await createUser({ role: 16, firm: 7 })).username;
  const ip = '198.51.100.62';
  await lockOut(victim, ip);
  const mark = standIn!.requests.length;
  const locked = await inBatches(requests(victim, DEMO_PASSWORD), 6, (r) => postRaw(r.type, r.body, ip, csrf));
  expect(locked.length).toBe(CONTENT_TYPES.length * 14);
  expect(locked.filter((r) => r.signedIn)).toEqual([]);
  expect(checked(mark).filter((u) => u === victim)).toEqual([]);

  // Fresh usernames, each from a client of its own: whatever mix of shapes is sent, each username the auth
  // host checks (as it compares them) reaches it at most the limit's number of times; more would mean some
  // attempts went uncounted, or were counted under another value than the one checked.
  for (let n = 0; n < 3; n++) {
    const name = `differential-${n}-${Date.now()}@example.com`;
    const start = standIn!.requests.length;
    const answers = await inBatches(requests(name, wrong), 6, (r) => postRaw(r.type, r.body, `203.0.113.${150 + n}`, csrf));
    expect(answers.filter((r) => r.signedIn)).toEqual([]);
    const times = new Map<string, number>();
    for (const u of checked(start)) times.set(u, (times.get(u) ?? 0) + 1);
    expect(times.get(name), name).toBeGreaterThan(0);
    for (const [u, count] of times) expect(count, `${JSON.stringify(u)} reached the check`).toBeLessThanOrEqual(MAX);
  }
});

// ── storage, passwords ───────────────────────────────────────────────────────────────────────────
test('3. the BFF refuses storage uploads to roles without storage, as the host does', async () => {
  const cookie = await sessionCookie(15);
  const { body, contentType } = await multipart([
    { name: '7/front-camera-aiming.txt', bytes: Buffer.from('overwritten\n'), type: 'text/plain' },
  ]);
  const upload = (path: string) =>
    rawRequest(origin, `/api/bff/${path}`, { method: 'POST', headers: bffHeaders(cookie, { 'content-type': contentType }), body });
  expect((await upload('firm/uploadToBucket')).status).toBe(403);
  expect((await upload('file/upload?kind=storage')).status).toBe(400);
});

async function changePassword(page: Page, current: string | null, next: string) {
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  if (current !== null) await dialog.getByLabel('Current password').fill(current);
  await dialog.getByLabel('Password', { exact: true }).fill(next);
  await dialog.getByLabel('Password again').fill(next);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

test('8. changing one’s own password asks for the current one; an administrator setting another’s is not asked', async ({ page }) => {
  const user = await createUser({ role: 14, firm: 5 });
  await signIn(page, user.username);
  await chooseFromAccountMenu(page, 'Pat Tester', 'Change password');
  const dialog = await changePassword(page, wrong, 'Own#Change2027');
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await changePassword(page, DEMO_PASSWORD, 'Own#Change2027');
  await expect(dialog.getByText('Your password has been changed.')).toBeVisible();
  expect((await signInHttp(origin, user.username, 'Own#Change2027')).cookie).not.toBe('');

  // Role 1 sets that user's password from the users screen: no current password asked.
  await page.context().clearCookies();
  await signIn(page, 1, undefined, `/users?searchTerm=${encodeURIComponent(user.username)}`);
  await page.getByRole('button', { name: 'Tester, Pat', exact: true }).first().click();
  const profile = page.getByRole('dialog', { name: /^Editing User: Pat Tester/ });
  await profile.getByRole('button', { name: 'Change Password' }).click();
  const set = page.getByRole('dialog', { name: 'Change Password' });
  await expect(set.getByLabel('Current password')).toHaveCount(0);
  await changePassword(page, null, 'Admin#Set2027');
  await expect(set.getByText('The password of Pat Tester has been changed.')).toBeVisible();
  expect((await signInHttp(origin, user.username, 'Admin#Set2027')).cookie).not.toBe('');
});

// ── info ─────────────────────────────────────────────────────────────────────────────────────────
test('12. static files: GET and HEAD only (405 otherwise), with the security headers (HSTS in prod)', async () => {
  const chunk = (await rawRequest(origin, '/login')).body.match(/\/_next\/static\/[^"']+\.js/)?.[0];
  expect(chunk).toBeTruthy();
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    const res = await rawRequest(origin, '/brands/apex-icon.svg', { method, body: method === 'OPTIONS' ? undefined : 'x' });
    expect(res.status, method).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  }
  for (const [path, port] of [
    ['/brands/apex-icon.svg', undefined],
    [chunk!, undefined],
    ['/brands/apex-icon.svg', PROD_APP_PORT],
    [chunk!, PROD_APP_PORT],
  ] as const) {
    const res = await rawRequest(appOrigin(port), path);
    expect(res.status, path).toBe(200);
    expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    expect(res.headers['x-frame-options'], path).toBe('DENY');
    expect(res.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security'], `${path} on ${port ?? 'uat'}`).toBe(
      port ? 'max-age=63072000; includeSubDomains' : undefined,
    );
  }
  expect((await rawRequest(origin, '/brands/apex-icon.svg')).headers['content-security-policy']).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
});

/** The id of /alldataAuthorize's server action (connectAlldata), from the build's manifest. */
function actionId(): string {
  const manifest = JSON.parse(
    readFileSync(join(process.env.NEXT_DIST_DIR || '.next', 'server', 'server-reference-manifest.json'), 'utf8'),
  ) as {
    node: Record<string, { exportedName: string }>;
  };
  const found = Object.entries(manifest.node).find(([, a]) => a.exportedName === 'connectAlldata');
  expect(found, 'the build has the connectAlldata action').toBeTruthy();
  return found![0];
}

test('12. server-action posts from another site or unreadable answer 403/400, logged once per kind; X-Forwarded-Host is not believed without a trusted proxy', async () => {
  const id = actionId();
  const action = (target: string, headers: Record<string, string>, body: string) =>
    rawRequest(target, '/alldataAuthorize', {
      method: 'POST',
      headers: { 'next-action': id, 'content-type': 'text/plain;charset=UTF-8', ...headers },
      body,
    });
  for (let i = 0; i < 3; i++) {
    expect((await action(floodOrigin, { origin: 'http://evil.example' }, '[]')).status).toBe(403);
    // The review's bypass: with TRUST_PROXY=0 the client's X-Forwarded-Host is dropped, so the origin check holds.
    expect((await action(floodOrigin, { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' }, '[]')).status).toBe(403);
    expect((await action(floodOrigin, { 'sec-fetch-site': 'cross-site' }, '[]')).status).toBe(403);
    for (const body of ['', '{not json', '{"a":1}', '["$Q99"]', '["$@1"]'])
      expect((await action(floodOrigin, { origin: floodOrigin }, body)).status, JSON.stringify(body)).toBe(400);
    const multipartGarbage = await rawRequest(floodOrigin, '/alldataAuthorize', {
      method: 'POST',
      headers: { 'next-action': id, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: 'garbage',
    });
    expect(multipartGarbage.status).toBe(400);
  }
  const output = floodApp!.output!();
  expect(output.match(/Refused a cross-site server-action request/g)).toHaveLength(1);
  expect(output.match(/Refused a malformed server-action request/g)).toHaveLength(1);
  expect(output).not.toMatch(/Invalid Server Actions request|Aborting the action/);
  // The page itself still takes its own actions (same origin, a well-formed body).
  expect((await action(floodOrigin, { origin: floodOrigin }, '[]')).status).toBeLessThan(500);
});
