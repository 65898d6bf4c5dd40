/**
 * The Redis SharedStore against a real redis-server (Debian's, which `npm test` installs when missing), as
 * two app instances use it: two stores on one Redis. Counting and expiry are Redis's own; an outage falls
 * back to each instance's memory with one warning, and recovery writes the outage's changes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '@/lib/store/redis';
// @ts-expect-error -- plain ESM helper shared with npm start and the benchmarks
import { startRedis } from '../../scripts/lib/stack.mjs';
import { REDIS_PORT } from '../../testkit/env';

const PORT = REDIS_PORT + 2;
const URL = `redis://127.0.0.1:${PORT}`;

type Redis = { stop(): Promise<void> };
let redis: Redis | undefined;
const stores: RedisStore[] = [];

/** A store with its log lines kept, as one app instance would have. */
function instance() {
  const lines: string[] = [];
  const store = new RedisStore(URL, { log: { warn: (line: string) => void lines.push(line) } });
  stores.push(store);
  return { store, lines };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const key = (name: string) => `test:${name}:${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  redis = await startRedis({ port: PORT, quiet: true });
});

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await redis?.stop();
});

describe('RedisStore', () => {
  it('counts atomically across instances: concurrent increments on two stores each get their own value', async () => {
    const [a, b] = [instance(), instance()];
    expect(await a.store.connected()).toBe(true);
    expect(await b.store.connected()).toBe(true);
    const k = key('incr');
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).store.incr(k, 60_000)));
    expect(results.map((r) => r.value).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const [seen] = await b.store.counters([k]);
    expect(seen?.value).toBe(200);
    expect(seen!.ttlMs).toBeGreaterThan(50_000);
    expect(seen!.ttlMs).toBeLessThanOrEqual(60_000);
    expect(a.lines).toEqual([]);
  });

  it('sets the time-to-live once, in Redis: a later increment does not extend the window, and the counter expires', async () => {
    const { store } = instance();
    await store.connected();
    const k = key('ttl');
    const first = await store.incr(k, 400);
    expect(first).toEqual({ value: 1, ttlMs: 400 });
    await until(async () => ((await store.counters([k]))[0]?.ttlMs ?? 0) < 300, 'the window to run');
    const second = await store.incr(k, 400);
    expect(second.value).toBe(2);
    expect(second.ttlMs).toBeLessThan(300);
    await until(async () => (await store.counters([k]))[0] === null, 'the counter to expire');
    expect((await store.incr(k, 400)).value).toBe(1);
  });

  it('values set or deleted on one instance are seen by the other, and expire', async () => {
    const [a, b] = [instance(), instance()];
    await Promise.all([a.store.connected(), b.store.connected()]);
    const [k1, k2] = [key('set'), key('set')];
    await a.store.set(k1, 'one', 60_000);
    await a.store.set(k2, 'two', 300);
    expect(await b.store.getMany([k1, k2, key('absent')])).toEqual(['one', 'two', null]);
    await b.store.del([k1]);
    expect(await a.store.getMany([k1])).toEqual([null]);
    await until(async () => (await a.store.getMany([k2]))[0] === null, 'the value to expire');
    expect(await a.store.getMany([])).toEqual([]);
    expect(await a.store.counters([])).toEqual([]);
  });

  it('Redis stopped: every call still answers from memory with one warning; back: shared again, with what changed meanwhile', async () => {
    const [a, b] = [instance(), instance()];
    await Promise.all([a.store.connected(), b.store.connected()]);
    const before = key('before');
    await a.store.set(before, 'kept', 60_000);

    await redis!.stop();
    const ended = key('ended');
    const counted = key('counted');
    // Sign-in keeps working: nothing throws, each instance counts on its own.
    await a.store.set(ended, '1', 60_000);
    expect((await a.store.incr(counted, 60_000)).value).toBe(1);
    expect((await a.store.incr(counted, 60_000)).value).toBe(2);
    expect((await b.store.incr(counted, 60_000)).value).toBe(1);
    expect(await a.store.getMany([ended])).toEqual(['1']);
    expect(await b.store.getMany([ended])).toEqual([null]);
    await a.store.del([before]);
    for (const { lines } of [a, b]) {
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^\\[store\\] Redis at redis://127\\.0\\.0\\.1:${PORT}/? cannot be reached \\(.+\\): sign-in throttling and ended sessions use this instance's memory until it is back\\.$`,
        ),
      );
    }

    redis = await startRedis({ port: PORT, quiet: true });
    await until(() => a.lines.length === 2 && b.lines.length === 2, 'both stores to reconnect');
    expect(a.lines[1]).toMatch(/^\[store\] Redis at .+ is back: sign-in throttling and ended sessions are shared again\.$/);
    // What instance a changed during the outage is now in Redis for b too (the restarted Redis was empty).
    await until(async () => (await b.store.getMany([ended]))[0] === '1', 'the replayed value');
    expect(await b.store.getMany([before])).toEqual([null]);
    // Counting is shared again, in Redis.
    const shared = key('shared');
    await a.store.incr(shared, 60_000);
    expect((await b.store.incr(shared, 60_000)).value).toBe(2);
  });

  it('Redis not there at start: the store answers from memory and says so once', async () => {
    const lines: string[] = [];
    const store = new RedisStore(`redis://127.0.0.1:${PORT + 1}`, { log: { warn: (l: string) => void lines.push(l) } });
    stores.push(store);
    expect(await store.connected(500)).toBe(false);
    expect((await store.incr('x', 1000)).value).toBe(1);
    expect(await store.getMany(['x'])).toEqual(['1']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('cannot be reached');
  });

  it('readiness brings back a store still marked out while its connection is up (a recovery that failed mid-failover)', async () => {
    const { store, lines } = instance();
    expect(await store.connected()).toBe(true);
    // What a command timing out during a failover leaves: the connection up, the store on memory.
    (store as unknown as { degrade(reason: string): void }).degrade('Command timed out');
    expect(lines).toHaveLength(1);
    expect(await store.state()).toBe('up');
    expect(lines[1]).toMatch(/is back/);
    const k = key('after');
    await store.incr(k, 60_000);
    const other = instance().store;
    expect(await other.connected()).toBe(true);
    expect((await other.counters([k]))[0]?.value).toBe(1);
  });
});
