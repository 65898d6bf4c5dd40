/**
 * /dashboard as its users use it (issue 16): each preset sends its days (a fixed clock, the user's zone),
 * an analysis remembered for the next visit, a drill-down from the franchiser to a shop and back up, the
 * invoicing export matching its table, the ADAS records, the assistant, and a shop role refused.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';

// Thursday 05/14/2026 11:00 in New York (role 3's zone, Eastern).
const CLOCK = new Date('2026-05-14T15:00:00Z');
const PRESETS: readonly [string, string, string][] = [
  ['yesterday', '2026-05-13', '2026-05-13'],
  ['this week', '2026-05-10', '2026-05-14'],
  ['this month', '2026-05-01', '2026-05-14'],
  ['this qtr', '2026-04-01', '2026-05-14'],
  ['past 6 months', '2025-11-15', '2026-05-14'],
  ['past year', '2025-05-15', '2026-05-14'],
];

test("each period preset sends its YYYY-MM-DD days, computed in the user's time zone", async ({ page }) => {
  await page.clock.setFixedTime(CLOCK);
  await signIn(page, 3, undefined, '/dashboard');
  await waitForHydration(page, 'main select');
  for (const [label, start, end] of PRESETS) {
    await page.getByLabel('Period', { exact: true }).selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`startDate=${start}&endDate=${end}`));
    await expect(page.getByRole('table').locator('caption')).toContainText(`${start.slice(5, 7)}/${start.slice(8)}/${start.slice(0, 4)}`);
  }
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'date range' });
  await page.getByLabel('Start date', { exact: true }).fill('2026-03-01');
  await page.getByLabel('End date', { exact: true }).fill('2026-02-01');
  await expect(page.getByText('The start date must be on or before the end date.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await page.getByLabel('End date', { exact: true }).fill('2026-03-31');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/period=7&startDate=2026-03-01&endDate=2026-03-31/);
});

test('an analysis changed is remembered for the next visit', async ({ page, context }) => {
  await signIn(page, 7, undefined, '/dashboard');
  await waitForHydration(page, 'main select');
  await page.getByLabel('Analyze', { exact: true }).selectOption({ label: 'by vehicle make (sales)' });
  await expect(page).toHaveURL(/analysis=makeSales/);
  await expect(page.getByRole('columnheader', { name: 'Vehicle make' })).toBeVisible();
  const kept = (await context.cookies()).find((c) => c.name === 'list-dashboard');
  expect(kept?.expires, 'kept on the device, not for the session only').toBeGreaterThan(Date.now() / 1000 + 86_400);

  const next = await context.newPage();
  await next.goto('/dashboard');
  await expect(next).toHaveURL(/analysis=makeSales/);
  await expect(next.getByLabel('Analyze', { exact: true })).toHaveValue('makeSales');
});

test('drills from the franchiser to a franchisee, a shop and its technicians, and back up', async ({ page }) => {
  await signIn(page, 3, undefined, '/dashboard?period=6');
  await waitForHydration(page, 'main thead a');
  await page.getByRole('link', { name: 'Northstar East' }).click();
  await expect(page).toHaveURL(/firm=3/);
  // The charts follow the table: each has its text summary (from the server) and its recharts drawing,
  // hidden from assistive technology, with a bar per row and a line over the days.
  await expect(page.getByText(/^Calibrations, all: \d+ rows; the highest is /)).toBeVisible();
  await expect(page.getByText(/^Calibrations by day from \d\d\/\d\d\/\d{4} to /)).toBeVisible();
  const rows = await page.getByRole('rowheader').count();
  await expect(page.locator('[data-chart="bars"][aria-hidden="true"] .recharts-bar-rectangle')).toHaveCount(rows);
  await expect(page.locator('[data-chart="line"][aria-hidden="true"] path.recharts-line-curve')).toHaveAttribute('d', /^M[\d.]+,[\d.]+L/);
  const shop = page.getByRole('link', { name: 'Brooklyn Collision & Glass' });
  await shop.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/firm=6/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Brooklyn Collision & Glass');
  await expect(page.getByRole('link', { name: 'Queens Auto Body' })).toHaveCount(0);
  await crumbs.getByRole('link', { name: 'Northstar East' }).click();
  await expect(page).toHaveURL(/firm=3/);
  await expect(page.getByRole('link', { name: 'Queens Auto Body' })).toBeVisible();
  await crumbs.getByRole('link', { name: 'All firms' }).click();
  await expect(page).not.toHaveURL(/firm=/);
  await expect(page.getByRole('link', { name: 'Northstar East' })).toBeVisible();
});

test('the invoicing export lists the rows of its table', async ({ page }) => {
  await signIn(page, 3, undefined, '/dashboard?period=6&analysis=invoicing&pageSize=100');
  await waitForHydration(page, 'main thead a');
  const names = await page.getByRole('rowheader').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  const sales = await page.locator('main tbody tr td:nth-last-child(3)').allTextContents();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoicing-[a-z0-9-]+-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  expect(rows.map((r) => r.Location)).toEqual(names);
  expect(rows.map((r) => Number(r.Sales).toLocaleString('en-US', { style: 'currency', currency: 'USD' }))).toEqual(sales);
});

test('ADAS records open their job; the assistant answers from the knowledge base', async ({ page }) => {
  await signIn(page, 9, undefined, '/dashboard?view=records&period=6');
  await waitForHydration(page, 'main thead a');
  await expect(page.getByRole('cell').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/);
  const job = page.getByRole('rowheader').first().getByRole('link');
  const href = await job.getAttribute('href');
  await job.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace('?', '\\?')}$`));

  await page.goto('/dashboard');
  await page.getByText('Ask the assistant').click();
  await page.getByLabel('Your question', { exact: true }).fill('2021 Camry, windshield replaced: what needs calibrating?');
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2021 Toyota Camry' })).toBeVisible();
});

test('a shop role is refused the dashboard', async ({ page }) => {
  await signIn(page, 15);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('a period without data shows the empty state: no rows of zeros, no chart', async ({ page }) => {
  // Long before any seeded record.
  await signIn(page, 3, undefined, '/dashboard?period=7&startDate=2001-01-01&endDate=2001-01-31');
  const table = page.getByRole('table');
  await expect(table.locator('caption')).toContainText('01/01/2001');
  await expect(table.getByText('No numbers for this period and location.')).toBeVisible();
  await expect(table.getByRole('rowheader')).toHaveCount(0);
  await expect(page.getByText(/the highest is/i)).toHaveCount(0);
  await expect(page.locator('main figure')).toHaveCount(0);
});

test('a technician row opens the jobs the numbers count for that technician (issue 31 §3)', async ({ page }) => {
  await signIn(page, 3, undefined, '/dashboard?period=6&analysis=techHours&firm=3&pageSize=100');
  const first = page
    .getByRole('table', { name: /^by tech \(hours\)/ })
    .locator('tbody tr')
    .first()
    .getByRole('link');
  await expect(first).toBeVisible();
  const name = (await first.innerText()).trim();
  // Cost is book hours × the technician's labor rate: hours nobody has a rate for are said, not priced at $0.00.
  await expect(page.getByRole('row', { name: /^Unassigned/ })).toContainText('No labor rate set');
  await expect(page.getByRole('region', { name: 'Totals' }).locator('div').filter({ hasText: /^Cost/ }).locator('p').nth(1)).toHaveText(
    /^\$[\d,]+\.\d\d \+ [\d.,]+ h without a labor rate$/,
  );
  await waitForHydration(page, 'main tbody a');
  await first.click();
  await expect(page).toHaveURL(/view=records/);
  await expect(page).toHaveURL(/tech=\d+/);
  await expect(page.getByTestId('records-of-technician')).toContainText(`Jobs with inspections of ${name} completed`);
  await expect(
    page
      .getByRole('table', { name: new RegExp(`^ADAS jobs of ${name}`) })
      .locator('tbody tr')
      .first(),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Show every job of the period' }).click();
  await expect(page.getByTestId('records-of-technician')).toHaveCount(0);
  await expect(page).not.toHaveURL(/tech=/);
});

test('the numbers equal the records for the same period and location; the location select is the network as a tree (issue 31 §3)', async ({
  page,
}) => {
  test.slow();
  // Northstar East and its shops, the last two months up to the day before yesterday (days other tests do not
  // write to): the inspections, calibrations and sales of the Totals equal the sums of the records tab's columns.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const range = `period=7&startDate=${day(-60)}&endDate=${day(-2)}&firm=3`;
  await signIn(page, 3, undefined, `/dashboard?${range}`);
  const total = async (label: string) =>
    Number(
      (
        await page
          .getByRole('region', { name: 'Totals' })
          .locator('div')
          .filter({ hasText: new RegExp(`^${label}`) })
          .locator('p')
          .nth(1)
          .innerText()
      ).replace(/[$,]/g, ''),
    );
  const [inspections, calibrations, sales] = [await total('Inspections'), await total('Calibrations'), await total('Sales')];
  expect(calibrations).toBeGreaterThan(0);

  // The Location select: each location followed by those under it, indented by its level.
  const options = (await page.getByLabel('Location', { exact: true }).locator('option').allTextContents()).slice(1);
  const level = (label: string) => (label.match(/^\u00a0*/)?.[0].length ?? 0) / 3;
  const at = (name: string) => options.findIndex((o) => o.trim() === name);
  const [northstar, brooklyn, queens] = [at('Northstar East'), at('Brooklyn Collision & Glass'), at('Queens Auto Body')];
  expect(level(options[brooklyn]!)).toBe(level(options[northstar]!) + 1);
  expect(level(options[queens]!)).toBe(level(options[northstar]!) + 1);
  for (let i = northstar + 1; i <= Math.max(brooklyn, queens); i++)
    expect(level(options[i]!), options[i]).toBeGreaterThan(level(options[northstar]!));

  await page.getByRole('link', { name: 'ADAS records' }).click();
  await expect(page).toHaveURL(/view=records/);
  await expect(page.getByTestId('records-rule')).toContainText('Inspections completed, Calibrations and Sales are what the numbers count');
  await waitForHydration(page, 'main thead a');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^adas-records-northstar-east-${day(-60)}-to-${day(-2)}-`));
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.reduce((n, r) => n + Number(r['Inspections completed']), 0)).toBe(inspections);
  expect(rows.reduce((n, r) => n + Number(r.Calibrations), 0)).toBe(calibrations);
  expect(Math.round(rows.reduce((n, r) => n + Number(r.Sales) * 100, 0))).toBe(Math.round(sales * 100));
});
