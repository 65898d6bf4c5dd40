/**
 * Administration → Lookups (issue 15): a value added there is offered by the contact editor on its next
 * load; deleting it (which makes it inactive) takes it away again; a group renamed to another group's
 * name is refused with the reason.
 */
import { expect, test, type Page } from '@playwright/test';
import { clickUntil } from '../support/shell';
import { openAdmin, uniqueWord } from './admin-support';

async function salutationChoices(page: Page): Promise<string[]> {
  await page.goto('/contacts');
  const editor = page.getByRole('dialog', { name: 'Adding Contact' });
  await clickUntil(page.getByRole('button', { name: 'Add contact' }), editor);
  const select = editor.getByLabel('Salutation');
  // The choices arrive with the lookups: wait for a seeded one.
  await expect(select.locator('option', { hasText: 'Dr.' })).toHaveCount(1);
  return select.locator('option').allTextContents();
}

test('a lookup value added in Administration appears in the contact editor; deleting it hides it', async ({ page }) => {
  test.slow(); // five page loads and two dialogs in two screens
  const value = `Capt. ${uniqueWord()}`;
  await openAdmin(page, 1, 'section=lookups&group=Salutation');
  await expect(page.getByRole('heading', { name: /Salutations/ })).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Add a value to Salutations' });
  await clickUntil(page.getByRole('button', { name: 'Add value' }), dialog);
  await dialog.getByLabel('Value').fill('x'.repeat(150));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('At most 100 characters')).toBeVisible();
  await dialog.getByLabel('Value').fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('rowheader', { name: value })).toBeVisible();

  expect(await salutationChoices(page)).toContain(value);

  await page.goto('/admin?section=lookups&group=Salutation');
  const confirm = page.getByRole('dialog', { name: `Delete ${value}` });
  await clickUntil(page.getByRole('button', { name: `Delete ${value}` }), confirm);
  await expect(confirm.getByText('Are you sure you wish to Delete this Value?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${value} deleted (inactive).` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Reactivate ${value}` })).toBeVisible();

  expect(await salutationChoices(page)).not.toContain(value);
});

test('a protected value cannot be deleted, and a group cannot take another group’s name', async ({ page }) => {
  await openAdmin(page, 2, 'section=lookups&group=TimeZone');
  const confirm = page.getByRole('dialog', { name: 'Delete Eastern Standard Time' });
  await clickUntil(page.getByRole('button', { name: 'Delete Eastern Standard Time' }), confirm);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Eastern Standard Time is the time zone new users start with and cannot be deleted.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  const rename = page.getByRole('dialog', { name: 'Rename Time zones' });
  await clickUntil(page.getByRole('button', { name: 'Rename group' }), rename);
  await rename.getByLabel('Group name').fill('languages');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.getByRole('alert')).toHaveText('Another group is already named “Languages”.');
  await expect(rename.getByLabel('Group name')).toHaveValue('languages');
});

/** The choices of /contacts' Type filter, rendered on the server (from the instance's lookup cache while its settings notices arrive). */
async function contactTypeChoices(page: Page): Promise<string[]> {
  await page.goto('/contacts');
  const select = page.getByLabel('Type', { exact: true });
  await expect(select.locator('option', { hasText: 'All types' })).toHaveCount(1);
  return select.locator('option').allTextContents();
}

test('a contact type added in Administration is offered by the contacts list’s Type filter on its next render; deleting it takes it away', async ({
  page,
}) => {
  test.slow(); // six page loads and two dialogs in two screens
  const value = `Type ${uniqueWord()}`;
  await openAdmin(page, 1, 'section=lookups&group=ContactType');
  // The list has rendered its filter once (the instance keeps the group) before the value is added.
  expect(await contactTypeChoices(page)).not.toContain(value);

  await page.goto('/admin?section=lookups&group=ContactType');
  await expect(page.getByRole('heading', { name: /Contact types/ })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Add a value to Contact types' });
  await clickUntil(page.getByRole('button', { name: 'Add value' }), dialog);
  await dialog.getByLabel('Value').fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await contactTypeChoices(page)).toContain(value);

  await page.goto('/admin?section=lookups&group=ContactType');
  const confirm = page.getByRole('dialog', { name: `Delete ${value}` });
  await clickUntil(page.getByRole('button', { name: `Delete ${value}` }), confirm);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${value} deleted (inactive).` })).toBeVisible();
  expect(await contactTypeChoices(page)).not.toContain(value);
});
