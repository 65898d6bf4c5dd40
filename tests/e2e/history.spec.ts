/**
 * The History panel (issue 30 §3), as a shop user uses it on /view: an inspection's notes and a system's
 * result are changed; the History panel (opened from the keyboard) lists both with who, when and old → new,
 * newest first; the CSV export downloads the same rows, read back here; the panel fits a 360 px phone and
 * passes axe; Escape gives the focus back to its button. A configuration section beyond systems (an
 * exclusion) has the same panel in its editor: an edit shows as old → new.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { signIn } from '../support/session';
import { must } from '../../testkit/must';
import { clickUntil } from '../support/shell';
import { axeViolations, newInspection } from './adas-support';
import { host, openSection, settled, uniqueToken } from './configuration-support';

test('changes on /view show in the History panel and its CSV export', async ({ page }) => {
  test.setTimeout(90_000);
  const ro = `RO-HIS-${Date.now() % 1_000_000}`;
  const { id, systems } = await newInspection(ro);
  const first = must(systems[0], 'a system');
  await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inspection' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // A field of the inspection (part of the job) and a system's result.
  await page.getByLabel('Notes', { exact: true }).fill('Targets set at 1.5 m');
  const savedInspection = page.waitForResponse((r) => /\/api\/bff\/adas\/saveAdasInspection$/.test(r.url()) && r.ok());
  await page.getByRole('button', { name: 'Save inspection' }).click();
  await savedInspection;
  await expect(page.getByText('The inspection was saved.')).toBeVisible();
  const savedResult = page.waitForResponse((r) => r.url().includes('/api/bff/adas/saveAdasInspectionResults') && r.ok());
  // A result is kept on the device and sent by itself.
  await page.getByLabel(`Result for ${first.system}`).selectOption('Calibrated');
  await savedResult;
  await expect(page.getByTestId('save-bar')).toContainText('Every change is saved');

  // Opened from the keyboard; the panel's code arrives only now.
  const button = page.getByRole('button', { name: 'History', exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: `History of ADAS job ${ro}` });
  await expect(panel).toBeVisible();
  const changes = panel.getByRole('list', { name: `Changes of ADAS job ${ro}` }).getByRole('listitem');
  await expect(changes).toHaveCount(3);
  await expect(changes.nth(0)).toContainText(`Inspection ${id} · ${first.system} · Result`);
  await expect(changes.nth(0).getByRole('insertion')).toHaveText('Calibrated');
  await expect(changes.nth(0).getByRole('deletion')).toHaveText('empty');
  await expect(changes.nth(1)).toContainText(`Inspection ${id} · Notes`);
  await expect(changes.nth(1).getByRole('insertion')).toHaveText('Targets set at 1.5 m');
  await expect(changes.nth(2)).toContainText('Created');
  await expect(changes.nth(2)).toContainText(`RO number: ${ro}`);
  // When (MM/DD/YYYY hh:mm a, the user's zone) and who.
  await expect(changes.nth(0).locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
  await expect(changes.nth(0)).toContainText('·');
  expect(await axeViolations(page)).toEqual([]);

  // The CSV export: the same rows, newest first.
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^history-adas-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const rows = Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
  expect(rows.map((r) => [r.Part, r.Field, r['Old value'], r['New value']])).toEqual([
    [`Inspection ${id} · ${first.system}`, 'Result', '', 'Calibrated'],
    [`Inspection ${id}`, 'Notes', '', 'Targets set at 1.5 m'],
    ['', 'Created', '', expect.stringContaining(`RO number: ${ro}`)],
  ]);
  const newest = must(rows[0], 'the newest row');
  expect(newest['Request id']).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
  expect(newest.Tab).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

  // A phone: the panel fits the screen and nothing in it scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(panel).toBeVisible();
  // What could scroll sideways (a box that scrolls, or the page); visually hidden labels clip by design.
  const wider = await panel.evaluate((el) =>
    [el, ...el.querySelectorAll('*')]
      .filter((n) => ['auto', 'scroll'].includes(getComputedStyle(n).overflowX) && n.scrollWidth > n.clientWidth + 1)
      .map((n) => `${n.tagName.toLowerCase()}.${n.className} ${n.scrollWidth} > ${n.clientWidth}`),
  );
  expect(wider).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
});

test('an exclusion edited on /configuration shows old → new in its editor’s History panel', async ({ page }) => {
  test.setTimeout(90_000);
  const keyword = `Wax ${uniqueToken()}`;
  await host('POST', 'admin/saveAdasExclusion', { adasExclusion: -1, keyword, reason: 'Detail work' });
  await openSection(page, 'exclusions', `&searchTerm=${encodeURIComponent(keyword)}`);
  await settled(page);

  const editor = page.getByRole('dialog', { name: `Exclusion: ${keyword}` });
  await clickUntil(page.getByRole('button', { name: keyword }), editor);
  await editor.getByLabel('Reason').fill('Polish and wax');
  const saved = page.waitForResponse((r) => /\/api\/bff\/admin\/saveAdasExclusion$/.test(r.url()) && r.ok());
  await editor.getByRole('button', { name: 'Save' }).click();
  await saved;
  await expect(page.getByText('Exclusion saved.')).toBeVisible();

  // Opened again, its History button from the keyboard.
  await clickUntil(page.getByRole('button', { name: keyword }), editor);
  const button = editor.getByRole('button', { name: 'History', exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: `History of exclusion ${keyword}` });
  await expect(panel).toBeVisible();
  const changes = panel.getByRole('list', { name: `Changes of exclusion ${keyword}` }).getByRole('listitem');
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(0)).toContainText('Reason');
  await expect(changes.nth(0).getByRole('deletion')).toHaveText('Detail work');
  await expect(changes.nth(0).getByRole('insertion')).toHaveText('Polish and wax');
  await expect(changes.nth(1)).toContainText('Created');
  await expect(changes.nth(1)).toContainText(`Phrase: ${keyword}`);
  expect(await axeViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
});
