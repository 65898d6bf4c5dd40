/**
 * Nothing billed that failed, and the reasons on paper (docs/dashboard.md#what-a-request-bills,
 * docs/report.md), at 390 px: a request approved by a manager on a Complete inspection with one system
 * Calibrated and one Failed (with the technician's note). The request names its approver and bills only the
 * calibration done; "Push to CCC…" previews the line that goes, the Failed one left out with why and the
 * total, then sends exactly that; the PDF and the shared page both print the note beside the result, the
 * inspector, and the same brand.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { RESULT, STATUS } from '../../lib/adas/rules';
import { hostCall, hostToken } from '../support/api';
import { signIn } from '../support/session';
import { axeViolations, newInspection, pilotVin, withTestDb } from './adas-support';
import { must } from '../../testkit/must';

test.use({ viewport: { width: 390, height: 844 } });

const NOTE = 'LF park sensor dead – part ordered';

test('the request bills only what was done, CCC gets exactly the previewed line, and the reasons are on paper', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const ro = `RO-PAPER-${Date.now() % 1_000_000}`;
  const { id, systems } = await newInspection(ro);
  const done = must(systems[0], 'a first system');
  const failed = must(systems[1], 'a second system');
  const shop = await hostToken(5);
  const technician = withTestDb((db) => db.prepare("SELECT user FROM user WHERE username = 'role5@example.com'").pluck().get() as number);
  withTestDb((db) => {
    db.prepare("UPDATE firm SET ccc_id = 'CCC-DEMO-6' WHERE firm = 6").run();
    db.prepare(
      'UPDATE vehicle SET vin = ? WHERE vehicle = (SELECT j.vehicle FROM adas j JOIN adas_inspection i ON i.adas = j.adas WHERE i.adas_inspection = ?)',
    ).run(pilotVin(), id);
  });
  const job = withTestDb((db) => db.prepare('SELECT adas FROM adas_inspection WHERE adas_inspection = ?').pluck().get(id) as number);
  const created = await hostCall<{ id: number }>(shop, 'POST', 'api/adas/createCalibrate', {
    firm: 6,
    adasInspection: id,
    year: 2022,
    make: 'Toyota',
    model: 'RAV4',
    reason: 'Estimate triggers calibrations',
    lines: [
      { adasChecklistMatrix: done.adasChecklistMatrix, system: done.system, calibrationType: 'Forward camera – static', price: 325 },
      {
        adasChecklistMatrix: failed.adasChecklistMatrix,
        system: failed.system,
        calibrationType: 'Parking sensors – initialization',
        price: 95,
      },
    ],
  });
  expect(created.status).toBe(200);
  const manager = await hostToken(4);
  expect(
    (await hostCall(manager, 'POST', 'api/adas/saveRequestStatus', { calibrateRequest: created.body.id, statusName: 'Approved' })).status,
  ).toBe(200);
  await hostCall(shop, 'POST', 'api/adas/saveAdasInspection', {
    adasInspection: id,
    adas: job,
    inspector: technician,
    notes: 'Customer waiting',
  });
  const results = systems.map((s) => ({
    adasChecklistMatrix: s.adasChecklistMatrix,
    result: s === done ? RESULT.calibrated : s === failed ? RESULT.failed : null,
    isNotEquipped: s !== done && s !== failed,
    notes: s === failed ? NOTE : '',
  }));
  expect((await hostCall(shop, 'POST', 'api/adas/saveAdasInspectionResults', { adasInspection: id, results })).status).toBe(200);
  expect(
    (await hostCall(shop, 'POST', 'api/adas/updateStatusAdasInspection', { adasInspection: id, status: STATUS.complete })).status,
  ).toBe(200);

  await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
  await page.waitForLoadState('networkidle');
  // The request: approved by the manager, billing only the calibration done.
  const header = page.getByTestId('request-header');
  await expect(header).toContainText('Approved by ');
  await expect(header).toContainText('Completed');
  await expect(page.getByTestId('request-total')).toHaveText('$325.00');
  await expect(page.getByRole('list', { name: 'Request lines' })).toContainText(`${failed.system}`);
  await expect(page.getByRole('list', { name: 'Request lines' })).toContainText('Not billed: Failed: the calibration did not succeed.');

  // The preview, then exactly that is sent.
  await page.getByRole('button', { name: 'Push to CCC…' }).click();
  const preview = page.getByRole('dialog', { name: 'Push to CCC' });
  await expect(preview.getByTestId('ccc-line')).toHaveCount(1);
  await expect(preview.getByTestId('ccc-line')).toContainText(done.system);
  await expect(preview.getByTestId('ccc-left-out')).toContainText(`${failed.system}`);
  await expect(preview.getByTestId('ccc-left-out')).toContainText('Failed: the calibration did not succeed.');
  await expect(preview.getByTestId('ccc-total')).toHaveText('$325.00');
  await expect(preview.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await preview.getByRole('button', { name: 'Send 1 line ($325.00)' }).click();
  await expect(page.getByRole('status').filter({ hasText: `CCC ONE added 1 calibration line to ${ro}` })).toBeVisible();
  const payload = withTestDb(
    (db) => db.prepare('SELECT payload FROM ccc_submission WHERE adas_inspection = ? AND accepted = 1').pluck().get(id) as string,
  );
  expect(JSON.parse(payload)).toEqual([{ system: done.system, calibrationType: 'Forward camera – static', operation: 'Subl', price: 325 }]);

  // The PDF: the note under the Failed result, the inspector, the inspection's notes.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  const text = (await new PDFParse({ data: readFileSync((await download.path())!) }).getText()).text;
  expect(text).toContain(`Note: ${NOTE}`);
  expect(text).toContain('Inspection notes: Customer waiting');
  expect(text).not.toMatch(/Inspector: not recorded/);

  // The shared page states the same: the note beside the result, the inspector, the brand.
  const link = await hostCall<{ token: string }>(shop, 'POST', 'api/links/createShareLink', { adasInspection: id });
  const anonymous = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shared = await anonymous.newPage();
  await shared.goto(`/links?t=${link.body.token}`);
  const row = shared.getByTestId('shared-system').filter({ hasText: failed.system });
  await expect(row.getByTestId('shared-note')).toHaveText(`Note: ${NOTE}`);
  const fields = shared.getByTestId('shared-fields');
  await expect(fields).toContainText('Inspector');
  await expect(fields).not.toContainText('Not recordedInspection notes');
  // The same brand and firm as the PDF's header, each named.
  const names = ((await shared.getByTestId('shared-brand').textContent()) ?? '').split(' · ').filter(Boolean);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(text).toContain(name);
  await anonymous.close();
});
