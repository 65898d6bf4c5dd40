import { expect, test } from '@playwright/test';
import { tempToken } from '../support/api';
import { signIn } from '../support/session';

test('SSO: a temp token signs in once; a used or bad token lands on /login with a message', async ({ page, context }) => {
  const token = await tempToken(7);
  await page.goto(`/sso?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('role-label')).toHaveText('Franchiser (user)');

  await context.clearCookies();
  await page.goto(`/sso?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/login\?sso=failed/);
  await expect(page.getByText('This sign-in link is invalid, expired or already used.')).toBeVisible();

  await page.goto('/sso?token=not-a-real-token');
  await expect(page).toHaveURL(/\/login\?sso=failed/);
});

test('the session cookie is HttpOnly, SameSite, __Host- and the token is nowhere in the page', async ({ page, context }) => {
  await signIn(page, 1);
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === '__Host-adas.session');
  expect(session).toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe('Lax');
  expect(session!.secure).toBe(true);
  // The cookie ends with the API token inside it (the host's default token lifetime is 8 h).
  const tokenEnd = Date.now() / 1000 + 8 * 3600;
  expect(Math.abs(session!.expires - tokenEnd)).toBeLessThan(120);
  expect(await page.evaluate(() => document.cookie)).not.toContain('adas.session');
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(storage).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  const html = await page.content();
  expect(html).not.toMatch(/eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]+/);
  const sessionJson = await page.evaluate(async () => (await fetch('/api/auth/session')).text());
  expect(sessionJson).not.toMatch(/eyJ|apiToken|token/);
});

test('BFF refusals: no custom header, unknown path, traversal', async ({ page }) => {
  await signIn(page, 1);
  const call = (path: string, headers: Record<string, string> = { 'x-adas-bff': '1' }) =>
    page.evaluate(
      async ([p, h]) => {
        const r = await fetch(p as string, { headers: h as Record<string, string> });
        return r.status;
      },
      [path, headers] as const,
    );
  expect(await call('/api/bff/user/profile?username=role1@example.com', {})).toBe(403);
  expect(await call('/api/bff/user/profile?username=role1@example.com')).toBe(200);
  expect(await call('/api/bff/no/such/call')).toBe(404);
  // Browsers resolve a bare %2e%2e segment themselves; the raw forms are sent by tests/security over plain HTTP.
  expect(await call('/api/bff/user/%2e%2e%2fuser/profile?username=role1@example.com')).toBe(404);
  expect(await call('/api/bff/user/..%5cprofile?username=role1@example.com')).toBe(404);
  expect(await call('/api/bff/user%2fprofile?username=role1@example.com')).toBe(404);
});
