/**
 * What the app keeps between requests that must hold across app instances (ARCHITECTURE "Running on more
 * than one machine"): sign-in throttle counters, ended sessions. One small interface, two implementations:
 * process memory (the embedded default) and Redis when REDIS_URL is set (./redis.ts, which falls back to
 * memory while Redis is away). Every value expires on its own: nothing here outlives the window it serves.
 * Server code only; the proxy (lib/auth/jwt.ts) reads it too.
 */
import { config } from '../config';
import { MemoryStore } from './memory';
import { RedisStore } from './redis';

export { StoreFullError } from './memory';

export interface Counter {
  value: number;
  /** Milliseconds until the counter expires. */
  ttlMs: number;
}

export interface SharedStore {
  /**
   * Adds 1 to the counter at `key` (created with the time-to-live when absent) and answers it. Throws
   * StoreFullError when a new counter cannot be kept (process memory full of live counters): callers refuse.
   */
  incr(key: string, ttlMs: number): Promise<Counter>;
  /** The counters at `keys` (null where absent or expired), in order. */
  counters(keys: readonly string[]): Promise<(Counter | null)[]>;
  /** The values at `keys` (null where absent or expired), in order. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(keys: readonly string[]): Promise<void>;
}

const holder = globalThis as unknown as { __adasStore?: SharedStore };

/**
 * The process's store. On globalThis: Next may load this module more than once (the proxy, route
 * handlers and pages are bundled apart), and they must all see the same counters and revocations.
 */
export function sharedStore(): SharedStore {
  const url = config().REDIS_URL;
  return (holder.__adasStore ??= url ? new RedisStore(url) : new MemoryStore());
}

/** At server start (instrumentation.ts): connects to Redis when there is one, so the first request finds it ready. */
export async function openSharedStore(): Promise<void> {
  const store = sharedStore();
  if (store instanceof RedisStore) await store.connected();
}
