/**
 * Sending a shop's calibration work to a provider (docs/dispatch.md), as the three users do it in Chromium:
 * the shop chooses Precision Calibration Services on the quote (re-priced, with a notice) and sends the
 * request as it creates it; the provider's manager finds it in its queue on /dispatch and accepts it with a
 * date, a window and a technician, which the shop's job lists beside the inspection; the provider's technician opens the inspection through the dispatch,
 * records the results offline (kept on the device, sent when the connection returns) and completes it,
 * which hands it back read-only; the shop accepts the report, which names the provider and its technician,
 * and the provider's access to the job ends.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { makeVin } from '../../api-host/vehicles/data';
import { RAV4_LINES } from '../support/estimates';
import { hostCall, hostToken } from '../support/api';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { axeViolations, withTestDb } from './adas-support';

const PROVIDER = 'Precision Calibration Services';

/** A fresh 2022 Toyota RAV4 job with one inspection at Brooklyn (firm 6), its estimate scrubbed at the host. */
async function scrubbedInspection(): Promise<{ adas: number; inspection: number; ro: string }> {
  let n = Date.now() % 100_000;
  const vin = makeVin('2T3', 'W1RF', 2022, 400_000 + n, () => ((n = (n * 16807) % 2147483647) % 1000) / 1000);
  const ro = `DSP-${Date.now().toString(36).toUpperCase()}`;
  const adas = withTestDb((db) =>
    db.transaction(() => {
      const vehicle = db
        .prepare("INSERT INTO vehicle (firm, year, make, model, vin) VALUES (6, 2022, 'Toyota', 'RAV4', ?)")
        .run(vin).lastInsertRowid;
      return Number(
        db.prepare('INSERT INTO adas (firm, ronumber, vehicle, created_by) VALUES (6, ?, ?, 4)').run(ro, vehicle).lastInsertRowid,
      );
    })(),
  );
  const shop = await hostToken(4);
  // Created as the screen creates it, with the vehicle's systems to record.
  const created = await hostCall<{ adasInspection: number }>(shop, 'POST', 'api/adas/saveAdasInspection', {
    adasInspection: -1,
    adas,
    adasInspectionType: 1,
    inspector: 4,
  });
  expect(created.status).toBe(200);
  const inspection = created.body.adasInspection;
  const text = RAV4_LINES.map((l, i) => `${i + 1} ${l.op === 'OP11' ? 'Repl' : 'Rpr'} ${l.description}`).join('\n');
  expect((await hostCall(shop, 'POST', 'api/bms/saveEstimate', { adas, text })).status).toBe(200);
  expect((await hostCall(shop, 'GET', `api/bms/scrub?adas=${adas}&adasInspection=${inspection}`)).status).toBe(200);
  return { adas, inspection, ro };
}

async function openInspection(page: Page, inspection: number) {
  await page.goto(`/view?adasInspection=${inspection}`);
  await expect(page.getByRole('heading', { name: 'Estimate and calibrations' })).toBeVisible();
  await waitForHydration(page, 'main button');
}

