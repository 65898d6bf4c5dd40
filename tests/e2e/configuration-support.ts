/** Helpers of the configuration specs: open a section as role 1, click once the page has hydrated, set up records on the host. */
import { expect, type Locator, type Page } from '@playwright/test';
import { hostCall, hostToken } from '../support/api';
import { signIn } from '../support/session';

export { range, rowOf, uniqueToken } from './contacts-support';

let token: string | null = null;
export async function adminToken(): Promise<string> {
  token ??= await hostToken(1);
  return token;
}

/** A call to the reference host as role 1 that must succeed. */
export async function host<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await hostCall<T>(await adminToken(), method, `api/${path}`, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** Signs in as role 1 and opens a section of /configuration. */
export async function openSection(page: Page, section: string, query = '') {
  const path = `/configuration?section=${section}${query}`;
  await signIn(page, 1, undefined, path);
  await expect(page.getByRole('heading', { level: 1, name: 'Configuration Settings' })).toBeVisible();
}

/** Adds chips by typing each and pressing Enter. */
export async function addChips(box: Locator, values: readonly string[]) {
  for (const v of values) {
    await box.fill(v);
    await box.press('Enter');
  }
}

/** Waits until the list has finished loading after a navigation. */
export async function settled(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
}
