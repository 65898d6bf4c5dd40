import { expect, test } from '@playwright/test';
import { bodyRows, createUserViaApi, filterList, openUsers, range, rowOf, uniqueToken } from './users-support';

test.describe('users list', () => {
  test('paging, sorting, search and filters live in the URL, survive a reload and fill in the bare path', async ({ page }) => {
    const tok = uniqueToken();
    await createUserViaApi({ lastName: `Alder ${tok}`, role: 15, firm: 7 });
    await createUserViaApi({ lastName: `Birch ${tok}`, role: 16, firm: 7 });
    await createUserViaApi({ lastName: `Cedar ${tok}`, role: 15, firm: 9 });

    await openUsers(page);
    await expect(page).toHaveTitle(/^Users · /);
    await expect(range(page)).toHaveText(/^1–10 of [\d,]+ users$/);
    await expect(bodyRows(page)).toHaveCount(10);
    // The default: newest first (descending by id). Other tests add users at the same time, so the
    // order is checked among this test's users (the search narrows on the server, keeping the sort).
    await filterList(page, tok);
    await expect(page.getByRole('rowheader')).toHaveText([
      new RegExp(`Cedar ${tok}`),
      new RegExp(`Birch ${tok}`),
      new RegExp(`Alder ${tok}`),
    ]);
    await page.getByRole('searchbox', { name: 'Filter the list' }).fill('');
    await expect(page).not.toHaveURL(/searchTerm=/);
    await expect(bodyRows(page)).toHaveCount(10);

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(range(page)).toHaveText(/^11–20 of /);

    const name = page.getByRole('columnheader', { name: 'Name', exact: true });
    await name.getByRole('link').click();
    await expect(page).toHaveURL(/orderBy=name/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(name).toHaveAttribute('aria-sort', 'ascending');

    await filterList(page, tok);
    await expect(range(page)).toHaveText('1–3 of 3 users');
    await expect(page.getByRole('rowheader')).toHaveText([
      new RegExp(`Alder ${tok}`),
      new RegExp(`Birch ${tok}`),
      new RegExp(`Cedar ${tok}`),
    ]);

    // Filters: role, then location; each narrows on the server.
    await page.getByLabel('Role').selectOption({ label: 'Shop (technician)' });
    await expect(page).toHaveURL(/filterBy=15/);
    await expect(range(page)).toHaveText('1–2 of 2 users');
    await page.getByLabel('Location').selectOption('7'); // Queens Auto Body
    await expect(page).toHaveURL(/firm=7/);
    await expect(page.getByRole('rowheader')).toHaveText([new RegExp(`Alder ${tok}`)]);
    await expect(rowOf(page, `Alder ${tok}`)).toContainText('Queens Auto Body');

    // A reload keeps everything; the bare path restores it.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Filter the list' })).toHaveValue(tok);
    await expect(page.getByLabel('Role')).toHaveValue('15');
    await expect(page.getByLabel('Location')).toHaveValue('7');
    await expect(range(page)).toHaveText('1–1 of 1 users');
    await page.goto('/users');
    await expect(page).toHaveURL(/filterBy=15/);
    await expect(page).toHaveURL(/firm=7/);
    await expect(range(page)).toHaveText('1–1 of 1 users');

    // "Add user" with a location chosen adds the user there.
    await page.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByRole('dialog', { name: 'Adding User to Queens Auto Body' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('bulk delete asks first, then removes the checked users; deactivate and activate; one’s own row cannot be checked', async ({
    page,
  }) => {
    const tok = uniqueToken();
    const a = await createUserViaApi({ lastName: `Gone ${tok}` });
    const b = await createUserViaApi({ lastName: `Away ${tok}` });
    const c = await createUserViaApi({ lastName: `Stays ${tok}` });

    await openUsers(page, tok);
    await expect(range(page)).toHaveText('1–3 of 3 users');
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await expect(remove).toBeDisabled();
    await rowOf(page, a.fileAs).getByRole('checkbox').check();
    await rowOf(page, b.fileAs).getByRole('checkbox').check();
    await expect(page.getByText('2 checked')).toBeVisible();

    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText('Are you sure you wish to Delete this User(s)?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(range(page)).toHaveText('1–3 of 3 users');

    await remove.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('2 users deleted.')).toBeVisible();
    await expect(range(page)).toHaveText('1–1 of 1 users');
    await expect(page.getByRole('rowheader')).toHaveText([new RegExp(c.fileAs)]);

    // Deactivate (confirmed: they are signed out) and activate again.
    await rowOf(page, c.fileAs).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    const deactivate = page.getByRole('dialog', { name: 'Deactivate users' });
    await expect(deactivate).toContainText(`Deactivate ${c.fileAs}? They are signed out at once.`);
    await deactivate.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('1 user deactivated.')).toBeVisible();
    await expect(rowOf(page, c.fileAs).getByRole('cell').nth(4)).toHaveText('Yes');
    await rowOf(page, c.fileAs).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(page.getByText('1 user activated.')).toBeVisible();
    await expect(rowOf(page, c.fileAs).getByRole('cell').nth(4)).toHaveText('No');

    // The signed-in user's own row: never checkable, so never deleted or deactivated.
    await filterList(page, 'role1@example.com');
    await expect(rowOf(page, 'Adams, Avery').getByRole('checkbox')).toBeDisabled();
    await expect(rowOf(page, 'Adams, Avery')).toContainText('You');
  });
});
