/**
 * Onboarding as its users do it: a franchiser invites a location from /locations; the invitee goes through
 * the wizard (back and forth, a reload in the middle), applies a coupon, has a card declined and pays with
 * another, and signs in as the new location's admin (role 4, whose Home names the location). Used and expired invitations show why, not the wizard.
 */
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { ONBOARD_MESSAGES, PRODUCTS, TEST_CARDS } from '../../lib/contract/onboard-constants';
import { TEST_DB } from '../../testkit/env';
import { signIn } from '../support/session';
import { clickUntil, waitForHydration } from '../support/shell';

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A franchiser (role 3) invites a location under Northstar Calibration Network from /locations: answers the invitation link. */
async function invite(page: Page): Promise<string> {
  await signIn(page, 3, undefined, '/locations');
  const dialog = page.getByRole('dialog', { name: 'Invite a location' });
  await clickUntil(page.getByRole('button', { name: 'Invite a location' }), dialog);
  await dialog.getByRole('combobox', { name: 'Parent location' }).fill('Northstar Calibration');
  await dialog.getByRole('option', { name: /Northstar Calibration Network/ }).click();
  await dialog.getByRole('button', { name: 'Create invitation' }).click();
  const link = await dialog.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/onboard\/[A-Za-z0-9_-]{43}$/);
  return link;
}

async function pay(page: Page, card: string) {
  const form = page.frameLocator('iframe[title="Card details (secure payment form)"]');
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM/YY)').fill('12/39');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Use this card' }).click();
  await expect(page.getByText(`Card: visa ending ${card.slice(-4)}`)).toBeVisible();
  // A new card clears the message about the card before it (a declined one).
  await expect(page.getByText(ONBOARD_MESSAGES.declined)).toHaveCount(0);
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('invited from /locations, through the wizard to the new admin signing in', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const link = await invite(page);

  const invitee = await browser.newPage();
  await invitee.goto(new URL(link).pathname);
  await expect(invitee).toHaveTitle(/^Onboard · /);
  await expect(invitee.getByText('Invited by Northstar Calibration Network.')).toBeVisible();
  // The wizard wears the inviting franchise's brand (issue 31 §5), not the product's.
  const header = invitee.getByTestId('plain-header');
  await expect(header).toHaveText('Northstar Calibration Network');
  await expect(header.locator('img')).toHaveAttribute('src', '/brands/northstar-logo.svg');
  const email = `owner-${Date.now()}@harbor.example.com`;
  await expect(async () => {
    await invitee.getByLabel('First name').fill('Dana');
    await invitee.getByLabel('Last name').fill('Lopez');
    await invitee.getByLabel('Email', { exact: true }).fill(email);
    await invitee.getByRole('button', { name: 'Next' }).click();
    await expect(invitee.getByRole('heading', { name: 'Additional' })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });

  await invitee.getByLabel('Company', { exact: true }).fill('Harbor Point Auto Glass');
  await invitee.getByLabel('Company email').fill('office@harbor.example.com');
  await invitee.getByLabel('Address', { exact: true }).fill('12 Pier Rd');
  await invitee.getByLabel('City').fill('Brooklyn');
  // The address asks for the state of the chosen country (the United States by default).
  await invitee.getByLabel('State or province').selectOption({ label: 'New York' });
  await invitee.getByLabel('Postal code').fill('1123');
  await invitee.getByLabel('Phone', { exact: true }).fill('7185550100');
  await invitee.getByRole('button', { name: 'Next' }).click();
  await expect(invitee.getByText('Unknown postal code')).toBeVisible();
  await invitee.getByLabel('Postal code').fill('11231');
  // Back to basic and forward again: what was typed is kept.
  await invitee.getByRole('button', { name: 'Back' }).click();
  await expect(invitee.getByLabel('First name')).toHaveValue('Dana');
  await invitee.getByRole('button', { name: 'Next' }).click();
  await expect(invitee.getByLabel('Postal code')).toHaveValue('11231');
  await invitee.getByRole('button', { name: 'Next' }).click();
  await expect(invitee.getByRole('heading', { name: 'Shipping' })).toBeVisible();

  // A reload resumes at the step reached, with the earlier answers.
  await invitee.reload();
  await expect(invitee.getByRole('heading', { name: 'Shipping' })).toBeVisible();
  await expect(invitee.getByText('12 Pier Rd, Brooklyn, 11231')).toBeVisible();
  await invitee.getByRole('button', { name: 'Next' }).click();

  await expect(invitee.getByRole('heading', { name: 'Purchase' })).toBeVisible();
  await invitee.getByRole('radio', { name: /^Monthly Pro · / }).check();
  await invitee.getByLabel('Coupon').fill('NOPE');
  await invitee.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(invitee.getByText(ONBOARD_MESSAGES.couponUnknown).first()).toBeVisible();
  await invitee.getByLabel('Coupon').fill('welcome10');
  await invitee.getByRole('button', { name: 'Apply coupon' }).click();
  const total = Math.round(PRODUCTS.monthly.priceCents * 0.9);
  await expect(invitee.getByRole('status').filter({ hasText: `Total: ${money(total)} per month` })).toBeVisible();

  await pay(invitee, TEST_CARDS.declined);
  await expect(invitee.getByText(ONBOARD_MESSAGES.declined).first()).toBeVisible();
  await pay(invitee, TEST_CARDS.success);
  await expect(invitee.getByRole('heading', { name: "You're set up" })).toBeVisible();
  await expect(invitee.getByText(`${money(total)} was charged`)).toBeVisible();

  // A reload still shows the result; anyone else opening the link finds it used up.
  await invitee.reload();
  await expect(invitee.getByRole('heading', { name: "You're set up" })).toBeVisible();
  const stranger = await browser.newPage();
  await stranger.goto(new URL(link).pathname);
  await expect(stranger.getByText(ONBOARD_MESSAGES.invitationUsed)).toBeVisible();
  await stranger.close();

  // The welcome mail's link sets the password; the new admin sees their location.
  const db = new Database(TEST_DB, { readonly: true });
  const body = db.prepare('SELECT body FROM mail WHERE recipient = ? ORDER BY mail DESC').pluck().get(email) as string;
  db.close();
  const reset = new URL(/http\S+\/reset\?token=\S+/.exec(body)![0]);
  await invitee.goto(reset.pathname + reset.search);
  await invitee.getByLabel('Password', { exact: true }).fill('Harbor#Point2026');
  await invitee.getByLabel('Password again').fill('Harbor#Point2026');
  await invitee.getByRole('button', { name: 'Save password' }).click();
  await expect(invitee.getByText('Your password has been changed. Sign in with the new one.')).toBeVisible();
  await signIn(invitee, email, 'Harbor#Point2026');
  await expect(invitee.getByRole('heading', { level: 1, name: 'Welcome, Dana Lopez' })).toBeVisible();
  await expect(invitee.getByText('Harbor Point Auto Glass · Shop (admin)')).toBeVisible();
});

