/**
 * The SharedStore in Redis (REDIS_URL): what several app instances must agree on. Redis counts and expires
 * by itself: an increment and its time-to-live are one Lua script, so failures counted at the same moment
 * on two instances are both counted, and no instance ever writes back a value it read.
 *
 * An outage degrades, it never fails a request. While Redis cannot be reached every call goes to this
 * instance's memory (a MemoryStore) and one warning says so: sign-in keeps working, throttling counts per
 * instance, a session ended meanwhile is ended on this instance. When Redis is back (ioredis reconnects on
 * its own) a second line says so, the sessions ended and the counters cleared during the outage are written
 * to Redis so every instance honours them, and Redis is used again.
 *
 * With Redis Sentinel (REDIS_SENTINELS) ioredis asks the sentinels for the current primary and follows a
 * failover: the primary lost is an outage as above until the sentinels have promoted a replica (their
 * down-after-milliseconds plus the election, seconds), then the store is back on the new primary. What the
 * failover keeps: everything the replica had received. Ended sessions are written with WAIT (one replica has
 * it before the logout answers, at most REPLICA_WAIT_MS), so none comes back to life; throttle counters are
 * replicated asynchronously (no wait on the sign-in path), so increments of the last moments before the
 * primary died (the replication lag, normally under a millisecond) and those counted in memory during the
 * failover are not carried over. docs/operations.md#several-instances documents the window.
 */
import Redis, { type RedisOptions } from 'ioredis';
import { log as appLog } from '../log/logger';
import type { Counter, SharedStore } from './types';
import { MemoryStore } from './memory';

/**
 * An increment by ARGV[2] that sets the time-to-live when the counter is new: answers [value, milliseconds
 * left]. A counter with 0 ms left is gone, as `counters` reads it (Redis itself drops it only a millisecond
 * later): it starts again rather than counting on in a window that has ended. A negative increment gives back
 * (never below 0) and never creates a counter.
 */
const INCR_WITH_TTL = `
if redis.call('PTTL', KEYS[1]) == 0 then
  redis.call('DEL', KEYS[1])
end
local by = tonumber(ARGV[2])
if by < 0 and redis.call('EXISTS', KEYS[1]) == 0 then
  return {0, 0}
end
local value = redis.call('INCRBY', KEYS[1], by)
if value < 0 then
  redis.call('INCRBY', KEYS[1], -value)
  value = 0
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {value, ttl}`;

/** Writes made during an outage, replayed when Redis is back: a value with its expiry, or null for a delete. */
type Missed = { value: string; expiresAt: number } | null;
/** At most this many are kept (the oldest go first), as MemoryStore bounds itself. */
const MAX_MISSED = 100_000;

/** Redis behind Sentinel: the sentinel nodes, the primary's name there and the passwords. */
export interface SentinelTarget {
  sentinels: readonly { host: string; port: number }[];
  name: string;
  password?: string;
  sentinelPassword?: string;
}

/** A redis:// URL, or sentinels. */
export type RedisTarget = string | SentinelTarget;

/** How long a write that must survive a failover (an ended session) waits for one replica to have it. */
const REPLICA_WAIT_MS = 250;

/** The longest a recovery (writing the outage's changes back) may take before it counts as failed. */
const RECOVERY_TIMEOUT_MS = 5000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Where the two lines about an outage go by default: the app's log. */
const storeLog: Pick<Console, 'warn'> = { warn: (line: string) => appLog().warn({ area: 'store' }, line) };

interface Options {
  /** Where the two lines about an outage go. */
  log?: Pick<Console, 'warn'>;
  now?: () => number;
  /** A command that takes longer counts as an outage (Redis answers in well under a millisecond nearby). */
  commandTimeoutMs?: number;
}

type RedisWithIncr = Redis & { incrWithTtl(key: string, ttlMs: number, by: number): Promise<[number, number]> };

/** The target without its credentials, for log lines. */
function shown(target: RedisTarget): string {
  if (typeof target !== 'string') return `${target.name} via sentinels ${target.sentinels.map((s) => `${s.host}:${s.port}`).join(',')}`;
  const u = new URL(target);
  u.username = '';
  u.password = '';
  return u.toString();
}

