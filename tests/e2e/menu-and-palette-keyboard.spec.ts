/**
 * The menu on every page and the palette, by keyboard alone (issue 31 §7, §8): from /adas (the default
 * layout, whose top bar lists only ADAS) the menu button opens the left menu as a drawer; Escape gives the
 * focus back to the button; Tab reaches Import/Export in the drawer and Enter opens it. The palette finds
 * vehicles by their model and by make and model typed together ("Accord", "Honda Accord"). The firm's name
 * in the top bar is whole at every width.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/session';
import { waitForHydration } from '../support/shell';
import { withTestDb } from './adas-support';

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has the focus (at most `max` times); fails when it never gets it. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('from /adas the menu button opens the left menu as a drawer, and the keyboard reaches Import/Export', async ({ page }) => {
  await signIn(page, 3, undefined, '/adas');
  await waitForHydration(page, 'header button[aria-haspopup="dialog"]');
  await expect(page.getByRole('navigation', { name: 'Top menu' }).getByRole('link')).toHaveText(['ADAS']);
  const button = page.getByRole('button', { name: 'Open menu' });
  const drawer = page.getByRole('dialog', { name: 'Menu' });

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  // The open drawer hides the page from the accessibility tree, so the button is read by its markup here.
  await expect(page.locator('header button[aria-haspopup="dialog"]').first()).toHaveAttribute('aria-expanded', 'true');
  // Escape closes it and the focus is back on the button, not at the page's start.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  const importExport = drawer.getByRole('link', { name: 'Import/Export Facility' });
  await tabTo(page, importExport);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/data$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Import/Export Facility' })).toBeVisible();
});

test('the palette finds vehicles by model ("Accord") and by make and model typed together', async ({ page }) => {
  // A vehicle of the shop user's firm, its make and model single words of three letters or more.
  const vehicle = withTestDb((db) =>
    db
      .prepare(
        `SELECT v.vin, v.make, v.model FROM vehicle v
         WHERE v.firm = (SELECT firm FROM user WHERE username = 'role5@example.com') AND length(v.vin) = 17
           AND length(v.make) >= 3 AND length(v.model) >= 3 AND instr(v.model, ' ') = 0 AND instr(v.make, ' ') = 0
         ORDER BY (v.model = 'Accord') DESC, v.vehicle DESC LIMIT 1`,
      )
      .get(),
  ) as { vin: string; make: string; model: string };
  await signIn(page, 5, undefined, '/adas');
  await waitForHydration(page, '[data-testid="palette-button"]');
  const find = page.getByRole('button', { name: 'Find', exact: true });
  const palette = page.getByRole('dialog', { name: 'Find' });
  const vehicles = palette.getByRole('group', { name: 'Vehicles' }).getByRole('option');

  await find.focus();
  await page.keyboard.press('Enter');
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(vehicle.model.toLowerCase());
  await expect(vehicles.filter({ hasText: vehicle.vin })).toBeVisible();
  await expect(palette.getByRole('status')).toHaveText(/^\d+ results?$/);

  await palette.getByRole('combobox').fill(`${vehicle.make} ${vehicle.model}`);
  const item = vehicles.filter({ hasText: vehicle.vin });
  await expect(item).toBeVisible();
  await expect(item).toContainText(`${vehicle.make} ${vehicle.model}`);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/adas\\?view=vehicles&searchTerm=${vehicle.vin}$`));
  await expect(page.getByRole('main').getByText(vehicle.vin).first()).toBeVisible();
});

test("the firm's name in the top bar is whole from a phone to a desktop, never cut to a letter", async ({ page }) => {
  await signIn(page, 3, undefined, '/adas');
  for (const width of [360, 640, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // Beside the logo where there is room, else on a line of its own; either way whole.
    const names = page.locator('header [data-testid^="brand-title"]');
    const shown = await names.evaluateAll((els) =>
      els
        .filter((el) => el.getBoundingClientRect().width > 1 && getComputedStyle(el).position !== 'absolute')
        .map((el) => ({ text: el.textContent, whole: el.scrollWidth <= el.clientWidth })),
    );
    expect(shown, `${width} px`).toEqual([{ text: 'Northstar Calibration Network', whole: true }]);
  }
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a list's row checkboxes and its cells' links and buttons are at least 24 px: users, storage, the log", async ({ page }) => {
    test.slow();
    await signIn(page, 1, undefined, '/users');
    for (const path of ['/users', '/storage', '/admin?section=log']) {
      if (path !== '/users') await page.goto(path);
      const targets = page.locator('main table').locator('input[type=checkbox], tbody a[href], tbody button');
      await expect(targets.first(), path).toBeVisible();
      const small = await targets.evaluateAll((els) =>
        els
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 1 && box.height > 1 && (box.width < 24 || box.height < 24))
          .map(
            ({ el, box }) =>
              `${el.getAttribute('aria-label') ?? el.textContent?.trim()}: ${Math.round(box.width)}×${Math.round(box.height)}`,
          ),
      );
      expect(small, path).toEqual([]);
    }
  });
});
