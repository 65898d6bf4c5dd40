/** Push in the browser: the shell's client connects through the BFF and shows notices as accessible toasts. */
import { expect, test, type Page } from '@playwright/test';
import { hostCall, hostToken } from '../support/api';
import { signIn } from '../support/session';
import { PUSH_RECONNECT_DELAYS_MS } from '../../lib/push/protocol';
import { LINKS_CSV } from '../../testkit/push';

/** Every reconnect delay, one after another, and a second more. */
const RECONNECT_SCHEDULE_MS = PUSH_RECONNECT_DELAYS_MS.reduce((a, b) => a + b, 1000);

/** Signs in and waits until the push connection has finished its handshake (the first send through the push route). */
async function signInWithPush(page: Page, role: number) {
  const handshake = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/push\/hub\?id=/.test(r.url()), {
    timeout: 15_000,
  });
  await signIn(page, role);
  expect((await handshake).status()).toBe(200);
}

test('role 1 sees the import notice with its counts, dismisses it with the keyboard', async ({ page }) => {
  const errors: string[] = [];
  // The browser tests block service workers (playwright.config.ts); the worker library's registration then
  // finds no registration. The offline app's own spec (offline-app.spec.ts) runs with the worker.
  page.on('pageerror', (e) => {
    if (!/\bregister\b/.test(e.stack ?? '') || !/reading 'waiting'/.test(e.message)) errors.push(e.message);
  });
  await signInWithPush(page, 1);
  const region = page.getByRole('log', { name: 'Notifications' });
  await expect(region).toBeAttached();

  const started = await hostCall<{ import: number }>(await hostToken(1), 'POST', 'api/admin/importMakeMatrixLinks', {
    fileName: 'browser-links.csv',
    content: LINKS_CSV,
  });
  expect(started.status).toBe(200);
  const toast = region.getByTestId('push-toast').filter({ hasText: 'browser-links.csv' });
  await expect(toast).toContainText('Make matrix links imported');
  await expect(toast).toContainText('browser-links.csv: 2 links imported, 1 row rejected.');

  const dismiss = toast.getByRole('button', { name: 'Dismiss: Make matrix links imported' });
  await dismiss.focus();
  await expect(dismiss).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a role-5 user of firm 6 sees the opportunity notice with a link; no import notice', async ({ page }) => {
  await signInWithPush(page, 5);
  const created = await hostCall<{ id: number }>(await hostToken(5), 'POST', 'api/adas/createCalibrate', {
    firm: 6,
    year: 2022,
    make: 'Subaru',
    model: 'Outback',
    reason: 'Windshield replacement',
  });
  expect(created.status).toBe(200);
  const toast = page.getByRole('log', { name: 'Notifications' }).getByTestId('push-toast');
  await expect(toast).toContainText('New calibration request');
  await expect(toast).toContainText('2022 Subaru Outback: Windshield replacement');
  const link = toast.getByRole('link', { name: `Open calibration request ${created.body.id}` });
  await expect(link).toHaveAttribute('href', `/adas?opportunity=${created.body.id}`);

  // Escape dismisses the focused toast.
  await link.focus();
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0);

  // An import notice never shows for role 5 (the hub does not send it; the client would drop it too). The
  // connection delivers in order: once a later opportunity has shown, the import notice would have too.
  await hostCall(await hostToken(1), 'POST', 'api/admin/importMakeMatrixLinks', { fileName: 'not-for-shops.csv', content: LINKS_CSV });
  const later = await hostCall<{ id: number }>(await hostToken(5), 'POST', 'api/adas/createCalibrate', {
    firm: 6,
    year: 2023,
    make: 'Kia',
    model: 'Soul',
    reason: 'Bumper repair',
  });
  expect(later.status).toBe(200);
  await expect(toast).toContainText('2023 Kia Soul: Bumper repair');
  await expect(page.getByText('not-for-shops.csv')).toHaveCount(0);
});

test('the push connection stops on logout', async ({ page }) => {
  await page.clock.install();
  await signInWithPush(page, 2);
  await page
    .getByRole('button', { name: /Account menu|Blake|Brooks/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  const after: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/push/')) after.push(r.url());
  });
  // Run the page's clock past the whole reconnect schedule: any retry would have been sent by then. A
  // request of our own after it is the mark that everything sent before has been seen.
  await page.clock.runFor(RECONNECT_SCHEDULE_MS);
  await page.evaluate(() => fetch('/login', { method: 'HEAD' }));
  expect(after).toEqual([]);
  // The session is gone: the push route refuses.
  const status = await page.evaluate(
    async () => (await fetch('/api/push/hub/negotiate?negotiateVersion=1', { method: 'POST', headers: { 'x-adas-bff': '1' } })).status,
  );
  expect(status).toBe(401);
});