export class RedisStore implements SharedStore {
  private readonly client: RedisWithIncr;
  private readonly log: Pick<Console, 'warn'>;
  private readonly now: () => number;
  private readonly where: string;
  private fallback: MemoryStore;
  private readonly missed = new Map<string, Missed>();
  /** Why Redis is not being used, or null while it is. */
  private outage: string | null = null;
  private readonly firstReady: Promise<void>;
  /** While degraded on a connection that stays up (a slow or failing command): the next check. */
  private probe: NodeJS.Timeout | undefined;
  private recovering: Promise<void> | null = null;

  /** With sentinels there are replicas: writes that must survive a failover wait for one. */
  private readonly replicated: boolean;

  constructor(target: RedisTarget, { log = storeLog, now = Date.now, commandTimeoutMs = 1000 }: Options = {}) {
    this.log = log;
    this.now = now;
    this.where = shown(target);
    this.fallback = new MemoryStore(now);
    this.replicated = typeof target !== 'string';
    const options: RedisOptions = {
      keyPrefix: 'adas:',
      // Fail at once rather than queue while disconnected: the caller falls back to memory.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: commandTimeoutMs + (this.replicated ? REPLICA_WAIT_MS : 0),
      connectTimeout: 2000,
      // Keep trying, at most a second apart, so the store is back soon after Redis is.
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    };
    this.client = (
      typeof target === 'string'
        ? new Redis(target, options)
        : new Redis({
            ...options,
            sentinels: target.sentinels.map((s) => ({ ...s })),
            name: target.name,
            password: target.password,
            sentinelPassword: target.sentinelPassword,
            // Asking the sentinels again, as often as the primary itself.
            sentinelRetryStrategy: (attempt) => Math.min(attempt * 100, 1000),
            // Leave a demoted primary as soon as the sentinels announce the switch.
            failoverDetector: true,
          })
    ) as RedisWithIncr;
    this.client.defineCommand('incrWithTtl', { numberOfKeys: 1, lua: INCR_WITH_TTL });
    this.client.on('error', (e: Error) => this.degrade(e.message));
    this.client.on('close', () => this.degrade('connection closed'));
    this.client.on('ready', () => void this.recover());
    this.firstReady = new Promise((resolve) => this.client.once('ready', () => resolve()));
  }

  /** Waits until Redis is first ready, at most `timeoutMs`; afterwards calls use memory until it is. */
  async connected(timeoutMs = 3000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([this.firstReady, timeout]);
    clearTimeout(timer);
    if (this.client.status !== 'ready') this.degrade(`not connected after ${timeoutMs} ms`);
    return this.client.status === 'ready';
  }

  /** Disconnects (tests and shutdown). */
  async close(): Promise<void> {
    clearTimeout(this.probe);
    this.client.removeAllListeners();
    this.client.disconnect();
  }

  private degrade(reason: string) {
    if (!this.outage) {
      this.outage = reason;
      this.log.warn(
        `[store] Redis at ${this.where} cannot be reached (${reason}): sign-in throttling and ended sessions use this instance's memory until it is back.`,
      );
    }
    // A lost connection recovers on ioredis's 'ready'; and every second while the store is out, whatever
    // happened meanwhile (a 'ready' that came while a recovery was still pending, a replay refused by a
    // replica not yet promoted), a connected client is pinged and recovered: an outage never outlives Redis.
    this.probe ??= setTimeout(() => {
      this.probe = undefined;
      if (!this.outage) return;
      if (this.client.status !== 'ready') return void this.degrade(this.outage);
      this.client.ping().then(
        () => this.recover(),
        (e: Error) => this.degrade(e.message),
      );
    }, 1000).unref();
  }

  private recover(): Promise<void> {
    // Bounded: a replay that never answers (its connection replaced mid-failover) must not hold every later
    // recovery behind it; the next 'ready' or probe tries again.
    this.recovering ??= withTimeout(this.replay(), RECOVERY_TIMEOUT_MS)
      .catch((e: Error) => this.degrade(e.message))
      .finally(() => (this.recovering = null));
    return this.recovering;
  }

