/**
 * Issue 31 §1–§4 as a shop user does them: an insurer chosen on a new job is printed in the report; a
 * Not equipped system is printed without calibration, technician or date and a Failed one stands out, in
 * the PDF and on the shared link's page;
 * completing with a Failed result asks first; the RO field's error clears as soon as it is typed; the
 * request's Declined asks for a reason in words. (Dashboard numbers against the records: the host test
 * tests/integration/dashboard-truth-host.test.ts.)
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { hostCall, hostToken } from '../support/api';
import { newInspection, pilotVin } from './adas-support';
import { must } from '../../testkit/must';

test('an insurer chosen on a new job, and only what was recorded, end up in the report', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const vin = pilotVin();
  const ro = `PAPER-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 5, undefined, `/add-inspection?vin=${vin}`);
  await expect(page.getByRole('heading', { name: 'ADAS systems of the 2021 Honda Pilot (SUV)' })).toBeVisible();
  await waitForHydration(page, 'main input');
  await page.getByRole('button', { name: 'Start job and inspection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start an ADAS job' });

  // The RO field's error goes as soon as something is typed.
  await dialog.getByRole('button', { name: 'Start job and inspection' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('RO number').fill(ro);
  await expect(dialog.getByText('This field is required')).toBeHidden();

  // The insurers the shop works with, its own and its network's (more than 12: searched by name); not
  // those of another branch of the network (Northstar West's Pacific Coast Auto, Northstar South's Lone Star Mutual).
  const insurance = dialog.getByRole('combobox', { name: 'Insurance' });
  const found = dialog.getByRole('listbox', { name: 'Insurance' }).getByRole('option');
  await insurance.fill('pacific');
  await expect(dialog.getByRole('status').filter({ hasText: 'No matches' })).toHaveCount(1);
  await insurance.fill('MUTUAL');
  await expect(found).toContainText(['Beacon Mutual', 'Brooklyn Mutual Auto', 'Lakeshore Mutual']);
  await expect(found.filter({ hasText: 'Lone Star Mutual' })).toHaveCount(0);
  await found.filter({ hasText: 'Brooklyn Mutual Auto' }).click();
  await expect(dialog.getByText('Insurer: Brooklyn Mutual Auto', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Start job and inspection' }).click();
  await expect(page).toHaveURL(/\/view\?adasInspection=\d+/);
  const inspection = Number(new URL(page.url()).searchParams.get('adasInspection'));
  await expect(page.getByRole('main').getByText('Insurer: Brooklyn Mutual Auto', { exact: true })).toBeVisible();
  // A calibration request on the inspection (as the estimate step makes one): it will follow the inspection.
  const request = await hostCall<{ id: number }>(await hostToken(5), 'POST', 'api/adas/createCalibrate', {
    firm: 6,
    adasInspection: inspection,
    year: 2021,
    make: 'Honda',
    model: 'Pilot',
    reason: 'Windshield replaced',
  });
  expect(request.status).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Calibration request #\d+/ })).toBeVisible();
  await waitForHydration(page, 'main tbody select');

  // Results: the first system Calibrated, the second Not equipped, the third Failed, the rest Passed.
  const rows = page.getByTestId('system-row');
  const n = await rows.count();
  expect(n).toBeGreaterThanOrEqual(3);
  const names: string[] = [];
  for (let i = 0; i < n; i++) names.push((await rows.nth(i).getByRole('combobox').getAttribute('aria-label'))!.replace(/^Result for /, ''));
  for (let i = 0; i < n; i++) {
    if (i === 1) await rows.nth(i).getByRole('checkbox').check();
    else
      await rows
        .nth(i)
        .getByRole('combobox')
        .selectOption(i === 0 ? 'Calibrated' : i === 2 ? 'Failed' : 'Passed');
  }
  // Completing with a Failed system asks first and says what the report will show.
  await page.getByRole('button', { name: 'Complete inspection' }).click();
  const ask = page.getByRole('dialog', { name: 'Complete with systems not calibrated?' });
  await expect(ask).toContainText(`${names[2]}: Failed`);
  await expect(ask).toContainText('The report will show');
  await expect(ask).toContainText('Its calibration request becomes Completed.');
  await ask.getByRole('button', { name: 'Complete inspection' }).click();
  await expect(page.getByTestId('inspection-status')).toHaveText('Complete');
  // Each saved result says who set it and when (what the report prints); the Not equipped one has none.
  await expect(rows.nth(0).getByTestId('result-set-by')).toHaveText(/^Set by \S.*, \d\d\/\d\d\/\d{4}$/);
  await expect(rows.nth(1).getByTestId('result-set-by')).toHaveCount(0);
  // The request followed, on the screen without a reload too.
  await expect(page.getByLabel('Status', { exact: true }).last()).toHaveValue('Completed');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  const text = (await new PDFParse({ data: readFileSync((await download.path())!) }).getText()).text.replace(/[ \t]+/g, ' ');
  expect(text).toContain('Insurer: Brooklyn Mutual Auto');
  expect(text).toContain(ro);
  const lines = text.split('\n');
  const blockOf = (index: number) => {
    const name = must(names[index], 'a system name');
    const at = lines.findIndex((l) => l.startsWith(name));
    const end = lines.findIndex((l, i) => i > at && names.some((m) => m !== name && l.startsWith(m)));
    return lines.slice(at, end === -1 ? at + 4 : end).join('\n');
  };
  expect(blockOf(1)).toContain('Not equipped');
  expect(blockOf(1)).not.toMatch(/Technician|Calibration:|Date:/);
  expect(blockOf(0)).toMatch(/Technician: \S+/);
  expect(blockOf(2)).toContain('! Failed');
  expect(text).not.toContain('was measured');

  // The shared link's page states the systems as the report does: the Not equipped one without
  // calibration, technician or date, the Failed one marked.
  const link = await hostCall<{ token: string }>(await hostToken(5), 'POST', 'api/links/createShareLink', {
    adasInspection: inspection,
    days: 1,
  });
  expect(link.status).toBe(200);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/links?t=${link.body.token}`);
  const shared = guest.getByTestId('shared-system');
  await expect(shared).toHaveCount(n);
  await expect(guest.getByTestId('shared-attention')).toHaveText('! Needs attention: Failed: 1');
  const sharedRow = (index: number) =>
    shared.filter({ has: guest.getByRole('rowheader', { name: must(names[index], 'a name'), exact: true }) });
  await expect(sharedRow(1).getByRole('cell')).toHaveText(['Not equipped', '—', '—', '—'], { useInnerText: true });
  await expect(sharedRow(2)).toHaveAttribute('data-attention', 'failed');
  await expect(sharedRow(2).getByRole('cell').first()).toHaveText('! Failed', { useInnerText: true });
  await expect(sharedRow(0).getByRole('cell').nth(2)).not.toHaveText(/^(—|Not recorded)$/, { useInnerText: true });
  await guest.context().close();

  // The job list shows the insurer in its Insurance column.
  await page.goto(`/adas?searchTerm=${vin.slice(-7)}`);
  await expect(page.getByRole('row').filter({ hasText: ro })).toContainText('Brooklyn Mutual Auto');
  expect(inspection).toBeGreaterThan(0);
});

test('the insurers follow the job’s location in the new-job dialog', async ({ page }) => {
  // Northstar East's user reaches its shops; each works with its own insurers and the network's above it.
  await signIn(page, 9, undefined, '/adas');
  await waitForHydration(page, 'main thead a');
  await page.getByRole('button', { name: 'New job' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ADAS job' });
  const location = dialog.getByLabel('Location');
  await location.selectOption({ label: 'Brooklyn Collision & Glass' });
  await dialog.getByRole('combobox', { name: 'Insurance' }).fill('brooklyn');
  await dialog.getByRole('listbox', { name: 'Insurance' }).getByRole('option', { name: 'Brooklyn Mutual Auto' }).click();
  await expect(dialog.getByText('Insurer: Brooklyn Mutual Auto', { exact: true })).toBeVisible();
  // Queens does not work with Brooklyn's own insurer: it goes, and the field says why.
  await location.selectOption({ label: 'Queens Auto Body' });
  await expect(dialog.getByText('Brooklyn Mutual Auto does not work with this location: choose again.')).toBeVisible();
  const insurance = dialog.getByLabel('Insurance');
  await expect(insurance).toHaveValue('');
  await expect(insurance.locator('option', { hasText: 'Empire Claims Network' })).toHaveCount(1);
  await expect(insurance.locator('option', { hasText: 'Brooklyn Mutual Auto' })).toHaveCount(0);
});

test('Declined asks for a reason in words instead of greying out', async ({ page }) => {
  // Its own job and open request: the seeded ones may have been declined or completed by other specs.
  const { id: inspection } = await newInspection(`DECL-${Date.now().toString(36).toUpperCase()}`);
  const created = await hostCall<{ id: number }>(await hostToken(5), 'POST', 'api/adas/createCalibrate', {
    firm: 6,
    adasInspection: inspection,
    year: 2022,
    make: 'Toyota',
    model: 'RAV4',
    reason: 'Front bumper replaced',
  });
  expect(created.status).toBe(200);
  await signIn(page, 4, undefined, `/view?adasInspection=${inspection}`);
  await expect(page.getByRole('heading', { name: /Calibration request #\d+/ })).toBeVisible();
  await waitForHydration(page, 'main button[aria-expanded]');
  await page.getByLabel('Status', { exact: true }).last().selectOption('Declined');
  const save = page.getByRole('button', { name: 'Save status' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('A reason is needed to set the request to Declined')).toBeVisible();
  await page.getByLabel('Reason').fill('Insurer will not pay');
  await expect(page.getByText('A reason is needed to set the request to Declined')).toBeHidden();
});
