/** Storage: a location's account and bucket, then upload, list, download and remove a file. */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';
import { range } from './contacts-support';

test('create storage for San Jose, upload a file, find it, download it and remove it', async ({ page }) => {
  await signIn(page, 1, undefined, '/storage');
  await expect(page).toHaveTitle(/^Storage · /);
  await expect(page.getByRole('columnheader', { name: 'Id' })).toHaveCount(0);
  await expect(page.getByRole('rowheader').first()).toHaveText('apex-onboarding.txt');

  await page.getByRole('combobox', { name: 'Choose a location' }).fill('San Jose');
  await page.getByRole('option', { name: /San Jose Collision Center/ }).click();
  await expect(page).toHaveURL(/filterBy=10/);
  const panel = page.getByRole('region', { name: 'Storage of San Jose Collision Center' });
  await expect(panel.getByText('San Jose Collision Center has no storage account yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Create storage' }).click();
  await panel.getByRole('button', { name: 'Create bucket' }).click();

  const content = 'Radar target at 1.2 m, 0° yaw\n';
  await panel
    .getByTestId('upload-Upload files to San Jose Collision Center')
    .setInputFiles({ name: 'radar-setup.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
  await expect(panel.getByText('Uploaded: radar-setup.txt')).toBeVisible();
  await expect(range(page)).toHaveText('1–1 of 1 files');
  await expect(page.getByRole('rowheader')).toHaveText(['radar-setup.txt']);
  await expect(panel.getByText(/^1 file, 3\d B of 500 MB$/)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download radar-setup.txt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('radar-setup.txt');
  expect(await readFile((await file.path())!, 'utf8')).toBe(content);

  // A file whose content is not a type storage takes is refused with a clear message.
  await panel.getByRole('button', { name: 'Upload again' }).click();
  await panel
    .getByTestId('upload-Upload files to San Jose Collision Center')
    .setInputFiles({ name: 'evil.exe.txt', mimeType: 'text/plain', buffer: Buffer.from([0x4d, 0x5a, 0, 0]) });
  await expect(panel.getByRole('alert')).toContainText('Upload failed.');
  await expect(panel.getByRole('alert')).toContainText('is not a file type storage accepts');

  await page.getByRole('button', { name: 'Remove radar-setup.txt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove file' });
  await expect(confirm).toContainText('Are you sure you wish to Delete this File (radar-setup.txt)?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('radar-setup.txt was removed.')).toBeVisible();
  await expect(page.getByText('San Jose Collision Center has no files yet.')).toBeVisible();
});
