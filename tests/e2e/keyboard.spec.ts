/**
 * Keyboard only: sign in with Tab, typing and Enter; open a dialog from the top bar's user menu with the
 * keyboard; focus stays inside it; Escape closes it and focus returns to the control that opened it.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, userOf } from '../../testkit/env';
import { waitForHydration } from '../support/shell';

/** Presses Tab until the focused element matches, at most `max` times; fails with what had focus. */
async function tabTo(page: Page, matches: string, max = 40): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, matches);
    if (hit) return;
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"` : 'none';
      }),
    );
  }
  throw new Error(`Tab never reached ${matches}; focus went through: ${seen.join(', ')}`);
}

const focusedInside = (page: Page, selector: string) => page.evaluate((sel) => !!document.activeElement?.closest(sel), selector);

test('sign in with the keyboard, open a dialog from the user menu, close it with Escape, focus returns', async ({ page }) => {
  await page.goto('/login');
  await waitForHydration(page, 'form');
  await tabTo(page, 'input[autocomplete="username"]');
  await page.keyboard.type(userOf(1));
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('password');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  await waitForHydration(page, 'header button[aria-haspopup="true"]');

  // The skip link comes first and leads to the main content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();

  // The user menu, from the keyboard.
  await tabTo(page, 'header button[aria-haspopup="true"]');
  const opener = page.locator('header button[aria-haspopup="true"]');
  await page.keyboard.press('Enter');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, 'header button:not([aria-haspopup])', 5);
  await expect(page.locator(':focus')).toHaveText('Profile');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('Change password');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  expect(await focusedInside(page, '[role="dialog"]')).toBe(true);
  // Focus is trapped: Tab and Shift+Tab cycle inside the dialog.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await focusedInside(page, '[role="dialog"]'), `after ${i + 1} presses`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The same for the profile dialog, opened with Space this time.
  await page.keyboard.press('Space');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('Profile');
  await page.keyboard.press('Space');
  const profile = page.getByRole('dialog');
  await expect(profile).toContainText('role1@example.com');
  expect(await focusedInside(page, '[role="dialog"]')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(profile).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Escape also closes the menu itself and gives focus back to its button.
  await page.keyboard.press('Enter');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await expect(opener).toBeFocused();
});
