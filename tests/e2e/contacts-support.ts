/** Set-up helpers of the contacts specs: each test makes its own contacts (a unique token in the name). */
import { expect, type Page } from '@playwright/test';
import { hostCall, hostToken } from '../support/api';
import { signIn } from '../support/session';

/** A word no seeded contact has: tests search for it to see only their own contacts. */
export const uniqueToken = (prefix = 'Zq') => `${prefix}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;

let token: string | null = null;
export async function adminToken(): Promise<string> {
  token ??= await hostToken(1);
  return token;
}

export interface NewContact {
  lastName: string;
  firstName?: string;
  contactType?: number;
  isCompany?: boolean;
  companyName?: string;
  isVendor?: boolean;
}

export async function createContact(c: NewContact): Promise<number> {
  const res = await hostCall<{ id: number }>(await adminToken(), 'POST', 'api/contact/saveContact', {
    contact: -1,
    contactType: c.contactType ?? 2,
    language: 1,
    timezone: 12,
    firstName: c.firstName ?? '',
    lastName: c.lastName,
    isCompany: c.isCompany ?? false,
    companyName: c.companyName ?? '',
    isVendor: c.isVendor ?? false,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

export async function addPhone(contact: number, phoneNo: string): Promise<number> {
  const res = await hostCall<{ id: number }>(await adminToken(), 'POST', 'api/contact/savePhone', {
    contactPhone: -1,
    contact,
    phoneType: 1,
    phoneNo,
    extension: '',
    phoneNote: '',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

export async function addEmail(contact: number, emailAddress: string): Promise<number> {
  const res = await hostCall<{ id: number }>(await adminToken(), 'POST', 'api/contact/saveEmail', {
    contactEmail: -1,
    contact,
    emailType: 1,
    emailAddress,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

export async function addAddress(contact: number, addressLines: string): Promise<number> {
  const res = await hostCall<{ id: number }>(await adminToken(), 'POST', 'api/contact/saveAddress', {
    contactAddress: -1,
    contact,
    addressType: 1,
    addressLines,
    city: 'Springfield',
    stateProvince: 14,
    postalCode: '62704',
    country: 1,
    addressNote: '',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** Signs in as role 1 and opens /contacts filtered by `term` (when given). */
export async function openContacts(page: Page, term?: string) {
  await signIn(page, 1, undefined, '/contacts');
  await expect(page).toHaveURL(/\/contacts/);
  if (term) await filterList(page, term);
}

export async function filterList(page: Page, term: string) {
  // Typing before the page has hydrated is lost on a busy machine: type again until the URL follows.
  // Clearing first matters: React ignores an input event whose value equals the one it saw at hydration.
  const box = page.getByRole('searchbox', { name: 'Filter the list' });
  await expect(async () => {
    await box.fill('');
    await box.fill(term);
    await expect(page).toHaveURL(new RegExp(`searchTerm=${encodeURIComponent(term)}`), { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
}

export const range = (page: Page) => page.getByTestId('list-range');
export const bodyRows = (page: Page) => page.getByRole('table').locator('tbody tr');
/**
 * A list row by its name. CSS, not roles: while a dialog is open the page behind it is aria-hidden
 * (Radix), and the row is still checked there (a new primary phone updates it behind the editor).
 */
export const rowOf = (page: Page, name: string) => page.locator('table tbody tr').filter({ has: page.locator('th', { hasText: name }) });

/** Opens the editor of a listed contact and its Contact Info tab. */
export async function openEditor(page: Page, fileAs: string) {
  await page.getByRole('button', { name: fileAs, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Editing Contact: ${fileAs}` });
  await expect(dialog).toBeVisible();
  return dialog;
}
