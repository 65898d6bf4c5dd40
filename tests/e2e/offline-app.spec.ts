/**
 * The technician's phone as an offline app (docs/shell.md#offline, docs/adas.md#offline), at 390 px in
 * Chromium: with the service worker on, an inspection opened online loads again with the network off (a
 * reload too); a result, a note on a system, a photo with its caption, the inspection's notes and its
 * completion are made offline, each shown where it belongs ("Waiting to be sent", the photo's thumbnail
 * marked Waiting), and all reach the host when the network returns, with a notice that all was sent. And
 * a change the host took whose answer was lost (a reload between) leaves the queue exactly once.
 */
import { expect, test, type Page } from '@playwright/test';
import { RESULT, STATUS } from '../../lib/adas/rules';
import { signIn } from '../support/session';
import { newInspection, withTestDb } from './adas-support';
import { must } from '../../testkit/must';
import { APP_URL } from '../../testkit/env';
import { PNG_1PX as PNG } from '../../testkit/images';

test.use({ viewport: { width: 390, height: 844 } });

const region = (page: Page) => page.getByRole('region', { name: 'Changes kept on this device' });
const rowOf = (page: Page, system: string) => page.getByTestId('system-row').filter({ has: page.getByLabel(`Result for ${system}`) });
const dbRow = (id: number, system: number) =>
  withTestDb(
    (db) =>
      db
        .prepare(
          'SELECT result, is_not_equipped AS ne, notes, version FROM adas_inspection_result WHERE adas_inspection = ? AND adas_checklist_matrix = ?',
        )
        .get(id, system) as { result: number | null; ne: number; notes: string; version: number },
  );
/** The query of each page the worker keeps. */
const keptSearches = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('adas-desk-pages')).keys()).map((r) => new URL(r.url).search));
const hydrated = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-offline-queue="read"]')).toBeVisible();
};

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('an inspection opened online works offline, through a reload, and everything made offline arrives when the network returns', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const { id, systems } = await newInspection(`RO-APP-${Date.now() % 1_000_000}`);
    const [first, ...rest] = systems;
    const one = must(first, 'a system');
    await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
    await hydrated(page);
    // The worker takes the page over; the next load online is the one it keeps.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await hydrated(page);
    await expect.poll(() => keptSearches(page)).toContain(`?adasInspection=${id}`);
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/adas' });

    await context.setOffline(true);
    await page.reload();
    await hydrated(page);
    await page.getByLabel(`Result for ${one.system}`).selectOption('Failed');
    await page.getByLabel(`Note on ${one.system}`).fill('LF park sensor dead – part ordered');
    await expect(rowOf(page, one.system).getByTestId('change-state')).toHaveText('Waiting to be sent');
    // A photo with its caption: its thumbnail on its system, marked Waiting.
    const evidence = rowOf(page, one.system).getByTestId('system-evidence');
    await evidence.getByLabel(`Caption for the next photos or files of ${one.system}`).fill('Sensor connector');
    await evidence.locator('input[type=file][accept="image/*"]').setInputFiles({ name: 'sensor.png', mimeType: 'image/png', buffer: PNG });
    await expect(evidence.getByTestId('pending-evidence')).toHaveAttribute('data-state', 'waiting');
    await expect(evidence.getByRole('img', { name: 'Sensor connector' })).toBeVisible();
    // Every other system not equipped, the inspection's notes saved, and completed: all offline.
    for (const s of rest) await page.getByLabel(`${s.system} not equipped`).check();
    await page.getByLabel('Notes', { exact: true }).fill('Customer waiting; radar part ordered');
    await page.getByRole('button', { name: 'Save inspection' }).click();
    await expect(page.getByText('No connection: the inspection is kept on this device')).toBeVisible();
    await page.getByRole('button', { name: 'Complete inspection' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Complete inspection' }).click();
    await expect(page.getByText(/No connection: setting the inspection Complete is kept on this device/)).toBeVisible();
    await expect(region(page).getByRole('status')).toContainText('changes waiting to be sent');

    // A reload while offline: the page, and everything kept, are still there.
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel(`Note on ${one.system}`)).toHaveValue('LF park sensor dead – part ordered');
    await expect(rowOf(page, one.system).getByTestId('pending-evidence')).toHaveCount(1);
    expect(dbRow(id, one.adasChecklistMatrix)).toMatchObject({ result: null, version: 1 });

    // The network returns: everything goes, in order, once; the page says so.
    await context.setOffline(false);
    await expect(page.getByTestId('queue-emptied')).toHaveText('All changes kept on this device were sent.', { timeout: 30_000 });
    expect(dbRow(id, one.adasChecklistMatrix)).toMatchObject({ result: RESULT.failed, notes: 'LF park sensor dead – part ordered' });
    const inspection = withTestDb(
      (db) =>
        db.prepare('SELECT status, notes FROM adas_inspection WHERE adas_inspection = ?').get(id) as { status: number; notes: string },
    );
    expect(inspection).toEqual({ status: STATUS.complete, notes: 'Customer waiting; radar part ordered' });
    const photos = withTestDb((db) => db.prepare('SELECT caption FROM adas_evidence WHERE adas_inspection = ?').all(id));
    expect(photos).toEqual([{ caption: 'Sensor connector' }]);
  });

  test('a page not kept shows the offline page, which lists what is kept', async ({ page, context }) => {
    test.setTimeout(90_000);
    const { id } = await newInspection(`RO-APP2-${Date.now() % 1_000_000}`);
    await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
    await hydrated(page);
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await hydrated(page);
    await context.setOffline(true);
    await page.goto('/users').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Kept on this device' })).toContainText(`Inspection #${id}`);
    await context.setOffline(false);
    // Signing out forgets every kept page.
    await page.goto(`/view?adasInspection=${id}`);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(() => keptSearches(page)).toEqual([]);
    // …and with no connection, the signed-out device shows none of them.
    await context.setOffline(true);
    await page.goto(`/view?adasInspection=${id}`).catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();
    await expect(page.getByText('No inspection is kept on this device yet')).toBeVisible();
  });

  test("another user's session on the same device never opens the pages kept for the one before", async ({ page, context, browser }) => {
    test.setTimeout(120_000);
    const roNumber = `RO-APP3-${Date.now() % 1_000_000}`;
    const { id } = await newInspection(roNumber);
    await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
    await hydrated(page);
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await hydrated(page);
    await expect.poll(() => keptSearches(page)).toContain(`?adasInspection=${id}`);

    // Someone else's session arrives without a sign-in this device saw (the cookie of a session made
    // elsewhere): their first signed-in page forgets what was kept for the technician.
    const elsewhere = await browser.newContext({ baseURL: APP_URL });
    await signIn(await elsewhere.newPage(), 15, undefined, '/adas');
    const theirs = await elsewhere.cookies();
    await elsewhere.close();
    await context.clearCookies();
    await context.addCookies(theirs);
    await page.goto('/adas');
    await expect(page).toHaveURL(/\/adas/);
    await expect.poll(() => keptSearches(page)).not.toContain(`?adasInspection=${id}`);
    await context.setOffline(true);
    await page.goto(`/view?adasInspection=${id}`).catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();
    await expect(page.getByText(roNumber)).toHaveCount(0);
  });
});

