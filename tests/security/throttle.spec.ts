/**
 * Sign-in throttling through the real next-auth endpoint, on a dedicated app server (spare port, the
 * global host) with a small limit and a short window so the test stays quick: SIGNIN_MAX_FAILURES=2
 * per username (×6 per client address) within SIGNIN_WINDOW_MS=5000, TRUST_PROXY=1 so X-Forwarded-For
 * names the client.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, userOf } from '../../testkit/env';
import { appOrigin, inBatches, signInHttp } from '../../testkit/http';
import { SPARE, startAppServer, stopAll, type Child } from '../support/stacks';
import { API_ORIGIN } from '../../testkit/env';

const MAX = 2;
const PER_ADDRESS = MAX * 6;
const WINDOW_MS = 5000;
const origin = appOrigin(SPARE.throttleApp);
const MESSAGE = /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/;

let app: Child | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppServer({
    port: SPARE.throttleApp,
    apiOrigin: API_ORIGIN,
    env: { SIGNIN_MAX_FAILURES: String(MAX), SIGNIN_WINDOW_MS: String(WINDOW_MS), TRUST_PROXY: '1' },
  });
});

test.afterAll(async () => {
  await stopAll([app]);
});

const wrong = 'Wrong#Pass1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('per username: refused with 429 and a clear message after the limit; others unaffected; works after the window', async () => {
  test.setTimeout(60_000);
  const victim = userOf(9);
  // The window starts at the first counted failure, which is over by the time its answer is here.
  let started = 0;
  for (let i = 0; i < MAX; i++) {
    const r = await signInHttp(origin, victim, wrong);
    if (i === 0) started = Date.now();
    expect(r.status).not.toBe(429);
    expect(r.cookie).toBe('');
    expect(r.error).toBe('The username or password is incorrect.');
  }
  const refused = await signInHttp(origin, victim, wrong);
  expect(refused.status).toBe(429);
  expect(refused.error).toMatch(MESSAGE);
  expect(refused.json?.error).toMatch(MESSAGE);
  // Even the right password is refused while the window lasts (and the case of the name does not matter).
  const right = await signInHttp(origin, victim.toUpperCase(), DEMO_PASSWORD);
  expect(right.status).toBe(429);
  expect(right.cookie).toBe('');

  // Another username is not affected.
  const other = await signInHttp(origin, userOf(10), DEMO_PASSWORD);
  expect(other.cookie).not.toBe('');

  // After the window the right password works again.
  await sleep(Math.max(0, started + WINDOW_MS + 300 - Date.now()));
  const after = await signInHttp(origin, victim, DEMO_PASSWORD);
  expect(after.status).toBe(200);
  expect(after.cookie).not.toBe('');
});

test('per client address (X-Forwarded-For behind a trusted proxy): many usernames from one address are refused', async () => {
  test.setTimeout(60_000);
  const address = '203.0.113.9';
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': `${ip}, 10.0.0.1` } });
  const names = Array.from({ length: PER_ADDRESS }, (_, i) => `nobody-${i}-${Date.now()}@example.com`);
  const results = await inBatches(names, 6, (n) => signInHttp(origin, n, wrong, from(address)));
  const started = Date.now();
  expect(results.every((r) => r.status !== 429 && r.cookie === '')).toBe(true);

  // The next attempt from that address is refused even for a real user with the right password…
  const refused = await signInHttp(origin, userOf(11), DEMO_PASSWORD, from(address));
  expect(refused.status).toBe(429);
  expect(refused.error).toMatch(MESSAGE);
  // …while the same user from another address signs in.
  const elsewhere = await signInHttp(origin, userOf(11), DEMO_PASSWORD, from('198.51.100.7'));
  expect(elsewhere.cookie).not.toBe('');

  await sleep(Math.max(0, started + WINDOW_MS + 300 - Date.now()));
  const after = await signInHttp(origin, userOf(11), DEMO_PASSWORD, from(address));
  expect(after.cookie).not.toBe('');
});

test('the login form shows the throttling message', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email address').fill(userOf(12));
  const attempt = async (password: string) => {
    await page.getByLabel('Password', { exact: true }).fill(password);
    const answer = page.waitForResponse((r) => r.url().includes('/api/auth/callback/credentials'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    return (await answer).status();
  };
  const message = page.locator('form [role="alert"]');
  for (let i = 0; i < MAX; i++) {
    expect(await attempt(wrong)).not.toBe(429);
    await expect(message).toHaveText('The username or password is incorrect.');
  }
  expect(await attempt(DEMO_PASSWORD)).toBe(429);
  await expect(message).toHaveText(MESSAGE);
  await expect(page).toHaveURL(/\/login/);
});
