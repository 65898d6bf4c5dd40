/**
 * Redis that fails over (README "Several instances"): two app instances behind nginx share a store on Redis
 * Sentinel — a primary, a replica and three sentinels on loopback (REDIS_SENTINELS), on an own reference host.
 * The primary is killed while signed-in users load both instances; the sentinels promote the replica and the
 * instances follow. Nobody is signed out, every request is answered, a session ended before the failover
 * stays ended on both instances, and sign-in failures counted before it still count afterwards.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, userOf } from '../support/env';
import { appOrigin, bffCall, cookiePairs, rawRequest, signInHttp } from '../support/http';
import { SPARE, hostOrigin, startClusterStack, startHost, stopAll, type Child, type Cluster } from '../support/stacks';
// @ts-expect-error -- plain ESM helper shared with npm run start:cluster
import { primaryOf } from '../../scripts/lib/redis.mjs';
import { until } from './push-helpers';

const MAX = 3;
const wrong = 'Wrong#Pass1';
const [A, B] = SPARE.failoverApps.map((p) => appOrigin(p));
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

let host: Child | undefined;
let cluster: Cluster | undefined;
const lb = () => cluster!.url;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  host = await startHost({ port: SPARE.failoverHost });
  cluster = await startClusterStack({
    port: SPARE.failoverBalancer,
    appPorts: SPARE.failoverApps,
    redisPort: SPARE.failoverRedis,
    apiOrigin: hostOrigin(SPARE.failoverHost),
    sentinel: true,
    env: { SIGNIN_MAX_FAILURES: String(MAX), SIGNIN_WINDOW_MS: '300000' },
  });
});

test.afterAll(async () => {
  await stopAll([cluster, host]);
});

async function signOutHttp(origin: string, cookie: string) {
  const csrf = await rawRequest(origin, '/api/auth/csrf');
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  return rawRequest(origin, '/api/auth/signout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...cookiePairs(csrf.setCookies), cookie].join('; ') },
    body: new URLSearchParams({ csrfToken, json: 'true' }).toString(),
  });
}

interface Outcome {
  startedAt: number;
  path: string;
  status: number | string;
  location?: string;
}

const LOAD_PATHS = ['/', '/contacts', '/api/bff/contact/contacts?page=1&pageSize=10', '/adas'];
const isSignOut = (o: Outcome) => o.status === 401 || (o.status === 307 && /^\/login/.test(o.location ?? ''));
const said = (text: string) => () => cluster!.apps.every((a) => a.output?.().includes(text));

test('the Redis primary killed under load: the replica is promoted, nobody is signed out, ended sessions stay ended, throttle counts survive', async () => {
  test.setTimeout(120_000);
  const sentinel = cluster!.sentinel!;
  const sessions = await Promise.all(Array.from({ length: 6 }, () => signInHttp(lb(), userOf(1)).then((r) => r.cookie)));
  expect(sessions.every(Boolean)).toBe(true);

  // Before the failover: a session ended (logout on A), and MAX - 1 failed sign-ins of one user from one address.
  const ended = (await signInHttp(A, userOf(7))).cookie;
  expect((await signOutHttp(A, ended)).status).toBe(200);
  const victim = userOf(6);
  const ip = '203.0.113.91';
  for (let i = 0; i < MAX - 1; i++) expect((await signInHttp(i % 2 ? B : A, victim, wrong, from(ip))).status).not.toBe(429);

  const outcomes: Outcome[] = [];
  let running = true;
  const load = sessions.map(async (cookie, i) => {
    for (let n = i; running; n++) {
      const path = LOAD_PATHS[n % LOAD_PATHS.length];
      const startedAt = Date.now();
      try {
        const res = await fetch(`${lb()}${path}`, { headers: { cookie, 'x-adas-bff': '1' }, redirect: 'manual' });
        await res.arrayBuffer();
        outcomes.push({ startedAt, path, status: res.status, location: res.headers.get('location') ?? undefined });
      } catch (e) {
        outcomes.push({ startedAt, path, status: String((e as Error).cause ?? e) });
      }
    }
  });
  try {
    await until(() => outcomes.length >= 30, 30_000, 'the load to get going');
    const gone = new Promise<void>((r) => sentinel.primary.once('exit', r));
    sentinel.primary.kill('SIGKILL');
    await gone;
    const killedAt = Date.now();
    await until(async () => (await primaryOf(sentinel.ports.sentinels[0])) === sentinel.ports.replica, 30_000, 'the sentinels to promote the replica');
    await until(said('is back: sign-in throttling and ended sessions are shared again.'), 30_000, 'both instances to use the new primary');
    await until(() => outcomes.filter((o) => o.startedAt > killedAt).length >= 40, 30_000, 'load after the failover');
  } finally {
    running = false;
    await Promise.all(load);
  }

  // Nobody was signed out, and every request was answered.
  expect(outcomes.filter(isSignOut)).toEqual([]);
  expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
  for (const cookie of sessions) expect((await rawRequest(lb(), '/', { headers: { cookie } })).status).toBe(200);
  // The session ended before the failover is still ended, on both instances.
  for (const origin of [A, B]) expect((await bffCall(origin, 'GET', 'contact/contacts?page=1&pageSize=10', ended)).status).toBe(401);
  // The failures counted before the failover still count: one more reaches the limit, on both instances.
  expect((await signInHttp(A, victim, wrong, from(ip))).status).not.toBe(429);
  for (const origin of [A, B]) {
    const refused = await signInHttp(origin, victim, DEMO_PASSWORD, from(ip));
    expect(refused.status).toBe(429);
  }
});
