/**
 * Configuration (issue 12): the calibration-pricing import (a preview with per-row errors, nothing applied
 * until the user chooses), the report recommendation's year clamp, and the scan-pro wizard's step rules.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { clickUntil } from '../support/shell';
import { host, openSection, uniqueToken } from './configuration-support';

interface CalibrationList {
  items: { calibrationType: number; name: string; price: number | null }[];
}

test('a pricing import with a bad row: the preview shows it, nothing is applied until the user chooses the valid rows', async ({
  page,
}) => {
  const tok = uniqueToken();
  const name = `Forward camera – ${tok}`;
  await openSection(page, 'pricing');
  const dialog = page.getByRole('dialog', { name: 'Import calibration prices' });
  await clickUntil(page.getByRole('button', { name: 'Import prices' }), dialog);

  // A file without the Price column: a clear message, no preview.
  await dialog.getByLabel('Price file (CSV)').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('System type,Calibration,Mode\nForward camera,x,Static\n'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'The file has no "Price" column. Its first line must name the columns System type, Calibration, Mode, Price.',
  );

  const csv = `System type,Calibration,Mode,Price\nForward camera,${name},Static,310.50\nRear camera,Rear camera – static,Static,abc\n`;
  await dialog.getByLabel('Price file (CSV)').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const table = dialog.getByRole('table', { name: 'Preview of the import' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tr[data-status="new"]')).toContainText(name);
  await expect(table.locator('tr[data-status="error"]')).toContainText('Price: "abc" is not a price: use a number such as 125.00');
  await expect(dialog.getByText(/2 rows — 1 new, 0 changed, 0 unchanged, 1 with errors/)).toBeVisible();
  // Nothing applied yet.
  expect((await host<CalibrationList>('GET', `adasmatrix/systemCalibrations?searchTerm=${tok}`)).items).toEqual([]);

  await dialog.getByRole('button', { name: 'Import the 1 valid rows' }).click();
  await expect(dialog.getByText('Imported 1 row; 1 with errors were left out.')).toBeVisible();
  const after = (await host<CalibrationList>('GET', `adasmatrix/systemCalibrations?searchTerm=${tok}`)).items;
  expect(after.map((c) => [c.name, c.price])).toEqual([[name, 310.5]]);
  // The bad row changed nothing.
  const rear = (await host<CalibrationList>('GET', 'adasmatrix/systemCalibrations?systemType=6')).items.find(
    (c) => c.name === 'Rear camera – static',
  );
  expect(rear?.price).toBe(150);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('searchbox', { name: 'Search calibrations' }).fill(tok);
  await expect(page.getByRole('rowheader', { name })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(tok) })).toContainText('$310.50');
});

test('report recommendation: the start year never passes the end year; the other year follows as the user types', async ({ page }) => {
  const title = `Clamp ${uniqueToken()}`;
  await openSection(page, 'reports');
  const dialog = page.getByRole('dialog', { name: 'Adding report recommendation' });
  await clickUntil(page.getByRole('button', { name: 'Add report recommendation' }), dialog);
  const start = dialog.getByLabel('Year start');
  const end = dialog.getByLabel('Year end');
  await dialog.getByLabel('Title').fill(title);
  await start.fill('2020');
  await end.fill('2022');
  // Typing an end year before the start: the start follows once the year is complete.
  await end.fill('');
  await end.pressSequentially('2018');
  await expect(end).toHaveValue('2018');
  await expect(start).toHaveValue('2018');
  // Typing a start year after the end: the end follows; a partial year leaves it alone.
  await start.fill('');
  await start.pressSequentially('202');
  await expect(end).toHaveValue('2018');
  await start.pressSequentially('4');
  await expect(start).toHaveValue('2024');
  await expect(end).toHaveValue('2024');
  await dialog.getByRole('checkbox', { name: 'Forward Camera' }).check();
  await dialog.getByLabel('Content').fill('Calibrated after the glass was replaced.');
  await expect(dialog.getByText('Unsaved changes')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('2024');
  await expect(row).toContainText('Forward Camera');
});

test('scan-pro wizard: the highest visited step is kept, leaving a changed step saves it, step 99 saves without moving', async ({
  page,
}) => {
  await openSection(page, 'scanpro', '&firm=13');
  const step = (n: string) => page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('button', { name: n });
  await expect(page.getByLabel('Location')).toHaveValue('13');
  // Steps beyond the next one cannot be opened yet.
  await expect(step('3. Checklist')).toBeDisabled();
  await clickUntil(page.getByRole('button', { name: 'Next' }), page.getByLabel('Year start'));
  await expect(step('2. Criteria')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Not saved yet for this location.')).toBeVisible();

  // Change the criteria, then leave the step: it is saved and the changed flag cleared.
  await page.getByLabel('Year start').fill('2019');
  await expect(page.getByText('Unsaved changes: they are saved when you leave this step.')).toBeVisible();
  await step('3. Checklist').click();
  await expect(step('3. Checklist')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Scan-pro setup of Houston Glass & ADAS saved.')).toBeVisible();
  await expect(page.getByText(/Last saved \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M\./)).toBeVisible();
  expect((await host<{ criteria: { yearStart: number } }>('GET', 'scanpro/GetScanProConfiguration?businessId=13')).criteria.yearStart).toBe(
    2019,
  );

  // Back to step 1: the highest visited step (3) stays reachable; 4 is the next one.
  await step('1. Location').click();
  await expect(step('3. Checklist')).toBeEnabled();
  await expect(step('4. Review')).toBeEnabled();
  await step('3. Checklist').click();
  await page.getByRole('checkbox', { name: 'Front Radar' }).check();
  // Save (step 99): saved, the step does not change.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Scan-pro setup of Houston Glass & ADAS saved.')).toBeVisible();
  await expect(step('3. Checklist')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  const saved = await host<{ checklist: number[] }>('GET', 'scanpro/GetScanProConfiguration?businessId=13');
  expect(saved.checklist).toHaveLength(1);

  // A bad year is not saved: the wizard stays on the step with what was typed.
  await step('2. Criteria').click();
  await page.getByLabel('Year end').fill('2015');
  await step('4. Review').click();
  await expect(page.getByText('The end year is before the start year')).toBeVisible();
  await expect(step('2. Criteria')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByLabel('Year end')).toHaveValue('2015');
  expect(
    await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze()
      .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)),
  ).toEqual([]);
});

test('the make matrix editor and the section lists pass axe at phone width', async ({ page }) => {
  // Several full-page axe runs: slow on a busy two-core machine, not a budget of this test.
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  await openSection(page, 'links');
  const serious = async () =>
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(await serious()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.goto('/configuration');
  const dialog = page.getByRole('dialog', { name: /^Make matrix: BMW/ });
  await clickUntil(page.getByRole('button', { name: 'BMW' }).first(), dialog);
  await expect(dialog.getByLabel('Make', { exact: true })).toHaveValue('BMW');
  expect(await serious()).toEqual([]);
});
