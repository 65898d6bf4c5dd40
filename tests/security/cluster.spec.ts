/**
 * Two app instances behind the load balancer (the `npm run start:cluster` setup: scripts/lib/cluster.mjs),
 * sharing AUTH_SECRET and Redis, on the global host: sign-in throttling, sessions and push hold across
 * instances. Where a test must be sure which instance answers, it talks to the instances directly
 * (as the balancer would, naming the client in X-Forwarded-For); elsewhere it goes through the balancer,
 * whose round-robin spreads consecutive requests over both.
 */
import {
  DefaultHttpClient,
  HttpClient,
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HttpRequest,
  type HttpResponse,
  type ILogger,
} from '@microsoft/signalr';
import { expect, test } from '@playwright/test';
import { PUSH_TARGETS } from '../../lib/push/messages';
import { PUSH_HUB_PATH } from '../../lib/push/protocol';
import { connectThroughBff, until, type Received } from '../../testkit/push';
import { hostCall, hostToken } from '../support/api';
import { API_ORIGIN, DEMO_PASSWORD } from '../../testkit/env';
import { createUser } from '../support/fixtures';
import { appOrigin, bffCall, cookiePairs, rawRequest, signInHttp } from '../../testkit/http';
import { SPARE, startClusterStack, stopAll, type Cluster } from '../support/stacks';

const MAX = 3;
const THROTTLED = /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/;
const wrong = 'Wrong#Pass1';
const [A, B] = [appOrigin(SPARE.clusterApps[0]), appOrigin(SPARE.clusterApps[1])];
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

let cluster: Cluster | undefined;
const lb = () => cluster!.url;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startClusterStack({
    port: SPARE.clusterBalancer,
    appPorts: SPARE.clusterApps,
    redisPort: SPARE.clusterRedis,
    apiOrigin: API_ORIGIN,
    env: { SIGNIN_MAX_FAILURES: String(MAX), SIGNIN_WINDOW_MS: '60000' },
  });
});

test.afterAll(async () => {
  await stopAll([cluster]);
});

/** Requests the balancer handed to each instance since `before`. */
function servedSince(before: Record<string, number>): number[] {
  const now = cluster!.balancer.served();
  return Object.entries(now).map(([k, n]) => n - (before[k] ?? 0));
}

async function signOutHttp(origin: string, cookie: string) {
  const csrf = await rawRequest(origin, '/api/auth/csrf');
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  return rawRequest(origin, '/api/auth/signout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...cookiePairs(csrf.setCookies), cookie].join('; ') },
    body: new URLSearchParams({ csrfToken, json: 'true' }).toString(),
  });
}

const profileOf = (username: string) => `user/profile?username=${encodeURIComponent(username)}`;

test('throttling holds across instances: failures spread over both end in 429 at the limit, on both', async () => {
  const victim = (await createUser({ role: 9, firm: 3 })).username;
  const ip = '203.0.113.31';
  // MAX failures, alternating between the instances: neither has seen MAX by itself.
  for (let i = 0; i < MAX; i++) {
    const r = await signInHttp(i % 2 ? B : A, victim, wrong, from(ip));
    expect(r.status).not.toBe(429);
    expect(r.error).toBe('The username or password is incorrect.');
  }
  for (const origin of [A, B]) {
    const refused = await signInHttp(origin, victim, DEMO_PASSWORD, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.error).toMatch(THROTTLED);
    expect(refused.cookie).toBe('');
  }
  // Another user from the same address is not affected.
  expect((await signInHttp(B, (await createUser({ role: 9, firm: 3 })).username, DEMO_PASSWORD, from(ip))).cookie).not.toBe('');
});

test('throttling through the balancer: the round-robin spreads the failures, the limit still holds', async () => {
  const victim = (await createUser({ role: 9, firm: 3 })).username;
  const before = cluster!.balancer.served();
  // Each attempt claims another address; the balancer names the real client instead, so they all count.
  for (let i = 0; i < MAX; i++) expect((await signInHttp(lb(), victim, wrong, from(`198.51.100.${i + 1}`))).status).not.toBe(429);
  const refused = await signInHttp(lb(), victim, DEMO_PASSWORD);
  expect(refused.status).toBe(429);
  expect(refused.error).toMatch(THROTTLED);
  expect(servedSince(before).every((n) => n >= MAX)).toBe(true);
});

test('a session signed in on one instance works on the other; logging out on the other ends it on both', async () => {
  const user = (await createUser({ role: 9, firm: 3 })).username;
  const { cookie } = await signInHttp(A, user);
  expect(cookie).not.toBe('');
  for (const origin of [A, B]) {
    expect((await rawRequest(origin, '/', { headers: { cookie } })).status).toBe(200);
    expect((await bffCall(origin, 'GET', profileOf(user), cookie)).status).toBe(200);
  }
  expect((await signOutHttp(B, cookie)).status).toBe(200);
  for (const origin of [A, B]) {
    expect((await bffCall(origin, 'GET', profileOf(user), cookie)).status).toBe(401);
    const page = await rawRequest(origin, '/', { headers: { cookie } });
    expect(page.status).toBe(307);
    expect(page.location).toMatch(/^\/login/);
  }
});

