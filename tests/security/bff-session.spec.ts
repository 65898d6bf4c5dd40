/**
 * An upstream 401 ends the session. A dedicated host and app (spare ports) are used: after sign-in the
 * host is restarted with another signing secret, so it rejects the token the session holds while the
 * session cookie itself is still valid for the app.
 */
import { expect, test } from '@playwright/test';
import { SESSION_COOKIE } from '../../lib/auth/cookies';
import { appOrigin, bffCall, isExpiring, isRedirect, locationPath, rawRequest, sessionSetCookies, signInHttp } from '../../testkit/http';
import { chooseFromAccountMenu } from '../support/shell';
import { SPARE, hostOrigin, startAppServer, startHost, stopAll, type Child } from '../support/stacks';

const SECRET_A = 'first-signing-secret-for-the-401-test-0123456789';
const SECRET_B = 'second-signing-secret-for-the-401-test-987654321';
const origin = appOrigin(SPARE.sessionApp);

let host: Child | undefined;
let app: Child | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  host = await startHost({ port: SPARE.sessionHost, env: { API_HOST_SECRET: SECRET_A } });
  app = await startAppServer({ port: SPARE.sessionApp, apiOrigin: hostOrigin(SPARE.sessionHost) });
});

test.afterAll(async () => {
  await stopAll([app, host]);
});

async function rotateHostSecret() {
  await host?.stop();
  host = await startHost({ port: SPARE.sessionHost, reset: false, env: { API_HOST_SECRET: SECRET_B } });
}

async function rotateBack() {
  await host?.stop();
  host = await startHost({ port: SPARE.sessionHost, reset: false, env: { API_HOST_SECRET: SECRET_A } });
}

test('a BFF call the upstream answers 401 → 401 to the browser, the session cookie expired, then /login', async () => {
  test.setTimeout(90_000);
  const { cookie } = await signInHttp(origin, 'role3@example.com');
  expect(cookie).toContain(SESSION_COOKIE);
  const before = await bffCall(origin, 'GET', 'user/profile?username=role3%40example.com', cookie);
  expect(before.status).toBe(200);

  await rotateHostSecret();
  try {
    const res = await bffCall(origin, 'GET', 'user/profile?username=role3%40example.com', cookie);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ redirect: '/login' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const cleared = sessionSetCookies(res.setCookies);
    expect(cleared.length).toBeGreaterThan(0);
    expect(cleared.every(isExpiring)).toBe(true);
    expect(res.body).not.toMatch(/role3@example\.com|eyJ/);

    // The next page load with the old cookie goes to /login too (the page's upstream call gets 401).
    const page = await rawRequest(origin, '/', { headers: { cookie } });
    expect(isRedirect(page.status)).toBe(true);
    const hop = locationPath(page, origin);
    let final = hop;
    if (!hop.startsWith('/login')) {
      const next = await rawRequest(origin, hop, { headers: { cookie } });
      expect(isRedirect(next.status)).toBe(true);
      expect(sessionSetCookies(next.setCookies).every(isExpiring)).toBe(true);
      final = locationPath(next, origin);
    }
    expect(final).toMatch(/^\/login/);
  } finally {
    await rotateBack();
  }
});

test('in the browser: a BFF call answered 401 sends the page to /login and the cookie is gone', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email address').fill('role3@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Demo#2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${origin}/`);

  await rotateHostSecret();
  try {
    // The profile dialog reads user/profile through the BFF; the client follows the 401 to /login.
    await chooseFromAccountMenu(page, 'Casey Carter', 'Profile');
    await expect(page).toHaveURL(/\/login/);
    expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  } finally {
    await rotateBack();
    await context.close();
  }
});
