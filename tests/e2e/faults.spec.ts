/**
 * Fault tests, each on its own host and app (spare ports), so stopping a host disturbs nothing else:
 * - the reference host stops while the app runs: pages say the service can't be reached, with Try again,
 *   and recover when it is back — without restarting the app;
 * - nothing typed in an open dialog is lost by a failed save;
 * - an upstream slower than the time-out, and one that answers garbage, through a stand-in upstream that
 *   passes everything else to the global host (so signing in keeps working).
 * Each fault is met on a page whose own content needs the failing call (a list): the shell's brand is kept
 * per instance (lib/cache/settings.ts), so the frame of a page makes no host call to fail.
 */
import { expect, test, type Page } from '@playwright/test';
import { API_ORIGIN, DEMO_PASSWORD, userOf } from '../../testkit/env';
import { appOrigin } from '../../testkit/http';
import { chooseFromAccountMenu } from '../support/shell';
import { SPARE, hostOrigin, startAppServer, startHost, stopAll, type Child } from '../support/stacks';
import { startStandIn, type StandIn } from '../support/stand-in';

test.describe.configure({ mode: 'serial' });

async function signInAt(page: Page, who: number) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(userOf(who));
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
}

const unreachable = (page: Page) => page.getByRole('heading', { name: "The service can't be reached" });

test.describe('the reference host stops while the app runs', () => {
  let host: Child | undefined;
  let app: Child | undefined;
  test.use({ baseURL: appOrigin(SPARE.faultApp) });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    host = await startHost({ port: SPARE.faultHost });
    app = await startAppServer({ port: SPARE.faultApp, apiOrigin: hostOrigin(SPARE.faultHost) });
  });
  test.afterAll(async () => {
    await stopAll([app, host]);
  });

  const stopHost = async () => {
    await host?.stop();
    host = undefined;
  };
  const startHostAgain = async () => {
    host = await startHost({ port: SPARE.faultHost, reset: false });
  };

  test('pages show "The service can\'t be reached" with Try again, and recover when the host is back', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAt(page, 1);
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();

    await stopHost();
    await page.reload();
    await expect(unreachable(page)).toBeVisible();
    await expect(page.getByText("The service can't be reached right now. Please try again in a moment.")).toBeVisible();
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeVisible();
    // No stack trace or internals on the page.
    await expect(page.locator('body')).not.toContainText(/ECONNREFUSED|at async|UpstreamError|node_modules/);

    // Trying again while the host is still down shows the same message.
    await retry.click();
    await expect(unreachable(page)).toBeVisible();

    await startHostAgain();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await expect(unreachable(page)).toHaveCount(0);

    // Another page, recovered with a reload this time.
    await stopHost();
    await page.goto('/users');
    await expect(unreachable(page)).toBeVisible();
    await startHostAgain();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });

  test('a failed save keeps what the user typed in the open dialog', async ({ page }) => {
    test.setTimeout(120_000);
    if (!host) await startHostAgain();
    await signInAt(page, 2);
    await chooseFromAccountMenu(page, 'Blake Brooks', 'Change password');
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const newPassword = 'Fresh#Start2026';
    await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
    await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Password again').fill(newPassword);

    await stopHost();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText("can't be reached");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue(newPassword);
    await expect(dialog.getByLabel('Password again')).toHaveValue(newPassword);

    // Once the host is back the same values save.
    await startHostAgain();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Your password has been changed.')).toBeVisible();
  });
});

test.describe('a slow or broken upstream (stand-in in front of the global host)', () => {
  const TIMEOUT_MS = 1500;
  /** Longer than any wait of the test: an upstream that never answers in time. */
  const UPSTREAM_NEVER_MS = 120_000;
  let standIn: StandIn | undefined;
  let app: Child | undefined;
  test.use({ baseURL: appOrigin(SPARE.standInApp) });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    standIn = await startStandIn(SPARE.standIn, API_ORIGIN);
    app = await startAppServer({ port: SPARE.standInApp, apiOrigin: standIn.origin, env: { UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) } });
  });
  test.afterAll(async () => {
    await stopAll([app]);
    await standIn?.close();
  });
  test.afterEach(() => standIn?.clear());

  test('an upstream slower than the time-out → the time-out message naming the call; Try again recovers', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAt(page, 3);
    // The upstream would answer long after the test's own time-outs: the message can only come from the
    // app giving up after UPSTREAM_TIMEOUT_MS (no timed assertion: shared machines are noisy).
    standIn!.set('adas/adass', { delayMs: UPSTREAM_NEVER_MS });
    await page.goto('/adas');
    await expect(page.getByText('The service took too long to answer (adas/adass). Please try again.')).toBeVisible({
      timeout: 15_000,
    });
    standIn!.set('adas/adass', null);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ADAS' })).toBeVisible();
  });

  test('a slow BFF call → 504 with the time-out message in the dialog', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAt(page, 3);
    standIn!.set('user/profile', { delayMs: UPSTREAM_NEVER_MS });
    const answer = page.waitForResponse((r) => r.url().includes('/api/bff/user/profile'));
    await chooseFromAccountMenu(page, 'Casey Carter', 'Profile');
    expect((await answer).status()).toBe(504);
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
      'The service took too long to answer (user/profile). Please try again.',
    );
  });

  for (const [label, fault] of [
    ['a well-formed answer of the wrong shape', { body: JSON.stringify({ rows: 'not what the contract says' }) }],
    ['an answer that is not JSON', { body: '<html>Upstream proxy error</html>', contentType: 'text/html' }],
  ] as const) {
    test(`a malformed upstream answer (${label}) → a clear error naming the call`, async ({ page }) => {
      test.setTimeout(60_000);
      await signInAt(page, 3);
      standIn!.set('adas/adass', fault);
      await page.goto('/adas');
      await expect(
        page.getByText('The service answered adas/adass with data this application does not understand.', { exact: false }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/ZodError|invalid_type|SyntaxError|at async/);

      // Through the BFF: the profile dialog names user/profile.
      standIn!.set('adas/adass', null);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'ADAS' })).toBeVisible();
      standIn!.set('user/profile', fault);
      await chooseFromAccountMenu(page, 'Casey Carter', 'Profile');
      await expect(page.getByRole('dialog').getByRole('alert')).toContainText(
        'The service answered user/profile with data this application does not understand.',
      );
    });
  }

  test('a dropped connection → the unreachable message, and nothing typed in the dialog is lost', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAt(page, 4);
    await chooseFromAccountMenu(page, 'Devon Diaz', 'Change password');
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
    await dialog.getByLabel('Password', { exact: true }).fill('Kept#Value2026');
    await dialog.getByLabel('Password again').fill('Kept#Value2026');
    standIn!.set('user/saveCredentials', { drop: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText("can't be reached");
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('Kept#Value2026');
    await expect(dialog.getByLabel('Password again')).toHaveValue('Kept#Value2026');
  });
});