test('in the browser through the balancer: signed in once, every page on either instance keeps the session', async ({ page }) => {
  const before = cluster!.balancer.served();
  await page.goto(`${lb()}/login`);
  await page.getByLabel('Email address').fill('role1@example.com');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  for (const [path, heading] of [
    ['/contacts', 'Contacts'],
    ['/users', 'Users'],
    ['/', 'Welcome'],
    ['/contacts', 'Contacts'],
  ] as const) {
    await page.goto(`${lb()}${path}`);
    await expect(page).toHaveURL(`${lb()}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
  }
  expect(servedSince(before).every((n) => n > 0)).toBe(true);
});

/** Sends each request of a SignalR connection to the next of `origins` in turn (the stream GET of SSE excepted). */
class AlternatingHttpClient extends HttpClient {
  private readonly inner: DefaultHttpClient;
  private next = 0;
  readonly sentTo: string[] = [];
  constructor(
    private readonly origins: readonly [string, ...string[]],
    logger: ILogger,
  ) {
    super();
    this.inner = new DefaultHttpClient(logger);
  }
  send(request: HttpRequest): Promise<HttpResponse> {
    const origin = this.origins[this.next++ % this.origins.length] ?? this.origins[0];
    this.sentTo.push(origin);
    const u = new URL(request.url!);
    return this.inner.send({ ...request, url: `${origin}${u.pathname}${u.search}` });
  }
  override getCookieString(url: string): string {
    return this.inner.getCookieString(url);
  }
}

/** A SignalR connection whose requests alternate between the instances; for SSE the stream stays on `streamOn`. */
async function alternatingConnection(cookie: string, transport: HttpTransportType, streamOn: string) {
  const logger: ILogger = { log: (level, message) => void (level >= LogLevel.Error && console.error(`[push test] ${message}`)) };
  const httpClient = new AlternatingHttpClient([A, B], logger);
  const received: Received[] = [];
  const connection = new HubConnectionBuilder()
    .withUrl(`${streamOn}${PUSH_HUB_PATH}`, { transport, httpClient, headers: { cookie, 'x-adas-bff': '1' } })
    .configureLogging(logger)
    .build();
  for (const target of Object.values(PUSH_TARGETS)) connection.on(target, (payload) => void received.push({ target, payload }));
  await connection.start();
  return { connection, received, httpClient };
}

test("a push notice arrives while the connection's requests alternate between instances (long polling and SSE)", async () => {
  test.setTimeout(60_000);
  const cookie = (await signInHttp(A, 'role1@example.com')).cookie;
  // Long polling: negotiate on A, then every poll and send on the other instance from the one before.
  const lp = await alternatingConnection(cookie, HttpTransportType.LongPolling, A);
  // SSE: negotiate on A, the stream on B, the handshake and pings alternating.
  const sse = await alternatingConnection(cookie, HttpTransportType.ServerSentEvents, B);
  // And two plain connections through the balancer.
  const [viaLbSse, viaLbLp] = await Promise.all([
    connectThroughBff(lb(), cookie, HttpTransportType.ServerSentEvents),
    connectThroughBff(lb(), cookie, HttpTransportType.LongPolling),
  ]);
  try {
    const token = await hostToken(1);
    for (let round = 0; round < 2; round++) {
      const created = await hostCall<{ id: number }>(token, 'POST', 'api/adas/createCalibrate', {
        firm: 6,
        year: 2022,
        make: 'Mazda',
        model: 'CX-5',
        reason: `Cluster ${round}`,
      });
      expect(created.status).toBe(200);
      const isIt = (m: Received) => m.target === 'opportunity' && (m.payload as { opportunity?: number }).opportunity === created.body.id;
      for (const c of [lp, sse]) await until(() => c.received.some(isIt), 10_000, `the notice of round ${round}`);
      for (const c of [viaLbSse, viaLbLp]) await c.waitFor(isIt, 10_000);
    }
    // The connections' requests really went to both instances.
    await until(() => lp.httpClient.sentTo.filter((o) => o === B).length >= 2, 10_000, 'polls on B');
    for (const c of [lp, sse]) expect(new Set(c.httpClient.sentTo)).toEqual(new Set([A, B]));
  } finally {
    await Promise.all([lp, sse, viaLbSse, viaLbLp].map((c) => c.connection.stop()));
  }
});

test('a sealed push id opened for one user is refused for another on either instance', async () => {
  const cookie = (await signInHttp(A, 'role1@example.com')).cookie;
  const other = (await signInHttp(B, 'role3@example.com')).cookie;
  const negotiate = await rawRequest(A, '/api/push/hub/negotiate?negotiateVersion=1', {
    method: 'POST',
    headers: { cookie, 'x-adas-bff': '1' },
  });
  expect(negotiate.status).toBe(200);
  const id = encodeURIComponent((JSON.parse(negotiate.body) as { connectionToken: string }).connectionToken);
  const handshake = (origin: string, c: string) =>
    rawRequest(origin, `/api/push/hub?id=${id}`, {
      method: 'POST',
      headers: { cookie: c, 'x-adas-bff': '1', 'content-type': 'text/plain' },
      body: '{"protocol":"json","version":1}\u001e',
    });
  expect((await handshake(B, other)).status).toBe(404);
  expect((await handshake(A, other)).status).toBe(404);
  // The owner's handshake, sent to the instance that did not negotiate it, is accepted.
  expect((await handshake(B, cookie)).status).toBe(200);
});
