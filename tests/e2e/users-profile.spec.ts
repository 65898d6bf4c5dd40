import { writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser } from '../support/fixtures';
import { EXE_AS_PNG, PNG_1PX, bigPng } from '../../testkit/images';
import { signIn } from '../support/session';
import { chooseFromAccountMenu } from '../support/shell';
import { NEW_PASSWORD, createUserViaApi, filterList, openUser, openUsers, rowOf, uniqueToken } from './users-support';

/** Serious and critical axe violations of what is on screen. */
async function violations(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The profile dialog whatever its title says now (it changes as names are saved). */
const profileDialog = (page: Page) => page.getByRole('dialog', { name: /^(Adding User|Editing User: |User Profile for )/ });

test.describe('user profile dialog', () => {
  test('adding a user: the save alert, a taken username, verify → Add New User → tabs; role 1 stored as 2; the new user signs in with the password given', async ({
    page,
  }) => {
    test.slow(); // two sign-ins and a dozen saves
    const tok = uniqueToken();
    const username = `nia.${tok.toLowerCase()}@example.com`;
    await openUsers(page);
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adding User' });
    await expect(dialog.getByRole('tab')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Change Password' })).toHaveCount(0);
    await expect(dialog.getByLabel('Time Zone')).toHaveValue('12');
    await expect(dialog.getByLabel('Language')).toHaveValue('1');

    // Save with fields missing: one alert in the page, the lines that apply.
    await dialog.getByLabel('Time Zone').selectOption('');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'Please supply fill all fields.' });
    await expect(alert.locator('li')).toHaveText([
      'Please supply a First Name.',
      'Please supply a Last Name.',
      'Please supply a Timezone.',
      'Please supply a Role.',
    ]);
    // Each line is also its field's own error: invalid, and described by it (the language was chosen).
    for (const [label, line] of [
      ['First Name', 'Please supply a First Name.'],
      ['Last Name', 'Please supply a Last Name.'],
      ['Time Zone', 'Please supply a Timezone.'],
      ['User Role', 'Please supply a Role.'],
    ] as const) {
      await expect(dialog.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByLabel(label, { exact: true })).toHaveAccessibleDescription(line);
    }
    await expect(dialog.getByLabel('Language', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Language', { exact: true }).selectOption('');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByLabel('Language', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Language', { exact: true })).toHaveAccessibleDescription('Please supply a Language.');
    await dialog.getByLabel('Language', { exact: true }).selectOption('1');
    await expect(dialog.getByLabel('Language', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('First Name').fill('Nia');
    await dialog.getByLabel('Last Name').fill(`Ortiz ${tok}`);
    await dialog.getByLabel('Time Zone').selectOption('3');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(alert.locator('li')).toHaveText(['Please supply a Role.']);

    // A taken username, then a free one: only then Add New User appears.
    const name = dialog.getByLabel('Username (email address)');
    await name.fill('role3@example.com');
    await name.press('Tab');
    await expect(dialog.getByRole('alert').filter({ hasText: 'Username already exists, please try another.' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add New User' })).toHaveCount(0);
    await name.fill(username);
    await name.press('Tab');
    await expect(dialog.getByText('This username is free.')).toBeVisible();
    const add = dialog.getByRole('button', { name: 'Add New User' });
    await expect(add).toBeVisible();

    // Role 1 chosen is stored as 2.
    await dialog.getByLabel('User Role').selectOption('1');
    await expect(dialog.getByLabel('User Role')).toHaveValue('2');

    // The password rule, shown on leaving the pair.
    await dialog.getByLabel('Password', { exact: true }).fill('weakpass');
    await dialog.getByLabel('Password again').fill('weakpass');
    await dialog.getByLabel('Labor Rate per Hour').focus();
    await expect(dialog.getByRole('alert').filter({ hasText: "Password doesn't meet minimum strength" })).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Password again').fill(NEW_PASSWORD);

    await dialog.getByLabel('Labor Rate per Hour').fill('abc');
    await add.click();
    await expect(dialog.getByText('Labor rate must be a number.')).toBeVisible();
    await expect(dialog.getByLabel('First Name')).toHaveValue('Nia');
    await dialog.getByLabel('Labor Rate per Hour').fill('97.25');
    await add.click();

    // Saved and reloaded: the editing title, the tabs, the stored role.
    const editing = page.getByRole('dialog', { name: `Editing User: Nia Ortiz ${tok}` });
    await expect(editing.getByRole('tab', { name: 'Contact Info' })).toBeVisible();
    await expect(editing.getByRole('tab', { name: 'Locations' })).toBeVisible();
    await expect(editing.getByText('User added.', { exact: false })).toBeVisible();
    await expect(editing.getByLabel('User Role')).toHaveValue('2');
    await expect(editing.getByLabel('Labor Rate per Hour')).toHaveValue('97.25');
    await expect(editing.getByTestId('sublist-email')).toContainText(username);
    expect(await violations(page)).toEqual([]);
    await editing.getByRole('button', { name: 'Cancel' }).click();
    await filterList(page, tok);
    await expect(rowOf(page, `Ortiz ${tok}, Nia`)).toContainText('Administrator');

    // The new user signs in with the password given.
    await chooseFromAccountMenu(page, 'Avery Adams', 'Log out');
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, username, NEW_PASSWORD);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Welcome, Nia Ortiz ${tok}`);
  });

  test('editing: the username saved inline, Save in the danger style while unsaved and asking before closing, the Locations tab’s primary rule', async ({
    page,
  }) => {
    const tok = uniqueToken();
    const u = await createUserViaApi({ lastName: `Edit ${tok}`, firm: 7 });
    await openUsers(page, tok);
    await openUser(page, u);
    const dialog = profileDialog(page);

    const saveName = dialog.getByRole('button', { name: 'Save username' });
    await expect(saveName).toBeDisabled();
    const renamed = `renamed.${tok.toLowerCase()}@example.com`;
    await dialog.getByLabel('Username (email address)').fill(renamed);
    await saveName.click();
    await expect(dialog.getByText('Username saved.')).toBeVisible();
    await expect(rowOf(page, u.fileAs)).toContainText(renamed);

    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await expect(save).not.toHaveClass(/\bbtn-danger\b/);
    await dialog.getByLabel('First Name').fill('Robyn');
    await expect(dialog.getByText('Unsaved changes')).toBeVisible();
    await expect(save).toHaveClass(/\bbtn-danger\b/);
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(ask).toContainText('You have unsaved changes. Close without saving them?');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByLabel('First Name')).toHaveValue('Robyn');
    await save.click();
    await expect(page.getByRole('dialog', { name: `Editing User: Robyn Edit ${tok}` }).getByText('Saved.', { exact: true })).toBeVisible();
    await expect(save).not.toHaveClass(/\bbtn-danger\b/);

    // Locations: a Primary box only for a checked location, exactly one primary.
    await dialog.getByRole('tab', { name: 'Locations' }).click();
    const locations = dialog.getByTestId('user-locations');
    await expect(locations).toContainText('Select those locations this user will have access to.');
    expect(await violations(page)).toEqual([]);
    const location = (name: string) => locations.getByRole('checkbox', { name: new RegExp(`^${name}`) });
    const primary = (name: string) => locations.getByRole('checkbox', { name: `Primary location: ${name}` });
    await expect(location('Queens Auto Body')).toBeChecked();
    await expect(primary('Queens Auto Body')).toBeChecked();
    await expect(primary('Oakland Auto Glass')).toBeDisabled();
    await location('Oakland Auto Glass').check();
    await primary('Oakland Auto Glass').check();
    await expect(primary('Queens Auto Body')).not.toBeChecked();
    await location('Oakland Auto Glass').uncheck();
    await expect(primary('Oakland Auto Glass')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Save Locations' }).click();
    await expect(locations.getByRole('alert')).toHaveText('Exactly one location must be primary.');
    await location('Oakland Auto Glass').check();
    await primary('Oakland Auto Glass').check();
    await dialog.getByRole('button', { name: 'Save Locations' }).click();
    await expect(locations.getByText('Locations saved.')).toBeVisible();
    await expect(rowOf(page, `Edit ${tok}, Robyn`)).toContainText('Oakland Auto Glass');
    // Closing without unsaved changes does not ask.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("one's own profile from the account menu: Contact Info add, edit, set primary and delete; no admin fields or Locations tab for a shop user", async ({
    page,
  }) => {
    const tok = uniqueToken();
    const me = await createUser({ role: 15, firm: 7, firstName: 'Casey', lastName: `Self ${tok}` });
    await signIn(page, me.username);
    await chooseFromAccountMenu(page, `Casey Self ${tok}`, 'Profile');
    const dialog = page.getByRole('dialog', { name: `User Profile for Casey Self ${tok}` });
    await expect(dialog.getByRole('tab', { name: 'Contact Info' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Locations' })).toHaveCount(0);
    for (const label of ['Contact Type', 'User Role', 'Time Zone', 'Labor Rate per Hour'])
      await expect(dialog.getByLabel(label)).toHaveCount(0);
    await expect(dialog.getByTestId('profile-summary')).toContainText('Queens Auto Body');

    const phones = page.getByTestId('sublist-phone');
    const item = (list: Locator, text: string) => list.locator('li', { hasText: text });
    const addPhone = async (number: string) => {
      await phones.getByRole('button', { name: 'Add Phone' }).click();
      const d = page.getByRole('dialog', { name: 'Adding Phone' });
      await expect(d.getByTestId('contact-summary')).toContainText(`Casey Self ${tok}`);
      await d.getByLabel('Phone Type').selectOption({ label: 'Mobile' });
      await d.getByLabel('Phone #').fill(number);
      await d.getByRole('button', { name: 'Save' }).click();
      await expect(d).toHaveCount(0);
    };
    await addPhone('5552013344');
    await expect(item(phones, '(555) 201-3344')).toContainText('(primary)');
    // A new phone becomes primary.
    await addPhone('5552015566');
    await expect(item(phones, '(555) 201-5566')).toContainText('(primary)');
    await expect(item(phones, '(555) 201-3344')).not.toContainText('(primary)');
    // Set as Primary appears once a row is checked.
    await expect(phones.getByRole('button', { name: 'Set as Primary' })).toHaveCount(0);
    await item(phones, '(555) 201-3344').getByRole('checkbox').check();
    await phones.getByRole('button', { name: 'Set as Primary' }).click();
    await expect(item(phones, '(555) 201-3344')).toContainText('(primary)');
    // Edit in place.
    await item(phones, '(555) 201-5566').getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Editing Phone' });
    await edit.getByLabel('Phone #').fill('5552017788');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(item(phones, '(555) 201-7788')).toBeVisible();
    // Delete, confirmed first.
    await item(phones, '(555) 201-7788').getByRole('checkbox').check();
    await phones.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText('Are you sure you wish to Delete this Phone?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(item(phones, '(555) 201-7788')).toHaveCount(0);
    await expect(phones.locator('li')).toHaveCount(1);

    // An address, and its delete confirmation.
    const addresses = page.getByTestId('sublist-address');
    await addresses.getByRole('button', { name: 'Add Address' }).click();
    const address = page.getByRole('dialog', { name: 'Adding Address' });
    await address.getByLabel('Address Type').selectOption({ index: 1 });
    await address.getByLabel('Street Address').fill('12 Depot Road');
    await address.getByLabel('City').fill('Queens');
    await address.getByLabel('Country').selectOption({ label: 'United States' });
    await address.getByLabel('State').selectOption({ label: 'New York' });
    await address.getByLabel('Postal Code').fill('11354');
    await address.getByRole('button', { name: 'Save' }).click();
    await expect(item(addresses, '12 Depot Road')).toContainText('(primary)');
    await item(addresses, '12 Depot Road').getByRole('checkbox').check();
    await addresses.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toContainText('Are you sure you wish to Delete this Address?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(addresses.getByText('None yet.')).toBeVisible();
  });

  test('the photo: the uploader’s saving, success and failure states with real files; Save keeps the photo', async ({ page }) => {
    const tok = uniqueToken();
    const me = await createUser({ role: 9, firm: 3, firstName: 'Pia', lastName: `Photo ${tok}` });
    await signIn(page, me.username);
    await chooseFromAccountMenu(page, `Pia Photo ${tok}`, 'Profile');
    const dialog = page.getByRole('dialog', { name: `User Profile for Pia Photo ${tok}` });
    const input = dialog.getByTestId('upload-Photo');

    // Saving: held until seen, then let through.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/bff/file/upload*', async (route) => {
      await held;
      await route.continue();
    });
    await input.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(dialog.getByText('Uploading 1 image...')).toBeVisible();
    release();
    await expect(dialog.getByRole('button', { name: 'Upload again' })).toBeVisible();
    const thumb = dialog.getByRole('img', { name: 'Photo: uploaded image 1' });
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.unroute('**/api/bff/file/upload*');

    await expect(dialog.getByText('Unsaved changes')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('Saved.', { exact: true })).toBeVisible();
    const photo = dialog.getByRole('img', { name: `Photo of Pia Photo ${tok}` });
    await expect(photo).toHaveAttribute('src', /^\/api\/bff\/file\/image\?firm=3&name=/);

    // Failed: an executable renamed .png is refused by its content, with the server's text; Try again resets.
    await dialog.getByRole('button', { name: 'Upload again' }).click();
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: EXE_AS_PNG });
    await expect(dialog.getByText('Upload failed.')).toBeVisible();
    await expect(dialog.getByText(/photo\.png is not a PNG or JPEG image/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    // A 50 MB image: refused before sending, with its reason (from a file: Playwright passes no buffer that big).
    const huge = test.info().outputPath('huge.png');
    await writeFile(huge, bigPng(50));
    await input.setInputFiles(huge);
    await expect(dialog.getByText('huge.png is larger than 5 MB.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(input).toBeAttached();

    // The saved photo is there when the profile opens again.
    await page.keyboard.press('Escape');
    await chooseFromAccountMenu(page, `Pia Photo ${tok}`, 'Profile');
    await expect(
      page.getByRole('dialog', { name: `User Profile for Pia Photo ${tok}` }).getByRole('img', { name: `Photo of Pia Photo ${tok}` }),
    ).toBeVisible();
  });
});
