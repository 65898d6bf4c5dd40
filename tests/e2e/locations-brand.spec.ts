/** A brand change on a location shows in the top bar of that location's users on their next page. */
import { expect, test } from '@playwright/test';
import { PNG_1PX } from '../../testkit/images';
import { signIn } from '../support/session';
import { clickUntil } from '../support/shell';
import { uniqueToken } from './contacts-support';

test('a new title and an uploaded logo for Oakland Auto Glass show in its user’s top bar', async ({ page, browser }) => {
  const title = `Oakland ${uniqueToken()} Glass`;
  await signIn(page, 1, undefined, '/locations?searchTerm=oakland');
  const dialog = page.getByRole('dialog', { name: 'Editing Location: Oakland Auto Glass' });
  // The list may still be hydrating (its scripts come after the first paint): click until the dialog opens.
  await clickUntil(page.getByRole('button', { name: 'Oakland Auto Glass', exact: true }), dialog);
  await dialog.getByRole('tab', { name: 'Preferences' }).click();
  const titleBox = dialog.getByLabel('Title', { exact: true });
  await expect(titleBox).toHaveValue('Oakland Auto Glass');
  await titleBox.fill(title);

  await dialog.getByRole('button', { name: 'Upload an image' }).first().click();
  await dialog.getByTestId('upload-Logo image').setInputFiles({ name: 'oakland.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(dialog.getByRole('list', { name: 'Logo image: uploaded images' })).toBeVisible();
  await expect(dialog.getByLabel('Logo', { exact: true })).toHaveValue(/^file\/image\?firm=9&name=/);

  const saved = page.waitForResponse((r) => r.url().includes('firm/saveFirmPreference'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog.getByText('Preferences saved.')).toBeVisible();

  // Role 17 signs in at Oakland Auto Glass (firm 9).
  const other = await browser.newContext();
  const user = await other.newPage();
  await signIn(user, 17);
  await expect(user.getByTestId('brand-title')).toHaveText(title);
  await expect(user.getByTestId('brand-logo')).toHaveAttribute('src', /\/api\/bff\/file\/image\?firm=9&name=/);
  expect(await user.getByTestId('brand-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await other.close();
});
