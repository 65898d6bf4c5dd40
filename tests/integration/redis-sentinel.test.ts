/**
 * The store on Redis Sentinel (REDIS_SENTINELS), against real servers (Debian's redis-server and
 * redis-sentinel): a primary, a replica and three sentinels on loopback (scripts/lib/redis.mjs, the setup of
 * `CLUSTER_REDIS=sentinel npm run start:cluster`). The primary is killed while two stores write and read;
 * the sentinels promote the replica and the stores follow: nothing throws meanwhile, an ended session written
 * before the kill is still there afterwards, counters keep what they had, and both stores share the new
 * primary. Also: Redis and Sentinel refuse a broken configuration in their own words.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '@/lib/store/redis';
// @ts-expect-error -- plain ESM helper shared with npm run start:cluster
import { SENTINEL_MASTER, primaryOf, startRedis, startSentinelRedis } from '../../scripts/lib/redis.mjs';
import { REDIS_PORT } from '../../testkit/env';

/** Five ports: primary, replica, three sentinels. */
const PORT = REDIS_PORT + 10;

type Child = { stop(): Promise<void>; kill(signal: string): boolean; once(e: 'exit', fn: () => void): void };
let set: { primary: Child; replica: Child; sentinels: Child[]; ports: { sentinels: number[] }; stop(): Promise<void> } | undefined;
const stores: RedisStore[] = [];

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function instance() {
  const lines: string[] = [];
  const store = new RedisStore(
    { sentinels: set!.ports.sentinels.map((port) => ({ host: '127.0.0.1', port })), name: SENTINEL_MASTER },
    { log: { warn: (line: string) => void lines.push(line) } },
  );
  stores.push(store);
  return { store, lines };
}

beforeAll(async () => {
  set = await startSentinelRedis({ port: PORT, dir: mkdtempSync(join(tmpdir(), 'adas-sentinel-')), quiet: true });
}, 60_000);

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await set?.stop();
});

describe('RedisStore through Redis Sentinel', () => {
  it('the primary killed under load: the replica is promoted, the stores follow it and keep what was written', async () => {
    const [a, b] = [instance(), instance()];
    expect(await a.store.connected()).toBe(true);
    expect(await b.store.connected()).toBe(true);
    const session = `test:ended:${Date.now()}`;
    const counter = `test:count:${Date.now()}`;
    await a.store.set(session, '1', 600_000);
    for (let i = 0; i < 4; i++) await (i % 2 ? a : b).store.incr(counter, 600_000);

    // Load on both stores while the primary goes: no call may throw.
    let running = true;
    const failures: unknown[] = [];
    const load = [a, b].map(async ({ store }, i) => {
      for (let n = 0; running; n++) {
        try {
          await store.incr(`test:load:${i}:${n % 50}`, 60_000);
          await store.getMany([session]);
        } catch (e) {
          failures.push(e);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    });

    const gone = new Promise<void>((r) => set!.primary.once('exit', r));
    set!.primary.kill('SIGKILL');
    await gone;
    // The sentinels agree that the primary is down and promote the replica (down-after-milliseconds 1 s).
    await until(async () => (await primaryOf(set!.ports.sentinels[0])) === PORT + 1, 'the replica to be promoted');
    // A store notices the promotion at its next ping (every second while marked out); a machine loaded by
    // builds can delay that by tens of seconds, so the wait is generous.
    await until(() => [a, b].every((s) => s.lines.some((l) => l.includes('is back:'))), 'both stores to use the new primary', 45_000);
    running = false;
    await Promise.all(load);

    expect(failures).toEqual([]);
    for (const { lines } of [a, b]) {
      expect(lines[0]).toMatch(/^\[store\] Redis at adas via sentinels 127\.0\.0\.1:\d+,.* cannot be reached/);
      expect(lines.at(-1)).toMatch(/is back: sign-in throttling and ended sessions are shared again\.$/);
    }
    // The ended session and the counter came through the failover, on both.
    for (const { store } of [a, b]) expect(await store.getMany([session])).toEqual(['1']);
    expect((await a.store.incr(counter, 600_000)).value).toBe(5);
    expect((await b.store.counters([counter]))[0]?.value).toBe(5);
  }, 120_000);

  it('Redis and Sentinel refuse a broken configuration, naming the line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'adas-redis-conf-'));
    const conf = join(dir, 'redis.conf');
    writeFileSync(conf, 'bind 127.0.0.1\nmaxmemory-policy volatile-sometimes\n');
    await expect(startRedis({ port: PORT + 5, conf, quiet: true })).rejects.toThrow(
      /redis-server \(.*redis\.conf\) exited with code 1 before it was ready:[\s\S]*FATAL CONFIG FILE ERROR[\s\S]*line 2[\s\S]*maxmemory-policy volatile-sometimes/,
    );
  });
});
