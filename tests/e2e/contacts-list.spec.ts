import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import {
  addAddress,
  addEmail,
  addPhone,
  bodyRows,
  createContact,
  filterList,
  openContacts,
  range,
  rowOf,
  uniqueToken,
} from './contacts-support';

test.describe('contacts list', () => {
  test('paging, sorting, page size and search live in the URL, survive a reload and fill in the bare path', async ({ page }) => {
    // Three contacts made and about twenty navigations: more than 30 s on a busy two-core machine.
    test.slow();
    const tok = uniqueToken();
    for (const last of ['Alpha', 'Bravo', 'Charlie']) await createContact({ lastName: `${last} ${tok}` });

    await openContacts(page);
    await expect(page).toHaveTitle(/^Contacts · /);
    await expect(range(page)).toHaveText(/^1–10 of [\d,]+ contacts$/);
    await expect(bodyRows(page)).toHaveCount(10);
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    // Paging
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(range(page)).toHaveText(/^11–20 of /);
    await expect(page.getByTestId('list-page')).toHaveText(/^Page 2 of \d+/);

    // Sorting: the sorted column flips; a new sort goes back to page 1.
    await nameHeader.getByRole('link').click();
    await expect(page).toHaveURL(/direction=desc/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

    // Page size
    await page.getByLabel('Rows per page').selectOption('25');
    await expect(page).toHaveURL(/pageSize=25/);
    await expect(bodyRows(page)).toHaveCount(25);

    // Search: only the test's own contacts, in the chosen order.
    await filterList(page, tok);
    await expect(range(page)).toHaveText('1–3 of 3 contacts');
    await expect(page.getByRole('rowheader')).toHaveText([`Charlie ${tok}`, `Bravo ${tok}`, `Alpha ${tok}`].map((n) => new RegExp(n)));

    // A reload keeps everything.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Filter the list' })).toHaveValue(tok);
    await expect(page.getByLabel('Rows per page')).toHaveValue('25');
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await expect(range(page)).toHaveText('1–3 of 3 contacts');

    // The bare path restores the remembered preferences into the URL.
    await page.goto('/contacts');
    await expect(page).toHaveURL(/pageSize=25/);
    await expect(page).toHaveURL(/direction=desc/);
    await expect(page).toHaveURL(new RegExp(`searchTerm=${tok}`));
    await expect(range(page)).toHaveText('1–3 of 3 contacts');

    // Back to the defaults: the URL is bare again and stays bare.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/searchTerm/);
    await page.getByLabel('Rows per page').selectOption('10');
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/contacts$/);
    await page.goto('/contacts');
    await expect(page).toHaveURL(/\/contacts$/);
  });

  test('sorting by type and by email happens on the server', async ({ page }) => {
    const tok = uniqueToken();
    const a = await createContact({ lastName: `Sorta ${tok}`, contactType: 5 });
    const b = await createContact({ lastName: `Sortb ${tok}`, contactType: 1 });
    await addEmail(a, `aaa.${tok.toLowerCase()}@example.com`);
    await addEmail(b, `zzz.${tok.toLowerCase()}@example.com`);
    await openContacts(page, tok);
    await page.getByRole('columnheader', { name: 'Type' }).getByRole('link').click();
    await expect(page).toHaveURL(/orderBy=type/);
    await expect(page.getByRole('columnheader', { name: 'Type' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('rowheader')).toHaveText([/Sortb/, /Sorta/]);
    await page.getByRole('columnheader', { name: 'Primary email' }).getByRole('link').click();
    await expect(page).toHaveURL(/orderBy=email/);
    await expect(page.getByRole('rowheader')).toHaveText([/Sorta/, /Sortb/]);
    await page.getByRole('columnheader', { name: 'Primary email' }).getByRole('link').click();
    await expect(page).toHaveURL(/orderBy=email&direction=desc|direction=desc.*orderBy=email|orderBy=email.*direction=desc/);
    await expect(page.getByRole('rowheader')).toHaveText([/Sortb/, /Sorta/]);
  });

  test('merge is enabled only from two checked rows; the chosen contact survives', async ({ page }) => {
    const tok = uniqueToken();
    const keep = await createContact({ lastName: `Keeper ${tok}`, firstName: 'Kim' });
    const gone = await createContact({ lastName: `Merged ${tok}`, firstName: 'Max' });
    await createContact({ lastName: `Bystander ${tok}` });
    await addPhone(gone, '(555) 301-4455');
    await addEmail(keep, `kim.${tok.toLowerCase()}@example.com`);

    await openContacts(page, tok);
    await expect(range(page)).toHaveText('1–3 of 3 contacts');
    const merge = page.getByRole('button', { name: 'Merge', exact: true });
    await expect(merge).toBeDisabled();
    await rowOf(page, `Keeper ${tok}, Kim`).getByRole('checkbox').check();
    await expect(merge).toBeDisabled();
    await rowOf(page, `Merged ${tok}, Max`).getByRole('checkbox').check();
    await expect(merge).toBeEnabled();
    await expect(page.getByText('2 checked')).toBeVisible();

    await merge.click();
    const dialog = page.getByRole('dialog', { name: 'Merge contacts' });
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await dialog.getByRole('radio', { name: new RegExp(`Keeper ${tok}`) }).check();
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(dialog.getByText(`Merged 1 contact into Keeper ${tok}, Kim.`)).toBeVisible();
    await dialog.getByText('Close', { exact: true }).click();

    await expect(range(page)).toHaveText('1–2 of 2 contacts');
    await expect(rowOf(page, `Merged ${tok}, Max`)).toHaveCount(0);
    const survivor = rowOf(page, `Keeper ${tok}, Kim`);
    await expect(survivor).toHaveCount(1);
    await expect(survivor.getByTestId('row-email')).toHaveText(`kim.${tok.toLowerCase()}@example.com`);
    // The merged contact's phone moved to the survivor.
    await survivor.getByRole('button', { name: `Keeper ${tok}, Kim` }).click();
    const editor = page.getByRole('dialog', { name: `Editing Contact: Keeper ${tok}, Kim` });
    await editor.getByRole('tab', { name: 'Contact Info' }).click();
    await expect(editor.getByTestId('sublist-phone')).toContainText('(555) 301-4455');
  });

  test('set inactive asks first, then marks the checked rows', async ({ page }) => {
    const tok = uniqueToken();
    await createContact({ lastName: `Idle ${tok}` });
    await createContact({ lastName: `Dormant ${tok}` });
    await openContacts(page, tok);
    const setInactive = page.getByRole('button', { name: 'Set inactive' });
    await expect(setInactive).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await expect(page.getByText('2 checked')).toBeVisible();
    await setInactive.click();
    const confirm = page.getByRole('dialog', { name: 'Set inactive' });
    await expect(confirm).toContainText('Set the 2 checked contacts inactive?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('cell', { name: 'Yes' })).toHaveCount(0);

    await setInactive.click();
    await confirm.getByRole('button', { name: 'Set inactive' }).click();
    await expect(page.getByText('2 contacts set inactive.')).toBeVisible();
    await expect(bodyRows(page).getByText('Yes', { exact: true })).toHaveCount(2);
    await expect(page.getByRole('checkbox', { name: 'Select all rows on this page' })).not.toBeChecked();
  });

  test('Shift+click checks every row between the last clicked one and this one', async ({ page }) => {
    const tok = uniqueToken();
    for (const name of ['Rangea', 'Rangeb', 'Rangec', 'Ranged']) await createContact({ lastName: `${name} ${tok}` });
    await openContacts(page, tok);
    const boxes = bodyRows(page).getByRole('checkbox');
    await expect(boxes).toHaveCount(4);
    await boxes.nth(0).click();
    await boxes.nth(2).click({ modifiers: ['Shift'] });
    await expect(page.getByText('3 checked')).toBeVisible();
    await expect(boxes.nth(3)).not.toBeChecked();
    const all = page.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect(await all.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);
    // Unchecking with Shift takes the range from the last clicked row (the third) back out.
    await boxes.nth(1).click({ modifiers: ['Shift'] });
    await expect(page.getByText('1 checked')).toBeVisible();
    await expect(boxes.nth(0)).toBeChecked();
    await expect(boxes.nth(2)).not.toBeChecked();
  });

  test('the CSV file holds every row matching the search and filter, not only the page', async ({ page }) => {
    const tok = uniqueToken();
    for (let i = 0; i < 11; i++) await createContact({ lastName: `Csv${String.fromCharCode(97 + i)} ${tok}`, contactType: 5 });
    await createContact({ lastName: `Csvother ${tok}`, contactType: 1 });
    await openContacts(page, tok);
    await expect(range(page)).toHaveText('1–10 of 12 contacts');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Technician' });
    await expect(page).toHaveURL(/filterBy=5/);
    await expect(range(page)).toHaveText('1–10 of 11 contacts');
    await expect(bodyRows(page)).toHaveCount(10);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual(['Name', 'Type', 'Primary phone', 'Primary email', 'Inactive', 'Created', 'Id']);
    expect(parsed.data).toHaveLength(11);
    expect(new Set(parsed.data.map((r) => r.Type))).toEqual(new Set(['Technician']));
    expect(parsed.data.map((r) => r.Name)).toEqual(Array.from({ length: 11 }, (_, i) => `Csv${String.fromCharCode(97 + i)} ${tok}`));
    expect(new Set(parsed.data.map((r) => r.Id)).size).toBe(11);
  });

  test('the vendor view lists vendors; one checked row enables the vendor actions', async ({ page }) => {
    const tok = uniqueToken();
    await createContact({ lastName: '', isCompany: true, companyName: `Vendo ${tok} Supply`, isVendor: true, contactType: 3 });
    await openContacts(page);
    await page.getByRole('link', { name: 'Vendors' }).click();
    await expect(page).toHaveURL(/view=vendors/);
    await expect(page.getByRole('link', { name: 'Vendors' })).toHaveAttribute('aria-current', 'page');
    await expect(range(page)).toHaveText(/ vendors$/);
    await expect(page.getByRole('button', { name: 'Add vendor' })).toBeVisible();
    await filterList(page, tok);
    await expect(range(page)).toHaveText('1–1 of 1 vendors');
    const setInactive = page.getByRole('button', { name: 'Set inactive' });
    await expect(setInactive).toBeDisabled();
    await rowOf(page, `Vendo ${tok} Supply`).getByRole('checkbox').check();
    await expect(setInactive).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Merge', exact: true })).toHaveCount(0);
  });

  test('find a contact: typeahead with name, phone, email and a shortened address', async ({ page }) => {
    const tok = uniqueToken();
    const id = await createContact({ lastName: `Finder ${tok}`, firstName: 'Fay' });
    await addPhone(id, '(555) 404-1212');
    await addEmail(id, `fay.${tok.toLowerCase()}@example.com`);
    const longAddress = '1234 Extraordinarily Long Boulevard Suite 500';
    await addAddress(id, longAddress);

    await openContacts(page);
    const box = page.getByRole('combobox', { name: 'Find a contact' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.fill('   ');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.fill(tok);
    const option = page.getByRole('option', { name: new RegExp(`Finder ${tok}`) });
    await expect(option).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(option).toContainText('(555) 404-1212');
    await expect(option).toContainText(`fay.${tok.toLowerCase()}@example.com`);
    const optionText = (await option.textContent()) ?? '';
    const shown = optionText.match(/1234 Extraordinarily[^·]*/)![0].trim();
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBe(38);

    // Escape closes the list; arrow keys and Enter pick.
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Enter');
    await expect(page.getByRole('dialog', { name: `Editing Contact: Finder ${tok}, Fay` })).toBeVisible();
  });

  test('the columns shown are kept: a reload and the bare path keep a hidden column hidden and a shown one shown', async ({ page }) => {
    const tok = uniqueToken();
    await createContact({ lastName: `Columns ${tok}` });
    await openContacts(page);
    const header = (name: string) => page.getByRole('columnheader', { name, exact: true });
    await expect(header('Primary email')).toBeVisible();
    await expect(header('Created')).toHaveCount(0); // hidden until shown

    await page.getByRole('button', { name: 'Columns' }).click();
    const menu = page.getByRole('group', { name: 'Columns shown' });
    await menu.getByRole('checkbox', { name: 'Primary email' }).uncheck();
    await menu.getByRole('checkbox', { name: 'Created' }).check();
    await expect(header('Primary email')).toHaveCount(0);
    await expect(header('Created')).toBeVisible();
    await expect(page).toHaveURL(/[?&]columns=-email%2Ccreated(&|$)/);
    // The name names the row: it cannot be hidden.
    await expect(menu.getByRole('checkbox', { name: 'Name' })).toHaveCount(0);

    await page.reload();
    await expect(header('Created')).toBeVisible();
    await expect(header('Primary email')).toHaveCount(0);

    // Remembered with the list's other preferences; a sort keeps them too.
    await page.goto('/contacts');
    await expect(page).toHaveURL(/columns=-email%2Ccreated/);
    await header('Type').getByRole('link').click();
    await expect(page).toHaveURL(/orderBy=type/);
    await expect(header('Created')).toBeVisible();
    await expect(header('Primary email')).toHaveCount(0);

    // Back to the defaults: nothing about columns in the URL.
    await page.getByRole('button', { name: 'Columns' }).click();
    await menu.getByRole('checkbox', { name: 'Primary email' }).check();
    await menu.getByRole('checkbox', { name: 'Created' }).uncheck();
    await expect(page).not.toHaveURL(/columns=/);
    await expect(header('Created')).toHaveCount(0);
  });

  test('at 360 px the row header and its checkbox stay in view while the other columns scroll', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openContacts(page);
    const row = bodyRows(page).first();
    const box = page.locator('main table').locator('..');
    const left = async () => ({
      name: (await row.getByRole('rowheader').boundingBox())!.x,
      check: (await row.getByRole('checkbox').boundingBox())!.x,
      type: (await row.getByRole('cell').nth(1).boundingBox())!.x,
    });
    const before = await left();
    await box.evaluate((el) => el.scrollBy({ left: 200 }));
    await expect.poll(async () => (await left()).type).toBeLessThan(before.type - 100);
    const after = await left();
    expect(after.name).toBe(before.name);
    expect(after.check).toBe(before.check);
  });

  test('at 360 px the page does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openContacts(page);
    await expect(bodyRows(page)).toHaveCount(10);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
