/**
 * Accessibility sweep: axe (WCAG 2.0/2.1 A and AA rules) over every route of the route table — signed in
 * with a role allowed there, anonymous routes signed out, dynamic routes with their sample value — plus
 * the 404 page and the shell's dialogs. No serious or critical violation may remain.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { RoleId } from '../../lib/roles';
import { APP_URL } from '../../testkit/env';
import { CLIENT_REDIRECTS, ROUTES, roleFor, samplePath } from '../../testkit/routes-matrix';
import { signIn } from '../support/session';
import { chooseFromAccountMenu } from '../support/shell';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical violations, one line each with the offending elements. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}

/** One signed-in browser state per role, made once per worker. */
const states = new Map<RoleId, Promise<Awaited<ReturnType<BrowserContext['storageState']>>>>();
function stateFor(browser: Browser, role: RoleId) {
  let s = states.get(role);
  if (!s) {
    s = (async () => {
      const context = await browser.newContext({ baseURL: APP_URL });
      const page = await context.newPage();
      await signIn(page, role);
      const state = await context.storageState();
      await context.close();
      return state;
    })();
    states.set(role, s);
  }
  return s;
}

async function pageAs(browser: Browser, role: RoleId | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: APP_URL, ...(role === null ? {} : { storageState: await stateFor(browser, role) }) });
  return context.newPage();
}

for (const route of ROUTES) {
  const role = roleFor(route);
  const path = samplePath(route);
  test(`${path} (${role === null ? 'signed out' : `role ${role}`}): no serious or critical axe violations`, async ({ browser }) => {
    const page = await pageAs(browser, role);
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    // Where the page itself moves on (e.g. /sso without a token), the page it lands on is checked.
    await expect(page).toHaveURL(CLIENT_REDIRECTS[route.path] ?? new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?|$)`));
    // Not "networkidle": the shell keeps a push connection open.
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });
}

test('the 404 page: no serious or critical axe violations', async ({ browser }) => {
  const page = await pageAs(browser, null);
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  expect(await violations(page)).toEqual([]);
  await page.context().close();
});

test('the shell at phone width, with the drawer open: no serious or critical axe violations', async ({ browser }) => {
  const page = await pageAs(browser, 1);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  expect(await violations(page)).toEqual([]);
  const menu = page.getByRole('button', { name: /menu/i }).first();
  if (await menu.isVisible()) {
    await menu.click();
    expect(await violations(page)).toEqual([]);
  }
  await page.context().close();
});

test("the shell's dialogs (profile, change password with a message): no serious or critical axe violations", async ({ browser }) => {
  // Several full-page axe runs: slow on a busy two-core machine, not a budget of this test.
  test.slow();
  const page = await pageAs(browser, 1);
  await page.goto('/');
  await chooseFromAccountMenu(page, 'Avery Adams', 'Profile');
  await expect(page.getByRole('dialog')).toContainText('role1@example.com');
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await chooseFromAccountMenu(page, 'Avery Adams', 'Change password');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill('Demo#2026');
  await dialog.getByLabel('Password', { exact: true }).fill('weak');
  await dialog.getByLabel('Password again').fill('weak');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.context().close();
});

test('the login form showing its validation messages: no serious or critical axe violations', async ({ browser }) => {
  const page = await pageAs(browser, null);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.context().close();
});
