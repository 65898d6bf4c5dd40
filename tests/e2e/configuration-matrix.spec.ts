/**
 * Configuration (issue 12), the knowledge base as an administrator builds it: a new system with keywords
 * and an item; make matrices with models and keywords; moving one within its make; finding it by filter
 * and by search; a duplicate refused in the dialog, which keeps what was typed; role 3 refused.
 */
import { expect, test } from '@playwright/test';
import { appOrigin, bffCall, sessionCookie } from '../../testkit/http';
import { signIn } from '../support/session';
import { clickUntil } from '../support/shell';
import { addChips, openSection, range, rowOf, settled, uniqueToken } from './configuration-support';

test('an administrator adds a system and make matrices with models and keywords, moves one and finds it by filter and search', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tok = uniqueToken();
  const system = `Rear Radar ${tok}`;
  const make = `Make${tok}`;

  // A system with keywords (chips) and a checklist item.
  await openSection(page, 'systems');
  const systemDialog = page.getByRole('dialog', { name: 'Adding system' });
  await clickUntil(page.getByRole('button', { name: 'Add system' }), systemDialog);
  await systemDialog.getByLabel('System', { exact: true }).fill(system);
  await addChips(systemDialog.getByLabel('Keywords', { exact: true }), ['rear radar', 'cross traffic']);
  await expect(systemDialog.getByRole('list', { name: 'Keywords chosen' }).getByRole('listitem')).toHaveText([
    'rear radar',
    'cross traffic',
  ]);
  await systemDialog.getByRole('button', { name: 'Add item' }).click();
  await systemDialog.getByLabel('Item 1', { exact: true }).fill('Radar bracket secure');
  await systemDialog.getByRole('button', { name: 'Save' }).click();
  await expect(systemDialog).toBeHidden();
  await expect(page.getByText(`System ${system} added.`)).toBeVisible();

  // Two make matrices of a new make: the first with models and keywords.
  await page.getByRole('navigation', { name: 'Configuration sections' }).getByRole('link', { name: 'Make matrices' }).click();
  await expect(page).toHaveURL(/\/configuration$/);
  const addMatrix = async (systemName: string, years: [string, string], models: string[], lineKeywords: string) => {
    const dialog = page.getByRole('dialog', { name: 'Adding make matrix' });
    await clickUntil(page.getByRole('button', { name: 'Add make matrix' }), dialog);
    await dialog.getByLabel('System', { exact: true }).selectOption({ label: systemName });
    await dialog.getByLabel('Make', { exact: true }).fill(make);
    await dialog.getByLabel('Year start').fill(years[0]);
    await dialog.getByLabel('Year end').fill(years[1]);
    await addChips(dialog.getByLabel('Models', { exact: true }), models);
    // A comma ends a keyword too: the text becomes chips as it is typed.
    const keywords = dialog.getByLabel('CCC line keywords', { exact: true });
    await keywords.pressSequentially(lineKeywords);
    await keywords.blur();
    await dialog.getByLabel('Calibration', { exact: true }).selectOption({ label: 'Corner radar – static' });
    await dialog.getByRole('checkbox', { name: 'Remove & replace (RR) triggers a calibration' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Saved: the dialog stays open on the names tab, titled after the saved make matrix.
    const saved = page.getByRole('dialog', { name: `Make matrix: ${make} ${systemName}` });
    await expect(saved.getByText('Saved. You can now add the calibration names.')).toBeVisible();
    await expect(saved.getByRole('tab', { name: 'Calibration names', selected: true })).toBeVisible();
    await saved.getByRole('button', { name: 'Done' }).click();
    await expect(saved).toBeHidden();
  };
  await addMatrix(system, ['2020', '2024'], ['Alpha', 'Beta'], 'rear bumper, quarter panel,');
  await addMatrix('Forward Camera', ['2021', '2022'], [], 'windshield, w/shield,');

  // Filter by the make: both rows, in the make's order.
  await page.getByLabel('Make', { exact: true }).selectOption(make);
  await expect(page).toHaveURL(new RegExp(`vehicleMake=${make}`));
  await settled(page);
  await expect(range(page)).toHaveText('1–2 of 2 make matrices');
  const first = rowOf(page, make).first();
  await expect(first).toContainText(system);
  await expect(first).toContainText('Alpha, Beta');
  await expect(first).toContainText('rear bumper, quarter panel');

  // Move the first down: the rows swap.
  await page.getByRole('button', { name: `Move down: ${make} ${system} 2020–2024` }).click();
  await expect(page.getByText(`${make} ${system} 2020–2024 moved to position 2 of ${make}.`)).toBeVisible();
  await expect(rowOf(page, make).first()).toContainText('Forward Camera');
  await expect(rowOf(page, make).nth(1)).toContainText(system);

  // Search by a keyword within the make; then by the system filter alone.
  const search = page.getByRole('searchbox', { name: 'Search make matrices' });
  await expect(async () => {
    await search.fill('');
    await search.fill('quarter panel');
    await expect(page).toHaveURL(/searchTerm=quarter/, { timeout: 10_000 });
  }).toPass({ timeout: 30_000 });
  await settled(page);
  await expect(range(page)).toHaveText('1–1 of 1 make matrices');
  await expect(rowOf(page, make)).toContainText(system);

  // The same make, system, years and models again: refused in the dialog, which keeps what was typed.
  const dialog = page.getByRole('dialog', { name: 'Adding make matrix' });
  await page.getByRole('button', { name: 'Add make matrix' }).click();
  await dialog.getByLabel('System', { exact: true }).selectOption({ label: system });
  await dialog.getByLabel('Make', { exact: true }).fill(make);
  await dialog.getByLabel('Year start').fill('2020');
  await dialog.getByLabel('Year end').fill('2024');
  await addChips(dialog.getByLabel('Models', { exact: true }), ['beta', 'alpha']);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText(new RegExp(`A make matrix for ${make}, ${system}, 2020–2024 and these models already exists`)).first(),
  ).toBeVisible();
  await expect(dialog.getByLabel('Year start')).toHaveValue('2020');
  await expect(dialog.getByRole('list', { name: 'Models chosen' }).getByRole('listitem')).toHaveText(['beta', 'alpha']);
  // A reversed year range is refused before it is sent.
  await dialog.getByLabel('Year start').fill('2025');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The end year is before the start year')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(range(page)).toHaveText('1–1 of 1 make matrices');
});

test('role 3 is refused /configuration and its calls', async ({ page }) => {
  await signIn(page, 3);
  await page.goto('/configuration?section=pricing');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'ADAS Matrix' })).toHaveCount(0);
  const cookie = await sessionCookie(3);
  for (const path of [
    'admin/getAdasMakeMatrices',
    'adasmatrix/systemCalibrations',
    'lookup/keywords',
    'scanpro/GetScanProConfiguration?businessId=2',
  ])
    expect((await bffCall(appOrigin(), 'GET', path, cookie)).status, path).toBe(403);
});
