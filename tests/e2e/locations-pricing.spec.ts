/**
 * A location's calibration prices (issue 11, deliverable 8): bad prices refused with nothing saved; a price
 * of its own set and applied; the CSV export; cleared, the network default applies again.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import Papa from 'papaparse';
import { host } from './configuration-support';
import { clickUntil } from '../support/shell';
import { signIn } from '../support/session';

const MESA = 25;
const CALIBRATION = 'Side camera – dynamic';
type Row = { name: string; price: number | null; firmPrice: number | null; source: string };

/** The host's row of the calibration for Mesa Auto Body. */
const hostRow = async () =>
  (await host<{ items: Row[] }>('GET', `adasmatrix/systemCalibrations?firm=${MESA}&pageSize=500`)).items.find(
    (r) => r.name === CALIBRATION,
  )!;
const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

test('set a price of its own, see it applied and exported; clear it, see the network default again', async ({ page }) => {
  const { price: network } = await hostRow();
  expect(network).not.toBeNull();
  await signIn(page, 1, undefined, '/locations?searchTerm=Mesa%20Auto%20Body');
  const dialog = page.getByRole('dialog', { name: 'Editing Location: Mesa Auto Body' });
  await clickUntil(page.getByRole('button', { name: 'Mesa Auto Body', exact: true }), dialog);
  await dialog.getByRole('tab', { name: 'Pricing' }).click();

  const row: Locator = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: CALIBRATION, exact: true }) });
  const field = row.getByLabel(`Own price of ${CALIBRATION}`);
  const applies = row.getByRole('cell').last();
  await expect(applies).toHaveText(`${usd(network!)}network default`);
  await expect(row.getByRole('cell').nth(2)).toHaveText(usd(network!));

  // Bad prices: a clear message each, nothing sent, what was typed kept.
  const save = dialog.getByRole('button', { name: 'Save' });
  for (const [text, message] of [
    ['abc', '"abc" is not a price: use a number such as 125.00'],
    ['-5', 'A price cannot be negative'],
  ] satisfies [string, string][]) {
    await field.fill(text);
    await save.click();
    await expect(dialog.getByRole('alert').first()).toHaveText(
      'A price is not valid; nothing was saved. Please correct the highlighted price.',
    );
    await expect(row.getByText(message)).toBeVisible();
    await expect(field).toHaveValue(text);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  expect((await hostRow()).firmPrice).toBeNull();
  const serious = (
    await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  ).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

  await field.fill('162.5');
  await save.click();
  await expect(dialog.getByRole('status').filter({ hasText: 'saved' })).toHaveText('1 price saved.');
  await expect(field).toHaveValue('162.50');
  await expect(applies).toHaveText(`${usd(162.5)}own price`);
  expect(await hostRow()).toMatchObject({ firmPrice: 162.5, source: 'firm' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export prices (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^calibration-pricing-firm-25-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Papa.parse<string[]>((await readFile(await download.path())).toString('utf8').replace(/^\ufeff/, '')).data;
  expect(csv.find((line) => line[1] === CALIBRATION)).toEqual([
    'Side camera',
    CALIBRATION,
    'Dynamic',
    '162.50',
    network!.toFixed(2),
    'firm',
  ]);

  await field.fill('');
  await save.click();
  await expect(dialog.getByRole('status').filter({ hasText: 'saved' })).toHaveText(
    '1 price saved (1 cleared: the network default applies).',
  );
  await expect(applies).toHaveText(`${usd(network!)}network default`);
  expect(await hostRow()).toMatchObject({ firmPrice: null, source: 'network' });
});

test('roles the pricing calls do not allow see no Pricing tab', async ({ page }) => {
  await signIn(page, 3, undefined, '/locations?view=tree');
  const dialog = page.getByRole('dialog', { name: 'Editing Location: Northstar Calibration Network' });
  await clickUntil(
    page.getByRole('treeitem', { name: /^Northstar Calibration Network / }).getByText('Northstar Calibration Network', { exact: true }),
    dialog,
  );
  await expect(dialog.getByRole('tab', { name: 'Preferences' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Pricing' })).toHaveCount(0);
});
