/**
 * Extra hosts and app servers for tests that must stop, restart or reconfigure them (fault tests, the
 * upstream-401 test, sign-in throttling) without disturbing the shared stack of the global setup.
 *
 * Spare ports are fixed offsets from the run's base ports, so parallel runs with different TEST_API_PORT /
 * TEST_APP_PORT stay apart: reference hosts and stand-ins on TEST_API_PORT+11…+19, app servers on
 * TEST_APP_PORT+11…+19 (TEST_APP_PORT+1 is the global setup's APP_ENV=prod server).
 */
// @ts-expect-error -- plain ESM helper shared with npm start and the benchmarks
import { startApiHost, startApp } from '../../scripts/lib/stack.mjs';
// @ts-expect-error -- plain ESM helper shared with npm run start:cluster and the load benchmark
import { startCluster } from '../../scripts/lib/cluster.mjs';
import { API_PORT, APP_PORT, REDIS_PORT } from '../../testkit/env';

export interface Child {
  pid?: number;
  stop(): Promise<void>;
  output?(): string;
}

/** Offsets in use, one per purpose, so two spec files running at once never share a port. */
export const SPARE = {
  /** security/throttle.spec.ts: an app with a short sign-in window (uses the global host). */
  throttleApp: APP_PORT + 11,
  /** security/bff-session.spec.ts: a host restarted with another signing secret, and its app. */
  sessionHost: API_PORT + 11,
  sessionApp: APP_PORT + 12,
  /** e2e/faults.spec.ts: a host that is stopped and started again, and its app. */
  faultHost: API_PORT + 12,
  faultApp: APP_PORT + 13,
  /** e2e/faults.spec.ts: a stand-in upstream in front of the global host, and its app. */
  standIn: API_PORT + 13,
  standInApp: APP_PORT + 14,
  /** security/review-findings.spec.ts: an app with a small sign-in limit (global host), and a host with a small getToken limit. */
  reviewApp: APP_PORT + 15,
  reviewHost: API_PORT + 14,
  /** security/review-3.spec.ts: a stand-in recording getToken in front of the global host, and its app (small sign-in limit). */
  differentialStandIn: API_PORT + 15,
  differentialApp: APP_PORT + 16,
  /** security/review-3.spec.ts: a host of its own (default getToken limits) and an app with TRUST_PROXY=0, for the flood. */
  floodHost: API_PORT + 16,
  floodApp: APP_PORT + 17,
  /** security/review-4.spec.ts: a host of its own; an app as `npm start` runs it (TRUST_PROXY=0) with a small store; one behind a proxy (TRUST_PROXY=1) with a small store and small limits. */
  review4Host: API_PORT + 17,
  review4Direct: APP_PORT + 18,
  review4Proxied: APP_PORT + 19,
  /** security/cluster.spec.ts: two instances behind the balancer on the global host (Redis on REDIS_PORT). */
  clusterBalancer: APP_PORT + 40,
  clusterApps: [APP_PORT + 41, APP_PORT + 42],
  clusterRedis: REDIS_PORT,
  /** e2e/cluster-faults.spec.ts: an own host and two instances behind the balancer, for the fault drills. */
  drillHost: API_PORT + 40,
  drillBalancer: APP_PORT + 43,
  drillApps: [APP_PORT + 44, APP_PORT + 45],
  drillRedis: REDIS_PORT + 1,
  /** e2e/redis-failover.spec.ts: an own host, two instances behind nginx, a Redis primary, replica and three sentinels (five ports). */
  failoverHost: API_PORT + 50,
  failoverBalancer: APP_PORT + 50,
  failoverApps: [APP_PORT + 51, APP_PORT + 52],
  failoverRedis: REDIS_PORT + 20,
  /** security/probes.spec.ts: an app whose API host, auth host and hub cannot be reached (a closed port). */
  probesApp: APP_PORT + 16,
  /** security/probes.spec.ts: an app on the global host logging at debug level (request ids in its lines). */
  tracedApp: APP_PORT + 17,
  closedPort: API_PORT + 16,
} as const;

export const hostOrigin = (port: number) => `http://127.0.0.1:${port}`;
export const testDb = (port: number) => `.data/test-${port}/reference.db`;

export interface HostOptions {
  port: number;
  /** Fresh seed (default true the first time; pass false to restart on the same data). */
  reset?: boolean;
  env?: Record<string, string>;
}

export function startHost({ port, reset = true, env = {} }: HostOptions): Promise<Child> {
  return startApiHost({ port, db: testDb(port), reset, quiet: true, env });
}

export interface AppOptions {
  port: number;
  /** Origin of the API/auth host the app calls (a reference host or a stand-in). */
  apiOrigin: string;
  env?: Record<string, string>;
}

export function startAppServer({ port, apiOrigin, env = {} }: AppOptions): Promise<Child> {
  return startApp({ port, apiOrigin, quiet: true, env: { TRUST_PROXY: '1', UPSTREAM_TIMEOUT_MS: '3000', APP_ENV: 'uat', ...env } });
}

type Killable = Child & { kill(signal: NodeJS.Signals): boolean; once(event: 'exit', fn: () => void): void };

export interface Cluster {
  /** The balancer's URL: what users open. */
  url: string;
  apps: Killable[];
  redis: Child;
  /** With `sentinel`: the primary, its replica and the three sentinels. */
  sentinel: {
    primary: Killable;
    replica: Killable;
    sentinels: Killable[];
    ports: { primary: number; replica: number; sentinels: number[] };
  } | null;
  /** nginx (deploy/nginx/adas.conf.template), with the requests each instance answered. */
  balancer: { served(): Record<string, number> };
  /** Starts instance `i` (again), with the settings it had. */
  startApp(i: number): Promise<Child>;
  /** Starts Redis (again) on its port, empty. */
  startRedis(): Promise<Child>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  port: number;
  appPorts: readonly number[];
  redisPort: number;
  apiOrigin: string;
  env?: Record<string, string>;
  /** Redis behind Sentinel: a primary on redisPort, its replica and three sentinels on the next four ports. */
  sentinel?: boolean;
}

/** The two-instance setup of `npm run start:cluster` (scripts/lib/cluster.mjs), with the test apps' settings. */
export function startClusterStack({ env = {}, ...o }: ClusterOptions): Promise<Cluster> {
  return startCluster({ ...o, quiet: true, env: { UPSTREAM_TIMEOUT_MS: '3000', APP_ENV: 'uat', ...env } });
}

/** Stops every child, ignoring the ones already gone. */
export async function stopAll(children: readonly (Child | undefined)[]): Promise<void> {
  await Promise.all(children.map((c) => c?.stop().catch(() => undefined)));
}
