/**
 * Connecting ALLDATA as a shop admin does it: from /alldataAuthorize to the stand-in's consent page, back
 * through /alldataApproval to "ALLDATA is connected". Replaying that callback, a forged state, a callback
 * without state and a denial each end on a clear page; the tokens never reach the browser. Once connected,
 * an OEM link to an ALLDATA document opens it through the firm's access (a single-use ticket).
 */
import { expect, test, type Page } from '@playwright/test';
import { AUTHORIZATION_PROBLEMS } from '../../lib/alldata/authorization';
import { hostCall, hostToken } from '../support/api';
import { API_ORIGIN } from '../../testkit/env';
import { axeViolations } from './adas-support';
import { signIn } from '../support/session';

/** Starts an authorization and answers the stand-in's consent page URL. */
async function startConnect(page: Page): Promise<URL> {
  await page.goto('/alldataAuthorize');
  await expect(page.getByRole('heading', { name: 'Connect ALLDATA' })).toBeVisible();
  await page.getByRole('button', { name: /^Connect (ALLDATA|again)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Allow ADAS Desk to use your ALLDATA account?' })).toBeVisible();
  const consent = new URL(page.url());
  expect(consent.origin).toBe(API_ORIGIN);
  expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
  return consent;
}

const refused = (page: Page, text: string) =>
  Promise.all([
    expect(page.getByRole('heading', { name: 'ALLDATA was not connected' })).toBeVisible(),
    expect(page.getByRole('alert').filter({ hasText: /./ })).toHaveText(text),
  ]);

test('a shop admin connects ALLDATA; the callback cannot be replayed', async ({ page }) => {
  await signIn(page, 4);
  const callbacks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/alldataApproval')) callbacks.push(r.url());
  });
  await startConnect(page);
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/alldataSetToken$/);
  await expect(page.getByRole('heading', { name: 'ALLDATA is connected' })).toBeVisible();
  await expect(page.getByText("Brooklyn Collision & Glass's ALLDATA account is connected.")).toBeVisible();
  await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/).first()).toBeVisible();
  expect(await page.content()).not.toMatch(/access_token|refresh_token/);
  expect(await axeViolations(page)).toEqual([]);

  // The same callback again (same browser, same sealed state): refused as a replay.
  const callback = callbacks.find((u) => u.includes('code='))!;
  await page.goto(callback);
  await refused(page, AUTHORIZATION_PROBLEMS.replayed);
});

test('a forged state, a callback without state and a denial end on clear pages', async ({ page }) => {
  await signIn(page, 4);
  const consent = await startConnect(page);

  await page.goto(`/alldataApproval?code=made-up&state=${'x'.repeat(43)}`);
  await refused(page, AUTHORIZATION_PROBLEMS.forged);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/alldataApproval?code=made-up');
  await refused(page, AUTHORIZATION_PROBLEMS.missingState);

  // Back to the consent page of the started authorization, and deny.
  await page.goto(consent.href);
  await page.getByRole('button', { name: 'Deny' }).click();
  await refused(page, AUTHORIZATION_PROBLEMS.denied);
  await page.getByRole('link', { name: 'Start again' }).click();
  await expect(page.getByRole('heading', { name: 'Connect ALLDATA' })).toBeVisible();
});

test('signed out, the pages ask to sign in; a firm without ALLDATA cannot connect', async ({ page }) => {
  await page.goto('/alldataAuthorize');
  await expect(page.getByRole('heading', { name: 'Sign in to connect ALLDATA' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2FalldataAuthorize$/);

  await signIn(page, 3, undefined, '/alldataAuthorize');
  await expect(page.getByRole('alert').filter({ hasText: /./ })).toHaveText(AUTHORIZATION_PROBLEMS.notInPlan);
});

test("after connecting, an OEM link to ALLDATA opens the document through the firm's access", async ({ page }) => {
  await signIn(page, 4);
  await startConnect(page);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: 'ALLDATA is connected' })).toBeVisible();

  // The configuration (as an administrator would) links an ALLDATA procedure to the make of one of the firm's jobs.
  const jobs = await hostCall<{ items: { adas: number; make: string }[] }>(await hostToken(4), 'GET', 'api/adas/adass?pageSize=1');
  const job = jobs.body.items[0]!;
  const title = `ALLDATA front camera aiming ${Date.now()}`;
  const admin = await hostToken(1);
  const created = await hostCall<{ ids: number[] }>(admin, 'POST', 'api/alldata/createAdasLinks', {
    links: [
      { title, url: `${API_ORIGIN}/alldata/repair/${encodeURIComponent(job.make)}/front-camera-aiming`, type: 'adas', make: job.make },
    ],
  });
  expect(created.status).toBe(200);
  try {
    await page.goto(`/adas?adas=${job.adas}`);
    const link = page.getByRole('link', { name: title });
    await expect(link).toHaveAttribute('href', /^\/api\/alldata\/open\?url=/);
    const [doc] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(doc.getByRole('heading', { name: 'ALLDATA document' })).toBeVisible();
    const opened = new URL(doc.url());
    expect(opened.origin).toBe(API_ORIGIN);
    expect(opened.searchParams.get('ticket')).toBeTruthy();
    expect(doc.url()).not.toMatch(/access_token|token=/);
    // The ticket is good once.
    await doc.reload();
    await expect(doc.getByRole('heading', { name: 'This ALLDATA link cannot be opened' })).toBeVisible();

    // Only ALLDATA documents go through the route: no open redirect.
    const foreign = await page.request.get(`/api/alldata/open?url=${encodeURIComponent('https://evil.example/alldata/repair/x')}`, {
      maxRedirects: 0,
    });
    expect(foreign.status()).toBe(400);
  } finally {
    await hostCall(admin, 'POST', 'api/alldata/removeLinksManage', { ids: created.body.ids });
  }
});
