/**
 * The core flow of issue 13, as a shop user does it: a VIN is entered on the ADAS Systems Overview
 * (refused while its check digit is wrong, decoded on the 17th character), its systems shown, a job and
 * its first inspection started in one step, results recorded, a second inspection added, both completed,
 * and the job is Complete in the list at once.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { axeViolations, pilotVin, withWrongCheckDigit } from './adas-support';

async function recordAllResults(page: Page) {
  const rows = page.getByTestId('system-row');
  const n = await rows.count();
  for (let i = 0; i < n; i++) await rows.nth(i).getByRole('combobox').selectOption('Passed');
}

test('a shop user goes from a VIN to a Complete job', async ({ page }) => {
  test.setTimeout(90_000);
  const vin = pilotVin();
  const ro = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 5, undefined, '/add-inspection');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Inspection' })).toBeVisible();
  await waitForHydration(page, 'main input');

  // A wrong check digit is refused as it is typed: nothing is decoded, no systems appear.
  const vinBox = page.getByLabel('Vehicle VIN');
  await vinBox.fill(withWrongCheckDigit(vin));
  await expect(page.getByRole('alert').filter({ hasText: 'The check digit (position 9) does not match' })).toBeVisible();
  await expect(page).not.toHaveURL(/vin=/);
  await vinBox.fill(`${vin.slice(0, 7)}O`);
  await expect(page.getByRole('alert').filter({ hasText: 'never contains the letters I, O or Q' })).toBeVisible();

  // The 17th valid character decodes it and shows the vehicle's systems.
  await vinBox.fill(vin.slice(0, 16));
  await expect(page.getByText('16 of 17 characters')).toBeVisible();
  await vinBox.press('End');
  await vinBox.pressSequentially(vin.slice(16));
  await expect(page.getByText('Decoded: 2021 Honda Pilot (SUV).')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`vin=${vin}`));
  await expect(page.getByRole('heading', { name: 'ADAS systems of the 2021 Honda Pilot (SUV)' })).toBeVisible();
  const systems = await page.getByTestId('overview-system').count();
  expect(systems).toBeGreaterThan(0);
  expect(await axeViolations(page)).toEqual([]);

  // Start the job and its inspection in one step; the vehicle comes filled in from the decode.
  await page.getByRole('button', { name: 'Start job and inspection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start an ADAS job' });
  await expect(dialog.getByLabel('Make')).toHaveValue('Honda');
  await expect(dialog.getByLabel('Model')).toHaveValue('Pilot');
  await expect(dialog.getByLabel('Year')).toHaveValue('2021');
  await dialog.getByRole('button', { name: 'Start job and inspection' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('RO number').fill(ro);
  await dialog.getByRole('button', { name: 'Start job and inspection' }).click();

  // The first inspection: record every system's result, then complete it.
  await expect(page).toHaveURL(/\/view\?adasInspection=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inspection' })).toBeVisible();
  await expect(page.getByTestId('system-row')).toHaveCount(systems);
  expect(await axeViolations(page)).toEqual([]);
  await waitForHydration(page, 'main tbody select');
  await recordAllResults(page);
  await page.getByRole('button', { name: 'Complete inspection' }).click();
  // Its only inspection is Complete: so is the job.
  await expect(page.getByRole('status').filter({ hasText: 'The inspection is Complete. The job is Complete.' })).toBeVisible();
  await expect(page.getByTestId('inspection-status')).toHaveText('Complete');

  // A second inspection from the job reopens it; completing that one completes the job again.
  await page.getByRole('link', { name: `ADAS job ${ro}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`ADAS job ${ro}`) })).toBeVisible();
  await expect(page.getByTestId('job-status')).toHaveText('Complete');
  // The decoded checklist maps the vehicle's systems to the job's inspection.
  await expect(page.getByTestId('checklist-row')).toHaveCount(systems);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add inspection' }).click();
  await expect(page).toHaveURL(/\/view\?adasInspection=\d+/);
  const second = page.url();
  await page.getByRole('link', { name: `ADAS job ${ro}` }).click();
  await expect(page.getByTestId('job-status')).toHaveText('Open');
  await expect(page.getByTestId('inspection-row')).toHaveCount(2);
  await page.goto(second);
  await expect(page.getByTestId('system-row')).toHaveCount(systems);
  await waitForHydration(page, 'main tbody select');
  await recordAllResults(page);
  await page.getByRole('button', { name: 'Complete inspection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The inspection is Complete. The job is Complete.' })).toBeVisible();

  // The list shows the job Complete, both inspections done.
  await page.goto(`/adas?searchTerm=${ro}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ro }) });
  await expect(row.getByTestId('row-status')).toHaveText('Complete');
  await expect(row.getByTestId('row-inspections')).toHaveText('2/2');
  // …and finds it by a part of its VIN as well.
  await page.goto(`/adas?searchTerm=${vin.slice(-7)}`);
  await expect(page.getByRole('rowheader', { name: ro })).toBeVisible();
});

test('a bad check digit is refused in the job form before anything is sent', async ({ page }) => {
  await signIn(page, 5, undefined, '/adas');
  await waitForHydration(page, 'main thead a');
  await page.getByRole('button', { name: 'New job' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ADAS job' });
  await dialog.getByLabel('RO number').fill('E2E-CHECK');
  await dialog.getByLabel('VIN').fill(withWrongCheckDigit(pilotVin()));
  await dialog.getByLabel('Make').fill('Honda');
  await dialog.getByLabel('Model').fill('Pilot');
  let sent = false;
  page.on('request', (r) => {
    if (r.url().includes('adas/createAdas')) sent = true;
  });
  await dialog.getByRole('button', { name: 'Create job' }).click();
  await expect(dialog.getByText('Please correct the highlighted fields.')).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'The check digit (position 9) does not match' })).toBeVisible();
  await expect(dialog.getByLabel('RO number')).toHaveValue('E2E-CHECK');
  expect(sent).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
});
