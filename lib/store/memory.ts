/** The in-process SharedStore: a Map with expiry, bounded so a flood of keys cannot exhaust memory. */
import type { Counter, SharedStore } from './index';

interface Entry {
  value: string;
  expiresAt: number;
}

const MAX_KEYS = 100_000;

export class MemoryStore implements SharedStore {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): Entry | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return e;
  }

  private put(key: string, entry: Entry) {
    if (this.entries.size >= MAX_KEYS && !this.entries.has(key)) this.sweep();
    this.entries.set(key, entry);
  }

  /** Drops expired entries; if still full, the oldest-inserted half goes (counters restart, never grow without bound). */
  private sweep() {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
    if (this.entries.size < MAX_KEYS) return;
    let drop = Math.floor(this.entries.size / 2);
    for (const k of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(k);
    }
  }

  async incr(key: string, ttlMs: number): Promise<Counter> {
    const e = this.live(key);
    if (!e) {
      this.put(key, { value: '1', expiresAt: this.now() + ttlMs });
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

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.put(key, { value, expiresAt: this.now() + ttlMs });
  }

  async del(keys: readonly string[]): Promise<void> {
    for (const k of keys) this.entries.delete(k);
  }
}
