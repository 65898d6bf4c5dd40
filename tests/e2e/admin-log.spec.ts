/**
 * Administration → Log and Insurance (issue 15): the log viewer's default sort, level filter, search and a
 * record opened in full; a reversed range refused; an insurer found by part of its name in another case.
 */
import { expect, test } from '@playwright/test';
import { loaded, openAdmin, rowOf, search } from './admin-support';

test('the log viewer: date-time ascending by default, filtered by level, searched, a record opened in full', async ({ page }) => {
  await openAdmin(page, 1, 'section=log');
  const table = page.getByRole('table', { name: /Application log/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Date/time' })).toHaveAttribute('aria-sort', 'ascending');
  const times = await table.locator('tbody tr th').allTextContents();
  expect(times.length).toBe(10);
  // MM/DD/YYYY hh:mm a → YYYY-MM-DD HH:mm, which sorts as text.
  const sortable = times.map((t) => {
    const [, mo, d, y, h, mi, ap] = /(\d+)\/(\d+)\/(\d+) (\d+):(\d+) (AM|PM)/.exec(t)!;
    return `${y}-${mo}-${d} ${String((Number(h) % 12) + (ap === 'PM' ? 12 : 0)).padStart(2, '0')}:${mi}`;
  });
  expect(sortable).toEqual([...sortable].sort());

  await page.getByLabel('Level').selectOption('Error');
  await expect(page).toHaveURL(/level=Error/);
  await search(page, 'Search message or machine', 'timeout');
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText('Vehicle-data service timeout');
  for (const level of await rows.locator('td:nth-child(2)').allTextContents()) expect(level).toBe('Error');

  await rows.first().locator('th button').click();
  const record = page.getByRole('dialog', { name: /^Error · / });
  await expect(record.getByText('Exception', { exact: true })).toBeVisible();
  await expect(record.getByText(/TimeoutError: The vehicle-data service did not answer/)).toBeVisible();
  await expect(record.getByText(/connect ETIMEDOUT/)).toBeVisible(); // the inner exception
  await page.keyboard.press('Escape');

  // A reversed range: a clear message, nothing asked.
  await page.getByLabel('From', { exact: true }).fill('2026-03-02T10:00');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01T10:00');
  await page.getByRole('button', { name: 'Apply range' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The end of the range is before its start' })).toBeVisible();
  await expect(page).not.toHaveURL(/from=/);
});

test('an insurer is found by part of its name typed in another case', async ({ page, browser }) => {
  const shop = await browser.newPage();
  await openAdmin(shop, 5, 'section=insurance');
  // A shop user sees their own firm's insurers only.
  await expect(rowOf(shop, 'Brooklyn Mutual Auto')).toHaveCount(1);
  await expect(rowOf(shop, 'Allied Auto Insurance')).toHaveCount(0);
  await shop.close();
  await openAdmin(page, 1, 'section=insurance');
  await search(page, 'Search insurers', 'MUTUAL');
  await loaded(page);
  await expect(page.locator('table tbody tr th')).toHaveText([
    'Beacon Mutual',
    'Brooklyn Mutual Auto',
    'Lakeshore Mutual',
    'Lone Star Mutual',
  ]);
});
