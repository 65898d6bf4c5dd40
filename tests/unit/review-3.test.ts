/**
 * Regression tests for the third outside review (issue 26) whose rule is a unit's: the in-memory shared
 * store under a flood of keys (11; what a full store does since is in tests/unit/throttle.test.ts), the
 * configuration's demand for Redis with several instances (11), and CSV cells that could start a formula
 * (12). Each fails on the code before the fix.
 */
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { parseConfig } from '@/lib/config';
import { CSV_OPTIONS } from '@/lib/csv';
import { MAX_COUNTERS, MemoryStore } from '@/lib/store/memory';
import { must } from '../../testkit/must';

describe('11. the in-memory store under a flood of keys', () => {
  it('never evicts an ended session or a counter before it expires; beyond its room counts approximately, said once in the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const store = new MemoryStore();
      await store.set('session:ended:victim', '1', 60_000);
      await store.incr('signin:pair:victim|ip:1', 60_000);
      for (let i = 0; i < MAX_COUNTERS + 1000; i++) await store.incr(`signin:pair:made-up-${i}|unknown`, 60_000);
      expect(await store.getMany(['session:ended:victim'])).toEqual(['1']);
      expect((await store.counters(['signin:pair:victim|ip:1']))[0]?.value).toBe(1);
      // A counter that exists still counts; a new one past the room is counted too (never lower); ended sessions are still recorded.
      expect((await store.incr('signin:pair:victim|ip:1', 60_000)).value).toBe(2);
      expect((await store.incr('signin:pair:made-up-late|unknown', 60_000)).value).toBeGreaterThanOrEqual(1);
      expect((await store.incr('signin:pair:made-up-late|unknown', 60_000)).value).toBeGreaterThanOrEqual(2);
      await store.set('session:ended:later', '1', 60_000);
      expect(await store.getMany(['session:ended:later'])).toEqual(['1']);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(must(warn.mock.calls[0], 'calls[0]')[0])).toMatch(/new counters are kept approximately/);
    } finally {
      warn.mockRestore();
    }
  });

  it('APP_ENV=prod with more than one instance requires a shared store (REDIS_URL or REDIS_SENTINELS)', () => {
    const base = { APP_ENV: 'prod', AUTH_SECRET: 'x'.repeat(40) };
    expect(() => parseConfig({ ...base, APP_INSTANCES: '2' })).toThrow(
      /REDIS_URL or REDIS_SENTINELS is required when APP_ENV=prod and APP_INSTANCES=2/,
    );
    expect(parseConfig({ ...base, APP_INSTANCES: '2', REDIS_URL: 'redis://127.0.0.1:6379' }).APP_INSTANCES).toBe(2);
    expect(parseConfig({ ...base, APP_INSTANCES: '2', REDIS_SENTINELS: '127.0.0.1:26379,127.0.0.1:26380' }).APP_INSTANCES).toBe(2);
    expect(parseConfig(base).APP_INSTANCES).toBe(1);
    expect(parseConfig({ AUTH_SECRET: 'x'.repeat(40), APP_INSTANCES: '3' }).APP_ENV).toBe('uat');
  });
});

describe('12. CSV cells starting with NUL or a full-width formula character are neutralised like ASCII ones', () => {
  it('prefixes them with an apostrophe, in the one CSV option set every export uses', () => {
    const cells = [
      '\u0000=1+1',
      '\uFF1DHYPERLINK("http://evil.example")',
      '\uFF0B1',
      '\uFF0D1',
      '\uFF20SUM(A1)',
      '\uFE66cmd',
      '=1',
      'plain',
      'a\uFF1Db',
    ];
    const csv = Papa.unparse({ fields: ['v'], data: cells.map((c) => [c]) }, CSV_OPTIONS);
    const back = Papa.parse<string[]>(csv, { skipEmptyLines: true })
      .data.slice(1)
      .map((r) => must(r[0], 'a cell'));
    expect(back.slice(0, 7).map((v) => v.startsWith("'"))).toEqual(Array(7).fill(true));
    expect(back.slice(7)).toEqual(['plain', 'a\uFF1Db']);
  });
});
