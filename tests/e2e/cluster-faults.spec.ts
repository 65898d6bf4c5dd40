/**
 * Fault drills of the two-instance setup, on an own reference host, Redis, two app instances and the
 * balancer (spare ports), so stopping any of them disturbs no other test:
 * - an instance killed during load: the other keeps serving, nobody is signed out, push reconnects;
 * - an instance stopped with SIGTERM ends its push streams and long polls and exits within seconds (lib/shutdown.ts);
 * - Redis stopped and started: sign-in keeps working and each instance throttles on its own meanwhile;
 *   afterwards throttling is shared again and a logout made during the outage holds on every instance;
 * - the reference host restarted: pages on either instance say the service can't be reached, and recover
 *   without restarting the apps;
 * - Redis on Sentinel (a primary, a replica, three sentinels: REDIS_SENTINELS), the primary killed under load:
 *   the replica is promoted and the instances follow; nobody is signed out, every request is answered, a
 *   session ended before stays ended, and sign-in failures counted before still count. In this file, after the
 *   other drills, so the two loaded setups never run at once on a small machine.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, userOf } from '../../testkit/env';
import { appOrigin, bffCall, cookiePairs, rawRequest, signInHttp } from '../../testkit/http';
import { SPARE, hostOrigin, startClusterStack, startHost, stopAll, type Child, type Cluster } from '../support/stacks';
import { HttpTransportType, connectThroughBff, isConnected, until, type Received } from '../../testkit/push';
// @ts-expect-error -- plain ESM helper shared with npm run start:cluster
import { primaryOf } from '../../scripts/lib/redis.mjs';
import { must } from '../../testkit/must';

const MAX = 3;
const wrong = 'Wrong#Pass1';
const THROTTLED = /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/;
const [A, B] = [appOrigin(SPARE.drillApps[0]), appOrigin(SPARE.drillApps[1])];
const HOST = hostOrigin(SPARE.drillHost);
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

let host: Child | undefined;
let cluster: Cluster | undefined;
const lb = () => cluster!.url;

test.describe.configure({ mode: 'serial' });

/**
 * An own reference host and two app instances behind the balancer on spare ports, throttling sign-in after MAX
 * failures within `windowMs`; the host is stopped again when the cluster cannot start.
 */
async function startDrill(
  ports: { host: number; balancer: number; apps: readonly number[]; redis: number },
  windowMs: number,
  sentinel = false,
): Promise<{ host: Child; cluster: Cluster }> {
  const host = await startHost({ port: ports.host });
  try {
    const cluster = await startClusterStack({
      port: ports.balancer,
      appPorts: ports.apps,
      redisPort: ports.redis,
      apiOrigin: hostOrigin(ports.host),
      sentinel,
      env: { SIGNIN_MAX_FAILURES: String(MAX), SIGNIN_WINDOW_MS: String(windowMs) },
    });
    return { host, cluster };
  } catch (error) {
    await stopAll([host]);
    throw error;
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ host, cluster } = await startDrill(
    { host: SPARE.drillHost, balancer: SPARE.drillBalancer, apps: SPARE.drillApps, redis: SPARE.drillRedis },
    60_000,
  ));
});

test.afterAll(async () => {
  await stopAll([cluster, host]);
});

/**
 * `n` sessions of one user, one sign-in after the other: attempts of one user from one client are counted
 * before the check (lib/auth/throttle.ts), so more than SIGNIN_MAX_FAILURES at once are refused by design.
 */
async function signInTimes(origin: string, n: number): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 0; i < n; i++) sessions.push((await signInHttp(origin, userOf(1))).cookie);
  return sessions;
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

/** An opportunity for firm 6, created on the drill host: every administrator's push connection hears of it. */
async function opportunity(reason: string): Promise<(m: Received) => boolean> {
  const token = await fetch(`${HOST}/auth/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: userOf(1), password: DEMO_PASSWORD }),
  }).then(async (r) => ((await r.json()) as { token: string }).token);
  const res = await fetch(`${HOST}/api/adas/createCalibrate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ firm: 6, year: 2020, make: 'Subaru', model: 'Outback', reason }),
  });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: number };
  return (m) => m.target === 'opportunity' && (m.payload as { opportunity?: number }).opportunity === id;
}

