/** Signing in and out in browser tests. */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, userOf } from '../../testkit/env';

/** Signs in through the login form; waits for the landing page. */
export async function signIn(page: Page, who: number | string, password = DEMO_PASSWORD, path = '/') {
  const username = typeof who === 'number' ? userOf(who) : who;
  await page.goto(path === '/' ? '/login' : `/login?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel('Email address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A sign-in checks the password's hash and the throttle at the host: on a busy 2-core machine it can
  // take longer than an ordinary expectation's 7 s.
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}
