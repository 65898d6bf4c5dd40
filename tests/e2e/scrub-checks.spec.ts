/**
 * A line the scrub cannot settle, as the estimator meets it (docs/scrub.md "Checks"): listed "to check" with
 * the systems it may require and why; confirmed (the calibration joins the triggered ones) or dismissed,
 * with who and when, kept across a reload; listed again on the calibration request, where a decision can be
 * reopened; the technician sees the checks but not the buttons.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { axeViolations, odysseyJob, withTestDb } from './adas-support';

/** A 2022 Honda Odyssey job whose estimate holds a "front view camera": the windshield's, or the grille's surround camera. */
const seedJob = () =>
  odysseyJob('CHECK', [
    ['Repl', 'Frt bumper cover'],
    ['R&I', 'Front view camera'],
  ]);

async function openInspection(page: Page, inspection: number) {
  await page.goto(`/view?adasInspection=${inspection}`);
  await expect(page.getByText(/^(Not scrubbed yet|Scrubbed )/)).toBeVisible();
  await waitForHydration(page, 'main button[aria-expanded]');
}

test('a line to check is confirmed and dismissed on the scrub, kept, and reopened on the request', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { inspection } = seedJob();
  await signIn(page, 5, undefined, `/view?adasInspection=${inspection}`);
  await openInspection(page, inspection);
  await page.getByRole('button', { name: 'Scrub the estimate' }).click();
  await expect(page.getByTestId('scrub-meta')).toContainText('2 checks to decide');

  const lines = page.getByRole('table', { name: 'Estimate lines and what each requires' });
  await page.getByRole('button', { name: /^To check \(1\)$/ }).click();
  await expect(lines.getByRole('row')).toHaveCount(2);
  const row = lines.getByRole('row').filter({ hasText: 'Front view camera' });
  await expect(row.getByTestId('scrub-check')).toHaveCount(2);
  await expect(row).toContainText('To check: Forward Camera');
  await expect(row).toContainText(
    'the line does not say which sensor it is; it may be the windshield camera or the front surround-view camera',
  );
  expect(await axeViolations(page)).toEqual([]);

  // Confirmed: the surround view joins the triggered calibrations, with who confirmed it.
  await row.getByRole('button', { name: 'Confirm Surround View Camera for line 2' }).click();
  await expect(row.locator('[data-testid="scrub-check"][data-state="confirmed"]')).toContainText(/Confirmed by .+, \d\d\/\d\d\/\d{4}/);
  const calibrations = page.getByRole('table', { name: 'Triggered calibrations' });
  await expect(calibrations.getByRole('row').filter({ hasText: 'Surround View Camera' })).toContainText('Confirmed by');
  // Dismissed: the windshield camera stays out.
  await row.getByRole('button', { name: 'Dismiss Forward Camera for line 2' }).click();
  await expect(row.locator('[data-testid="scrub-check"][data-state="dismissed"]')).toContainText(/Dismissed by /);
  await expect(calibrations.getByRole('row').filter({ hasText: 'Forward Camera' })).toHaveCount(0);
  await expect(page.getByTestId('scrub-meta')).not.toContainText('to decide');

  // Kept across a reload.
  await page.reload();
  await expect(page.getByTestId('scrub-meta')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Estimate lines and what each requires' }).locator('[data-state="confirmed"]'),
  ).toContainText('Surround View Camera');

  // The request lists the checks; reopening one there takes its calibration out of the scrub's.
  await waitForHydration(page, 'main button[aria-expanded]');
  await page.getByRole('button', { name: 'Create calibration request' }).click();
  const request = page.getByRole('region', { name: /Calibration request #/ });
  await expect(request).toBeVisible();
  const checks = request.getByRole('region', { name: /^Lines to check/ });
  await expect(checks).toContainText('Line 2. R&I Front view camera');
  await checks.getByRole('button', { name: 'Reopen Surround View Camera for line 2' }).click();
  await expect(checks.getByRole('heading')).toHaveText('Lines to check (1 undecided)');
  await expect(
    page.getByRole('table', { name: 'Triggered calibrations' }).getByRole('row').filter({ hasText: 'Surround View Camera' }),
  ).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // The technician sees the checks and their decisions, without the buttons.
  const username = withTestDb((db) => {
    // A technician of the shop: the demo technician's sign-in, at this location.
    const name = `tech-${Date.now().toString(36)}@example.com`;
    const demo = db.prepare("SELECT contact, password_hash FROM user WHERE username = 'role15@example.com'").get() as {
      contact: number;
      password_hash: string;
    };
    const contact = db
      .prepare("INSERT INTO contact (firm, contact_type, first_name, last_name, timezone, language) VALUES (6, 1, 'Tess', 'Tech', 5, 1)")
      .run().lastInsertRowid;
    const user = db
      .prepare(
        'INSERT INTO user (contact, firm, username, password_hash, role, labor_rate, is_inactive, receives_report) VALUES (?, 6, ?, ?, 15, 90, 0, 0)',
      )
      .run(contact, name, demo.password_hash).lastInsertRowid;
    db.prepare('INSERT INTO user_firm (user, firm, is_primary) VALUES (?, 6, 1)').run(user);
    return name;
  });
  const context = await browser.newContext();
  const technician = await context.newPage();
  await signIn(technician, username, undefined, `/view?adasInspection=${inspection}`);
  await openInspection(technician, inspection);
  const seen = technician.getByRole('table', { name: 'Estimate lines and what each requires' });
  await expect(seen.locator('[data-state="dismissed"]')).toContainText('Forward Camera');
  await expect(seen.getByRole('button', { name: /^(Confirm|Dismiss|Reopen) / })).toHaveCount(0);
  await context.close();
});
