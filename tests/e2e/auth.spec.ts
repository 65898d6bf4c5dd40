import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, userOf } from '../../testkit/env';
import { signIn } from '../support/session';
import { chooseFromAccountMenu } from '../support/shell';

test.describe('sign-in', () => {
  test('empty and malformed input show the specification texts', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(2);
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Required, formatted email address')).toBeVisible();
  });

  test('a wrong password shows the server reason; an inactive account its own reason', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(userOf(2));
    await page.getByLabel('Password', { exact: true }).fill('Wrong#2026x');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The username or password is incorrect.')).toBeVisible();
    await page.getByLabel('Email address').fill('inactive@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('This account is inactive. Please contact your administrator.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('success goes to / with the side-nav layout and the title format', async ({ page }) => {
    await signIn(page, 3);
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Home · ADAS Desk [uat]');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByTestId('role-label')).toHaveText('Franchiser (admin)');
  });

  test('the requested route is remembered through sign-in', async ({ page }) => {
    await page.goto('/contacts?page=2');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fcontacts%3Fpage%3D2/);
    await page.getByLabel('Email address').fill(userOf(1));
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/contacts\?page=2$/);
    await expect(page).toHaveTitle('Contacts · ADAS Desk [uat]');
  });

  test('a role without permission is sent to / (role 16 to /users)', async ({ page }) => {
    await signIn(page, 16);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  });

  test('an unknown path is Page not Found with HTTP 404 in the no-nav layout', async ({ page }) => {
    const res = await page.goto('/no-such-screen');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not Found · ADAS Desk [uat]');
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('logout clears the session and reloads the root', async ({ page }) => {
    await signIn(page, 5);
    await chooseFromAccountMenu(page, 'Emerson Evans', 'Log out');
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/adas');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadas/);
  });

  test('/reset always answers the same neutral confirmation', async ({ page }) => {
    for (const username of [userOf(4), 'nobody-here@example.com']) {
      await page.goto('/reset');
      await page.getByLabel('Email address').fill(username);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(
        page.getByText('If an account exists for that username, we have sent instructions to reset its password.'),
      ).toBeVisible();
    }
  });
});
