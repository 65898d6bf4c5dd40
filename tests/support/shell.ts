/** Driving the shell from tests: the top bar's account menu, and clicks that wait for hydration. */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the account menu (its button is labelled with the user's name) and chooses an item. Clicks until
 * the menu is open: a click that lands before the page has hydrated does nothing.
 */
export async function chooseFromAccountMenu(page: Page, userName: string | RegExp, item: 'Profile' | 'Change password' | 'Log out') {
  const button = page.locator('header button[aria-haspopup="true"]').filter({ hasText: userName });
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: item, exact: true }).click();
}

/** Waits until React has hydrated the element (its event handlers are attached). */
export async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber') || k.startsWith('__reactProps'));
    },
    selector,
    { timeout: 15_000 },
  );
}

/** Clicks until `then` is visible: a click that lands before the page has hydrated does nothing. */
export async function clickUntil(button: Locator, then: Locator) {
  await expect(async () => {
    await button.click();
    await expect(then).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}
