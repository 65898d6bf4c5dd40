/**
 * The logout form's route (POST /api/session/logout, issue 19): refused cross-site (another site cannot
 * sign anyone out); same-site it ends the session itself, so a copy of the old cookie is refused too.
 */
import { expect, test } from '@playwright/test';
import { appOrigin, rawRequest, signInHttp } from '../../testkit/http';
import { userOf } from '../../testkit/env';

test('logout by form post: cross-site refused, same-site ends the session for good', async () => {
  const origin = appOrigin();
  const { cookie } = await signInHttp(origin, userOf(1));
  expect(cookie).toBeTruthy();
  const post = (headers: Record<string, string>) =>
    rawRequest(origin, '/api/session/logout', {
      method: 'POST',
      headers: { cookie: cookie!, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: '',
    });
  const page = () => rawRequest(origin, '/contacts', { headers: { cookie: cookie! } });

  expect((await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
  expect((await page()).status).toBe(200);

  const out = await post({ origin, 'sec-fetch-site': 'same-origin' });
  expect(out.status).toBe(303);
  expect(out.location).toMatch(/\/$/);
  expect(out.setCookies.join('\n')).toMatch(/Max-Age=0/i);
  // The old cookie is worthless now: the page sends it to /login (a redirect, or in a streamed page a meta refresh).
  const after = await page();
  expect(after.location ?? after.body).toMatch(/\/login/);
  expect(after.body).not.toContain('Filter the list');
});
