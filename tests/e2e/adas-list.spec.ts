/** The /adas list's state in the URL (surviving a reload, restored on the bare path) and firm scoping of jobs. */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { withTestDb } from './adas-support';

test('sort, status filter, page size and search survive a reload and fill in the bare path', async ({ page }) => {
  await signIn(page, 4, undefined, '/adas');
  await expect(page).toHaveTitle(/^ADAS · /);
  await waitForHydration(page, 'main thead a');
  await expect(page.getByRole('columnheader', { name: 'Job' })).toHaveCount(0);

  await page.getByRole('columnheader', { name: 'Vehicle' }).getByRole('link').click();
  await expect(page).toHaveURL(/orderBy=vehicle/);
  await page.getByLabel('Status').selectOption('Complete');
  await expect(page).toHaveURL(/filterBy=2/);
  await page.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/pageSize=25/);
  const statuses = page.getByTestId('row-status');
  await expect(statuses.first()).toHaveText('Complete');
  expect(new Set(await statuses.allTextContents())).toEqual(new Set(['Complete']));
  const first = await page.getByRole('rowheader').first().textContent();

  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('2');
  await expect(page.getByLabel('Rows per page')).toHaveValue('25');
  await expect(page.getByRole('columnheader', { name: 'Vehicle' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('rowheader').first()).toHaveText(first!);

  await page.goto('/adas');
  await expect(page).toHaveURL(/filterBy=2/);
  await expect(page).toHaveURL(/orderBy=vehicle/);
  await expect(page.getByLabel('Status')).toHaveValue('2');

  await page.getByLabel('Status').selectOption('All statuses');
  await expect(page).not.toHaveURL(/filterBy/);
});

test("another firm's job and inspection are unreachable, the same as unknown ones", async ({ page }) => {
  const { adas, inspection } = withTestDb(
    (db) =>
      db
        .prepare(
          'SELECT a.adas, (SELECT min(adas_inspection) FROM adas_inspection i WHERE i.adas = a.adas) AS inspection FROM adas a WHERE a.firm = 6 AND a.inspections_total > 0 LIMIT 1',
        )
        .get() as { adas: number; inspection: number },
  );
  await signIn(page, 17, undefined, '/adas');
  const ro = withTestDb((db) => (db.prepare('SELECT ronumber FROM adas WHERE adas = ?').get(adas) as { ronumber: string }).ronumber);
  // The page shell streams before the record is asked for, so the answer is the not-found page in a 200.
  for (const path of [`/adas?adas=${adas}`, `/view?adasInspection=${inspection}`, '/adas?adas=999999999']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not Found' }), path).toBeVisible();
    await expect(page.getByText(ro)).toHaveCount(0);
  }
  // Nor does the list or its search show it.
  const vin = withTestDb((db) => (db.prepare('SELECT vin FROM adas WHERE adas = ?').get(adas) as { vin: string }).vin);
  await page.goto(`/adas?searchTerm=${vin}`);
  await expect(page.getByText('No jobs match the search and filters.')).toBeVisible();
});

test('CSV export writes every job matching the filters, not just the page', async ({ page }) => {
  await signIn(page, 16, undefined, '/adas?filterBy=2&pageSize=10');
  await waitForHydration(page, 'main thead a');
  const count = withTestDb((db) => db.prepare('SELECT count(*) FROM adas WHERE firm = 7 AND status = 2').pluck().get() as number);
  expect(count).toBeGreaterThan(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^adas-jobs-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.meta.fields).toEqual([
    'RO number',
    'Vehicle',
    'VIN',
    'Insurance',
    'Status',
    'Inspections',
    'Unread notes',
    'Created',
    'Location',
    'Job',
  ]);
  expect(parsed.data).toHaveLength(count);
  expect(new Set(parsed.data.map((r) => r.Status))).toEqual(new Set(['Complete']));
  expect(new Set(parsed.data.map((r) => r.Location))).toEqual(new Set(['Queens Auto Body']));
});
