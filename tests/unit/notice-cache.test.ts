/** The page cache's rules (lib/cache/notice-cache.ts): bounded, dropped by notices, bypassed and emptied while notices cannot arrive. */
import { describe, expect, it } from 'vitest';
import { NoticeCache } from '@/lib/cache/notice-cache';

/** A load that counts its calls and answers `value` (or what `next` says). */
function loader(value: string) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, value) };
}

describe('NoticeCache', () => {
  it('answers a kept entry without loading again while notices reach it', async () => {
    const cache = new NoticeCache<string>(10, () => true);
    const { calls, load } = loader('brand of 6');
    expect(await cache.read('6', ['firm:6'], load)).toBe('brand of 6');
    expect(await cache.read('6', ['firm:6'], load)).toBe('brand of 6');
    expect(calls.n).toBe(1);
  });

  it('keeps at most `max` entries, the least recently used leaving first', async () => {
    const cache = new NoticeCache<string>(2, () => true);
    const a = loader('a');
    const b = loader('b');
    const c = loader('c');
    await cache.read('a', [], a.load);
    await cache.read('b', [], b.load);
    await cache.read('a', [], a.load); // a used last: b is the oldest now
    await cache.read('c', [], c.load);
    expect(cache.size).toBe(2);
    await cache.read('a', [], a.load);
    await cache.read('b', [], b.load);
    expect(a.calls.n).toBe(1);
    expect(b.calls.n).toBe(2);
  });

  it('a notice drops exactly the entries with its tags', async () => {
    const cache = new NoticeCache<string>(10, () => true);
    const six = loader('six');
    const seven = loader('seven');
    await cache.read('6', ['firm:6'], six.load);
    await cache.read('7', ['firm:7'], seven.load);
    cache.drop(['firm:6', 'firm:99']);
    await cache.read('6', ['firm:6'], six.load);
    await cache.read('7', ['firm:7'], seven.load);
    expect([six.calls.n, seven.calls.n]).toEqual([2, 1]);
  });

  it('an answer read before a notice arrived is returned but not kept (it may predate the change)', async () => {
    const cache = new NoticeCache<string>(10, () => true);
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const reading = cache.read('6', ['firm:6'], async () => (await slow, 'old brand'));
    cache.drop(['firm:6']);
    release();
    expect(await reading).toBe('old brand');
    const fresh = loader('new brand');
    expect(await cache.read('6', ['firm:6'], fresh.load)).toBe('new brand');
    expect(fresh.calls.n).toBe(1);
  });

  it('while notices cannot reach it, every read loads and nothing is kept; cleared, it loads again', async () => {
    let up = false;
    const cache = new NoticeCache<string>(10, () => up);
    const { calls, load } = loader('brand');
    await cache.read('6', [], load);
    await cache.read('6', [], load);
    expect(calls.n).toBe(2);
    expect(cache.size).toBe(0);
    up = true;
    await cache.read('6', [], load);
    await cache.read('6', [], load);
    expect(calls.n).toBe(3);
    // The connection dropped: whoever saw it clears the cache, and reads go to the host until it is back.
    cache.clear();
    up = false;
    await cache.read('6', [], load);
    expect(calls.n).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('a read that fails keeps nothing', async () => {
    const cache = new NoticeCache<string>(10, () => true);
    await expect(cache.read('6', [], () => Promise.reject(new Error('host down')))).rejects.toThrow('host down');
    expect(cache.size).toBe(0);
  });
});

describe("the instance's settings caches (lib/cache/settings.ts)", () => {
  it('are keyed by firm (and role), dropped by settings notices, and bypassed and emptied while the connection is down', async () => {
    const { cachedLookups, cachedRoles, settingsChanged, settingsLive } = await import('@/lib/cache/settings');
    const counts = new Map<string, number>();
    const load = (what: string) => async () => (counts.set(what, (counts.get(what) ?? 0) + 1), what);
    settingsLive(true);
    expect(await cachedLookups(6, ['ContactType'], false, load('types 6'))).toBe('types 6');
    expect(await cachedLookups(7, ['ContactType'], false, load('types 7'))).toBe('types 7'); // another firm never gets firm 6's
    expect(await cachedLookups(6, ['ContactType'], true, load('all types 6'))).toBe('all types 6');
    expect(await cachedLookups(6, ['PhoneType'], false, load('phones 6'))).toBe('phones 6');
    expect(await cachedLookups(6, ['ContactType'], false, load('types 6'))).toBe('types 6');
    expect(await cachedRoles(6, 1, load('roles 6/1'))).toBe('roles 6/1');
    expect(await cachedRoles(6, 5, load('roles 6/5'))).toBe('roles 6/5'); // another role, its own answer
    expect(await cachedRoles(6, 1, load('roles 6/1'))).toBe('roles 6/1');
    expect([...counts.values()].every((n) => n === 1)).toBe(true);

    settingsChanged({ kind: 'lookups', keys: ['ContactType'] });
    await cachedLookups(7, ['ContactType'], false, load('types 7'));
    await cachedLookups(6, ['PhoneType'], false, load('phones 6'));
    expect([counts.get('types 7'), counts.get('phones 6')]).toEqual([2, 1]);

    settingsLive(false);
    await cachedRoles(6, 1, load('roles 6/1'));
    await cachedRoles(6, 1, load('roles 6/1'));
    expect(counts.get('roles 6/1')).toBe(3);
    settingsLive(true);
    await cachedLookups(6, ['PhoneType'], false, load('phones 6')); // cleared when the connection dropped
    expect(counts.get('phones 6')).toBe(2);
    settingsLive(false);
  });

  it("a brand notice drops every firm's brand (who inherits it is the host's to know) and nothing else", async () => {
    const { cachedBrand, cachedLookups, settingsChanged, settingsLive } = await import('@/lib/cache/settings');
    const { isSettingsChanged } = await import('@/lib/push/changes');
    const counts = new Map<string, number>();
    const load = (what: string) => async () => (counts.set(what, (counts.get(what) ?? 0) + 1), what);
    settingsLive(true);
    for (let i = 0; i < 2; i++) {
      expect(await cachedBrand(6, load('brand 6'))).toBe('brand 6');
      expect(await cachedBrand(7, load('brand 7'))).toBe('brand 7'); // another firm never gets firm 6's
      await cachedLookups(6, ['ContactType'], false, load('types 6'));
    }
    expect([counts.get('brand 6'), counts.get('brand 7'), counts.get('types 6')]).toEqual([1, 1, 1]);

    expect(isSettingsChanged({ kind: 'brand' })).toBe(true);
    expect(isSettingsChanged({ kind: 'lookups' })).toBe(false);
    settingsChanged({ kind: 'brand' });
    await cachedBrand(6, load('brand 6'));
    await cachedBrand(7, load('brand 7'));
    await cachedLookups(6, ['ContactType'], false, load('types 6'));
    expect([counts.get('brand 6'), counts.get('brand 7'), counts.get('types 6')]).toEqual([2, 2, 1]);

    settingsChanged({ kind: 'lookups', keys: ['ContactType'] });
    await cachedBrand(6, load('brand 6'));
    expect(counts.get('brand 6')).toBe(2);
    settingsLive(false);
  });
});