test('a change the host took whose answer was lost leaves the queue exactly once, across a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const { id, systems } = await newInspection(`RO-ONCE-${Date.now() % 1_000_000}`);
  const one = must(systems[0], 'a system');
  await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
  await hydrated(page);
  // The device's keys of the results it sends (the first send and every one after the reload).
  const keysSent = new Set<string>();
  page.on('request', (r) => {
    if (!r.url().includes('/api/bff/adas/saveAdasInspectionResults')) return;
    const body = r.postDataJSON() as { clientKey?: string } | null;
    if (body?.clientKey) keysSent.add(body.clientKey);
  });
  // The host applies the first result, but its answer never reaches the page.
  await page.route('**/api/bff/adas/saveAdasInspectionResults', async (route) => {
    await route.fetch();
    await route.abort('connectionfailed');
  });
  await page.getByLabel(`Result for ${one.system}`).selectOption('Calibrated');
  await expect.poll(() => dbRow(id, one.adasChecklistMatrix).version).toBe(2);
  await expect(region(page).getByRole('status')).toContainText('1 change waiting to be sent');
  await page.unroute('**/api/bff/adas/saveAdasInspectionResults');

  await page.reload();
  await expect(page.getByTestId('queue-emptied')).toBeVisible({ timeout: 30_000 });
  await expect(region(page)).toHaveCount(0);
  // Recognised by its key: applied once, the row's version unchanged, one key sent and one kept answer.
  expect(dbRow(id, one.adasChecklistMatrix)).toMatchObject({ result: RESULT.calibrated, version: 2 });
  expect(keysSent.size).toBe(1);
  const keys = withTestDb((db) =>
    db
      .prepare("SELECT count(*) AS n FROM adas_client_change WHERE call = 'adas/saveAdasInspectionResults' AND client_key = ?")
      .get(must([...keysSent][0], 'the key sent')),
  );
  expect(keys).toMatchObject({ n: 1 });
});
