/**
 * No open redirects: a remembered route / callbackUrl that points off the site — protocol-relative,
 * absolute, backslash tricks, javascript:, userinfo and port look-alikes, encoded forms — leaves the user
 * on the site, both in the browser after signing in and in next-auth's own redirects at HTTP level.
 */
import { expect, test } from '@playwright/test';
import { APP_PORT, DEMO_PASSWORD, userOf } from '../../testkit/env';
import { appOrigin, cookiePairs, rawRequest, signInHttp } from '../../testkit/http';
import { must } from '../../testkit/must';

const origin = appOrigin();
const port = new URL(origin).port;

const EVIL = [
  '//evil.example',
  '//evil.example/%2e%2e',
  'https://evil.example',
  'https:evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/%5Cevil.example',
  '%2F%2Fevil.example',
  '/%2F/evil.example',
  '/\t/evil.example',
  ' //evil.example',
  '/.//evil.example/x',
  '/..//evil.example/x',
  '/%2e%2e//evil.example/x',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  `http://localhost:${port}@evil.example/`,
  `http://localhost:${port}.evil.example/`,
  `http://localhost.evil.example:${port}/`,
  `http://localhost:${Number(port) + 1}0/`,
  `${origin}@evil.example`,
];

/** Where a redirect answer points, resolved against the site. */
function target(location: string | undefined): URL | null {
  if (!location) return null;
  return URL.canParse(location, origin) ? new URL(location, origin) : null;
}

function onSite(location: string | undefined): boolean {
  const url = target(location);
  return url === null || (url.origin === new URL(origin).origin && url.protocol === 'http:');
}

test('in the browser: after signing in from /login?callbackUrl=<off-site>, the user lands on the site', async ({ page }) => {
  test.setTimeout(120_000);
  const variants = [
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    `http://localhost:${APP_PORT}@evil.example/`,
  ];
  const offSite: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && !r.url().startsWith(origin)) offSite.push(r.url());
  });
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  for (const cb of variants) {
    await page.context().clearCookies();
    // Both the raw value and its URL-encoded form.
    for (const query of [encodeURIComponent(cb), cb.replace(/#/g, '%23')]) {
      await page.goto(`/login?callbackUrl=${query}`);
      await page.getByLabel('Email address').fill(userOf(6));
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(`${origin}/`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
      await page.context().clearCookies();
    }
  }
  expect(offSite).toEqual([]);
  expect(dialogs).toBe(0);
});

test('a signed-in user opening /login?callbackUrl=<off-site> is sent to / on the site', async () => {
  const { cookie } = await signInHttp(origin, userOf(6));
  for (const cb of EVIL) {
    const res = await rawRequest(origin, `/login?callbackUrl=${encodeURIComponent(cb)}`, { headers: { cookie } });
    expect(res.status, cb).toBe(307);
    // Home, or at worst a path on this site (e.g. "/%5Cevil.example", which is just a 404 here).
    expect(onSite(res.location), `${cb} → ${res.location}`).toBe(true);
    expect(target(res.location)?.host, cb).toBe(new URL(origin).host);
  }
  // A same-site path is kept.
  const kept = await rawRequest(origin, `/login?callbackUrl=${encodeURIComponent('/adas?page=2')}`, { headers: { cookie } });
  expect(target(kept.location)?.pathname).toBe('/adas');
});

test("next-auth's callback and redirects never point off the site (credentials callback, signin, signout)", async () => {
  test.setTimeout(120_000);
  const wrong: string[] = [];
  for (const cb of EVIL) {
    // The credentials callback, as the client calls it (json) and as a plain form post (302).
    const asJson = await signInHttp(origin, userOf(6), DEMO_PASSWORD, { callbackUrl: cb });
    if (!onSite(asJson.json?.url)) wrong.push(`callback (json) ${cb} → ${asJson.json?.url}`);
    const asForm = await signInHttp(origin, userOf(6), DEMO_PASSWORD, { callbackUrl: cb, json: false });
    if (!onSite(asForm.location)) wrong.push(`callback (form) ${cb} → ${asForm.location}`);
    for (const line of asForm.setCookies.filter((c) => c.startsWith('__Host-adas.callback='))) {
      const value = decodeURIComponent(must(line.split(';')[0], "line.split(';')[0]").split('=').slice(1).join('='));
      if (!onSite(value)) wrong.push(`callback cookie after sign-in ${cb} → ${value}`);
    }

    // GET /api/auth/signin?callbackUrl=… redirects to /login and remembers the callback in a cookie.
    const signin = await rawRequest(origin, `/api/auth/signin?callbackUrl=${encodeURIComponent(cb)}`);
    if (!onSite(signin.location)) wrong.push(`signin ${cb} → ${signin.location}`);
    const remembered = new URL(signin.location ?? '/', origin).searchParams.get('callbackUrl');
    if (remembered && !onSite(remembered)) wrong.push(`signin remembers ${cb} → ${remembered}`);
    for (const line of signin.setCookies.filter((c) => c.startsWith('__Host-adas.callback='))) {
      const value = decodeURIComponent(must(line.split(';')[0], "line.split(';')[0]").split('=').slice(1).join('='));
      if (!onSite(value)) wrong.push(`signin callback cookie ${cb} → ${value}`);
    }

    // POST /api/auth/signout with a callbackUrl.
    const csrf = await rawRequest(origin, '/api/auth/csrf');
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
    const signout = await rawRequest(origin, '/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...cookiePairs(csrf.setCookies), asJson.cookie].join('; ') },
      body: new URLSearchParams({ csrfToken, callbackUrl: cb }).toString(),
    });
    if (!onSite(signout.location)) wrong.push(`signout ${cb} → ${signout.location}`);
  }
  expect(wrong, wrong.join('\n')).toEqual([]);
});

test('the guard remembers only the requested path: crafted paths never produce an off-site callbackUrl', async () => {
  for (const path of ['//evil.example/contacts', '/contacts?next=//evil.example', '/contacts/..//evil.example', '/%2F%2Fevil.example']) {
    const res = await rawRequest(origin, path);
    if (res.location) {
      expect(onSite(res.location), `${path} → ${res.location}`).toBe(true);
      const cb = new URL(res.location, origin).searchParams.get('callbackUrl');
      if (cb) expect(cb.startsWith('/') && !cb.startsWith('//') && !cb.includes('\\'), `${path} → ${cb}`).toBe(true);
    }
  }
});
