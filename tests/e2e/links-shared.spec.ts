/**
 * Shared links as a shop and its insurer use them: a shop user creates a link from an inspection's
 * calibration report; someone without an account opens it (the inspection's page and its report PDF);
 * the owner revokes it at /links, and the same link then says it was withdrawn. The location's
 * administrator sees every link shared at it, with who shared it, and revokes one.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { SHARE_MESSAGES } from '../../lib/contract/links-constants';
import { hostCall, hostToken } from '../support/api';
import { createUser } from '../support/fixtures';
import { signIn } from '../support/session';
import { clickUntil, waitForHydration } from '../support/shell';
import { axeViolations, withTestDb } from './adas-support';

/** An inspection of firm 6, where role 5 (a shop user) signs in, with its vehicle. */
const inspection = () =>
  withTestDb(
    (db) =>
      db
        .prepare(
          'SELECT i.adas_inspection AS id, v.year, v.make, v.model FROM adas_inspection i JOIN adas j ON j.adas = i.adas JOIN vehicle v ON v.vehicle = j.vehicle WHERE j.firm = 6 ORDER BY 1 LIMIT 1',
        )
        .get() as { id: number; year: number; make: string; model: string },
  );

/** At /links: the row of an active link passes axe, and is revoked through the confirmation dialog. */
async function revoke(page: Page, row: Locator) {
  await expect(row).toContainText('Active');
  expect(await axeViolations(page)).toEqual([]);
  await clickUntil(row.getByRole('checkbox'), page.getByRole('button', { name: 'Revoke' }).and(page.locator(':not([aria-disabled=true])')));
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link revoked.' })).toBeVisible();
}

test('a link opens one inspection without signing in, until its owner revokes it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const i = inspection();
  const vehicle = `${i.year} ${i.make} ${i.model}`;
  await signIn(page, 5, undefined, `/view?adasInspection=${i.id}`);
  const share = page.getByRole('region', { name: 'Share a link' });
  await share.getByLabel('Valid for').selectOption('14');
  const field = share.getByLabel('Shared link');
  await clickUntil(share.getByRole('button', { name: 'Create link' }), field);
  const url = await field.inputValue();
  expect(url).toMatch(/\/links\?t=[\w-]+\.[\w-]+\.[\w-]+$/);

  // Someone without an account.
  const insurer = await browser.newContext();
  const guest = await insurer.newPage();
  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: `Calibration report: ${vehicle}` })).toBeVisible();
  await expect(guest.getByText('Shared by Brooklyn Collision & Glass')).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'OEM procedures' })).toBeVisible();
  expect(await axeViolations(guest)).toEqual([]);
  // 360 px wide: no sideways page scrolling.
  await guest.setViewportSize({ width: 360, height: 740 });
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const pdf = await guest.request.get(
    await guest
      .getByRole('link', { name: 'Download the report (PDF)' })
      .getAttribute('href')
      .then((h) => new URL(h!, url).href),
  );
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // Nothing else of the shop opens for the guest.
  await guest.goto('/adas');
  await expect(guest).toHaveURL(/\/login/);

  // The owner revokes it.
  await page.getByRole('link', { name: 'Your shared links' }).click();
  await expect(page.getByRole('heading', { name: 'Your shared links' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(vehicle) }).first();
  await revoke(page, row);
  await expect(page.getByRole('row', { name: new RegExp(vehicle) }).first()).toContainText('Revoked');

  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: 'Link not available' })).toBeVisible();
  await expect(guest.getByRole('alert').filter({ hasText: /./ })).toHaveText(SHARE_MESSAGES.revoked);
  await insurer.close();
});

test('a forged link says it is not valid', async ({ page }) => {
  await page.goto('/links?t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged-signature-forged');
  await expect(page.getByRole('alert').filter({ hasText: /./ })).toHaveText(SHARE_MESSAGES.unknown);
});

test("a location's administrator lists the links shared at it, with who shared each, and revokes one", async ({ page }) => {
  test.setTimeout(60_000);
  const lastName = `Owner${randomBytes(3).toString('hex')}`;
  const owner = await createUser({ role: 5, firm: 6, firstName: 'Lin', lastName });
  const made = await hostCall<{ token: string }>(await hostToken(owner.username), 'POST', 'api/links/createShareLink', {
    adasInspection: inspection().id,
    days: 7,
  });
  expect(made.status).toBe(200);

  // Role 4 administers Brooklyn Collision & Glass (firm 6).
  await signIn(page, 4, undefined, '/links');
  await expect(page.getByRole('heading', { name: 'Your shared links' })).toBeVisible();
  await waitForHydration(page, 'main select');
  await page.getByLabel('Shared by', { exact: true }).selectOption('firm');
  await expect(page.getByRole('heading', { name: 'Shared links of your locations' })).toBeVisible();
  await expect(page).toHaveURL(/scope=firm/);
  const row = page.getByRole('row').filter({ hasText: `Lin ${lastName}` });
  await expect(row).toHaveCount(1);
  await revoke(page, row);
  await expect(page.getByRole('row').filter({ hasText: `Lin ${lastName}` })).toContainText('Revoked');

  await page.goto(`/links?t=${made.body.token}`);
  await expect(page.getByRole('alert').filter({ hasText: /./ })).toHaveText(SHARE_MESSAGES.revoked);
});
