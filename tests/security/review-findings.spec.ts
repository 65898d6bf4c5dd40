/**
 * Regression tests for the outside security review (one test per finding, numbered as in the review),
 * against production builds and reference hosts. Destructive checks (password changes, ended sessions,
 * changed roles) use users created for the test, never the shared demo sign-ins.
 *
 * Dedicated servers: an app with a small sign-in limit (SIGNIN_MAX_FAILURES=2, TRUST_PROXY=1, the global
 * host) and a host with a small getToken limit (API_HOST_SIGNIN_MAX_FAILURES=3).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SignJWT, decodeJwt } from 'jose';
import { decode } from 'next-auth/jwt';
import { SESSION_COOKIE } from '../../lib/auth/cookies';
// @ts-expect-error -- plain ESM helper shared with npm start (the secret the global setup gives the uat app)
import { embeddedAuthSecret } from '../../scripts/lib/stack.mjs';
import { connectThroughBff, HttpTransportType, until } from '../../testkit/push';
import { hostCall, hostToken, tempToken } from '../support/api';
import { API_ORIGIN, DEMO_PASSWORD, PROD_APP_PORT, TEST_DB, userOf } from '../../testkit/env';
import { createUser } from '../support/fixtures';
import { appOrigin, bffCall, cookiePairs, isExpiring, rawRequest, sessionSetCookies, signInHttp } from '../../testkit/http';
import { signIn } from '../support/session';
import { SPARE, hostOrigin, startAppServer, startHost, stopAll, type Child } from '../support/stacks';
import Database from 'better-sqlite3';

const origin = appOrigin();
const reviewOrigin = appOrigin(SPARE.reviewApp);
const MAX = 2;
const wrong = 'Wrong#Pass1';
const THROTTLED = /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/;

let app: Child | undefined;
let host: Child | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [app, host] = await Promise.all([
    startAppServer({
      port: SPARE.reviewApp,
      apiOrigin: API_ORIGIN,
      env: { SIGNIN_MAX_FAILURES: String(MAX), SIGNIN_WINDOW_MS: '60000', TRUST_PROXY: '1' },
    }),
    startHost({ port: SPARE.reviewHost, env: { API_HOST_SIGNIN_MAX_FAILURES: '3' } }),
  ]);
});

test.afterAll(async () => {
  await stopAll([app, host]);
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

/** A form or JSON POST to a credentials callback path, with a fresh CSRF token. */
async function postSignIn(path: string, username: string, password: string, as: 'form' | 'json', headers: Record<string, string> = {}) {
  const csrf = await rawRequest(reviewOrigin, '/api/auth/csrf', { headers });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const fields = { csrfToken, username, password, json: 'true', callbackUrl: `${reviewOrigin}/` };
  const res = await rawRequest(reviewOrigin, path, {
    method: 'POST',
    headers: {
      'content-type': as === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
      cookie: cookiePairs(csrf.setCookies).join('; '),
      ...headers,
    },
    body: as === 'json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
  return { status: res.status, signedIn: sessionSetCookies(res.setCookies).some((c) => !isExpiring(c)) };
}

async function lockOut(username: string, ip: string) {
  for (let i = 0; i < MAX; i++) expect((await signInHttp(reviewOrigin, username, wrong, from(ip))).status).not.toBe(429);
  expect((await signInHttp(reviewOrigin, username, DEMO_PASSWORD, from(ip))).status).toBe(429);
}

/** The API token inside a session cookie (decrypted with the uat app's secret, as only the server can). */
async function apiTokenOf(cookie: string): Promise<string> {
  const value = cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .slice(SESSION_COOKIE.length + 1);
  const jwt = await decode({ token: value, secret: process.env.AUTH_SECRET || embeddedAuthSecret() });
  return jwt!.apiToken as string;
}

async function signOutHttp(cookie: string) {
  const csrf = await rawRequest(origin, '/api/auth/csrf');
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  return rawRequest(origin, '/api/auth/signout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...cookiePairs(csrf.setCookies), cookie].join('; ') },
    body: new URLSearchParams({ csrfToken, json: 'true' }).toString(),
  });
}

const profileOf = (username: string) => `user/profile?username=${encodeURIComponent(username)}`;

function testDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(TEST_DB);
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

test('1. a JSON body never reaches the credentials callback, so a locked account cannot sign in with JSON', async () => {
  const victim = (await createUser({ role: 9, firm: 3 })).username;
  expect(await postSignIn('/api/auth/callback/credentials', victim, DEMO_PASSWORD, 'json')).toEqual({ status: 415, signedIn: false });
  await lockOut(victim, '198.51.100.1');
  expect(await postSignIn('/api/auth/callback/credentials', victim, DEMO_PASSWORD, 'json', { 'x-forwarded-for': '198.51.100.1' })).toEqual({
    status: 415,
    signedIn: false,
  });
  // The form the login page sends is still counted and refused.
  expect(
    (await postSignIn('/api/auth/callback/credentials', victim, DEMO_PASSWORD, 'form', { 'x-forwarded-for': '198.51.100.1' })).status,
  ).toBe(429);
});

test('2. extra path segments after callback/credentials are refused, not passed to next-auth unthrottled', async () => {
  const victim = (await createUser({ role: 9, firm: 3 })).username;
  await lockOut(victim, '198.51.100.2');
  for (const path of ['/api/auth/callback/credentials/x', '/api/auth/callback/credentials/x/y', '/api/auth/session/x']) {
    const res = await postSignIn(path, victim, DEMO_PASSWORD, 'form', { 'x-forwarded-for': '198.51.100.2' });
    expect(res, path).toEqual({ status: 404, signedIn: false });
  }
});

test('3. an administrator cannot set the password of a more privileged user; the rule holds at the BFF and the host', async () => {
  const superUser = await createUser({ role: 1, firm: 1 });
  const roleTwo = await createUser({ role: 2, firm: 1 });
  testDb((db) =>
    db
      .prepare(`INSERT OR IGNORE INTO user_firm (user, firm) SELECT u.user, f.firm FROM user u, firm f WHERE u.username IN (?, ?)`)
      .run(superUser.username, roleTwo.username),
  );
  const { cookie } = await signInHttp(origin, roleTwo.username);
  const escalate = await bffCall(origin, 'POST', 'user/saveCredentials', cookie, {
    body: JSON.stringify({ username: superUser.username, password: 'Taken#Over1' }),
  });
  expect(escalate.status).toBe(403);
  const direct = await hostCall(await hostToken(roleTwo.username), 'POST', 'api/user/saveCredentials', {
    username: superUser.username,
    password: 'Taken#Over1',
  });
  expect(direct.status).toBe(403);
  expect((await signInHttp(origin, superUser.username, 'Taken#Over1')).cookie).toBe('');
  expect((await signInHttp(origin, superUser.username, DEMO_PASSWORD)).cookie).not.toBe('');
  // A shop user may not set a colleague's password either; role 2 may set a shop user's.
  const shop = await createUser({ role: 15, firm: 7 });
  const colleague = await createUser({ role: 16, firm: 7 });
  const shopCookie = (await signInHttp(origin, shop.username)).cookie;
  expect(
    (
      await bffCall(origin, 'POST', 'user/saveCredentials', shopCookie, {
        body: JSON.stringify({ username: colleague.username, password: 'Taken#Over1' }),
      })
    ).status,
  ).toBe(403);
  expect(
    (
      await bffCall(origin, 'POST', 'user/saveCredentials', cookie, {
        body: JSON.stringify({ username: colleague.username, password: 'Reset#By2nd' }),
      })
    ).status,
  ).toBe(200);
});

test('4. a callbackUrl that normalises to a protocol-relative path never leaves the site', async () => {
  const someone = await createUser({ role: 9, firm: 3 });
  for (const cb of ['/.//evil.example/x', '/..//evil.example/x', '/%2e%2e//evil.example/x', '/a/..//evil.example']) {
    const signedIn = await signInHttp(origin, someone.username, DEMO_PASSWORD, { callbackUrl: cb });
    expect(new URL(signedIn.json!.url!, origin).host, cb).toBe(new URL(origin).host);
    const page = await rawRequest(origin, `/login?callbackUrl=${encodeURIComponent(cb)}`, { headers: { cookie: signedIn.cookie } });
    expect(page.status, cb).toBe(307);
    expect(page.location, cb).not.toMatch(/^\/\/|evil\.example/);
    expect(new URL(page.location!, origin).host, cb).toBe(new URL(origin).host);
  }
});

test('5. logout and a password change end the session everywhere: BFF, pages, push and the API token', async () => {
  test.setTimeout(60_000);
  const user = await createUser({ role: 9, firm: 3 });
  const { cookie } = await signInHttp(origin, user.username);
  const apiToken = await apiTokenOf(cookie);
  const push = await connectThroughBff(origin, cookie, HttpTransportType.ServerSentEvents);
  expect((await bffCall(origin, 'GET', profileOf(user.username), cookie)).status).toBe(200);

  // The browser logs out; a copy of its cookie taken before is worthless from then on.
  expect((await signOutHttp(cookie)).status).toBe(200);
  expect((await bffCall(origin, 'GET', profileOf(user.username), cookie)).status).toBe(401);
  const page = await rawRequest(origin, '/adas', { headers: { cookie } });
  expect(page.status).toBe(307);
  expect(page.location).toMatch(/^\/login/);
  const negotiate = await rawRequest(origin, '/api/push/hub/negotiate?negotiateVersion=1', {
    method: 'POST',
    headers: { cookie, 'x-adas-bff': '1' },
  });
  expect(negotiate.status).toBe(401);
  await until(() => push.connection.state === 'Disconnected', 10_000, 'the open push connection to end');
  expect((await hostCall(apiToken, 'GET', `api/${profileOf(user.username)}`)).status).toBe(401);

  // A password change ends the user's other sessions, and keeps the one that made it.
  const a = (await signInHttp(origin, user.username)).cookie;
  const b = (await signInHttp(origin, user.username)).cookie;
  const changed = await bffCall(origin, 'POST', 'user/saveCredentials', a, {
    body: JSON.stringify({ username: user.username, password: 'Fresh#Pass1', currentPassword: DEMO_PASSWORD }),
  });
  expect(changed.status).toBe(200);
  expect((await bffCall(origin, 'GET', profileOf(user.username), b)).status).toBe(401);
  expect((await rawRequest(origin, '/', { headers: { cookie: b } })).status).toBe(307);
  expect((await bffCall(origin, 'GET', profileOf(user.username), a)).status).toBe(200);

  // Deactivation: the host refuses the user's token, and the app ends the session on that answer.
  testDb((db) => db.prepare('UPDATE user SET is_inactive = 1 WHERE username = ?').run(user.username));
  expect((await bffCall(origin, 'GET', profileOf(user.username), a)).status).toBe(401);
  testDb((db) => db.prepare('UPDATE user SET is_inactive = 0 WHERE username = ?').run(user.username));
  expect((await bffCall(origin, 'GET', profileOf(user.username), a)).status).toBe(401);
});

test('6. an exported CSV escapes a formula-like cell even when a line break follows the formula', async ({ page }) => {
  const admin = await hostToken(1);
  const lastName = `=HYPERLINK("http://evil.example","Click")\nZedformula`;
  const saved = await hostCall<{ id: number }>(admin, 'POST', 'api/contact/saveContact', {
    contact: -1,
    contactType: 2,
    firstName: 'Csv',
    lastName,
    language: 1,
    timezone: 12,
  });
  expect(saved.status).toBe(200);
  await signIn(page, 1, DEMO_PASSWORD, '/contacts?searchTerm=Zedformula');
  await expect(page.getByRole('table')).toContainText('HYPERLINK');
  // The list is server-rendered: a click before React has hydrated the button does nothing.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some(
      (b) => b.textContent?.includes('Export CSV') && Object.keys(b).some((k) => k.startsWith('__reactProps')),
    ),
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = readFileSync(await (await download).path(), 'utf8');
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")`);
  expect(text).not.toMatch(/(^|,|\n)"?=HYPERLINK/);
});

test('7. another site cannot sign a user out through /api/session/expired', async () => {
  const user = await createUser({ role: 9, firm: 3 });
  const { cookie } = await signInHttp(origin, user.username);
  const res = await rawRequest(origin, '/api/session/expired', {
    headers: { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
  });
  expect(res.status).toBe(307);
  expect(new URL(res.location!, origin).pathname).toBe('/');
  expect(sessionSetCookies(res.setCookies)).toEqual([]);
  expect((await bffCall(origin, 'GET', profileOf(user.username), cookie)).status).toBe(200);
  // Without a live session (the upstream refused it, or it ended) the cookie is cleared and /login says why.
  await signOutHttp(cookie);
  const ended = await rawRequest(origin, '/api/session/expired', { headers: { cookie } });
  expect(ended.location).toMatch(/\/login\?expired=1$/);
  expect(sessionSetCookies(ended.setCookies).every(isExpiring)).toBe(true);
});

test('8. an SSO link opened while signed in asks before replacing the session with another account', async ({ page }) => {
  await signIn(page, 4);
  const token = await tempToken(7);
  await page.goto(`/sso?token=${encodeURIComponent(token)}`);
  const question = page.getByText(/^You are signed in as .+ \(role4@example\.com\)\. Continue as .+ \(role7@example\.com\)\?$/);
  await expect(question).toBeVisible();
  // Staying keeps the session, and the link was not used up.
  await page.getByRole('button', { name: /^Stay signed in as/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('role-label')).toHaveText('Shop (admin)');
  await page.goto(`/sso?token=${encodeURIComponent(token)}`);
  await page.getByRole('button', { name: /^Continue as/ }).click();
  await expect(page.getByTestId('role-label')).toHaveText('Franchiser (user)');
});

test('9. the host throttles getToken per username and per address with a clear 429', async () => {
  const hostUrl = hostOrigin(SPARE.reviewHost);
  const getToken = (username: string, password: string) =>
    fetch(`${hostUrl}/auth/getToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  for (let i = 0; i < 3; i++) expect((await (await getToken(userOf(9), wrong)).json()).success).toBe(false);
  const refused = await getToken(userOf(9), DEMO_PASSWORD);
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { error: string }).error).toMatch(THROTTLED);
  expect(((await (await getToken(userOf(10), DEMO_PASSWORD)).json()) as { token?: string }).token).toBeTruthy();
});

test('10. strangers cannot lock a user out: failures count per user and client, and the user’s own browser keeps getting in', async () => {
  const victim = (await createUser({ role: 9, firm: 3 })).username;
  // The victim signed in on this browser before: it is a known device of theirs.
  const before = await signInHttp(reviewOrigin, victim, DEMO_PASSWORD, from('192.0.2.10'));
  const device = cookiePairs(before.setCookies.filter((c) => c.startsWith('__Host-adas.device='))).join('');
  expect(device).not.toBe('');
  // A stranger locks their own address out…
  await lockOut(victim, '203.0.113.50');
  // …but the victim from their own address signs in,
  expect((await signInHttp(reviewOrigin, victim, DEMO_PASSWORD, from('192.0.2.10'))).cookie).not.toBe('');
  // and once strangers from many addresses reach the per-username limit, the victim's browser still does.
  for (let i = 0; i < MAX * 10; i++) await signInHttp(reviewOrigin, victim, wrong, from(`203.0.113.${100 + i}`));
  expect((await signInHttp(reviewOrigin, victim, DEMO_PASSWORD, from('198.51.100.77'))).status).toBe(429);
  const known = await signInHttp(reviewOrigin, victim, DEMO_PASSWORD, { headers: { 'x-forwarded-for': '198.51.100.77', cookie: device } });
  expect(known.cookie).not.toBe('');
});

test('11. HSTS on every answer with APP_ENV=prod, not on the embedded http default', async () => {
  const prod = appOrigin(PROD_APP_PORT);
  for (const path of ['/login', '/api/auth/csrf', '/api/bff/user/profile']) {
    expect((await rawRequest(prod, path, { headers: { 'x-adas-bff': '1' } })).headers['strict-transport-security'], path).toBe(
      'max-age=63072000; includeSubDomains',
    );
    expect((await rawRequest(origin, path, { headers: { 'x-adas-bff': '1' } })).headers['strict-transport-security'], path).toBeUndefined();
  }
});

test('12. odd requests are answered 405, never a framework 500', async () => {
  for (const [method, path] of [
    ['TRACE', '/contacts'],
    ['TRACE', '/api/bff/contact/contacts'],
    ['TRACE', '/api/auth/session'],
    ['GET', '/api/auth/callback/credentials'],
    ['DELETE', '/contacts'],
  ] satisfies [string, string][]) {
    const res = await rawRequest(origin, path, { method });
    expect(res.status, `${method} ${path}`).toBe(405);
  }
});

test('13. the host takes role and active flag from its database and refuses tokens without an expiry', async () => {
  const user = await createUser({ role: 1, firm: 1 });
  const token = await hostToken(user.username);
  expect((await hostCall(token, 'GET', 'api/contact/contacts?pageSize=1')).status).toBe(200);
  testDb((db) => db.prepare('UPDATE user SET role = 5 WHERE username = ?').run(user.username));
  expect((await hostCall(token, 'GET', 'api/contact/contacts?pageSize=1')).status).toBe(403);
  testDb((db) => db.prepare('UPDATE user SET role = 1, is_inactive = 1 WHERE username = ?').run(user.username));
  expect((await hostCall(token, 'GET', 'api/contact/contacts?pageSize=1')).status).toBe(401);

  // A correctly signed token without an expiry (the global host's secret is in the data folder).
  const secret = new TextEncoder().encode(readFileSync('.data/api-host-secret', 'utf8').trim());
  const claims = decodeJwt(await hostToken(userOf(1)));
  delete claims.exp;
  const forever = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret);
  expect((await hostCall(forever, 'GET', 'api/contact/contacts?pageSize=1')).status).toBe(401);
});
