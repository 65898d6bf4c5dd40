/**
 * The session cookie and the API token: the cookie's name prefix and flags (Secure on the APP_ENV=prod
 * server), an encrypted value (a JWE whose content is unreadable without AUTH_SECRET), and the token it
 * holds never in HTML, an RSC payload, an API answer, JS-readable cookies or storage.
 */
import { expect, test, type Response } from '@playwright/test';
import { decode } from 'next-auth/jwt';
import { SESSION_COOKIE } from '../../lib/auth/cookies';
// @ts-expect-error -- plain ESM helper shared with npm start (the secret the global setup gives the uat app)
import { embeddedAuthSecret } from '../../scripts/lib/stack.mjs';
import { hostToken } from '../support/api';
import { PROD_APP_PORT, userOf } from '../../testkit/env';
import { appOrigin, bffCall, inBatches, rawRequest, sessionSetCookies, signInHttp } from '../../testkit/http';
import { ROUTES, samplePath } from '../../testkit/routes-matrix';
import { signIn } from '../support/session';
import { chooseFromAccountMenu } from '../support/shell';
import { must, two } from '../../testkit/must';

const origin = appOrigin();
const prodOrigin = appOrigin(PROD_APP_PORT);
const uatSecret = (): string => process.env.AUTH_SECRET || embeddedAuthSecret();

/** Any readable three-part JWT ("eyJ….eyJ….…"). A JWE (five parts, the second empty for `dir`) does not match. */
const READABLE_JWT = /eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]+/;

const b64 = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));

/**
 * The part of a user's API token that is the same in every token the host issues them: the header and
 * the payload up to the first claim that changes (iat, issuedAtMs, jti), cut at a base64 block boundary.
 */
function stableTokenPrefix(token: string): string {
  const [header, payload] = two(token.split('.'), "the token's parts");
  const json = Buffer.from(payload, 'base64url');
  const firstVarying = Math.min(...['"sub"', '"jti"', '"iat"', '"issuedAtMs"', '"exp"'].map((k) => json.indexOf(k)).filter((i) => i >= 0));
  const keep = Math.floor(firstVarying / 3) * 3;
  return `${header}.${json.subarray(0, keep).toString('base64url')}`;
}

/** The API token inside a session cookie, decrypted with the app's secret (as only the server can). */
async function apiTokenIn(cookieHeader: string, secret: string): Promise<string> {
  const value = cookieHeader
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .slice(SESSION_COOKIE.length + 1);
  const jwt = await decode({ token: value, secret });
  expect(typeof jwt?.apiToken).toBe('string');
  return jwt!.apiToken as string;
}

function leaks(body: string, token: string, prefix: string): string | null {
  if (body.includes(token)) return 'the API token';
  if (body.includes(must(token.split('.')[2], "the token's signature"))) return "the token's signature";
  if (body.includes(prefix)) return "the user's token (header and claims)";
  if (READABLE_JWT.test(body)) return `a readable JWT (${READABLE_JWT.exec(body)![0].slice(0, 30)}…)`;
  if (/"apiToken"/.test(body)) return 'an apiToken field';
  return null;
}

for (const [label, base, prod] of [
  ['APP_ENV=uat', origin, false],
  ['APP_ENV=prod', prodOrigin, true],
] as const) {
  test(`${label}: the session cookie is __Host-, HttpOnly, SameSite, Secure, Path=/ and encrypted`, async () => {
    const res = await signInHttp(base, userOf(1));
    const lines = sessionSetCookies(res.setCookies);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const flags = attrs.map((a) => a.toLowerCase());
      expect(name).toMatch(/^__(Host|Secure)-/);
      expect(flags).toContain('httponly');
      expect(flags.some((f) => f === 'samesite=lax' || f === 'samesite=strict')).toBe(true);
      if (prod) expect(flags).toContain('secure');
      // __Host- cookies must be Secure, Path=/ and host-only.
      if (name.startsWith('__Host-')) {
        expect(flags).toContain('secure');
        expect(flags).toContain('path=/');
        expect(flags.some((f) => f.startsWith('domain='))).toBe(false);
      }

      // A JWE (compact, five parts): its protected header says direct encryption with AES-GCM; nothing
      // else decodes to readable JSON.
      const parts = value.split('.');
      expect(parts).toHaveLength(5);
      expect(b64(must(parts[0], 'the protected header'))).toMatchObject({ alg: 'dir', enc: expect.stringMatching(/GCM$/) });
      for (const p of parts.slice(1)) expect(() => b64(p)).toThrow();
      expect(value).not.toMatch(READABLE_JWT);
    }
    // The other next-auth cookies are HttpOnly too.
    for (const line of res.setCookies) expect(line.toLowerCase()).toContain('httponly');

    // The claims are not visible: neither the token nor the profile it carries, plain or base64.
    const cookie = res.cookie;
    const direct = await hostToken(1);
    const prefix = stableTokenPrefix(direct);
    expect(cookie).not.toContain(prefix);
    expect(cookie).not.toContain(must(direct.split('.')[1], 'the token payload').slice(0, 40));
    for (const plain of ['role1@example.com', 'ADAS Central', 'Avery']) {
      expect(cookie).not.toContain(plain);
      expect(cookie).not.toContain(Buffer.from(plain).toString('base64url').slice(0, -2));
    }
  });
}

