/**
 * Smaller truths (issue 31 §8 titles, issue 31 §9): the shared links list uses the page's width on a desktop and
 * has a title of its own (the other pages' titles: tests/unit/guard.test.ts); an OEM link nobody added shows no "Added" date; red system names
 * come with a legend; a new job's year waits for the VIN instead of showing 2010.
 */
import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { pilotVin } from './adas-support';
import { openSection } from './configuration-support';

test('the shared links list is not squeezed into a card on a desktop, and has a title of its own', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 5, undefined, '/links');
  await expect(page).toHaveTitle(/^Shared links · /);
  await expect(page.getByRole('heading', { level: 1, name: 'Your shared links' })).toBeVisible();
  expect((await page.locator('main').boundingBox())!.width).toBeGreaterThan(900);
});

test('OEM links of the demo knowledge base show no "Added" date: nobody added them', async ({ page }) => {
  await openSection(page, 'links');
  const table = page.getByRole('table').first();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const column = await table.locator('thead th').allInnerTexts();
  const added = column.findIndex((h) => /^added/i.test(h.trim()));
  expect(added).toBeGreaterThan(-1);
  const today = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(new Date());
  // Links the push specs import (testkit/push.ts LINKS_CSV, on example.com) were added today by someone; the
  // demo knowledge base's own links were not.
  const demoRows = table.locator('tbody tr').filter({ hasNot: page.getByRole('link', { name: /^example\.com/ }) });
  const cells = await demoRows.locator(`> :nth-child(${added + 1})`).allInnerTexts();
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.filter((c) => c.includes(today))).toEqual([]);
});

test("red system names have a legend; a new job started from the overview keeps the VIN's year, a blank new job waits for one", async ({
  page,
}) => {
  await signIn(page, 5, undefined, `/add-inspection?vin=${pilotVin()}`);
  await expect(page.getByTestId('overview-system').first()).toBeVisible();
  await expect(page.getByTestId('highlight-legend')).toContainText('Names in red');
  await expect(page.getByTestId('overview-system').filter({ hasText: '(highlighted)' }).first()).toBeVisible();

  await page.goto('/adas');
  await waitForHydration(page, 'main thead a');
  await page.getByRole('button', { name: 'New job' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ADAS job' });
  await expect(dialog.getByLabel('Year')).toHaveValue('');
  await expect(dialog.getByText('Filled in from the VIN; type it when there is no VIN.')).toBeVisible();
  await dialog.getByLabel('VIN').fill(pilotVin());
  await expect(dialog.getByLabel('Year')).toHaveValue('2021');
});
