/**
 * Liveness and readiness (app/api/health, app/api/ready), for balancers, orchestrators and the start
 * scripts. Both are anonymous and cheap, and say nothing about the configuration: no URL, no address, no
 * error text — only each dependency's state.
 *
 * Ready means every configured dependency is up (503 otherwise, with the states). An instance that is not
 * ready still serves what it can (pages say the service cannot be reached; without Redis the store uses
 * memory), so balancers route on liveness and passive failures (deploy/nginx.conf); readiness is for
 * orchestrators and monitoring, and names the dependency that is down.
 *
 * Readiness asks each dependency whether it can be reached now: the API host, the auth host and the push hub
 * by one HTTP request each to their configured base (any answer below 500 counts, a 401 or 404 included:
 * the host is there and answering; 5xx is `failing`, no answer in PROBE_TIMEOUT_MS `unreachable`), and
 * Redis by PING. The push hub and Redis are `off` where they are not configured. One check runs at a time
 * and its answer serves every request for CACHE_MS, so probing the endpoint cannot load the upstreams.
 */
import http from 'node:http';
import https from 'node:https';
import { config } from './config';
import { sharedStoreState } from './store';

export type DependencyState = 'up' | 'failing' | 'unreachable' | 'down' | 'off';

export interface Readiness {
  ready: boolean;
  checks: { api: DependencyState; auth: DependencyState; push: DependencyState; redis: DependencyState };
}

const PROBE_TIMEOUT_MS = 2000;
const CACHE_MS = 1000;

/** One GET to the URL; the answer's status decides, its body is dropped. */
function probe(target: string): Promise<DependencyState> {
  return new Promise((resolve) => {
    const url = new URL(target);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      { method: 'GET', agent: false, timeout: PROBE_TIMEOUT_MS, headers: { accept: 'application/json' } },
      (res) => {
        res.resume();
        resolve((res.statusCode ?? 500) < 500 ? 'up' : 'failing');
      },
    );
    req.on('timeout', () => req.destroy(new Error('time-out')));
    req.on('error', () => resolve('unreachable'));
    req.end();
  });
}

async function check(): Promise<Readiness> {
  const c = config();
  const [api, auth, push, redis] = await Promise.all([
    probe(c.API_URL),
    probe(c.AUTH_URL),
    c.PUSH_URL ? probe(c.PUSH_URL) : Promise.resolve('off' as const),
    sharedStoreState(),
  ]);
  const checks = { api, auth, push, redis };
  const ready = Object.values(checks).every((state) => state === 'up' || state === 'off');
  return { ready, checks };
}

let last: { at: number; answer: Promise<Readiness> } | undefined;

/** The dependencies' states, checked at most once per CACHE_MS. */
export function readiness(now = Date.now()): Promise<Readiness> {
  if (!last || now - last.at >= CACHE_MS) last = { at: now, answer: check() };
  return last.answer;
}