test('the shop sends the work, the provider accepts, calibrates on the shop’s job and hands it back, the shop accepts the report', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { adas, inspection, ro } = await scrubbedInspection();

  // The shop chooses the provider on the quote: its prices, with a notice of what changed.
  await signIn(page, 4, undefined, `/view?adasInspection=${inspection}`);
  await openInspection(page, inspection);
  const who = page.getByRole('group', { name: 'Who calibrates' });
  await expect(who.getByRole('radio', { name: /In house/ })).toBeChecked();
  await who.getByRole('radio', { name: new RegExp(PROVIDER) }).check();
  await expect(page.getByTestId('repriced')).toContainText(`The quote is at ${PROVIDER}'s prices now.`);
  await expect(page.getByLabel('Price of Forward Camera')).toHaveAttribute('readonly', '');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Create the request and send it to ${PROVIDER}` }).click();
  const sent = page.getByTestId('inspection-dispatch');
  await expect(sent).toContainText(`Sent to ${PROVIDER}`);
  await expect(sent).toContainText('Sent to the provider, waiting for an answer');

  // The provider's manager finds it in the queue and accepts it with a date, a window and a technician.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, 'precision.admin@example.com', undefined, '/dispatch');
  await expect(manager.getByRole('heading', { name: 'Dispatch' })).toBeVisible();
  await waitForHydration(manager, 'main button');
  await manager.getByRole('searchbox', { name: 'Search dispatches' }).fill(ro);
  await manager.getByRole('searchbox', { name: 'Search dispatches' }).press('Enter');
  const row = manager.getByRole('row').filter({ hasText: ro });
  await expect(row).toContainText('Brooklyn Collision & Glass');
  await expect(row).toContainText('Requested');
  await row.getByRole('button', { name: /Open the calibration of the 2022 Toyota RAV4/ }).click();
  const dialog = manager.getByRole('dialog');
  await expect(dialog).toContainText('From Brooklyn Collision & Glass');
  expect(await axeViolations(manager)).toEqual([]);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await dialog.getByLabel('Technician').selectOption({ label: 'Riley Santos' });
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog.getByText('Accepted: the shop is told')).toBeVisible();
  await expect(dialog).toContainText('Riley Santos');
  await managerContext.close();

  // On the job, the shop's list of inspections says where the work went and that it is accepted.
  await page.goto(`/adas?adas=${adas}`);
  const listed = page.getByTestId('inspection-row');
  await expect(listed).toContainText(PROVIDER);
  await expect(listed).toContainText('Accepted');

  // The provider's technician works on that inspection through the dispatch, offline included.
  const techContext = await browser.newContext();
  const tech = await techContext.newPage();
  await signIn(tech, 'precision.tech@example.com', undefined, `/view?adasInspection=${inspection}`);
  await expect(tech.getByRole('heading', { name: `Inspection #${inspection}`, exact: true })).toBeVisible();
  await expect(tech.getByText(/calibrated by your location for Brooklyn Collision & Glass/)).toBeVisible();
  await expect(tech.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(tech.getByRole('button', { name: 'Save inspection' })).toHaveCount(0);
  await waitForHydration(tech, 'main button');
  const systems = await tech.getByTestId('system-row').count();
  expect(systems).toBeGreaterThan(0);
  await expect(tech.locator('[data-offline-queue="read"]')).toBeVisible();
  await techContext.setOffline(true);
  const selects = tech.getByRole('combobox', { name: /^Result for / });
  for (let k = 0; k < systems; k++) {
    const select = selects.nth(k);
    const name = (await select.getAttribute('aria-label')) ?? '';
    await select.selectOption({ label: /Forward Camera/.test(name) ? 'Calibrated' : 'Passed' });
  }
  await techContext.setOffline(false);
  // The changes kept on the device reach the host once the connection is back.
  await expect
    .poll(
      () =>
        withTestDb(
          (db) =>
            db
              .prepare('SELECT count(*) FROM adas_inspection_result WHERE adas_inspection = ? AND result IS NOT NULL')
              .pluck()
              .get(inspection) as number,
        ),
      { timeout: 30_000 },
    )
    .toBe(systems);
  await tech.reload();
  await waitForHydration(tech, 'main button');
  await tech.getByRole('button', { name: 'Complete inspection' }).click();
  await expect(tech.getByText('(handed back: read-only)')).toBeVisible({ timeout: 15_000 });
  await expect(tech.getByRole('button', { name: 'Reopen inspection' })).toHaveCount(0);

  // The shop: handed back, the report names the provider and its technician; it accepts the report.
  await openInspection(page, inspection);
  await expect(sent).toContainText('Calibrated and handed back', { timeout: 15_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  const text = (await new PDFParse({ data: readFileSync((await download.path())!) }).getText()).text;
  expect(text).toContain(`Calibrated by: ${PROVIDER}`);
  expect(text).toContain(`Riley Santos, ${PROVIDER}`);
  await sent.getByRole('button', { name: 'Accept the report' }).click();
  await expect(sent).toContainText('Report accepted by the shop');

  // The provider's access to the job ended: the page says so.
  await tech.reload();
  await expect(tech.getByRole('main').getByRole('alert')).toContainText('Brooklyn Collision & Glass accepted the report on');
  await techContext.close();
});

test('the queue at 320 px: no sideways scroll, the dispatch readable in its dialog, by keyboard', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 700 } });
  const page = await context.newPage();
  await signIn(page, 'precision.admin@example.com', undefined, '/dispatch?status=Requested');
  await expect(page.getByRole('heading', { name: 'Dispatch' })).toBeVisible();
  await waitForHydration(page, 'main button');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  const open = page.getByRole('button', { name: /^Open the calibration of the / }).first();
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('dispatch-detail')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await context.close();
});
