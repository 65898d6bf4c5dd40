/**
 * The command palette (issue 19): Ctrl+K opens it; it finds an ADAS job by the last six characters of its
 * VIN and opens it, keeps it as a recent item, finds screens; the top bar's button opens it too (touch);
 * a role that may not see Users finds no users, while role 1 does.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { withTestDb } from './adas-support';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Find' });
const input = (page: Page) => palette(page).getByRole('combobox');
const group = (page: Page, name: string) => palette(page).getByRole('group', { name });

async function openWithKeyboard(page: Page) {
  await waitForHydration(page, '[data-testid="palette-button"]');
  await page.keyboard.press('Control+k');
  await expect(input(page)).toBeFocused();
}

test('finds a job by the last six characters of its VIN and opens it; the job becomes a recent item', async ({ page }) => {
  const job = withTestDb((db) =>
    // A job whose VIN ends unlike any other job's (role 1 reaches every firm).
    db
      .prepare(
        `SELECT adas, vin, ronumber FROM adas a WHERE length(vin) = 17 AND ronumber <> ''
           AND (SELECT count(*) FROM adas b WHERE substr(b.vin, -6) = substr(a.vin, -6)) = 1 ORDER BY adas DESC LIMIT 1`,
      )
      .get(),
  ) as { adas: number; vin: string; ronumber: string };
  await signIn(page, 1);
  await openWithKeyboard(page);
  await input(page).fill(job.vin.slice(-6).toLowerCase());
  const item = group(page, 'ADAS jobs').getByRole('option').filter({ hasText: job.vin });
  await expect(item).toBeVisible();
  // Arrow keys move to it; Enter opens it.
  const count = await palette(page).getByRole('option').count();
  for (let i = 0; i <= count && (await item.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(item).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/adas\\?adas=${job.adas}$`));
  await expect(palette(page)).toBeHidden();

  // Opened again, the job leads as a recent item; the screens are listed too.
  await openWithKeyboard(page);
  await expect(group(page, 'Recent').getByRole('option').first()).toContainText(job.vin);
  await input(page).fill('contac');
  await expect(group(page, 'Screens').getByRole('option').first()).toHaveText(/Contacts/);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
});

test('the top bar button opens it at 360 px; a role that may not see Users finds no users, role 1 does', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signIn(page, 9);
  await page.goto('/adas');
  await waitForHydration(page, '[data-testid="palette-button"]');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await input(page).fill('role');
  // Role 9's search answers (its own jobs, vehicles, locations) but never users or contacts.
  await expect(palette(page).getByRole('status')).toHaveText(/\d+ results?|No results/);
  await expect(palette(page).getByText('Searching…')).toHaveCount(0);
  await expect(group(page, 'Users')).toHaveCount(0);
  await expect(group(page, 'Contacts')).toHaveCount(0);
  // No sideways scrolling with the palette open.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();

  const admin = await browser.newPage();
  await signIn(admin, 1);
  await openWithKeyboard(admin);
  await input(admin).fill('role5@');
  await group(admin, 'Users').getByRole('option').filter({ hasText: 'role5@example.com' }).click();
  await expect(admin).toHaveURL(/\/users\?searchTerm=role5%40example.com$/);
  await admin.close();
});

test('finds a screen by a word of its name ("alldata"), says "1 result", and opens it', async ({ page }) => {
  await signIn(page, 4);
  await openWithKeyboard(page);
  await input(page).fill('alldata');
  await expect(palette(page).getByRole('status')).toHaveText('1 result');
  await expect(group(page, 'Screens').getByRole('option')).toHaveText([/Connect ALLDATA/]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alldataAuthorize$/);
  await expect(page).toHaveTitle(/^Connect ALLDATA · /);
});