interface Outcome {
  startedAt: number;
  path: string;
  /** The HTTP status, or the error of a request that got no answer. */
  status: number | string;
  location?: string;
}

const LOAD_PATHS = ['/', '/contacts', '/api/bff/contact/contacts?page=1&pageSize=10', '/adas'];
const isSignOut = (o: Outcome) => o.status === 401 || (o.status === 307 && /^\/login/.test(o.location ?? ''));

/** Each session requests LOAD_PATHS in turn through `origin` until `stop()`, which answers when all have ended. */
function loadThrough(origin: string, sessions: readonly string[]) {
  const outcomes: Outcome[] = [];
  let running = true;
  const load = sessions.map(async (cookie, i) => {
    for (let n = i; running; n++) {
      const path = must(LOAD_PATHS[n % LOAD_PATHS.length], 'a load path');
      const startedAt = Date.now();
      try {
        const res = await fetch(`${origin}${path}`, { headers: { cookie, 'x-adas-bff': '1' }, redirect: 'manual' });
        await res.arrayBuffer();
        outcomes.push({ startedAt, path, status: res.status, location: res.headers.get('location') ?? undefined });
      } catch (e) {
        outcomes.push({ startedAt, path, status: String((e as Error).cause ?? e) });
      }
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(load);
    },
  };
}

test('an instance killed during load: the other keeps serving, nobody is signed out, push reconnects', async () => {
  test.setTimeout(120_000);
  const sessions = await signInTimes(lb(), 8);
  expect(sessions.every(Boolean)).toBe(true);
  const pushes = await Promise.all(
    [HttpTransportType.ServerSentEvents, HttpTransportType.LongPolling].map((t) =>
      connectThroughBff(lb(), must(sessions[0], 'a session'), t),
    ),
  );

  const load = loadThrough(lb(), sessions);
  const { outcomes } = load;
  try {
    await until(() => outcomes.length >= 40, 30_000, 'the load to get going');
    const victim = must(cluster!.apps[1], 'victim');
    const gone = new Promise<void>((r) => victim.once('exit', r));
    victim.kill('SIGKILL');
    await gone;
    const killedAt = Date.now();
    await until(() => outcomes.filter((o) => o.startedAt > killedAt).length >= 80, 60_000, 'load after the kill');
    await load.stop();

    expect(outcomes.filter(isSignOut)).toEqual([]);
    // Everything asked after the instance died was answered, by the other one.
    expect(outcomes.filter((o) => o.startedAt > killedAt && o.status !== 200)).toEqual([]);
    // Before that, only requests in flight on the killed instance may have been cut off.
    expect(outcomes.filter((o) => o.startedAt <= killedAt && o.status !== 200).length).toBeLessThanOrEqual(sessions.length);

    // Push: the connection on the killed instance reconnects through the balancer, and both receive.
    for (const p of pushes) await until(() => isConnected(p.connection), 30_000, 'the push connections to be up');
    const isIt = await opportunity('After the kill');
    for (const p of pushes) await p.waitFor(isIt, 10_000);
    // Every session is still signed in.
    for (const cookie of sessions) expect((await rawRequest(lb(), '/', { headers: { cookie } })).status).toBe(200);
  } finally {
    await load.stop();
    await Promise.all(pushes.map((p) => p.connection.stop()));
  }

  // Started again, the instance gets its share back.
  await cluster!.startApp(1);
  const servedByRestarted = () => cluster!.balancer.served()[`http://127.0.0.1:${SPARE.drillApps[1]}`];
  const before = servedByRestarted();
  const deadline = Date.now() + 10_000;
  while (servedByRestarted() === before) {
    expect(Date.now(), 'the restarted instance serves again').toBeLessThan(deadline);
    expect(await fetch(`${lb()}/login`).then(async (r) => (await r.arrayBuffer(), r.status))).toBe(200);
  }
});

test('an instance stopped (SIGTERM: a rolling deploy) ends its push streams and long polls, exits within seconds, and push reconnects to the other', async () => {
  test.setTimeout(90_000);
  const session = must((await signInTimes(lb(), 1))[0], 'a session');
  // Through the balancer, each instance holds some; one stream and one long poll are opened on the stopped instance itself.
  const kinds = [HttpTransportType.ServerSentEvents, HttpTransportType.LongPolling];
  const throughBalancer = await Promise.all([...kinds, ...kinds, ...kinds].map((t) => connectThroughBff(lb(), session, t)));
  const onVictim = await Promise.all(kinds.map((t) => connectThroughBff(B, session, t)));
  try {
    const victim = must(cluster!.apps[1], 'victim');
    const exited = new Promise<string>((r) => victim.once('exit', () => r('exited')));
    victim.kill('SIGTERM');
    // Before, Next.js waited for every open push stream to end: the instance ran on until it was killed.
    expect(await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('still running'), 10_000))])).toBe('exited');
    for (const p of onVictim) await until(() => !isConnected(p.connection), 10_000, 'the stopped instance to end its push');
    for (const p of throughBalancer) await until(() => isConnected(p.connection), 30_000, 'the push connections to be up');
    const isIt = await opportunity('After the stop');
    for (const p of throughBalancer) await p.waitFor(isIt, 10_000);
  } finally {
    await Promise.all([...throughBalancer, ...onVictim].map((p) => p.connection.stop()));
  }
  await cluster!.startApp(1);
});

