/**
 * The calibrations flow of issue 14, as the shop's users do it on an inspection: upload an estimate, see
 * the triggered calibrations with their lines and prices, see an under-priced line flagged, create the
 * request, write notes as two users and see the unread count, download the report PDF (its text read back:
 * vehicle, VIN, systems), send it and find it in the mail stand-in, push to CCC and see the refusal.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { makeVin } from '../../api-host/vehicles/data';
import { RAV4_LINES, bmsXml } from '../support/estimates';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { axeViolations, withTestDb } from './adas-support';

/** A fresh 2022 Toyota RAV4 job with one inspection at firm 6, insured by an insurer that agrees 350.00 for the forward camera. */
function seedInspection(): { inspection: number; vin: string; ro: string } {
  let n = Date.now() % 100_000;
  const vin = makeVin('2T3', 'W1RF', 2022, 300_000 + n, () => ((n = (n * 16807) % 2147483647) % 1000) / 1000);
  const ro = `CAL-${Date.now().toString(36).toUpperCase()}`;
  return withTestDb((db) =>
    db.transaction(() => {
      const insurer = db
        .prepare('SELECT insurance, insurance_name FROM insurance WHERE firm = 1 AND is_inactive = 0 ORDER BY insurance LIMIT 1')
        .get() as { insurance: number; insurance_name: string };
      db.prepare(
        "INSERT INTO insurance_lookup (insurance, lookup_type, calibration_type, price_cents) VALUES (?, 'price', 'Forward camera – static', 35000) ON CONFLICT DO UPDATE SET price_cents = 35000, is_inactive = 0",
      ).run(insurer.insurance);
      const vehicle = db
        .prepare("INSERT INTO vehicle (firm, year, make, model, vin) VALUES (6, 2022, 'Toyota', 'RAV4', ?)")
        .run(vin).lastInsertRowid;
      const adas = db
        .prepare('INSERT INTO adas (firm, ronumber, insurance, insurance_name, vehicle, created_by) VALUES (6, ?, ?, ?, ?, 5)')
        .run(ro, insurer.insurance, insurer.insurance_name, vehicle).lastInsertRowid;
      const inspection = Number(
        db
          .prepare(
            'INSERT INTO adas_inspection (adas, inspector, insurance, insurance_name, ronumber, created_by) VALUES (?, 5, ?, ?, ?, 5)',
          )
          .run(adas, insurer.insurance, insurer.insurance_name, ro).lastInsertRowid,
      );
      return { inspection, vin, ro };
    })(),
  );
}

async function openInspection(page: Page, inspection: number) {
  await page.goto(`/view?adasInspection=${inspection}`);
  await expect(page.getByRole('heading', { name: 'Estimate and calibrations' })).toBeVisible();
  // The panel has loaded the inspection's kept scrub (or found none).
  await expect(page.getByText(/^(Not scrubbed yet|Scrubbed )/)).toBeVisible();
  await waitForHydration(page, 'main button[aria-expanded]');
}

