/**
 * The probes (app/api/health, app/api/ready, lib/readiness.ts): anonymous, cheap, with the security headers
 * of every answer, and saying nothing about the configuration — no URL, no address, no error text. Readiness
 * names each dependency's state; with the API host gone it says which ones are unreachable, with 503.
 * Every answer carries its request id: the balancer's X-Request-Id when TRUST_PROXY=1, a new one for a
 * malformed value.
 */
import { expect, test } from '@playwright/test';
import { API_ORIGIN, API_PORT, userOf } from '../../testkit/env';
import { until } from '../../testkit/push';
import { appOrigin, bffCall, rawRequest, signInHttp } from '../../testkit/http';
import { SPARE, startAppServer, stopAll, type Child } from '../support/stacks';
import { PROBE_PATHS } from '../../lib/routes';

const origin = appOrigin();
/** What must never appear in a probe's answer: addresses, URLs, ports of the configuration, stack frames. */
const leaks = [/https?:\/\//, /127\.0\.0\.1/, new RegExp(String(API_PORT)), new RegExp(String(SPARE.closedPort)), /\bat \S+ \(/, /Error/];

test('every probe of the route table answers anonymous callers itself: never a redirect to /login', async () => {
  for (const path of PROBE_PATHS) {
    const res = await rawRequest(origin, path);
    expect(res.status, path).toBe(200);
    expect(res.headers['content-type'], path).toMatch(/^application\/json/);
  }
});

test('/api/health: 200 for anyone, no session needed, nothing configured shown', async () => {
  const res = await rawRequest(origin, '/api/health');
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect((await rawRequest(origin, '/api/health', { method: 'HEAD' })).status).toBe(200);
});

test('/api/ready on the test stack: every dependency up (Redis off: this instance keeps its own store)', async () => {
  const res = await rawRequest(origin, '/api/ready');
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toEqual({ status: 'ready', checks: { api: 'up', auth: 'up', push: 'up', redis: 'off' } });
  for (const re of leaks) expect(res.body).not.toMatch(re);
});

test('request ids: the balancer’s is kept behind a trusted proxy, a malformed one replaced, every answer names its own', async () => {
  const given = 'f3b2a1c0d9e8f7a6b5c4d3e2f1a0b9c8';
  expect((await rawRequest(origin, '/api/health', { headers: { 'x-request-id': given } })).headers['x-request-id']).toBe(given);
  expect((await rawRequest(origin, '/login', { headers: { 'x-request-id': given } })).headers['x-request-id']).toBe(given);
  expect(
    (await rawRequest(origin, '/api/bff/no/such', { headers: { 'x-request-id': given, 'x-adas-bff': '1' } })).headers['x-request-id'],
  ).toBe(given);
  const replaced = (await rawRequest(origin, '/api/health', { headers: { 'x-request-id': 'bad id <script>' } })).headers['x-request-id'];
  expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  const ids = await Promise.all([1, 2, 3].map(() => rawRequest(origin, '/api/health').then((r) => r.headers['x-request-id'])));
  expect(new Set(ids).size).toBe(3);
});

test.describe('with the API host unreachable', () => {
  let app: Child | undefined;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    // Nothing listens on the closed port: the API host, the auth host and the hub are all "there".
    app = await startAppServer({ port: SPARE.probesApp, apiOrigin: `http://127.0.0.1:${SPARE.closedPort}` });
  });
  test.afterAll(async () => stopAll([app]));

  test('/api/ready answers 503 and names each dependency that is down, without a stack trace or an address; /api/health stays 200', async () => {
    const probe = appOrigin(SPARE.probesApp);
    const res = await rawRequest(probe, '/api/ready');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toEqual({
      status: 'not ready',
      checks: { api: 'unreachable', auth: 'unreachable', push: 'unreachable', redis: 'off' },
    });
    for (const re of leaks) expect(res.body).not.toMatch(re);
    expect((await rawRequest(probe, '/api/health')).status).toBe(200);
    // The reference host itself is fine: only this app's configuration points nowhere.
    expect((await fetch(`${API_ORIGIN}/health`)).status).toBe(200);
  });
});

test.describe('one request followed through the log', () => {
  let app: (Child & { output?(): string }) | undefined;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    app = await startAppServer({ port: SPARE.tracedApp, apiOrigin: API_ORIGIN, env: { LOG_LEVEL: 'debug' } });
  });
  test.afterAll(async () => stopAll([app]));

  /** The app's JSON log lines that carry `reqId`. */
  const linesOf = (reqId: string) =>
    (app!.output?.() ?? '')
      .split('\n')
      .filter((l) => l.startsWith('{') && l.includes(reqId))
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; call?: string; status?: number });

  test("a page's and a BFF call's upstream calls are logged with the balancer's request id", async () => {
    const traced = new URL(appOrigin(SPARE.tracedApp));
    const origin = traced.origin;
    const { cookie } = await signInHttp(origin, userOf(1));
    const pageId = `page${Date.now().toString(16)}aaaa`;
    const page = await rawRequest(origin, '/contacts', { headers: { cookie, 'x-request-id': pageId } });
    expect(page.status).toBe(200);
    await until(
      () => linesOf(pageId).some((l) => l.msg === 'upstream call' && l.call === 'contact/contacts'),
      10_000,
      "the page's upstream call in the log",
    );
    const bffId = `bff${Date.now().toString(16)}bbbb`;
    expect(
      (await bffCall(origin, 'GET', 'contact/contacts?page=1&pageSize=5', cookie, { headers: { 'x-request-id': bffId } })).status,
    ).toBe(200);
    await until(
      () => linesOf(bffId).some((l) => l.msg === 'upstream call' && l.call === 'contact/contacts' && l.status === 200),
      10_000,
      "the BFF call's line",
    );
    for (const l of [...linesOf(pageId), ...linesOf(bffId)]) expect(l.reqId).toMatch(/^(page|bff)[0-9a-f]+$/);
  });
});
