/**
 * Before hydration (issue 19): with JavaScript disabled, a list's sort headers, pager and view switch are
 * links that the server answers, and logging out is a form post. (The session comes from a sign-in in a
 * context with JavaScript: the login form itself needs it.)
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from '../support/session';
import { createContact, uniqueToken } from './contacts-support';

/** A context without JavaScript, signed in as `role`. */
async function withoutJs(browser: Browser, role: number): Promise<Page> {
  const signing = await browser.newContext();
  const page = await signing.newPage();
  await signIn(page, role);
  const storageState = await signing.storageState();
  await signing.close();
  return (await browser.newContext({ javaScriptEnabled: false, storageState })).newPage();
}

test('without JavaScript, a list sorts, pages, sizes its pages, searches and switches views', async ({ browser }) => {
  const tok = uniqueToken();
  await createContact({ lastName: `Nojs ${tok}` });
  const page = await withoutJs(browser, 1);
  await page.goto('/contacts');
  const range = page.getByTestId('list-range');
  await expect(range).toHaveText(/^1–10 of [\d,]+ contacts$/);
  const total = Number((await range.textContent())!.replace(/^.* of ([\d,]+) .*$/, '$1').replace(/,/g, ''));
  const name = page.getByRole('columnheader', { name: 'Name' });
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  const firstAscending = await page.getByRole('rowheader').first().textContent();

  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(range).toHaveText(/^11–20 of /);
  await expect(page.getByRole('link', { name: 'Previous page' })).toBeVisible();

  await page.getByRole('link', { name: 'Last page' }).click();
  const last = Math.ceil(total / 10);
  await expect(page.getByTestId('list-page')).toHaveText(`Page ${last.toLocaleString('en-US')} of ${last.toLocaleString('en-US')}`);
  // On the last page, Next and Last lead nowhere.
  await expect(page.getByRole('link', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');

  await name.getByRole('link').click();
  await expect(page).toHaveURL(/direction=desc/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(name).toHaveAttribute('aria-sort', 'descending');
  expect(await page.getByRole('rowheader').first().textContent()).not.toBe(firstAscending);

  // The page size is a GET form too: "Show" (only without JavaScript) submits it, keeping the sort.
  await page.getByLabel('Rows per page').selectOption('25');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/pageSize=25/);
  await expect(page).toHaveURL(/direction=desc/);
  await expect(range).toHaveText(/^1–25 of /);

  // The search box is a GET form that keeps the rest of the list's state.
  await page.getByRole('searchbox', { name: 'Filter the list' }).fill(tok);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`searchTerm=${tok}`));
  await expect(page).toHaveURL(/direction=desc/);
  await expect(range).toHaveText('1–1 of 1 contacts');

  await page.getByRole('link', { name: 'Vendors' }).click();
  await expect(page).toHaveURL(/view=vendors/);
  await expect(range).toHaveText(/vendors$/);
  await page.context().close();
});

test('without JavaScript, the account menu opens and logging out ends the session', async ({ browser }) => {
  const page = await withoutJs(browser, 1);
  await page.goto('/contacts');
  const signedIn = await page.context().storageState();
  await page.locator('header button[aria-haspopup="true"]').click();
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.context().close();
  // The session is over, not only forgotten by this browser: its old cookie is refused too.
  const copy = await (await browser.newContext({ javaScriptEnabled: false, storageState: signedIn })).newPage();
  await copy.goto('/contacts');
  await expect(copy).toHaveURL(/\/login/);
  await copy.context().close();
});
