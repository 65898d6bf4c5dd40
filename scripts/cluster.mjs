/**
 * `npm run start:cluster`: the two-instance setup on this machine — the reference API host, Redis, two app
 * instances sharing AUTH_SECRET and REDIS_URL, and a round-robin load balancer in front of them, all on
 * loopback. Installs and builds when needed (and Debian's redis-server when missing, see lib/system.mjs).
 * Ctrl-C stops everything.
 *
 * Environment: PORT (3000) is the balancer, the instances take the next ports (3001, 3002);
 * CLUSTER_INSTANCES (2); API_HOST_PORT (4010); REDIS_PORT (6380, beside a system Redis on 6379).
 * With API_URL and AUTH_URL set, the embedded host is not started (the customer's hosts are used).
 */
import { startCluster } from './lib/cluster.mjs';
import { ensureBuilt, ensureInstalled, startApiHost } from './lib/stack.mjs';
import { MissingProgram } from './lib/system.mjs';

const port = Number(process.env.PORT || 3000);
const instances = Number(process.env.CLUSTER_INSTANCES || 2);
const apiPort = Number(process.env.API_HOST_PORT || 4010);
const redisPort = Number(process.env.REDIS_PORT || 6380);
const external = Boolean(process.env.API_URL && process.env.AUTH_URL);
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

const appPorts = Array.from({ length: instances }, (_, i) => port + 1 + i);
try {
  ensureInstalled();
  ensureBuilt();
  if (!external) host = await startApiHost({ port: apiPort });
  const env = external ? { API_URL: process.env.API_URL, AUTH_URL: process.env.AUTH_URL, PUSH_URL: process.env.PUSH_URL ?? '' } : {};
  cluster = await startCluster({ port, appPorts, redisPort, apiOrigin: `http://127.0.0.1:${apiPort}`, env });
} catch (e) {
  console.error(e instanceof MissingProgram ? `\n${e.message}\n` : `[cluster] ${e.message}`);
  await stopAll(1);
}

for (const c of [host, cluster.redis, ...cluster.apps]) c?.once('exit', (code) => void stopAll(code ?? 1));

console.log(`
  ADAS back-office, ${instances} instances behind a load balancer: http://localhost:${port}
    instances   ${appPorts.map((p) => `http://127.0.0.1:${p}`).join('  ')} (round-robin, no sticky sessions)
    Redis       redis://127.0.0.1:${redisPort} (sign-in throttling and ended sessions, shared)
    ${external ? `API         ${process.env.API_URL}` : `API host    http://127.0.0.1:${apiPort} (demo sign-ins as for npm start, password Demo#2026)`}

  Press Ctrl-C to stop.
`);
