/**
 * Intake as a shop does it: a CCC ONE PDF dropped on the job is read, shown beside the scrub's reading with
 * the vehicle and header found, and stored with the job's VIN and claim number taken from it; the
 * supplement's EMS zip shows which lines and calibrations it adds or drops and replaces the lines once the
 * user confirms; a scanned page shows its reading's progress. By keyboard, screen reader (axe) and at 360 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { sourceEstimates, supplementOf, type SourceEstimate } from '../../testkit/intake/corpus';
import { emsZip } from '../../testkit/intake/ems';
import { printEstimate } from '../../testkit/intake/print';
import { scanPdf } from '../../testkit/intake/scan';
import { axeViolations, withTestDb } from './adas-support';

const ZONE = 'upload-Estimate file (PDF, EMS, BMS XML or CSV)';
const estimate: SourceEstimate = sourceEstimates().find((e) => e.layout === 'ccc' && e.vehicle.make === 'Hyundai')!;

/** A 2022 Hyundai Palisade job at firm 6 with an RO of its own and no VIN. */
function seedJob(): number {
  const ro = `INTAKE-${Date.now().toString(36).toUpperCase()}`;
  return withTestDb((db) =>
    db.transaction(() => {
      const vehicle = db
        .prepare("INSERT INTO vehicle (firm, year, make, model) VALUES (6, 2022, 'Hyundai', 'Palisade')")
        .run().lastInsertRowid;
      return Number(
        db.prepare('INSERT INTO adas (firm, ronumber, vehicle, created_by) VALUES (6, ?, ?, 5)').run(ro, vehicle).lastInsertRowid,
      );
    })(),
  );
}

async function openEntry(page: Page, button: 'Enter the estimate' | 'Replace the estimate') {
  await waitForHydration(page, 'main button[aria-expanded]');
  await page.getByRole('button', { name: button }).click();
  await expect(page.locator('[aria-label^="Estimate file"]')).not.toHaveAttribute('aria-disabled', 'true');
}

test('a PDF printout and its supplement as EMS: previewed beside the scrub, stored on confirmation, the job filled from the file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const adas = seedJob();
  await signIn(page, 5, undefined, `/adas?adas=${adas}`);
  await expect(page.getByText('No repair lines on this job')).toBeVisible();
  await openEntry(page, 'Enter the estimate');

  await page.getByTestId(ZONE).setInputFiles({ name: 'estimate.pdf', mimeType: 'application/pdf', buffer: await printEstimate(estimate) });
  const heading = page.getByRole('heading', { name: `estimate.pdf: ${estimate.lines.length} lines read. Check them, then store them.` });
  // The host's first read starts its worker thread (and loads the PDF reader): seconds on a busy machine.
  await expect(heading).toBeFocused({ timeout: 30_000 });
  const found = page.getByRole('region', { name: 'Found in the file' });
  await expect(found).toContainText('PDF printout (CCC ONE layout)');
  await expect(found).toContainText(estimate.vehicle.vin);
  await expect(found).toContainText(estimate.header.claimNumber);
  const read = page.getByRole('table', { name: 'Estimate lines as read from the file' });
  await expect(read.getByRole('row')).toHaveCount(estimate.lines.length + 1);
  await expect(read.getByRole('row').nth(1)).toContainText(estimate.lines[0]!.description);
  await expect(page.getByRole('table', { name: 'Estimate lines and what each requires' }).getByRole('row')).toHaveCount(
    estimate.lines.length + 1,
  );
  await expect(page.getByRole('checkbox', { name: `VIN: ${estimate.vehicle.vin} (the job has none)` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Replace the job's RO number INTAKE-/ })).not.toBeChecked();
  // Nothing is stored yet.
  expect(withTestDb((db) => db.prepare('SELECT count(*) FROM adas_repair_line WHERE adas = ?').pluck().get(adas))).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });

  // By keyboard: the claim number is left out, then the estimate stored.
  await page.getByRole('checkbox', { name: /^Claim number: / }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: "Store as the job's estimate" }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `estimate.pdf: ${estimate.lines.length} lines stored as the job's estimate. The job took its VIN` }),
  ).toBeVisible();
  const job = withTestDb((db) =>
    db.prepare('SELECT v.vin, a.claim_number AS claim FROM adas a JOIN vehicle v ON v.vehicle = a.vehicle WHERE a.adas = ?').get(adas),
  );
  expect(job).toEqual({ vin: estimate.vehicle.vin, claim: '' });
  await expect(page.getByRole('table', { name: 'Repair lines of the estimate, as read' }).getByRole('row')).toHaveCount(
    estimate.lines.length + 1,
  );

  // The supplement, exported as EMS: what it changes, then stored after the replacement is confirmed.
  const supplement = supplementOf(estimate);
  await openEntry(page, 'Replace the estimate');
  await page.getByTestId(ZONE).setInputFiles({ name: 'supplement.zip', mimeType: 'application/zip', buffer: await emsZip(supplement) });
  await expect(
    page.getByRole('heading', { name: `supplement.zip: ${supplement.lines.length} lines read. Check them, then store them.` }),
  ).toBeFocused();
  const diff = page.getByRole('region', { name: `Against the job's ${estimate.lines.length} lines from estimate.pdf` });
  await expect(diff).toContainText('2 lines added');
  await diff.getByText('Added lines').click();
  await expect(diff).toContainText('Front radar sensor');
  await expect(diff).toContainText(/Calibrations added: .+\. Calibrations no longer required: /);
  await expect(page.getByRole('region', { name: 'Found in the file' })).toContainText('Supplement 1');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: "Store as the job's estimate" }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace the estimate?' });
  await expect(dialog).toContainText(
    `The job's ${estimate.lines.length} repair lines will be replaced by the ${supplement.lines.length} lines read.`,
  );
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByRole('status').filter({ hasText: `supplement.zip: ${supplement.lines.length} lines stored` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Repair lines of the estimate, as read' }).getByRole('row')).toHaveCount(
    supplement.lines.length + 1,
  );
});

test('a scanned page is read by OCR with its progress shown, its unsure lines marked for checking', async ({ page }) => {
  test.setTimeout(180_000);
  const adas = seedJob();
  const short: SourceEstimate = { ...estimate, id: 'scan-short', lines: estimate.lines.slice(0, 12) };
  const scanned = await scanPdf(await printEstimate(short, { noNotes: true }), { seed: 'e2e' });
  await signIn(page, 5, undefined, `/adas?adas=${adas}`);
  await openEntry(page, 'Enter the estimate');
  await page.getByTestId(ZONE).setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: scanned });
  await expect(page.getByRole('status').filter({ hasText: /from its image \(OCR\)/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Reading the estimate' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^scan\.pdf: \d+ lines read/ })).toBeFocused({ timeout: 120_000 });
  await expect(page.getByRole('region', { name: 'Found in the file' })).toContainText('Scanned PDF (read by OCR)');
  const read = page.getByRole('table', { name: 'Estimate lines as read from the file' });
  await expect(read.getByRole('row')).toHaveCount(short.lines.length + 1);
  await page.getByRole('button', { name: 'Discard' }).click();
  expect(withTestDb((db) => db.prepare('SELECT count(*) FROM adas_repair_line WHERE adas = ?').pluck().get(adas))).toBe(0);
});