test('the decrypted session holds the API token; it is found nowhere in what the app answers over HTTP', async () => {
  test.setTimeout(120_000);
  const { cookie } = await signInHttp(origin, userOf(1));
  const token = await apiTokenIn(cookie, uatSecret());
  const prefix = stableTokenPrefix(await hostToken(1));
  // The prefix really identifies this user's tokens (so scanning for it means something).
  expect(token.startsWith(prefix)).toBe(true);

  const targets = [...ROUTES.map((r) => samplePath(r)), '/no-such-page', '/api/auth/session', '/api/auth/csrf', '/api/auth/providers'];
  const responses = await inBatches(targets, 4, async (t) => ({ t, res: await rawRequest(origin, t, { headers: { cookie } }) }));
  const rsc = await inBatches(['/', '/contacts'], 2, async (t) => {
    // The RSC payload of a client-side navigation (after the `_rsc` cache-busting redirect).
    const first = await rawRequest(origin, t, { headers: { cookie, RSC: '1' } });
    const res = first.location ? await rawRequest(origin, first.location, { headers: { cookie, RSC: '1' } }) : first;
    return { t: `${t} (RSC)`, res };
  });
  const bff = await Promise.all(
    ['user/profile?username=role1%40example.com', 'firm/firmPreference?firm=1&category=Brand'].map(async (t) => ({
      t: `BFF ${t}`,
      res: await bffCall(origin, 'GET', t, cookie),
    })),
  );
  const all = [...responses, ...rsc, ...bff];
  expect(all.filter(({ res }) => res.status === 200).length).toBeGreaterThan(targets.length / 2);
  const found = all.map(({ t, res }) => [t, leaks(res.body, token, prefix)] as const).filter(([, l]) => l);
  expect(found).toEqual([]);
  // The session endpoint tells the browser the user's name only.
  const session = JSON.parse(responses.find((r) => r.t === '/api/auth/session')!.res.body);
  expect(Object.keys(session).sort()).toEqual(['expires', 'user']);
  expect(Object.keys(session.user)).toEqual(['name']);
});

test('in the browser: the token is in no response, no JS-readable cookie and no storage', async ({ page, context }) => {
  test.setTimeout(120_000);
  const bodies: Promise<[string, string]>[] = [];
  const onResponse = (r: Response) => {
    const type = r.headers()['content-type'] ?? '';
    // Not the push stream: it never ends (and carries only push messages).
    if (/json|html|text\/(?!event-stream)|javascript|x-component/.test(type) && r.status() < 300 && !r.url().includes('/api/push'))
      bodies.push(
        Promise.race([
          r.text().then((t) => [r.url(), t] as [string, string]),
          new Promise<[string, string]>((resolve) => setTimeout(() => resolve([r.url(), '']), 10_000)),
        ]).catch(() => [r.url(), ''] as [string, string]),
      );
  };
  page.on('response', onResponse);
  await signIn(page, 1);
  const session = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)!;
  const token = await apiTokenIn(`${SESSION_COOKIE}=${session.value}`, uatSecret());
  const prefix = stableTokenPrefix(token);

  for (const route of ROUTES.filter((r) => r.access !== 'anonymous')) await page.goto(samplePath(route));
  await page.goto('/');
  // A client-side navigation (RSC fetch) and the dialogs that call the BFF.
  await page.getByRole('link', { name: /Users/ }).first().click();
  await expect(page).toHaveURL(/\/users$/);
  await chooseFromAccountMenu(page, 'Avery Adams', 'Profile');
  await expect(page.getByRole('dialog')).toContainText('role1@example.com');
  await page.keyboard.press('Escape');

  const js = await page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    // Anything a script could read from the page's globals that looks like a token.
    globals: Object.keys(window).filter((k) => /token/i.test(k)),
  }));
  expect(js.cookie).not.toContain(SESSION_COOKIE);
  for (const text of [js.cookie, js.local, js.session]) expect(leaks(text, token, prefix)).toBeNull();
  expect(js.globals).toEqual([]);
  expect(leaks(await page.content(), token, prefix)).toBeNull();

  page.off('response', onResponse);
  const seen = await Promise.all(bodies);
  expect(seen.length).toBeGreaterThan(10);
  const found = seen.map(([url, body]) => [url, leaks(body, token, prefix)] as const).filter(([, l]) => l);
  expect(found).toEqual([]);
});
