/**
 * What the app keeps between requests that must hold across app instances
 * (docs/architecture.md#running-on-more-than-one-machine): sign-in throttle counters, ended sessions. One small interface, two implementations:
 * process memory (the embedded default) and Redis when REDIS_URL or REDIS_SENTINELS is set (./redis.ts, which falls back to
 * memory while Redis is away). Every value expires on its own: nothing here outlives the window it serves.
 * Server code only; the proxy (lib/auth/jwt.ts) reads it too.
 */
import { config } from '../config';
import { MemoryStore } from './memory';
import { RedisStore } from './redis';
import type { SharedStore } from './types';

export type { Counter, SharedStore } from './types';

const holder = globalThis as unknown as { __adasStore?: SharedStore };

/**
 * The process's store. On globalThis: Next may load this module more than once (the proxy, route
 * handlers and pages are bundled apart), and they must all see the same counters and revocations.
 */
export function sharedStore(): SharedStore {
  return (holder.__adasStore ??= openStore());
}

function openStore(): SharedStore {
  const c = config();
  if (c.REDIS_SENTINELS)
    return new RedisStore({
      sentinels: c.REDIS_SENTINELS,
      name: c.REDIS_SENTINEL_MASTER,
      password: c.REDIS_PASSWORD,
      sentinelPassword: c.REDIS_SENTINEL_PASSWORD,
    });
  return c.REDIS_URL ? new RedisStore(c.REDIS_URL) : new MemoryStore({ maxCounters: c.STORE_MAX_COUNTERS });
}

/**
 * The shared store's state for /api/ready: 'off' without Redis (this process's memory). Asked, not told by
 * `instanceof`: the store on globalThis may have been made by another bundle's copy of the class.
 */
export function sharedStoreState(): Promise<'up' | 'down' | 'off'> {
  return sharedStore().state?.() ?? Promise.resolve('off');
}

/** At server start (instrumentation.ts): connects to Redis when there is one, so the first request finds it ready. */
export async function openSharedStore(): Promise<void> {
  const store = sharedStore();
  if (store instanceof RedisStore) await store.connected();
}
