/** The locations screen: list state in the URL, the network tree by keyboard, adding and editing a shop. */
import { expect, test, type Page } from '@playwright/test';
import { bodyRows, filterList, range, uniqueToken } from './contacts-support';
import { signIn } from '../support/session';
import { clickUntil } from '../support/shell';

const tree = (page: Page) => page.getByRole('tree', { name: 'Network of locations' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name: new RegExp(`^${name} `) });

test('list: search, type filter, sort and page size live in the URL, survive a reload and fill in the bare path', async ({ page }) => {
  await signIn(page, 1, undefined, '/locations');
  await expect(page).toHaveTitle(/^Locations · /);
  await expect(range(page)).toHaveText(/^1–10 of \d+ locations$/);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

  // A choice made before the page has hydrated is lost: choose until the URL follows.
  await expect(async () => {
    await page.getByLabel('Type').selectOption('all');
    await page.getByLabel('Type').selectOption('shop');
    await expect(page).toHaveURL(/type=shop/, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await filterList(page, 'glass');
  await expect(range(page)).toHaveText(/^1–\d of \d locations$/);
  await page.getByRole('columnheader', { name: 'City and state' }).getByRole('link').click();
  await expect(page).toHaveURL(/orderBy=city/);
  await expect(page.getByRole('rowheader').first()).toHaveText('Boulder Auto Glass');
  await page.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/pageSize=25/);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Filter the list' })).toHaveValue('glass');
  await expect(page.getByLabel('Type')).toHaveValue('shop');
  await expect(page.getByRole('columnheader', { name: 'City and state' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(bodyRows(page).first()).toContainText('Boulder Auto Glass');

  await page.goto('/locations');
  await expect(page).toHaveURL(/type=shop/);
  await expect(page).toHaveURL(/searchTerm=glass/);
  await expect(page).toHaveURL(/pageSize=25/);
});

test('the shop role sees only its own location', async ({ page }) => {
  await signIn(page, 15, undefined, '/locations');
  await expect(range(page)).toHaveText('1–1 of 1 locations');
  await expect(page.getByRole('rowheader')).toHaveText(['Queens Auto Body']);
  await expect(page.getByRole('button', { name: 'Add location' })).toHaveCount(0);
});

test('the network tree opens and moves by keyboard, and Enter opens a location', async ({ page }) => {
  await signIn(page, 3, undefined, '/locations?view=tree');
  const root = item(page, 'Northstar Calibration Network');
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  await expect(root).toContainText('16 shops');
  // The roll-up is part of each node's name for screen readers: shops, users and open ADAS jobs.
  await expect(root).toHaveAccessibleName(/ · [\d,]+ shops · [\d,]+ users · [\d,]+ open jobs?$/);
  // One tab stop: the root holds it.
  await expect(root).toHaveAttribute('tabindex', '0');
  await root.focus();
  await page.keyboard.press('ArrowDown');
  const east = item(page, 'Northstar East');
  await expect(east).toBeFocused();
  await expect(east).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(east).toHaveAttribute('aria-expanded', 'true');
  await expect(item(page, 'Brooklyn Collision & Glass')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(item(page, 'Bronx Auto Glass')).toBeFocused();
  await expect(item(page, 'Bronx Auto Glass')).toHaveAccessibleName(/ · [\d,]+ users? · [\d,]+ open jobs?$/);
  await page.keyboard.press('ArrowLeft');
  await expect(east).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(east).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('End');
  await expect(item(page, 'Northstar West')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(root).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Editing Location: Northstar East' })).toBeVisible();
});

test('add a shop under a franchisee, edit it, and see it in the tree', async ({ page }) => {
  const name = `Harbor ${uniqueToken()} Glass`;
  await signIn(page, 1, undefined, '/locations?view=tree&root=3');
  await expect(item(page, 'Northstar East')).toBeVisible();
  const east = page.getByRole('dialog', { name: 'Editing Location: Northstar East' });
  // The tree is server-rendered: a click before it has hydrated does nothing.
  await clickUntil(item(page, 'Northstar East').getByText('Northstar East', { exact: true }), east);
  await east.getByRole('button', { name: 'Add location under it' }).click();

  const adding = page.getByRole('dialog', { name: 'Adding Location to Northstar East' });
  await expect(adding.getByLabel('Location type')).toHaveValue('shop');
  // Bad input first: no name, an unknown postal code. Nothing is lost.
  await adding.getByLabel('Postal Code').fill('00000');
  await adding.getByRole('button', { name: 'Save' }).click();
  await expect(adding.getByText('This field is required')).toBeVisible();
  await adding.getByLabel('Company').fill(name);
  await adding.getByLabel('Phone #').fill('7185550100');
  await expect(adding.getByLabel('Phone #')).toHaveValue('(718) 555-0100');
  await adding.getByRole('button', { name: 'Save' }).click();
  await expect(adding.getByText('Unknown postal code')).toBeVisible();
  await expect(adding.getByLabel('Company')).toHaveValue(name);
  await adding.getByLabel('Postal Code').fill('11231');
  await adding.getByRole('button', { name: 'Save' }).click();
  // Saved, the dialog becomes the new location's.
  const saved = page.getByRole('dialog', { name: `Editing Location: ${name}` });
  await expect(saved.getByText('Saved. You can now set its preferences.')).toBeVisible();
  await expect(saved.getByRole('tab', { name: 'Preferences' })).toBeEnabled();
  await saved.getByRole('button', { name: 'Done' }).click();

  await expect(item(page, 'Northstar East')).toContainText('5 shops');
  await item(page, 'Northstar East').focus();
  await page.keyboard.press('ArrowRight');
  const added = item(page, name);
  await expect(added).toBeVisible();
  await added.getByText(name, { exact: true }).click();
  const editing = page.getByRole('dialog', { name: `Editing Location: ${name}` });
  await editing.getByLabel('Company').fill(`${name} & ADAS`);
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(editing).toBeHidden();
  await item(page, 'Northstar East').focus();
  await page.keyboard.press('ArrowRight');
  await expect(item(page, `${name} & ADAS`)).toBeVisible();
});
