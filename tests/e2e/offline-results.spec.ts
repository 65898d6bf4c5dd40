/**
 * Results that survive a dropped connection on /view (issue 30 §2), in Chromium with the network switched
 * off: changes made offline are kept on the device ("N changes waiting to be sent"), survive a reload, and
 * reach the host once each, in order, when it answers again; a change against a row someone else changed
 * meanwhile shows both values and the technician chooses; another user of the same browser never sees the
 * queue, and the same user finds it again after signing back in.
 */
import { expect, test, type Page } from '@playwright/test';
import { RESULT } from '../../lib/adas/rules';
import { hostCall, hostToken } from '../support/api';
import { signIn } from '../support/session';
import { newInspection, withTestDb } from './adas-support';
import { must, two } from '../../testkit/must';

const rowOf = (id: number, system: number) =>
  withTestDb((db) =>
    db
      .prepare(
        'SELECT result, is_not_equipped AS ne, version FROM adas_inspection_result WHERE adas_inspection = ? AND adas_checklist_matrix = ?',
      )
      .get(id, system),
  ) as {
    result: number | null;
    ne: number;
    version: number;
  };

/**
 * The page and its lazily loaded parts are in before the network goes (no service worker keeps them): the
 * calibration panel's own heading shows once its code has loaded after hydration.
 */
const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Estimate and calibrations' })).toBeVisible();
};

const waiting = (page: Page) => page.getByRole('region', { name: 'Changes kept on this device' }).getByRole('status');
/** The BFF does not answer (the host or the shop's network down while the page itself loads). */
const cutBff = (page: Page) => page.route('**/api/bff/adas/**', (r) => r.abort('connectionfailed'));

test('changes made offline survive a reload and reach the host once, in order', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { id, systems } = await newInspection(`RO-OFF-${Date.now() % 1_000_000}`);
  const [first, second] = two(systems, 'the systems');
  await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
  await settled(page);
  await context.setOffline(true);
  await page.getByLabel(`Result for ${first.system}`).selectOption('Calibrated');
  await page.getByLabel(`${second.system} not equipped`).check();
  await page.getByLabel(`Result for ${first.system}`).selectOption('Failed');
  // The first system's second change goes into its waiting record: one change per system until it is sent.
  await expect(waiting(page)).toContainText('2 changes waiting to be sent');

  // Back online, but nothing answers yet: the reload shows the kept changes, and nothing reached the host.
  await cutBff(page);
  await context.setOffline(false);
  await page.reload();
  await expect(waiting(page)).toContainText('2 changes waiting to be sent');
  await expect(page.getByLabel(`Result for ${first.system}`)).toHaveValue(String(RESULT.failed));
  expect(rowOf(id, first.adasChecklistMatrix)).toMatchObject({ result: null, version: 1 });

  await page.unroute('**/api/bff/adas/**');
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect.poll(() => rowOf(id, second.adasChecklistMatrix).ne).toBe(1);
  await expect(page.getByRole('region', { name: 'Changes kept on this device' })).toHaveCount(0);
  // The first system's latest value (Failed) applied once; the tick once.
  expect(rowOf(id, first.adasChecklistMatrix)).toEqual({ result: RESULT.failed, ne: 0, version: 2 });
  expect(rowOf(id, second.adasChecklistMatrix)).toEqual({ result: null, ne: 1, version: 2 });
  await page.reload();
  await expect(page.getByLabel(`Result for ${first.system}`)).toHaveValue(String(RESULT.failed));
});

test('a change against a result someone else changed meanwhile shows both, and the technician chooses', async ({ page, context }) => {
  test.setTimeout(90_000);
  const { id, systems } = await newInspection(`RO-CON-${Date.now() % 1_000_000}`);
  const first = must(systems[0], 'a system');
  await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
  await settled(page);
  await context.setOffline(true);
  await page.getByLabel(`Result for ${first.system}`).selectOption('Calibrated');
  await expect(waiting(page)).toContainText('1 change waiting to be sent');
  // The manager records another result meanwhile.
  const manager = await hostToken(4);
  expect(
    (
      await hostCall(manager, 'POST', 'api/adas/saveAdasInspectionResults', {
        adasInspection: id,
        results: [{ adasChecklistMatrix: first.adasChecklistMatrix, result: RESULT.failed }],
      })
    ).status,
  ).toBe(200);

  await context.setOffline(false);
  const conflict = page.getByTestId('offline-conflict');
  await expect(conflict).toContainText(`${first.system} was changed by`);
  await expect(conflict).toContainText('Theirs: Failed · Yours: Calibrated');
  expect(rowOf(id, first.adasChecklistMatrix).result).toBe(RESULT.failed);
  await conflict.getByRole('button', { name: `Keep mine for ${first.system}` }).click();
  await expect.poll(() => rowOf(id, first.adasChecklistMatrix).result).toBe(RESULT.calibrated);
  await expect(page.getByRole('region', { name: 'Changes kept on this device' })).toHaveCount(0);
});

test('another user of the same browser never sees the queue; the same user finds it after signing in again', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { id, systems } = await newInspection(`RO-USR-${Date.now() % 1_000_000}`);
  const first = must(systems[0], 'a system');
  const path = `/view?adasInspection=${id}`;
  await signIn(page, 5, undefined, path);
  await settled(page);
  await context.setOffline(true);
  await page.getByLabel(`Result for ${first.system}`).selectOption('Passed');
  await expect(waiting(page)).toContainText('1 change waiting to be sent');

  // Signed out (the session cookie gone) while the host still does not answer; the manager signs in here.
  await cutBff(page);
  await context.setOffline(false);
  await context.clearCookies();
  await signIn(page, 4, undefined, path);
  await expect(page.locator('[data-offline-queue="read"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Changes kept on this device' })).toHaveCount(0);
  await expect(page.getByLabel(`Result for ${first.system}`)).toHaveValue('');

  await context.clearCookies();
  await page.unroute('**/api/bff/adas/**');
  await signIn(page, 5, undefined, path);
  // The queue is sent once the page has loaded and hydrated, which a loaded CI machine can take past 7 s for.
  await expect.poll(() => rowOf(id, first.adasChecklistMatrix).result, { timeout: 20_000 }).toBe(RESULT.passed);
  await expect(page.getByRole('region', { name: 'Changes kept on this device' })).toHaveCount(0);
});
