/**
 * The sign-in form before (or without) JavaScript: a native submit must not put the password into the
 * URL (browser history, server and proxy logs, the Referer of the next page).
 */
import { expect, test } from '@playwright/test';
import { APP_URL, userOf } from '../../testkit/env';

test('submitting the login form without JavaScript never puts the credentials in the URL', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: APP_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto('/login');
  await page.getByLabel('Email address').fill(userOf(1));
  await page.getByLabel('Password', { exact: true }).fill('Secret#NotInUrl1');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForLoadState('load');
  expect(urls.filter((u) => /Secret|password=|NotInUrl/.test(decodeURIComponent(u)))).toEqual([]);
  expect(page.url()).not.toMatch(/password|Secret/);
  await context.close();
});
