/**
 * The scrub as its users do it (issue 32): the estimate entered on the job (pasted lines previewed as read,
 * stored, then a file read through the drop zone and its replacing them asked first), scrubbed on the inspection
 * with every line's outcome explained and filtered, shown again after a reload with when and by whom; a
 * location's estimate term added in Configuration, tried on a line, and a new scrub saying what changed.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { axeViolations, odysseyJob, withTestDb } from './adas-support';

const PASTED = [
  'FRONT BUMPER & GRILLE',
  '1 Repl Bumper cover 52119-0R903 1 389.00 2.5',
  '2 Refn Bumper cover 2.6',
  'WINDSHIELD',
  '3 R&I Windsheild 1.2',
  '4 Subl FBC 1 10.00',
].join('\n');

const seedJob = () => odysseyJob('SCRUB');

async function openInspection(page: Page, inspection: number) {
  await page.goto(`/view?adasInspection=${inspection}`);
  await expect(page.getByText(/^(Not scrubbed yet|Scrubbed )/)).toBeVisible();
  await waitForHydration(page, 'main button[aria-expanded]');
}

test('an estimate pasted on the job is scrubbed on the inspection, every line explained, kept across reloads, and rescrubbed after a term is added', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { adas, inspection } = seedJob();
  await signIn(page, 5, undefined, `/adas?adas=${adas}`);

  // The job: paste the lines, see them as read, save them.
  await expect(page.getByText('No repair lines on this job')).toBeVisible();
  await waitForHydration(page, 'main button[aria-expanded]');
  await page.getByRole('button', { name: 'Enter the estimate' }).click();
  await page.getByRole('tab', { name: 'Paste lines' }).click();
  await page.getByLabel('Estimate lines').fill(PASTED);
  await page.getByRole('button', { name: 'Read lines' }).click();
  const preview = page.getByRole('table', { name: 'Estimate lines and what each requires' });
  await expect(preview.getByRole('row')).toHaveCount(5);
  // The lines as read keep the part number; the scrub's table says what each line's operation is.
  await expect(
    page.getByRole('table', { name: 'Estimate lines as read from the file' }).getByRole('row').filter({ hasText: '52119-0R903' }),
  ).toContainText('Bumper cover');
  const replaced = preview.getByRole('row').filter({ hasText: 'Repl (replace)' }).filter({ hasText: 'Bumper cover' });
  await expect(replaced).toContainText('FRONT BUMPER & GRILLE');
  await expect(preview.getByRole('row').filter({ hasText: 'Windsheild' })).toContainText('windsheild → windshield');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: "Store as the job's estimate" }).click();
  await expect(page.getByRole('status').filter({ hasText: "Pasted lines: 4 lines stored as the job's estimate." })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Repair lines of the estimate, as read' });
  await expect(lines.getByRole('row')).toHaveCount(5);
  await expect(lines.getByRole('row').filter({ hasText: 'Windsheild' })).toContainText('WINDSHIELD');
  await expect(page.getByText(/^Pasted lines entered \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M by /)).toBeVisible();

  // A file dropped on the zone replaces them, after a confirmation.
  await page.getByRole('button', { name: 'Replace the estimate' }).click();
  await expect(page.locator('[aria-label^="Estimate file"]')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-Estimate file (PDF, EMS, BMS XML or CSV)').setInputFiles({
    name: 'lines.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Line,Operation,Description,Section',
        ...PASTED.split('\n')
          .filter((l) => /^\d/.test(l))
          .map((l, i) => `${i + 1},${l.split(' ')[1]},"${l.split(' ').slice(2, 4).join(' ')}",`),
      ].join('\n'),
    ),
  });
  // Read and shown first; stored only when confirmed.
  await expect(page.getByRole('heading', { name: 'lines.csv: 4 lines read. Check them, then store them.' })).toBeFocused();
  await page.getByRole('button', { name: "Store as the job's estimate" }).click();
  await expect(page.getByRole('dialog', { name: 'Replace the estimate?' })).toContainText(
    "The job's 4 repair lines will be replaced by the 4 lines read.",
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(lines.getByRole('row')).toHaveCount(5);

  // The inspection: not scrubbed yet; scrub; every line once with its outcome.
  await openInspection(page, inspection);
  await expect(page.getByText(/^Not scrubbed yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Scrub the estimate' }).click();
  const calibrations = page.getByRole('table', { name: 'Triggered calibrations' });
  await expect(calibrations.getByRole('row').filter({ hasText: 'Front Radar' })).toContainText(
    'front bumper cover: replaced → Front Radar (in front of the front radar)',
  );
  await expect(calibrations.getByRole('row').filter({ hasText: 'Forward Camera' })).toContainText('Windsheild');
  const outcome = page.getByRole('table', { name: 'Estimate lines and what each requires' });
  await expect(outcome.getByRole('row').filter({ hasText: 'Refn' })).toContainText('refinished (the sensors come out to paint it)');
  await page.getByRole('button', { name: /^Not read \(1\)$/ }).click();
  await expect(outcome.getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('scrub-meta')).toContainText(/Scrubbed \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M by .+ from pasted lines/);
  expect(await axeViolations(page)).toEqual([]);

  // At 360 px the page does not scroll sideways: the tables scroll in their own boxes.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Shown again after a reload.
  await page.reload();
  await expect(page.getByTestId('scrub-meta')).toContainText('from pasted lines');
  await expect(
    page.getByRole('table', { name: 'Triggered calibrations' }).getByRole('row').filter({ hasText: 'Steering Angle Sensor' }),
  ).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'Estimate lines and what each requires' }).getByRole('row').filter({ hasText: 'FBC' }),
  ).toContainText('Not read: No word of it is one the scrub knows: fbc.');

  // An administrator teaches the shop's word "FBC", and tries it on a line.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 1, undefined, '/configuration?section=terms&firm=6');
  await expect(admin.getByRole('heading', { name: 'Estimate terms' })).toBeVisible();
  await waitForHydration(admin, 'main button');
  await admin.getByRole('button', { name: 'Add term' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Written').fill('FBC');
  await dialog.getByLabel('Meaning').fill('front bumper cover');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByRole('table', { name: 'Estimate terms' }).getByRole('row').filter({ hasText: 'FBC' })).toContainText(
    'front bumper cover',
  );
  await admin.getByLabel('Description').fill('FBC');
  await admin.getByLabel('Operation', { exact: true }).fill('Repl');
  await admin.getByRole('button', { name: 'Read the line' }).click();
  await expect(admin.getByTestId('line-reading')).toContainText('front bumper cover');
  expect(await axeViolations(admin)).toEqual([]);
  await adminContext.close();

  // Rescrubbed: the estimate is the same; the line now reads as the front bumper cover.
  await page.getByRole('button', { name: 'Scrub again' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: /Since the scrub of .*: 1 line read differently\. The estimate is the same: the change comes from the configuration/,
    }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Line 4 \(FBC\): not read: .* → Front Radar, Park Assist/ })).toBeVisible();

  withTestDb((db) => db.prepare("DELETE FROM estimate_term WHERE firm = 6 AND written = 'FBC'").run());
});
