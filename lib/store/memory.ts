/**
 * The in-process SharedStore: a Map with expiry, bounded so a flood of keys cannot exhaust memory, without
 * ever forgetting what security depends on and without ever refusing to count:
 * - a value written with `set` (an ended session, a replay claim) is kept until it expires, however full
 *   the store is: forgetting it early would bring an ended session back to life;
 * - counters are kept exactly up to MAX_COUNTERS live ones; a new counter beyond that is kept approximately
 *   in a fixed-size table (./approximate.ts: never lower than its own count, higher only when its cells are
 *   crowded), and a counter already there keeps counting from there. Evicting counters would let a flood of
 *   keys reset a real user's sign-in failures, and refusing new ones would stop every new sign-in; this does
 *   neither. Said once in the log each time the exact part fills up.
 * Expired entries are swept when the store is full, at most once a second.
 */
import { ApproximateCounts } from './approximate';
import type { Counter, SharedStore } from './types';

interface Entry {
  value: string;
  expiresAt: number;
  /** An `incr` counter, as opposed to a value written with `set`. */
  counter: boolean;
}

export const MAX_COUNTERS = 100_000;
const SWEEP_EVERY_MS = 1000;

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
  /** The counters beyond MAX_COUNTERS (made at the first overflow, with that counter's window). */
  private overflow: ApproximateCounts | null = null;

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
        `[store] The in-memory store holds ${this.counterCount} live counters, its limit: new counters are kept approximately (never lower, sometimes higher) until some expire (set REDIS_URL for a larger shared store).`,
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

  /**
   * Adds `by` to the counter at `key` (created with `ttlMs` when absent) and answers it. A negative `by` gives
   * back what was counted (never below nothing; an absent counter stays absent).
   */
  async incr(key: string, ttlMs: number, by = 1): Promise<Counter> {
    const e = this.live(key);
    if (e) {
      const value = Math.max(0, Number(e.value) + by);
      e.value = String(value);
      return { value, ttlMs: e.expiresAt - this.now() };
    }
    const approximate = this.overflow?.read(key) ?? null;
    if (by <= 0) return approximate && this.overflow ? this.overflow.add(key, by) : { value: 0, ttlMs: 0 };
    if (!this.hasRoomForCounter()) return (this.overflow ??= new ApproximateCounts(ttlMs, this.now)).add(key, by);
    // Room again for a key that was counted approximately: it goes on from that count, never from nothing.
    const value = (approximate?.value ?? 0) + by;
    this.put(key, { value: String(value), expiresAt: this.now() + ttlMs, counter: true });
    return { value, ttlMs };
  }

  async counters(keys: readonly string[]): Promise<(Counter | null)[]> {
    return keys.map((k) => {
      const e = this.live(k);
      if (e) return { value: Number(e.value) || 0, ttlMs: e.expiresAt - this.now() };
      return this.overflow?.read(k) ?? null;
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
