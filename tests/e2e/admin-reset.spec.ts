/**
 * A password reset from the sign-in page to a new password (issue 15): the mail is found in the email log
 * by its address, its single-use link sets the password (the password rule's messages on the way), and the
 * user signs in with it.
 */
import { expect, test } from '@playwright/test';
import { createUser } from '../support/fixtures';
import { signIn } from '../support/session';
import { clickUntil } from '../support/shell';
import { openAdmin, search } from './admin-support';
import { must } from '../../testkit/must';

test('reset mail in the email log; its link sets a new password once', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const user = await createUser({ role: 5, firm: 6, firstName: 'Robin', lastName: 'Reset' });
  await page.goto('/reset');
  await page.getByLabel('Email address').fill(user.username);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that username, we have sent instructions to reset its password.')).toBeVisible();

  const admin = await browser.newPage();
  await openAdmin(admin, 1, 'section=emails');
  await search(admin, 'Search by address', must(user.username.split('@')[0], 'the name before @'));
  const mail = admin.getByRole('dialog', { name: 'Reset your password' });
  await clickUntil(admin.getByRole('button', { name: `Open the mail to ${user.username}: Reset your password` }), mail);
  const link = await mail.getByRole('link', { name: /\/reset\?token=/ }).getAttribute('href');
  expect(link).toMatch(/^http:\/\/localhost:\d+\/reset\?token=/);
  await expect(mail.getByText('Hello Robin,')).toBeVisible();
  await admin.close();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByText(`Choose a new password for ${user.username}.`)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Short#1');
  await page.getByLabel('Password again').fill('Short#1');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "Password doesn't meet minimum strength" })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Brand#New2026');
  await page.getByLabel('Password again').fill('Brand#New2026x');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "Passwords don't match." })).toBeVisible();
  // The form's password fields are cleared after a refusal (a password is never sent back to the page).
  await page.getByLabel('Password', { exact: true }).fill('Brand#New2026');
  await page.getByLabel('Password again').fill('Brand#New2026');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been changed. Sign in with the new one.')).toBeVisible();

  // The link is used up.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByText('This reset link is invalid, expired or already used. Please ask for a new one.')).toBeVisible();

  await signIn(page, user.username, 'Brand#New2026');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome, Robin Reset/ })).toBeVisible();
});
