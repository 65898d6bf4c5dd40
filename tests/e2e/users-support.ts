/** Set-up helpers of the users specs: each test makes its own users (a unique token in the last name). */
import { expect, type Page } from '@playwright/test';
import { hostCall, hostToken } from '../support/api';
import { signIn } from '../support/session';
import { filterList, uniqueToken } from './contacts-support';

export { bodyRows, filterList, range, rowOf, uniqueToken } from './contacts-support';

export const NEW_PASSWORD = 'Fresh#Start2026';

let token: string | null = null;
async function adminToken(): Promise<string> {
  token ??= await hostToken(1);
  return token;
}

export interface MadeUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  /** "Last, First", as the list shows it. */
  fileAs: string;
}

/** A user saved through user/saveUser as role 1 (password NEW_PASSWORD). */
export async function createUserViaApi(u: { lastName: string; firstName?: string; role?: number; firm?: number }): Promise<MadeUser> {
  const firstName = u.firstName ?? 'Robin';
  const username = `${firstName}.${u.lastName}.${uniqueToken('u')}@example.com`.toLowerCase().replace(/\s+/g, '');
  const res = await hostCall<{ id: number }>(await adminToken(), 'POST', 'api/user/saveUser', {
    user: -1,
    contact: -1,
    firm: u.firm ?? 7,
    contactType: 1,
    username,
    firstName,
    lastName: u.lastName,
    password: NEW_PASSWORD,
    role: u.role ?? 15,
    laborRate: 88,
    timezone: 12,
    language: 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.id, username, firstName, lastName: u.lastName, fileAs: `${u.lastName}, ${firstName}` };
}

/** Signs in as role 1 and opens /users filtered by `term` (when given). */
export async function openUsers(page: Page, term?: string) {
  await signIn(page, 1, undefined, '/users');
  await expect(page).toHaveURL(/\/users/);
  if (term) await filterList(page, term);
}

/** Opens a listed user's profile dialog. */
export async function openUser(page: Page, u: MadeUser) {
  await page.getByRole('button', { name: u.fileAs, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Editing User: ${u.firstName} ${u.lastName}` });
  await expect(dialog).toBeVisible();
  return dialog;
}
