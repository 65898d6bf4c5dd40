/**
 * Response headers on pages, redirects and API routes: a Content-Security-Policy (pages: a fresh nonce per
 * response on every script, no 'unsafe-inline' for scripts; everywhere: frame-ancestors 'none'),
 * Referrer-Policy, X-Content-Type-Options: nosniff, no X-Powered-By, and `Cache-Control: private, no-store`
 * on every authenticated BFF answer.
 */
import { expect, test } from '@playwright/test';
import { PROD_APP_PORT } from '../../testkit/env';
import { appOrigin, bffCall, inBatches, rawRequest, sessionCookie, type RawResponse } from '../../testkit/http';
import { ROUTES, roleFor, samplePath } from '../../testkit/routes-matrix';
import { must } from '../../testkit/must';

const origin = appOrigin();

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .flatMap(([name, ...values]) => (name ? [[name.toLowerCase(), values]] : [])),
  );
}

/** The headers every answer carries, whatever it is. */
function expectCommon(res: RawResponse, label: string) {
  expect(res.headers['x-powered-by'], label).toBeUndefined();
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  const csp = res.headers['content-security-policy'];
  expect(typeof csp, `${label}: Content-Security-Policy`).toBe('string');
  const d = directives(csp as string);
  expect(d.get('frame-ancestors'), label).toEqual(["'none'"]);
  const scripts = d.get('script-src') ?? d.get('default-src') ?? [];
  expect(scripts, label).not.toContain("'unsafe-inline'");
  expect(scripts, label).not.toContain('*');
  return d;
}

