/**
 * The in-process SharedStore: a Map with expiry, bounded so a flood of keys cannot exhaust memory, without
 * ever forgetting what security depends on:
 * - a value written with `set` (an ended session, a replay claim) is kept until it expires, however full
 *   the store is: forgetting it early would bring an ended session back to life;
 * - a new counter (`incr` of an absent key) is refused with StoreFullError while MAX_COUNTERS live counters
 *   exist: evicting counters would let a flood of made-up usernames reset a real user's sign-in failures,
 *   so callers fail closed instead (sign-in answers "busy" until counters expire). Said once in the log
 *   each time the store fills up.
 * Expired entries are swept when the store is full, at most once a second.
 */
import type { Counter, SharedStore } from './types';

interface Entry {
  value: string;
  expiresAt: number;
  /** An `incr` counter, as opposed to a value written with `set`. */
  counter: boolean;
}

export const MAX_COUNTERS = 100_000;
const SWEEP_EVERY_MS = 1000;

/** A new counter could not be kept: the store is full of live ones. Callers refuse what it would have counted. */
export class StoreFullError extends Error {
  constructor() {
    super('The in-memory store is full: no new counter can be kept until some expire.');
  }
}

export interface MemoryStoreOptions {
  now?: () => number;
  maxCounters?: number;
  /** Where the line about a full store goes. */
  log?: Pick<Console, 'warn'>;
}

export class MemoryStore implements SharedStore {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly maxCounters: number;
  private readonly log: Pick<Console, 'warn'>;
  private counterCount = 0;
  private lastSweep = -Infinity;
  private saidFull = false;

  constructor(opts: MemoryStoreOptions | (() => number) = {}) {
    const o = typeof opts === 'function' ? { now: opts } : opts;
    this.now = o.now ?? Date.now;
    this.maxCounters = o.maxCounters ?? MAX_COUNTERS;
    this.log = o.log ?? console;
  }

  private drop(key: string, e: Entry) {
    this.entries.delete(key);
    if (e.counter) this.counterCount--;
  }

  private live(key: string): Entry | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.expiresAt <= this.now()) {
      this.drop(key, e);
      return null;
    }
    return e;
  }

  private sweep() {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.drop(k, e);
  }

  /** Room for one more counter (after sweeping expired entries when full). */
  private hasRoomForCounter(): boolean {
    if (this.counterCount >= this.maxCounters) this.sweep();
    const room = this.counterCount < this.maxCounters;
    if (!room && !this.saidFull) {
      this.saidFull = true;
      this.log.warn(
        `[store] The in-memory store holds ${this.counterCount} live counters, its limit: new sign-in attempts are refused until counters expire (set REDIS_URL for a larger shared store).`,
      );
    } else if (room && this.saidFull && this.counterCount < this.maxCounters * 0.9) {
      this.saidFull = false;
      this.log.warn('[store] The in-memory store has room for counters again.');
    }
    return room;
  }

  private put(key: string, entry: Entry) {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, entry);
    if (entry.counter) this.counterCount++;
  }

  /** Throws StoreFullError for a new counter while the store is full of live counters. */
  async incr(key: string, ttlMs: number): Promise<Counter> {
    const e = this.live(key);
    if (!e) {
      if (!this.hasRoomForCounter()) throw new StoreFullError();
      this.put(key, { value: '1', expiresAt: this.now() + ttlMs, counter: true });
      return { value: 1, ttlMs };
    }
    e.value = String(Number(e.value) + 1);
    return { value: Number(e.value), ttlMs: e.expiresAt - this.now() };
  }

  async counters(keys: readonly string[]): Promise<(Counter | null)[]> {
    return keys.map((k) => {
      const e = this.live(k);
      return e ? { value: Number(e.value) || 0, ttlMs: e.expiresAt - this.now() } : null;
    });
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    return keys.map((k) => this.live(k)?.value ?? null);
  }

  /** Always kept until it expires (an ended session must stay ended), full or not. */
  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.put(key, { value, expiresAt: this.now() + ttlMs, counter: false });
  }

  async del(keys: readonly string[]): Promise<void> {
    for (const k of keys) {
      const e = this.entries.get(k);
      if (e) this.drop(k, e);
    }
  }
}