test('an estimate becomes a quoted, discussed, reported and pushed calibration request', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { inspection, vin, ro } = seedInspection();
  await signIn(page, 5, undefined, `/view?adasInspection=${inspection}`);
  await openInspection(page, inspection);

  // Upload the BMS estimate through the drop zone: the triggered calibrations with the lines that triggered them and their prices.
  await page.getByRole('button', { name: 'Enter the estimate' }).click();
  await expect(page.locator('[aria-label^="Estimate file"]')).not.toHaveAttribute('aria-disabled', 'true');
  await page
    .getByTestId('upload-Estimate file (PDF, EMS, BMS XML or CSV)')
    .setInputFiles({ name: 'estimate.xml', mimeType: 'text/xml', buffer: Buffer.from(bmsXml(RAV4_LINES)) });
  await page.getByRole('button', { name: "Store as the job's estimate" }).click();
  await expect(page.getByRole('status').filter({ hasText: `estimate.xml: ${RAV4_LINES.length} lines stored` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Triggered calibrations' });
  const camera = table.getByRole('row').filter({ hasText: 'Forward Camera' });
  await expect(camera).toContainText('Windshield glass w/ rain sensor');
  await expect(table.getByRole('row').filter({ hasText: 'Front Radar' })).toContainText('Front bumper cover');
  await expect(camera.getByLabel('Price of Forward Camera')).toHaveValue(/^\d+\.\d{2}$/);
  await expect(camera).toContainText('$350.00');
  expect(await axeViolations(page)).toEqual([]);

  // Priced under the insurer's agreed price: flagged before the request is sent.
  await camera.getByLabel('Price of Forward Camera').fill('199.00');
  await expect(camera.getByText('Under the agreed price')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: "Forward Camera: $199.00 is under the insurer's agreed $350.00" })).toBeVisible();
  await page.getByRole('button', { name: 'Create calibration request' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The quote is flagged' })).toBeVisible();
  await camera.getByLabel('Price of Forward Camera').fill('350.00');
  await expect(camera.getByText('Under the agreed price')).toBeHidden();
  await page.getByRole('button', { name: 'Create calibration request' }).click();
  await expect(page.getByRole('heading', { name: /Calibration request #\d+/ })).toBeVisible();

  // Notes as two users of the shop: the other one sees the unread count.
  await page.getByLabel('Add a note').fill('Windshield is in; please book the targets.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Notes, oldest first' })).toContainText('please book the targets');

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  // Signed in on the home page: a first opening of the inspection would read the notes (marking them read)
  // before openInspection's own load counts them.
  await signIn(manager, 4);
  await openInspection(manager, inspection);
  await expect(manager.getByRole('heading', { name: /Calibration request/ })).toContainText('1 unread');
  await manager.getByLabel('Add a note').fill('Targets booked for 9 am.');
  await manager.getByRole('button', { name: 'Add note' }).click();
  await expect(manager.getByRole('list', { name: 'Notes, oldest first' }).getByRole('listitem')).toHaveCount(2);
  await managerContext.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: /Calibration request/ })).toContainText('1 unread');
  await expect(page.getByRole('list', { name: 'Notes, oldest first' }).getByRole('listitem').last()).toContainText(
    'Targets booked for 9 am.',
  );

  // The report PDF: vehicle, VIN and systems in its text.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  const text = (await new PDFParse({ data: readFileSync((await download.path())!) }).getText()).text;
  expect(text).toContain('2022 Toyota RAV4');
  expect(text).toContain(vin);
  expect(text).toContain(ro);
  expect(text).toContain('Forward Camera');
  expect(text).toContain('Front Radar');

  // Sent through the mail stand-in.
  await page.getByLabel('Send to (email)').fill('adjuster@example.com');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The report was sent to adjuster@example.com.' })).toBeVisible();
  const mail = withTestDb((db) =>
    db
      .prepare(
        "SELECT m.subject, a.content_type FROM mail m JOIN mail_attachment a ON a.mail = m.mail WHERE m.recipient = 'adjuster@example.com' AND m.subject LIKE ? ORDER BY m.mail DESC",
      )
      .get(`%${ro}%`),
  );
  expect(mail).toMatchObject({ content_type: 'application/pdf' });

  // CCC takes the lines once, after a preview of what goes, then refuses the same lines again in plain words.
  await page.getByRole('button', { name: 'Push to CCC…' }).click();
  const preview = page.getByRole('dialog', { name: 'Push to CCC' });
  await expect(preview.getByTestId('ccc-line').first()).toBeVisible();
  await preview.getByRole('button', { name: /^Send \d+ lines? / }).click();
  await expect(page.getByRole('status').filter({ hasText: `CCC ONE added` })).toBeVisible();
  await page.getByRole('button', { name: 'Push to CCC…' }).click();
  await preview.getByRole('button', { name: /^Send \d+ lines? / }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `CCC ONE refused the lines: it already has these calibration lines for RO ${ro}` }),
  ).toBeVisible();
});