/** An HTML page: script-src has a nonce, and every <script> and preload in the page carries that nonce. */
function expectPage(res: RawResponse, label: string): string {
  const d = expectCommon(res, label);
  const scripts = d.get('script-src') ?? [];
  const nonces = scripts.filter((s) => s.startsWith("'nonce-"));
  expect(nonces, `${label}: one nonce in script-src`).toHaveLength(1);
  const nonce = must(nonces[0], 'nonces[0]').slice("'nonce-".length, -1);
  expect(nonce.length, label).toBeGreaterThanOrEqual(16);
  expect(d.get('object-src'), label).toEqual(["'none'"]);
  expect(d.get('base-uri'), label).toBeDefined();
  const tags = res.body.match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length, `${label}: has scripts`).toBeGreaterThan(0);
  const without = tags.filter((t) => !t.includes(`nonce="${nonce}"`));
  expect(without, `${label}: scripts without the response's nonce`).toEqual([]);
  // No inline event handlers or javascript: URLs, which no nonce could allow.
  expect(res.body, label).not.toMatch(/<[^>]+\son[a-z]+=["']/i);
  expect(res.body, label).not.toMatch(/href=["']\s*javascript:/i);
  return nonce;
}

test('every page of the route table (signed in where it needs it), the 404 page and the prod server', async () => {
  test.setTimeout(90_000);
  const targets = ROUTES.map((r) => ({ path: samplePath(r), role: roleFor(r) }));
  const results = await inBatches(targets, 4, async ({ path, role }) => {
    const cookie = role === null ? undefined : await sessionCookie(role);
    return { path, res: await rawRequest(origin, path, { headers: cookie ? { cookie } : {} }) };
  });
  for (const { path, res } of results) {
    expect(res.status, path).toBe(200);
    expectPage(res, path);
  }
  const notFound = await rawRequest(origin, '/no-such-page');
  expect(notFound.status).toBe(404);
  expectPage(notFound, '404');
  const prod = await rawRequest(appOrigin(PROD_APP_PORT), '/login');
  expectPage(prod, 'prod /login');
});

test('the nonce is new on every response', async () => {
  const cookie = await sessionCookie(1);
  const seen = new Set<string>();
  for (let i = 0; i < 4; i++) {
    for (const path of ['/login', '/']) {
      const res = await rawRequest(origin, path, { headers: path === '/' ? { cookie } : {} });
      seen.add(expectPage(res, path));
    }
  }
  expect(seen.size).toBe(8);
});

/** What the SignalR client sends on its calls (all but the EventSource GET carry the app's custom header). */
const PUSH = (cookie?: string): Record<string, string> => ({ 'x-adas-bff': '1', ...(cookie ? { cookie } : {}) });

test('redirects and API routes carry the headers too', async () => {
  const cookie = await sessionCookie(1);
  const shop = await sessionCookie(16);
  const cases: [string, Promise<RawResponse>][] = [
    ['guard → /login', rawRequest(origin, '/contacts')],
    ['guard → /', rawRequest(origin, '/users', { headers: { cookie: shop } })],
    ['/api/auth/session', rawRequest(origin, '/api/auth/session', { headers: { cookie } })],
    ['/api/auth/csrf', rawRequest(origin, '/api/auth/csrf')],
    ['/api/auth/providers', rawRequest(origin, '/api/auth/providers')],
    ['/api/session/expired', rawRequest(origin, '/api/session/expired')],
    ['BFF 200', bffCall(origin, 'GET', 'user/profile?username=role1%40example.com', cookie)],
    ['BFF 400', bffCall(origin, 'GET', 'user/profile', cookie)],
    ['BFF 403 header', rawRequest(origin, '/api/bff/user/profile', { headers: { cookie } })],
    ['BFF 404', bffCall(origin, 'GET', 'no/such', cookie)],
    ['BFF 401', bffCall(origin, 'GET', 'user/profile?username=role1%40example.com')],
    // The push route sets its own headers too (proxy.ts leaves /api/push/ out, as it leaves the BFF).
    ['push negotiate 200', rawRequest(origin, '/api/push/hub/negotiate?negotiateVersion=1', { method: 'POST', headers: PUSH(cookie) })],
    ['push negotiate 401', rawRequest(origin, '/api/push/hub/negotiate?negotiateVersion=1', { method: 'POST', headers: PUSH() })],
    ['push send 403 header', rawRequest(origin, '/api/push/hub?id=x', { method: 'POST', headers: { cookie }, body: '{}' })],
    ['push send 404 id', rawRequest(origin, '/api/push/hub?id=x', { method: 'POST', headers: PUSH(cookie), body: '{}' })],
    ['push poll 400', rawRequest(origin, '/api/push/hub', { headers: PUSH(cookie) })],
  ];
  for (const [label, pending] of cases) {
    const res = await pending;
    expectCommon(res, label);
    if (label.startsWith('push') || label.startsWith('BFF')) expect(res.headers['x-request-id'], label).toMatch(/^[\w.:-]{8,128}$/);
  }
});

test('authenticated BFF answers are Cache-Control: private, no-store — successes and failures alike', async () => {
  const cookie = await sessionCookie(1);
  const shop = await sessionCookie(15);
  const answers = await Promise.all([
    bffCall(origin, 'GET', 'user/profile?username=role1%40example.com', cookie),
    bffCall(origin, 'GET', 'firm/firmPreference?firm=1&category=Brand', cookie),
    bffCall(origin, 'GET', 'firm/firmPreference?firm=1&category=Brand', shop),
    bffCall(origin, 'GET', 'user/profile', cookie),
    bffCall(origin, 'POST', 'user/saveCredentials', cookie, { body: '{"username":"x"}' }),
    bffCall(origin, 'GET', 'no/such', cookie),
    bffCall(origin, 'GET', 'user/profile?username=role1%40example.com'),
  ]);
  expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 400, 400, 404, 401]);
  for (const a of answers) {
    const cc = String(a.headers['cache-control'] ?? '');
    expect(cc).toContain('private');
    expect(cc).toContain('no-store');
  }
  // Pages with a session are not cacheable either.
  const page = await rawRequest(origin, '/', { headers: { cookie } });
  expect(String(page.headers['cache-control'])).toMatch(/no-store/);
});
