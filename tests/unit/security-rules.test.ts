/** Rules behind the security review's fixes: throttle buckets, the host throttle, ended sessions, CSV escaping. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { SignInThrottle } from '@/api-host/auth/throttle';
import { HttpError } from '../../api-host/core/errors';
import { CSV_OPTIONS } from '@/lib/csv';
import { maySetPassword } from '@/lib/roles';
import { MemoryStore } from '@/lib/store/memory';
import { must } from '../../testkit/must';

describe('app sign-in throttle buckets', async () => {
  process.env.AUTH_SECRET ??= 'unit-test-secret-0123456789abcdef0123456789';
  const { buckets, PER_CLIENT_FACTOR, PER_USERNAME_FACTOR } = await import('@/lib/auth/throttle');

  it('counts the client first, then the username with the client, and the username alone on a failure', () => {
    const client = { key: 'signin:client:203.0.113.9', max: 5 * PER_CLIENT_FACTOR };
    const pair = { key: 'signin:pair:ann@example.com|203.0.113.9', max: 5 };
    expect(buckets('ann@example.com', null, '203.0.113.9', 5)).toEqual({
      attempt: [client, pair],
      failure: [{ key: 'signin:user:ann@example.com', max: 5 * PER_USERNAME_FACTOR }],
      cleared: [pair],
      givenBack: [client],
    });
  });

  it('a known device of the user is counted on its own, never in the buckets strangers fill', () => {
    const own = { key: 'signin:device:dev1|ann@example.com', max: 5 };
    expect(buckets('ann@example.com', 'dev1', '203.0.113.9', 5)).toEqual({ attempt: [own], failure: [], cleared: [own], givenBack: [] });
  });
});

describe('host getToken throttle', () => {
  const app = (address: string | null) => ({ address, viaApp: true, knownDevice: false });
  it('refuses with 429 and Retry-After at the per-username or per-address limit until the window passes', () => {
    let now = 0;
    const t = new SignInThrottle({ perUsername: 3, perAddress: 5, windowMs: 1000 }, () => now);
    for (let i = 0; i < 3; i++) t.fail('Ann@example.com', app('10.0.0.1'));
    expect(() => t.check('ann@example.com', app('10.0.0.2'))).toThrow(HttpError);
    try {
      t.check('ann@example.com', app('10.0.0.2'));
    } catch (e) {
      expect((e as HttpError).status).toBe(429);
      expect((e as HttpError).retryAfterMs).toBe(1000);
      expect((e as HttpError).message).toMatch(/^Too many failed sign-in attempts\. Please wait 1 minute and try again\.$/);
    }
    t.fail('bob@example.com', app('10.0.0.1'));
    t.fail('cy@example.com', app('10.0.0.1'));
    expect(() => t.check('dee@example.com', app('10.0.0.1'))).toThrow(HttpError);
    expect(() => t.check('dee@example.com', app('10.0.0.3'))).not.toThrow();
    now = 1001;
    expect(() => t.check('ann@example.com', app('10.0.0.1'))).not.toThrow();
  });

  it('direct callers fill their own per-username count, never the app’s; a known device of the user is held by neither', () => {
    const t = new SignInThrottle({ perUsername: 3, perAddress: 100, windowMs: 60_000 }, () => 0);
    const direct = { address: '198.51.100.1', viaApp: false, knownDevice: false };
    for (let i = 0; i < 3; i++) t.fail('ann@example.com', direct);
    expect(() => t.check('ann@example.com', direct)).toThrow(HttpError);
    expect(() => t.check('ann@example.com', app('203.0.113.1'))).not.toThrow();
    for (let i = 0; i < 3; i++) t.fail('ann@example.com', app(`203.0.113.${i + 2}`));
    expect(() => t.check('ann@example.com', app('203.0.113.9'))).toThrow(HttpError);
    const known = { address: '203.0.113.9', viaApp: true, knownDevice: true };
    expect(() => t.check('ann@example.com', known)).not.toThrow();
    // A success clears the count of its own path.
    t.succeed('ANN@example.com ', app('203.0.113.9'));
    expect(() => t.check('ann@example.com', app('203.0.113.9'))).not.toThrow();
    expect(() => t.check('ann@example.com', direct)).toThrow(HttpError);
  });
});

describe('shared store and ended sessions', () => {
  it('counters and values expire on their own', async () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    expect(await store.incr('k', 100)).toEqual({ value: 1, ttlMs: 100 });
    now = 40;
    expect(await store.incr('k', 100)).toEqual({ value: 2, ttlMs: 60 });
    await store.set('v', 'x', 50);
    expect(await store.getMany(['v', 'missing'])).toEqual(['x', null]);
    now = 101;
    expect(await store.counters(['k'])).toEqual([null]);
    expect(await store.getMany(['v'])).toEqual([null]);
  });

  it('a password change ends the other sessions signed in before it, not the one that made it, nor later ones', async () => {
    const { endSession, endSessionsOf, isEnded } = await import('@/lib/auth/revocation');
    const t0 = Date.now() - 1000;
    const mine = { sid: 'mine', user: 41, signedInAt: t0 };
    const other = { sid: 'other', user: 41, signedInAt: t0 };
    await endSessionsOf([41], { user: 41, sid: 'mine' });
    expect(await isEnded(mine)).toBe(false);
    expect(await isEnded(other)).toBe(true);
    expect(await isEnded({ sid: 'later', user: 41, signedInAt: Date.now() + 1 })).toBe(false);
    await endSession('mine', Date.now() + 60_000);
    expect(await isEnded(mine)).toBe(true);
  });

  it('the open push streams are checked in one read: the ended ones among many sessions of several users', async () => {
    const { endSession, endSessionsOf, endedAmong } = await import('@/lib/auth/revocation');
    const t0 = Date.now() - 1000;
    const sessions = [
      { sid: 'a1', user: 51, signedInAt: t0 },
      { sid: 'a2', user: 51, signedInAt: t0 },
      { sid: 'b1', user: 52, signedInAt: t0 },
      { sid: 'c1', user: 53, signedInAt: t0 },
      { sid: 'c2', user: 53, signedInAt: t0 },
    ];
    await endSessionsOf([51], { user: 51, sid: 'a1' });
    await endSession('c2', Date.now() + 60_000);
    expect([...(await endedAmong(sessions))].sort()).toEqual(['a2', 'c2']);
    expect(await endedAmong([])).toEqual(new Set());
  });
});

describe('who may set a password', () => {
  it.each([
    [{ user: 5, role: 5 }, { user: 5, role: 5 }, true],
    [{ user: 5, role: 5 }, { user: 6, role: 9 }, false],
    [{ user: 1, role: 1 }, { user: 2, role: 2 }, true],
    [{ user: 2, role: 2 }, { user: 1, role: 1 }, false],
    [{ user: 2, role: 2 }, { user: 3, role: 2 }, true],
    [{ user: 2, role: 2 }, { user: 9, role: 9 }, true],
    [{ user: 4, role: 4 }, { user: 9, role: 9 }, false],
  ])('%o sets %o: %s', (caller, target, allowed) => expect(maySetPassword(caller, target)).toBe(allowed));
});

describe('CSV formula escaping', () => {
  it('escapes any cell whose first character could start a formula, whatever follows, line breaks included', () => {
    const cells = ['=HYPERLINK("http://evil.example","x")\nmore', '+1 555', '-2+3', '@SUM(A1)', '\tx', '\rx', 'plain', 'a=b'];
    const csv = Papa.unparse({ fields: ['v'], data: cells.map((c) => [c]) }, CSV_OPTIONS);
    const back = Papa.parse<string[]>(csv, { skipEmptyLines: true })
      .data.slice(1)
      .map((r) => must(r[0], 'a cell'));
    expect(back.slice(0, 6).every((v) => v.startsWith("'"))).toBe(true);
    expect(back.slice(6)).toEqual(['plain', 'a=b']);
  });

  it('writes a phone number with its country code as it is, and neutralises anything more after a +', () => {
    const unparse = (cells: string[]) =>
      Papa.parse<string[]>(Papa.unparse({ fields: ['v'], data: cells.map((c) => [c]) }, CSV_OPTIONS), { skipEmptyLines: true })
        .data.slice(1)
        .map((r) => must(r[0], 'a cell'));
    const phones = ['+1 917 555 0143', '+1 (917) 555-0143', '+1.917.555.0143', '+44 20 7946 0958', '+19175550143'];
    expect(unparse(phones)).toEqual(phones);
    const formulas = [
      '+1 917 555 0143+HYPERLINK("http://evil.example")',
      '+1 917 555 0143\n=cmd',
      '+1 917 555 0143 x12',
      "+cmd|' /C calc'!A0",
      '+1 555',
      '+1234567890123456',
      '+ 917 555 0143\t',
      '-1 917 555 0143',
      '=19175550143',
      '@19175550143',
    ];
    expect(unparse(formulas).map((v) => v.startsWith("'"))).toEqual(formulas.map(() => true));
  });
});
