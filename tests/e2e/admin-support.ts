/** Helpers of the administration specs. */
import { expect, type Page } from '@playwright/test';
import { signIn } from '../support/session';

/** A word no seeded record has: each test searches for its own records. */
export const uniqueWord = (prefix = 'Zq') => `${prefix}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;

/** Signs in and opens a section of /admin. */
export async function openAdmin(page: Page, role: number, query: string) {
  await signIn(page, role, undefined, `/admin?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
}

/** Types into a list's search box until the URL carries the term (typing before hydration is lost). */
export async function search(page: Page, label: string, term: string) {
  const box = page.getByRole('searchbox', { name: label });
  await expect(async () => {
    await box.fill('');
    await box.fill(term);
    await expect(page).toHaveURL(new RegExp(`searchTerm=${encodeURIComponent(term).replace(/%20/g, '(\\+|%20)')}`), { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await loaded(page);
}

/** The list has finished loading. */
export const loaded = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);

/** A list row by the text of its row header. */
export const rowOf = (page: Page, name: string) => page.locator('table tbody tr').filter({ has: page.locator('th', { hasText: name }) });