const said = (text: string) => () => cluster!.apps.every((a) => a.output?.().includes(text));

test('Redis stopped and started: sign-in keeps working and throttling resumes, shared again', async () => {
  test.setTimeout(90_000);
  const endedMeanwhile = (await signInHttp(A, userOf(7))).cookie;
  await cluster!.redis.stop();
  await until(said('cannot be reached'), 10_000, 'both instances to warn');

  // Signing in and using the session work, on both instances.
  const { cookie, status } = await signInHttp(lb(), userOf(2));
  expect(status).toBe(200);
  for (const origin of [A, B]) expect((await rawRequest(origin, '/', { headers: { cookie } })).status).toBe(200);
  // Each instance still throttles, counting on its own.
  const victim = userOf(6);
  for (let i = 0; i < MAX; i++) expect((await signInHttp(A, victim, wrong, from('203.0.113.61'))).status).not.toBe(429);
  const refused = await signInHttp(A, victim, DEMO_PASSWORD, from('203.0.113.61'));
  expect(refused.status).toBe(429);
  expect(refused.error).toMatch(THROTTLED);
  // A logout during the outage ends the session on the instance that did it.
  expect((await signOutHttp(A, endedMeanwhile)).status).toBe(200);
  expect((await bffCall(A, 'GET', 'contact/contacts?page=1&pageSize=10', endedMeanwhile)).status).toBe(401);

  await cluster!.startRedis();
  await until(said('is back: sign-in throttling and ended sessions are shared again.'), 15_000, 'both instances to use Redis again');
  // The logout made during the outage now holds on the other instance too, once A has written it back
  // (A's replay and B's return to Redis are not ordered).
  await until(
    async () => (await bffCall(B, 'GET', 'contact/contacts?page=1&pageSize=10', endedMeanwhile)).status === 401,
    10_000,
    'the ended session to hold on B',
  );
  // Throttling is shared again: failures spread over both instances reach the limit.
  const next = userOf(8);
  for (let i = 0; i < MAX; i++) expect((await signInHttp(i % 2 ? B : A, next, wrong, from('203.0.113.62'))).status).not.toBe(429);
  for (const origin of [A, B]) expect((await signInHttp(origin, next, DEMO_PASSWORD, from('203.0.113.62'))).status).toBe(429);
});

const unreachable = (page: Page) => page.getByRole('heading', { name: "The service can't be reached" });

