/** The shared store's interface (lib/store/index.ts), apart so both implementations import it without importing the index. */
export interface Counter {
  value: number;
  /** Milliseconds until the counter expires. */
  ttlMs: number;
}

export interface SharedStore {
  /**
   * Adds `by` (default 1) to the counter at `key` (created with the time-to-live when absent) and answers it.
   * A negative `by` gives back what was counted: never below 0, and an absent counter stays absent. Never
   * refuses: a store with no room left counts approximately, never lower (lib/store/memory.ts).
   */
  incr(key: string, ttlMs: number, by?: number): Promise<Counter>;
  /** The counters at `keys` (null where absent or expired), in order. */
  counters(keys: readonly string[]): Promise<(Counter | null)[]>;
  /** The values at `keys` (null where absent or expired), in order. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(keys: readonly string[]): Promise<void>;
  /** Whether the shared store answers now (Redis); absent for this process's memory. */
  state?(): Promise<'up' | 'down'>;
}
