/** Insurance opt-in programs and providers: the change rules, the radius search and what a save sends. */
import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

const row = (page: import('@playwright/test').Page, table: string, name: string) =>
  page
    .getByRole('table', { name: table, exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });

test('insurance: an added program toggled off is dropped; an existing one toggled off is removed on save', async ({ page }) => {
  await signIn(page, 4, undefined, '/insurance'); // Brooklyn Collision & Glass (firm 6)
  await expect(page.getByRole('heading', { name: 'Insurance', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Opt-in programs' }).getByRole('rowheader')).toHaveText([
    /^Harbor Insurance/,
    /^Keystone Mutual/,
  ]);

  // A click before the page has hydrated submits nothing: search until the answer shows.
  await expect(async () => {
    await page.getByLabel('Program name').fill('evergreen');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('1 program found.')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add Evergreen Mutual Quality Repair' }).click();
  await expect(row(page, 'Opt-in programs', 'Evergreen')).toContainText('New');
  // Clicking (not uncheck(): the row goes away rather than showing an unchecked box).
  await page.getByRole('checkbox', { name: 'Opted in to Evergreen Mutual Quality Repair' }).click();
  await expect(row(page, 'Opt-in programs', 'Evergreen')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.getByRole('checkbox', { name: 'Opted in to Keystone Mutual Direct Repair' }).uncheck();
  await expect(row(page, 'Opt-in programs', 'Keystone')).toContainText('Will be removed');
  const sent = page.waitForRequest((r) => r.url().includes('firm/saveOptInPrograms'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await sent).postDataJSON()).toEqual({
    firm: 6,
    programs: [{ firm2: 1, isOptIn: false, isAdd: false, isRemove: true, relationship: 5 }],
  });
  await expect(page.getByText('Your programs are saved.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Opt-in programs' }).getByRole('rowheader')).toHaveText([/^Harbor Insurance/]);
});

test('providers: a radius search ordered by distance in miles; a save sends only chosen providers (relationship 5)', async ({ page }) => {
  await signIn(page, 15, undefined, '/providers'); // Queens Auto Body (firm 7)
  const mine = page.getByRole('table', { name: 'Providers', exact: true });
  await expect(mine.getByRole('row').filter({ hasText: 'Your network' }).first()).toBeVisible();

  // Bad input: a radius of 0, an unknown postal code.
  await expect(async () => {
    await page.getByLabel('Radius (miles)').fill('0');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Radius must be between 1 and 500 miles')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.getByLabel('Radius (miles)').fill('50');
  await page.getByLabel('Postal code').fill('00000');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Unknown postal code')).toBeVisible();

  await page.getByLabel('Postal code').fill('94607');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(/providers within 50 miles, nearest first/)).toBeVisible();
  const found = page.getByRole('table', { name: 'Providers found' });
  const miles = (await found.getByTestId('distance').allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
  expect(miles.length).toBeGreaterThan(1);
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  await expect(found.getByTestId('distance').first()).toHaveText(/ mi$/);
  await page.getByRole('button', { name: 'Add Bay Area ADAS Specialists' }).click();
  await expect(row(page, 'Providers', 'Bay Area ADAS Specialists')).toContainText('New');

  const sent = page.waitForRequest((r) => r.url().includes('firm/saveProviders'));
  await page.getByRole('button', { name: 'Save' }).click();
  const body = (await sent).postDataJSON() as { firm: number; providers: { firm2: number; relationship: number; isAdd: boolean }[] };
  expect(body.firm).toBe(7);
  expect(body.providers.every((p) => p.relationship === 5)).toBe(true);
  expect(body.providers.map((p) => p.firm2).sort((a, b) => a - b)).toEqual([8, 37, 38]);
  await expect(page.getByText('Your providers are saved.')).toBeVisible();
  await expect(row(page, 'Providers', 'Bay Area ADAS Specialists')).not.toContainText('New');
});
