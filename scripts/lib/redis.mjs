/**
 * Redis for the several-instance setup, on loopback: one server (`startRedis`, deploy/redis/redis.conf) or
 * a primary, a replica and three sentinels (`startSentinelRedis`, deploy/redis/sentinel.conf.template), all
 * from Debian's packages (installed when missing, lib/system.mjs). A server that refuses its configuration
 * stops the start with Redis's own message, which names the file, the line and the problem.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { basename, join } from 'node:path';
import { ROOT, startProcess } from './process.mjs';
import { ensureRedisSentinel, ensureRedisServer } from './system.mjs';
import { fillTemplate } from './template.mjs';

export const REDIS_CONF = join(ROOT, 'deploy', 'redis', 'redis.conf');
export const SENTINEL_TEMPLATE = join(ROOT, 'deploy', 'redis', 'sentinel.conf.template');
/** The primary's name at the sentinels (the app's REDIS_SENTINEL_MASTER). */
export const SENTINEL_MASTER = 'adas';

/** Sends one command (inline form) and answers the first reply line, or null when nothing answers. */
export function redisCommand(port, command, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let data = '';
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.once('error', () => done(null));
    socket.once('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (d) => {
      data += String(d);
      // A simple reply ends with its first line; an array of bulk strings (sentinel get-master-addr-by-name) with its last.
      if (!data.startsWith('*') || data.split('\r\n').length >= 1 + 2 * Number(/^\*(\d+)/.exec(data)?.[1] ?? 0)) done(data);
    });
  });
}

const answersPing = async (port) => (await redisCommand(port, 'PING'))?.startsWith('+PONG') ?? false;

async function until(check, child, what, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (child.exitCode !== null)
      throw new Error(`${what} exited with code ${child.exitCode} before it was ready:\n${child.output().trim()}`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts Debian's redis-server on a loopback port with deploy/redis/redis.conf (or `conf`); `replicaOf` makes it
 * a replica of the server on that port. Each server runs from its own copy of the configuration in its own
 * folder under .data (`dir`): a failover rewrites the promoted server's configuration (CONFIG REWRITE) and a
 * replica's first sync writes a snapshot, and neither may touch the repository's files.
 */
export async function startRedis({ port = 6380, quiet = false, replicaOf, conf = REDIS_CONF } = {}) {
  const server = ensureRedisServer();
  if (await answersPing(port)) throw new Error(`Port ${port} already has a Redis server; choose another (REDIS_PORT)`);
  const own = join(ROOT, '.data', `redis-${port}`);
  rmSync(own, { recursive: true, force: true });
  mkdirSync(own, { recursive: true });
  const copy = join(own, basename(conf));
  copyFileSync(conf, copy);
  const args = [copy, '--port', String(port), '--dir', own, ...(replicaOf ? ['--replicaof', '127.0.0.1', String(replicaOf)] : [])];
  const child = startProcess('redis', server, args, {}, { quiet });
  await until(() => answersPing(port), child, `redis-server (${conf})`);
  return child;
}

/**
 * Starts one sentinel watching the primary on `primaryPort`. Its configuration (rewritten by Sentinel as it
 * learns) lives in `dir`. `downAfterMs`: how long the primary may be silent before it is declared down.
 */
export async function startSentinel({
  port,
  primaryPort,
  dir,
  downAfterMs = 1000,
  failoverTimeoutMs = 5000,
  quiet = false,
  template = SENTINEL_TEMPLATE,
}) {
  const sentinel = ensureRedisSentinel();
  const own = join(dir, `sentinel-${port}`);
  rmSync(own, { recursive: true, force: true });
  mkdirSync(own, { recursive: true });
  const conf = join(own, 'sentinel.conf');
  writeFileSync(
    conf,
    fillTemplate(template, {
      SENTINEL_PORT: port,
      SENTINEL_DIR: own,
      MASTER_NAME: SENTINEL_MASTER,
      PRIMARY_PORT: primaryPort,
      DOWN_AFTER_MS: downAfterMs,
      FAILOVER_TIMEOUT_MS: failoverTimeoutMs,
    }),
  );
  const child = startProcess('redis-sentinel', sentinel, [conf], {}, { quiet });
  await until(async () => (await primaryOf(port)) !== null, child, `redis-sentinel (${template})`);
  return child;
}

/** The port of the primary a sentinel names now, or null. */
export async function primaryOf(sentinelPort) {
  const answer = await redisCommand(sentinelPort, `SENTINEL get-master-addr-by-name ${SENTINEL_MASTER}`);
  const port = answer?.split('\r\n')[4];
  return port && /^\d+$/.test(port) ? Number(port) : null;
}

/**
 * A primary on `port`, its replica on port+1 and three sentinels on port+2…port+4. Answers the children, the
 * app's settings (REDIS_SENTINELS, REDIS_SENTINEL_MASTER) and `stop()`.
 */
export async function startSentinelRedis({ port, dir, quiet = false, downAfterMs = 1000 }) {
  const set = {
    primary: null,
    replica: null,
    sentinels: [],
    ports: { primary: port, replica: port + 1, sentinels: [port + 2, port + 3, port + 4] },
  };
  set.env = { REDIS_SENTINELS: set.ports.sentinels.map((p) => `127.0.0.1:${p}`).join(','), REDIS_SENTINEL_MASTER: SENTINEL_MASTER };
  set.stop = () => Promise.all([set.primary, set.replica, ...set.sentinels].map((c) => c?.stop().catch(() => undefined)));
  try {
    set.primary = await startRedis({ port, quiet });
    set.replica = await startRedis({ port: port + 1, quiet, replicaOf: port });
    set.sentinels = await Promise.all(
      set.ports.sentinels.map((p) => startSentinel({ port: p, primaryPort: port, dir, downAfterMs, quiet })),
    );
    // Ready when the replica is in sync (the sentinels learn of it from the primary).
    const deadline = Date.now() + 15_000;
    while (!/master_link_status:up/.test((await redisCommand(port + 1, 'INFO replication')) ?? '')) {
      if (Date.now() > deadline) throw new Error(`the replica on port ${port + 1} did not sync with the primary on ${port} within 15 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (e) {
    await set.stop();
    throw e;
  }
  return set;
}