test('the reference host restarted: pages on either instance say so, and recover without restarting the apps', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${lb()}/login`);
  await page.getByLabel('Email address').fill(userOf(1));
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');

  await host?.stop();
  // The session cookie is the same on every port of localhost: each instance is opened directly too.
  // A page that needs the host's data for its content (the contacts list), not only for its frame.
  for (const origin of [lb(), A, B]) {
    await page.goto(`${origin}/contacts`);
    await expect(unreachable(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  }
  host = await startHost({ port: SPARE.drillHost, reset: false });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  for (const origin of [lb(), A]) {
    await page.goto(`${origin}/contacts`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  }
});

test.describe('Redis Sentinel failover', () => {
  let failoverHost: Child | undefined;
  let failover: Cluster | undefined;
  const [FA, FB] = [appOrigin(SPARE.failoverApps[0]), appOrigin(SPARE.failoverApps[1])];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    ({ host: failoverHost, cluster: failover } = await startDrill(
      { host: SPARE.failoverHost, balancer: SPARE.failoverBalancer, apps: SPARE.failoverApps, redis: SPARE.failoverRedis },
      300_000,
      true,
    ));
  });

  test.afterAll(async () => {
    await stopAll([failover, failoverHost]);
  });

  test('the Redis primary killed under load: the replica is promoted, nobody is signed out, ended sessions stay ended, throttle counts survive', async () => {
    test.setTimeout(120_000);
    const sentinel = failover!.sentinel!;
    const sessions = await signInTimes(failover!.url, 4);
    expect(sessions.every(Boolean)).toBe(true);

    // Before the failover: a session ended (logout on A), and MAX - 1 failed sign-ins of one user from one address.
    const ended = (await signInHttp(FA, userOf(7))).cookie;
    expect((await signOutHttp(FA, ended)).status).toBe(200);
    const victim = userOf(6);
    const ip = '203.0.113.91';
    for (let i = 0; i < MAX - 1; i++) expect((await signInHttp(i % 2 ? FB : FA, victim, wrong, from(ip))).status).not.toBe(429);

    const load = loadThrough(failover!.url, sessions);
    const { outcomes } = load;
    try {
      await until(() => outcomes.length >= 30, 30_000, 'the load to get going');
      const gone = new Promise<void>((r) => sentinel.primary.once('exit', r));
      sentinel.primary.kill('SIGKILL');
      await gone;
      const killedAt = Date.now();
      await until(
        async () => (await primaryOf(sentinel.ports.sentinels[0])) === sentinel.ports.replica,
        30_000,
        'the sentinels to promote the replica',
      );
      await until(
        () => failover!.apps.every((a) => a.output?.().includes('is back: sign-in throttling and ended sessions are shared again.')),
        30_000,
        'both instances to use the new primary',
      ).catch(async (e: Error) => {
        // This wait has timed out now and then in CI: name what each instance's store said, and since when,
        // and what its readiness answers now.
        const ready = await Promise.all(
          [FA, FB].map((origin) =>
            rawRequest(origin, '/api/ready').then(
              (r) => `${r.status} ${r.body}`,
              (err: Error) => err.message,
            ),
          ),
        );
        const said = failover!.apps.map(
          (a, i) =>
            `instance ${i} (${Date.now() - killedAt} ms after the kill): ${(a.output?.() ?? '')
              .split('\n')
              .filter((line) => line.includes('[store]'))
              .slice(-8)
              .join(' | ')}; /api/ready: ${ready[i]}`,
        );
        throw new Error([e.message, ...said].join('\n'));
      });
      await until(() => outcomes.filter((o) => o.startedAt > killedAt).length >= 40, 30_000, 'load after the failover');
      // Readiness says so too: the store is on Redis again on both instances.
      for (const origin of [FA, FB]) expect(JSON.parse((await rawRequest(origin, '/api/ready')).body).checks.redis).toBe('up');
    } finally {
      await load.stop();
    }

    // Nobody was signed out, and every request was answered.
    expect(outcomes.filter(isSignOut)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    for (const cookie of sessions) expect((await rawRequest(failover!.url, '/', { headers: { cookie } })).status).toBe(200);
    // The session ended before the failover is still ended, on both instances.
    for (const origin of [FA, FB]) expect((await bffCall(origin, 'GET', 'contact/contacts?page=1&pageSize=10', ended)).status).toBe(401);
    // The failures counted before the failover still count: one more reaches the limit, on both instances.
    expect((await signInHttp(FA, victim, wrong, from(ip))).status).not.toBe(429);
    for (const origin of [FA, FB]) {
      const refused = await signInHttp(origin, victim, DEMO_PASSWORD, from(ip));
      expect(refused.status).toBe(429);
    }
  });
});
