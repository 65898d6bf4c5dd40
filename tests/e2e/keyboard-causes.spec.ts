/**
 * Keyboard and screen-reader findings fixed in the shared parts (docs/shell.md#keyboard-and-screen-reader):
 * a confirmation opens on Cancel with its question as the description; a button busy with its call keeps the
 * focus; the sticky top bar never covers the focused control; the account menu's button has one name; each
 * inspection has its own title; the CCC preview passes axe.
 */
import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { axeViolations, newInspection } from './adas-support';

test('a confirmation opens on Cancel and says its question; a busy button keeps the focus; each inspection is titled', async ({ page }) => {
  test.setTimeout(90_000);
  const { id } = await newInspection(`RO-KBD-${Date.now() % 1_000_000}`);
  await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
  await waitForHydration(page, 'main select');
  await expect(page).toHaveTitle(new RegExp(`^Inspection #${id} `));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Inspection #${id}`);

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(dialog).toHaveAccessibleDescription(/Are you sure you wish to Delete this Inspection/);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // "Save inspection" while its call runs: aria-disabled, and the focus stays on it.
  await page.getByLabel('Notes', { exact: true }).fill('Checked by keyboard');
  const save = page.getByRole('button', { name: /Save inspection|Saving…/ });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The inspection was saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save inspection' })).toBeFocused();
});

test('the sticky top bar never covers the focused control; the account menu has one name at every width', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 600 });
  const { id } = await newInspection(`RO-KBD2-${Date.now() % 1_000_000}`);
  await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
  await waitForHydration(page, 'main select');
  await expect(page.getByRole('button', { name: /^Account menu for \S+ \S+/ })).toBeVisible();
  // Scrolled past the inspection's fields, then back to the first one by keyboard focus: it lands below the bar.
  await page.mouse.wheel(0, 2000);
  await page.getByLabel('Inspection type').focus();
  const bar = (await page.locator('header').first().boundingBox())!;
  const field = (await page.getByLabel('Inspection type').boundingBox())!;
  expect(field.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(page.getByRole('button', { name: /^Account menu for \S+ \S+/ })).toBeVisible();
});