test('used, expired and unknown invitations explain themselves', async ({ page }) => {
  await page.goto('/onboard/demo-invitation-expired-0001');
  await expect(page.getByText(ONBOARD_MESSAGES.invitationExpired)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await page.goto('/onboard/demo-invitation-used-000001');
  await expect(page.getByText(ONBOARD_MESSAGES.invitationUsed)).toBeVisible();
  await page.goto('/onboard/no-such-invitation-000000000');
  await expect(page.getByText(ONBOARD_MESSAGES.invitationUnknown)).toBeVisible();
});

test('step 1 saved in one browser: another browser resumes from what the host saved, after the email of step 1', async ({
  page,
  browser,
}) => {
  test.slow(); // an invitation, the wizard in two browsers
  const path = new URL(await invite(page)).pathname;
  const email = `resume-${Date.now()}@harbor.example.com`;

  const fillBasic = async (p: Page, firstName: string) => {
    await p.goto(path);
    await expect(async () => {
      await p.getByLabel('First name').fill(firstName);
      await p.getByLabel('Last name').fill('Lopez');
      await p.getByLabel('Email', { exact: true }).fill(email);
      await p.getByRole('button', { name: 'Next' }).click();
      await expect(p.getByText(/Additional|already saved/).first()).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
  };

  const first = await browser.newContext();
  const one = await first.newPage();
  await fillBasic(one, 'Dana');
  await expect(one.getByRole('heading', { name: 'Additional' })).toBeVisible();
  await first.close();

  // A second browser (no cookie of the first): the host has step 1, so the wizard asks for its email at once,
  // and offers no step 1 to type again (the host would refuse it as a replay).
  const second = await browser.newContext();
  const two = await second.newPage();
  await two.goto(path);
  const resume = two.getByRole('form', { name: 'Continue where you left off' });
  await expect(resume).toBeVisible();
  await expect(two.getByLabel('First name')).toHaveCount(0);
  await waitForHydration(two, 'form[aria-label="Continue where you left off"]');
  await resume.getByLabel('Email given at the first step').fill('not.me@example.com');
  await resume.getByRole('button', { name: 'Continue' }).click();
  await expect(two.getByText(ONBOARD_MESSAGES.resumeRefused).first()).toBeVisible();
  await resume.getByLabel('Email given at the first step').fill(email);
  await resume.getByRole('button', { name: 'Continue' }).click();
  await expect(two.getByText(ONBOARD_MESSAGES.resumed)).toBeVisible();
  await expect(two.getByRole('heading', { name: 'Additional' })).toBeVisible();
  // What the first browser saved, not what was typed here.
  await two.getByRole('button', { name: '1. Basic' }).click();
  await expect(two.getByLabel('First name')).toHaveValue('Dana');
  await second.close();
});
