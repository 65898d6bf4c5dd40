/**
 * The app's read cache (lib/api/cache.ts): an entry only ever serves its own scope (firm, user), and a write
 * that can change it — on this instance or another one sharing the store — makes the next read ask again.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CachedKind } from '@/lib/api/cache';

let cache: typeof import('@/lib/api/cache');
let store: typeof import('@/lib/store');
const call = (path: string, method: 'GET' | 'POST' = 'POST', extra: { writes?: boolean; reads?: boolean } = {}) => ({ path, method, ...extra });

beforeAll(async () => {
  Object.assign(process.env, { AUTH_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
  delete process.env.REDIS_URL;
  cache = await import('@/lib/api/cache');
  store = await import('@/lib/store');
});

/** A read that answers `value` and counts its calls. */
function reader<T>(value: T) {
  const read = vi.fn(async () => structuredClone(value));
  return read;
}

let n = 0;
/** A fresh input per test, so tests do not share entries. */
const input = () => ({ test: ++n });

describe('read cache', () => {
  it('keeps one firm’s answer from another firm and shares it within the firm', async () => {
    const q = input();
    const one = reader([{ name: 'BrandTitle', value: 'Firm one' }]);
    const two = reader([{ name: 'BrandTitle', value: 'Firm two' }]);
    expect(await cache.cachedRead('brand', 'firm:1', q, one)).toEqual([{ name: 'BrandTitle', value: 'Firm one' }]);
    expect(await cache.cachedRead('brand', 'firm:2', q, two)).toEqual([{ name: 'BrandTitle', value: 'Firm two' }]);
    expect(await cache.cachedRead('brand', 'firm:1', q, two)).toEqual([{ name: 'BrandTitle', value: 'Firm one' }]);
    expect(await cache.cachedRead('brand', 'firm:2', q, one)).toEqual([{ name: 'BrandTitle', value: 'Firm two' }]);
    expect(one).toHaveBeenCalledTimes(1);
    expect(two).toHaveBeenCalledTimes(1);
  });

  it('keeps one user’s locations from another user, and kinds apart', async () => {
    const q = input();
    await cache.cachedRead('locations', 'user:5:role:9', q, reader([{ firm: 1 }]));
    expect(await cache.cachedRead('locations', 'user:6:role:9', q, reader([{ firm: 2 }]))).toEqual([{ firm: 2 }]);
    expect(await cache.cachedRead('lookups', 'user:5:role:9', q, reader(['other kind']))).toEqual(['other kind']);
  });

  it.each<[CachedKind, string]>([
    ['brand', 'firm/saveFirmPreference'],
    ['brand', 'firm/saveFirm'],
    ['lookups', 'lookup/Upsert'],
    ['brand', 'firm/onboardPurchaseSave'],
    ['locations', 'user/saveUser'],
    ['locations', 'user/saveUserLocations'],
    ['locations', 'user/updateUserParams'],
    ['locations', 'firm/onboardPurchaseSave'],
    ['locations', 'firm/updateFirmSettings'],
    ['locations', 'data/uploadData'],
  ])('reads %s again after %s', async (kind, path) => {
    const q = input();
    const read = reader(['v']);
    await cache.cachedRead(kind, 'firm:1', q, read);
    await cache.cachedRead(kind, 'firm:1', q, read);
    expect(read).toHaveBeenCalledTimes(1);
    await cache.noteWrite(call(path));
    await cache.cachedRead(kind, 'firm:1', q, read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps its entries over reads and writes that change nothing cached', async () => {
    const q = input();
    const read = reader(['v']);
    await cache.cachedRead('brand', 'firm:1', q, read);
    await cache.noteWrite(call('contact/saveContact'));
    await cache.noteWrite(call('lookup/ByKeys', 'POST', { reads: true }));
    await cache.noteWrite(call('firm/firmPreference', 'GET'));
    await cache.noteWrite(call('user/saveCredentials'));
    // Every sign-in records usage: a write of the data area that changes nothing cached.
    await cache.noteWrite(call('data/saveUsage'));
    await cache.noteWrite(call('data/saveSchema'));
    await cache.cachedRead('brand', 'firm:1', q, read);
    expect(read).toHaveBeenCalledTimes(1);
    // A GET the contract marks as writing counts as a write.
    await cache.noteWrite(call('firm/removeSomething', 'GET', { writes: true }));
    await cache.cachedRead('brand', 'firm:1', q, read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('sees a write made on another instance (a new stamp in the shared store)', async () => {
    const q = input();
    const read = reader(['v']);
    await cache.cachedRead('lookups', 'firm:3', q, read);
    // What noteWrite on another instance leaves in the store they share.
    await store.sharedStore().set('cache:stamp:lookup', 'from-another-instance', 60_000);
    await cache.cachedRead('lookups', 'firm:3', q, read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('asks again after the time-to-live', async () => {
    const q = input();
    const read = reader(['v']);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await cache.cachedRead('brand', 'firm:4', q, read);
      vi.setSystemTime(Date.now() + cache.TTL_MS + 1);
      await cache.cachedRead('brand', 'firm:4', q, read);
    } finally {
      vi.useRealTimers();
    }
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('makes one upstream call for concurrent misses, and caches no failure', async () => {
    const q = input();
    const read = reader(['v']);
    await Promise.all([1, 2, 3].map(() => cache.cachedRead('brand', 'firm:5', q, read)));
    expect(read).toHaveBeenCalledTimes(1);
    const q2 = input();
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(cache.cachedRead('brand', 'firm:5', q2, failing)).rejects.toThrow('down');
    expect(await cache.cachedRead('brand', 'firm:5', q2, reader(['back']))).toEqual(['back']);
  });

  it('hands the read the very input its entry is keyed by', async () => {
    const q = input();
    const read = vi.fn(async (i: unknown) => [i]);
    expect(await cache.cachedRead('lookups', 'firm:7', q, read)).toEqual([q]);
    expect(read).toHaveBeenCalledWith(q);
  });

  it('hands out frozen answers, so no request can change another’s', async () => {
    const value = await cache.cachedRead('brand', 'firm:6', input(), reader([{ name: 'a' }]));
    expect(Object.isFrozen(value)).toBe(true);
  });
});
