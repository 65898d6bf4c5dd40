/**
 * `npm run start:cluster`: the several-instance setup on this machine — the reference API host, Redis, app
 * instances sharing AUTH_SECRET and the store, and nginx in front of them (deploy/nginx/adas.conf.template),
 * all on loopback. Installs and builds when needed (and Debian's nginx, redis-server and redis-sentinel when
 * missing, see lib/system.mjs). Ctrl-C stops everything.
 *
 * Environment: PORT (3000) is nginx, the instances take the next ports (3001, 3002); CLUSTER_INSTANCES (2);
 * API_HOST_PORT (4010); REDIS_PORT (6380, beside a system Redis on 6379); CLUSTER_REDIS=sentinel runs a
 * primary on REDIS_PORT, its replica on the next port and three sentinels on the three after (failover).
 * REDIS_URL or REDIS_SENTINELS set: that Redis is used, none is started. With API_URL and AUTH_URL set, the
 * embedded host is not started (the customer's hosts are used). The app's other variables (.env.example)
 * pass through to every instance; they are checked before anything starts.
 */
import { parseConfig } from '../lib/config.ts';
import { startCluster } from './lib/cluster.mjs';
import { redisCommand } from './lib/redis.mjs';
import { embeddedAuthSecret, ensureBuilt, ensureInstalled, startApiHost } from './lib/stack.mjs';

const port = Number(process.env.PORT || 3000);
const instances = Number(process.env.CLUSTER_INSTANCES || 2);
const apiPort = Number(process.env.API_HOST_PORT || 4010);
const redisPort = Number(process.env.REDIS_PORT || 6380);
const sentinel = process.env.CLUSTER_REDIS === 'sentinel';
const external = Boolean(process.env.API_URL && process.env.AUTH_URL);
const externalRedis = Boolean(process.env.REDIS_URL || process.env.REDIS_SENTINELS);
let host;
let cluster;
let stopping = false;

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  await cluster?.stop();
  await host?.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

/** Stops with one message naming the problem. */
async function fail(message) {
  console.error(`\n[cluster] ${message}\n`);
  await stopAll(1);
}

/** The configuration every instance will read, checked by the app's own parser before anything starts. */
function checkConfiguration() {
  for (const [name, value] of Object.entries({ PORT: port, API_HOST_PORT: apiPort, REDIS_PORT: redisPort, CLUSTER_INSTANCES: instances }))
    if (!Number.isInteger(value) || value < 1 || value > (name === 'CLUSTER_INSTANCES' ? 16 : 65535))
      throw new Error(`${name} is not valid: ${process.env[name]}`);
  if (process.env.CLUSTER_REDIS && !sentinel)
    throw new Error(`CLUSTER_REDIS must be "sentinel" or unset, not "${process.env.CLUSTER_REDIS}"`);
  return parseConfig({ AUTH_SECRET: embeddedAuthSecret(), ...process.env });
}

/** An external Redis must answer before the instances start (they would run on memory, each on its own). */
async function checkExternalRedis(config) {
  if (config.REDIS_SENTINELS) {
    for (const { host: h, port: p } of config.REDIS_SENTINELS)
      if (h === '127.0.0.1' || h === 'localhost') {
        const answer = await redisCommand(p, `SENTINEL get-master-addr-by-name ${config.REDIS_SENTINEL_MASTER}`);
        if (answer === null) throw new Error(`REDIS_SENTINELS: the sentinel at ${h}:${p} cannot be reached`);
        if (answer.startsWith('*-1') || answer.startsWith('_'))
          throw new Error(
            `REDIS_SENTINELS: the sentinel at ${h}:${p} knows no primary named "${config.REDIS_SENTINEL_MASTER}" (REDIS_SENTINEL_MASTER)`,
          );
      }
    return;
  }
  const u = new URL(config.REDIS_URL);
  if (!['127.0.0.1', 'localhost'].includes(u.hostname)) return;
  const answer = await redisCommand(Number(u.port || 6379), 'PING');
  if (answer === null) throw new Error(`REDIS_URL: nothing answers at ${u.hostname}:${u.port || 6379}`);
}

const appPorts = Array.from({ length: instances }, (_, i) => port + 1 + i);
try {
  const config = checkConfiguration();
  if (externalRedis) await checkExternalRedis(config);
  ensureInstalled();
  ensureBuilt();
  if (!external) host = await startApiHost({ port: apiPort, appUrl: `http://localhost:${port}` });
  const env = external ? { API_URL: process.env.API_URL, AUTH_URL: process.env.AUTH_URL, PUSH_URL: process.env.PUSH_URL ?? '' } : {};
  cluster = await startCluster({
    port,
    appPorts,
    redisPort,
    apiOrigin: `http://127.0.0.1:${apiPort}`,
    env,
    sentinel,
    redis: !externalRedis,
  });
} catch (e) {
  await fail(e.message);
}

for (const c of [
  host,
  cluster.redis,
  cluster.balancer,
  ...cluster.apps,
  ...(cluster.sentinel ? [cluster.sentinel.primary, cluster.sentinel.replica, ...cluster.sentinel.sentinels] : []),
])
  c?.once('exit', (code) => void stopAll(code ?? 1));

const store = externalRedis
  ? `${process.env.REDIS_URL ? 'REDIS_URL' : 'REDIS_SENTINELS'} as given (sign-in throttling and ended sessions, shared)`
  : sentinel
    ? `primary redis://127.0.0.1:${redisPort}, replica :${redisPort + 1}, sentinels ${cluster.sentinel.env.REDIS_SENTINELS}`
    : `redis://127.0.0.1:${redisPort} (sign-in throttling and ended sessions, shared)`;
console.log(`
  ADAS back-office, ${instances} instances behind nginx: http://localhost:${port}
    instances   ${appPorts.map((p) => `http://127.0.0.1:${p}`).join('  ')} (least connections, no sticky sessions)
    nginx       deploy/nginx/adas.conf.template (access log: .data/nginx-${port}/access.log)
    Redis       ${store}
    ${external ? `API         ${process.env.API_URL}` : `API host    http://127.0.0.1:${apiPort} (demo sign-ins as for npm start, password Demo#2026)`}
    health      http://localhost:${port}/api/health   readiness http://localhost:${port}/api/ready

  Press Ctrl-C to stop.
`);