  private async replay() {
    if (this.missed.size) {
      const replay = this.client.multi();
      const now = this.now();
      for (const [key, m] of this.missed) {
        if (m === null) replay.del(key);
        else if (m.expiresAt > now) replay.set(key, m.value, 'PX', m.expiresAt - now);
      }
      try {
        await replay.exec();
        this.missed.clear();
      } catch (e) {
        this.degrade((e as Error).message); // Gone again: replayed on the next recovery.
        return;
      }
    }
    this.fallback = new MemoryStore(this.now);
    if (this.outage) this.log.warn(`[store] Redis at ${this.where} is back: sign-in throttling and ended sessions are shared again.`);
    this.outage = null;
  }

  private remember(key: string, m: Missed) {
    this.missed.delete(key);
    this.missed.set(key, m);
    if (this.missed.size > MAX_MISSED) this.missed.delete(this.missed.keys().next().value!);
  }

  /** Runs `shared` in Redis when it is there, else (or when it fails) `local` in memory. */
  private async either<T>(shared: () => Promise<T>, local: (memory: MemoryStore) => Promise<T>): Promise<T> {
    if (this.client.status === 'ready' && !this.outage) {
      try {
        return await shared();
      } catch (e) {
        this.degrade((e as Error).message);
      }
    }
    return local(this.fallback);
  }

  incr(key: string, ttlMs: number, by = 1): Promise<Counter> {
    return this.either(
      async () => {
        const [value, ttl] = await this.client.incrWithTtl(key, ttlMs, by);
        return { value: Number(value), ttlMs: Number(ttl) };
      },
      (m) => m.incr(key, ttlMs, by),
    );
  }

  counters(keys: readonly string[]): Promise<(Counter | null)[]> {
    if (!keys.length) return Promise.resolve([]);
    return this.either(
      async () => {
        const read = this.client.multi();
        for (const k of keys) read.get(k).pttl(k);
        const answers = (await read.exec()) ?? [];
        return keys.map((_, i) => {
          const [got, left] = [answers[2 * i], answers[2 * i + 1]];
          if (!got || !left) throw new Error(`Redis answered ${answers.length} replies to ${2 * keys.length} commands`);
          const [[e1, value], [e2, ttl]] = [got, left];
          if (e1 || e2) throw e1 ?? e2;
          return value === null || Number(ttl) <= 0 ? null : { value: Number(value) || 0, ttlMs: Number(ttl) };
        });
      },
      (m) => m.counters(keys),
    );
  }

  getMany(keys: readonly string[]): Promise<(string | null)[]> {
    if (!keys.length) return Promise.resolve([]);
    return this.either(
      () => this.client.mget(...keys),
      (m) => m.getMany(keys),
    );
  }

  /** 'up' when Redis answers now, 'down' otherwise (the store then uses memory): for /api/ready. */
  async state(): Promise<'up' | 'down'> {
    if (this.client.status !== 'ready') return 'down';
    // Connected but still marked out (a recovery that failed or never ran): readiness tries it again.
    if (this.outage) {
      await this.recovering; // one that began before the store was marked out does not count
      await this.recover();
      if (this.outage) return 'down';
    }
    return this.client.ping().then(
      () => 'up' as const,
      () => 'down' as const,
    );
  }

  set(key: string, value: string, ttlMs: number): Promise<void> {
    return this.either(
      async () => {
        await this.client.set(key, value, 'PX', ttlMs);
        // An ended session must outlive a failover: one replica has it before the caller goes on.
        if (this.replicated) await this.client.wait(1, REPLICA_WAIT_MS);
      },
      async (m) => {
        this.remember(key, { value, expiresAt: this.now() + ttlMs });
        await m.set(key, value, ttlMs);
      },
    );
  }

  del(keys: readonly string[]): Promise<void> {
    if (!keys.length) return Promise.resolve();
    return this.either(
      async () => void (await this.client.del(...keys)),
      async (m) => {
        for (const k of keys) this.remember(k, null);
        await m.del(keys);
      },
    );
  }
}
