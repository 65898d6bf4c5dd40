/**
 * Phone and touch (issue 31 §8): at 360 px the inspection and the ADAS Systems Overview draw their systems
 * as cards (no sideways scroll, nothing cut off), their controls are at least 24 × 24 px and the main
 * actions 44 px high; RO links are 24 px high; the firm's name is shown whole; a table that scrolls
 * sideways is reachable by keyboard. By keyboard, "Save results" keeps the focus and follows the list of
 * systems too, and closing a dialog or the palette gives the focus back to the control that opened it.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { axeViolations, pilotVin, withTestDb } from './adas-support';

const openInspection = () =>
  withTestDb(
    (db) =>
      db
        .prepare(
          `SELECT i.adas_inspection FROM adas_inspection i JOIN adas a ON a.adas = i.adas
           WHERE a.firm = (SELECT firm FROM user WHERE username = 'role5@example.com') AND i.status <> 2
             AND (SELECT count(*) FROM adas_inspection_result r WHERE r.adas_inspection = i.adas_inspection) >= 3
           ORDER BY i.adas_inspection DESC LIMIT 1`,
        )
        .pluck()
        .get() as number,
  );

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** Whether the page itself scrolls sideways, as the issue measures it. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth > root.clientWidth;
  });

/** Every visible control's size, as [label, width, height] of those smaller than `min`. */
const smallTargets = (page: Page, selector: string, min: number) =>
  page.locator(selector).evaluateAll(
    (els, m) =>
      els
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0 && (box.width < m || box.height < m))
        .map(
          ({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent?.trim()}: ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    min,
  );

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the inspection shows its systems as cards: no sideways scroll, every result and checkbox reachable and large enough', async ({
    page,
  }) => {
    const inspection = openInspection();
    await signIn(page, 5, undefined, `/view?adasInspection=${inspection}`);
    const rows = page.getByTestId('system-row');
    await expect(rows.first()).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // Each card's result select and not-equipped checkbox lie inside the viewport, none cut off.
    const first = rows.first();
    for (const control of [first.getByRole('combobox'), first.getByRole('checkbox')]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    expect(await scrollsSideways(page)).toBe(false);
    // Links too (the OEM procedure of a system, the way back to the job): WCAG 2.2 target size.
    expect(await smallTargets(page, 'main select, main input[type=checkbox], main [data-testid=system-row] a', 24)).toEqual([]);
    expect((await page.getByRole('link', { name: /^ADAS job / }).boundingBox())!.height).toBeGreaterThanOrEqual(24);
    expect(await smallTargets(page, 'main button', 44)).toEqual([]);
  });

  test("RO links are tall enough to tap, the firm's name is whole, and a table that scrolls sideways takes the focus", async ({ page }) => {
    test.slow();
    await signIn(page, 5, undefined, '/adas');
    const ro = page.locator('main tbody th a').first();
    await expect(ro).toBeVisible();
    expect((await ro.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // The firm's name on a line of its own, not cut (the desktop one beside the logo is hidden here).
    const name = page.getByTestId('brand-title-phone');
    await expect(name).toHaveText('Brooklyn Collision & Glass');
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // The jobs' table is wider than the phone: its box scrolls, is named, and takes the focus.
    const box = page.locator('main [role=group]:has(table)').first();
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect(box).toHaveAttribute('aria-label', /./);
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    await page.goto('/providers');
    await expect(page.getByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
    await waitForHydration(page, 'main button');
    expect((await axeViolations(page)).filter((v) => v.includes('scrollable-region-focusable'))).toEqual([]);
  });

  test('the ADAS Systems Overview shows its systems as cards without sideways scroll', async ({ page }) => {
    await signIn(page, 5, undefined, `/add-inspection?vin=${pilotVin()}`);
    await expect(page.getByTestId('overview-system').first()).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await scrollsSideways(page)).toBe(false);
    const box = (await page.getByTestId('overview-system').first().boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // Every control at least 24 × 24 px (the systems' procedure links too), the main actions 44 px high.
    await waitForHydration(page, 'main input');
    expect(await smallTargets(page, 'main input, main select, main [data-testid=overview-system] a', 24)).toEqual([]);
    expect(await smallTargets(page, 'main button', 44)).toEqual([]);
  });
});

test('"Save results" follows the list of systems too and keeps the focus once saved', async ({ page }) => {
  const inspection = openInspection();
  await signIn(page, 5, undefined, `/view?adasInspection=${inspection}`);
  await waitForHydration(page, 'main select');
  const saves = page.getByRole('button', { name: 'Save results' });
  await expect(saves).toHaveCount(2);
  // The second one comes after the last system's controls in the page's order.
  const lastRow = page.getByTestId('system-row').last();
  const after = await lastRow.evaluate(
    (row, button) => !!(row.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING),
    await saves.last().elementHandle(),
  );
  expect(after).toBe(true);

  const checkbox = lastRow.getByRole('checkbox');
  await checkbox.focus();
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
  // The change is kept and sent by itself; pressed meanwhile, "Save results" sends it at once. Either way
  // the bar says so, and the button keeps the focus once nothing is left to save.
  await saves.last().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('save-bar')).toContainText('Every change is saved');
  await expect(saves.last()).toBeFocused();
  await expect(saves.last()).toHaveAttribute('aria-disabled', 'true');
});

test('closing a dialog or the palette gives the focus back to the control that opened it', async ({ page }) => {
  test.slow();
  await signIn(page, 5, undefined, '/adas');
  await waitForHydration(page, 'main thead a');
  const newJob = page.getByRole('button', { name: 'New job' });
  await newJob.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'New ADAS job' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(newJob).toBeFocused();

  const find = page.getByRole('button', { name: 'Find', exact: true });
  await find.click();
  await expect(page.getByRole('dialog', { name: 'Find' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(find).toBeFocused();
});
