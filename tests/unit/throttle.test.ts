/**
 * The app's sign-in throttle (lib/auth/throttle.ts) and the store under it (lib/store/memory.ts,
 * lib/store/approximate.ts): each limit refusing, the order that keeps a flood's counters bounded, the
 * device cookie's signature, TRUST_PROXY, what a success clears, how usernames and addresses are read, and a
 * store with no room left. The same rules over HTTP, against the production build: tests/security/review-4.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApproximateCounts } from '@/lib/store/approximate';
import { MemoryStore } from '@/lib/store/memory';

const settings = vi.hoisted(() => ({
  TRUST_PROXY: false,
  SIGNIN_MAX_FAILURES: 3,
  SIGNIN_WINDOW_MS: 60_000,
  AUTH_SECRET: 'unit-test-secret-0123456789abcdef0123456789',
}));
vi.mock('@/lib/config', () => ({ config: () => settings }));

const {
  PER_CLIENT_FACTOR,
  PER_USERNAME_FACTOR,
  beginAttempt,
  clientAddress,
  clientOf,
  deviceSetCookie,
  knownDevice,
  normalUsername,
  throttleMessage,
} = await import('@/lib/auth/throttle');
const { DEVICE_COOKIE } = await import('@/lib/auth/cookies');

const MAX = settings.SIGNIN_MAX_FAILURES;
const holder = globalThis as unknown as { __adasStore?: unknown };
let now = 1_000_000;
let store: MemoryStore;

beforeEach(() => {
  now = 1_000_000;
  store = new MemoryStore({ now: () => now, log: { warn: () => undefined } });
  holder.__adasStore = store;
  settings.TRUST_PROXY = false;
});
afterEach(() => {
  holder.__adasStore = undefined;
});

type Started = Awaited<ReturnType<typeof beginAttempt>>;
function attemptOf(started: Started) {
  if (!('attempt' in started)) throw new Error(`refused: ${started.refused.message}`);
  return started.attempt;
}
/** One attempt that the auth host answers with a failure. */
async function fail(username: string, device: string | null, address: string | null): Promise<Started> {
  const started = await beginAttempt(username, device, address);
  if ('attempt' in started) await started.attempt.failed();
  return started;
}
const isRefused = (s: Started) => 'refused' in s;
/** The keys the store holds exactly. */
const keysHeld = () => [...(store as unknown as { entries: Map<string, unknown> }).entries.keys()];

describe('texts and names', () => {
  it('the wait is said in whole minutes, rounded up, at least one', () => {
    expect(throttleMessage(0)).toBe('Too many failed sign-in attempts. Please wait 1 minute and try again.');
    expect(throttleMessage(60_000)).toBe('Too many failed sign-in attempts. Please wait 1 minute and try again.');
    expect(throttleMessage(60_001)).toBe('Too many failed sign-in attempts. Please wait 2 minutes and try again.');
    expect(throttleMessage(15 * 60_000)).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  });

  it('a username is read as the auth host compares it: trimmed and in lower case; anything but text is empty', () => {
    expect(normalUsername('  Ann@Example.COM \t')).toBe('ann@example.com');
    expect(normalUsername(['ann@example.com'])).toBe('');
    expect(normalUsername(undefined)).toBe('');
  });

  it('TRUST_PROXY=1: X-Forwarded-For’s first entry (the proxy’s word); otherwise its last (the connection, as Next adds it)', () => {
    settings.TRUST_PROXY = true;
    expect(clientAddress(' 203.0.113.9 , 10.0.0.1')).toBe('203.0.113.9');
    settings.TRUST_PROXY = false;
    expect(clientAddress('203.0.113.9, 10.0.0.1 ')).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1')).toBe('10.0.0.1');
    expect(clientAddress(null)).toBeNull();
    expect(clientAddress('')).toBeNull();
  });

  it('a client is an IPv4 address, however written, or an IPv6 address’s /64', () => {
    expect(clientOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(clientOf('2001:db8:1:2::7'));
    expect(clientOf('2001:db8:1:3::1')).not.toBe(clientOf('2001:db8:1:2::1'));
    expect(clientOf('unknown')).toBe('unknown');
  });
});

describe('the device cookie', () => {
  const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
  const valueOf = (setCookie: string) => cookieOf(setCookie).slice(DEVICE_COOKIE.length + 1);

  it('is issued with the session cookie’s attributes, for 180 days, keeping the browser’s device id', () => {
    const line = deviceSetCookie('ann@example.com', 'dev-1');
    expect(line).toMatch(new RegExp(`^${DEVICE_COOKIE.replace(/[.]/g, '\\.')}=dev-1\\.[\\w-]{22}\\.[\\w-]{43}; `));
    expect(line.split('; ').slice(1)).toEqual(['Path=/', `Max-Age=${180 * 24 * 3600}`, 'SameSite=Lax', 'HttpOnly', 'Secure']);
    expect(knownDevice(cookieOf(line), 'ann@example.com')).toBe('dev-1');
    // A new browser gets a fresh random id.
    const a = knownDevice(cookieOf(deviceSetCookie('ann@example.com', null)), 'ann@example.com');
    const b = knownDevice(cookieOf(deviceSetCookie('ann@example.com', null)), 'ann@example.com');
    expect(a).toMatch(/^[\w-]{22}$/);
    expect(a).not.toBe(b);
  });

  it('is signed as it always was: cookies issued before a release are still known after it', () => {
    // The value for this AUTH_SECRET, user and id, pinned: a change of the signature's derivation shows here.
    expect(cookieOf(deviceSetCookie('ann@example.com', 'dev-1'))).toBe(
      `${DEVICE_COOKIE}=dev-1.cdT1X3L6Eo37RooaOQFQfI.O2Rv4Z8kO0n5d6Fsx3UwRK1AFPQ905lT4E6M4zPV0wA`,
    );
  });

  it('is read among other cookies, only for the user it was issued to', () => {
    const cookie = cookieOf(deviceSetCookie('ann@example.com', 'dev-1'));
    expect(knownDevice(`a=1; ${cookie}; b=2`, 'ann@example.com')).toBe('dev-1');
    expect(knownDevice(cookie, 'bob@example.com')).toBeNull();
    expect(knownDevice('a=1', 'ann@example.com')).toBeNull();
    expect(knownDevice(null, 'ann@example.com')).toBeNull();
    expect(knownDevice(`x${cookie}`, 'ann@example.com')).toBeNull();
  });

  it('a forged one is refused: another id or user under a copied signature, a changed or shortened signature, missing parts', () => {
    const [id, hash, sig] = valueOf(deviceSetCookie('ann@example.com', 'dev-1')).split('.') as [string, string, string];
    const bobHash = valueOf(deviceSetCookie('bob@example.com', 'dev-1')).split('.')[1]!;
    const forged = (value: string) => knownDevice(`${DEVICE_COOKIE}=${value}`, 'ann@example.com');
    expect(forged(`${id}.${hash}.${sig}`)).toBe('dev-1');
    expect(forged(`dev-2.${hash}.${sig}`)).toBeNull();
    expect(knownDevice(`${DEVICE_COOKIE}=${id}.${bobHash}.${sig}`, 'bob@example.com')).toBeNull();
    expect(forged(`${id}.${hash}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(forged(`${id}.${hash}.${sig.slice(0, -2)}`)).toBeNull();
    expect(forged(`${id}.${hash}.`)).toBeNull();
    expect(forged(`${id}..${sig}`)).toBeNull();
    expect(forged(`.${hash}.${sig}`)).toBeNull();
  });

  it('a cookie signed with another AUTH_SECRET is refused', async () => {
    const line = deviceSetCookie('ann@example.com', 'dev-1');
    const secret = settings.AUTH_SECRET;
    settings.AUTH_SECRET = 'another-secret-0123456789abcdef0123456789';
    try {
      expect(knownDevice(cookieOf(line), 'ann@example.com')).toBeNull();
    } finally {
      settings.AUTH_SECRET = secret;
    }
  });
});

describe('limits', () => {
  it('per username and client: MAX attempts, then 429 with the wait of its window; other clients and usernames go on', async () => {
    for (let i = 0; i < MAX; i++) expect(isRefused(await fail('ann@example.com', null, '203.0.113.1'))).toBe(false);
    now += 10_000;
    const refused = await beginAttempt('ann@example.com', null, '203.0.113.1');
    expect(refused).toEqual({ refused: { message: throttleMessage(50_000), waitMs: 50_000 } });
    expect((await store.counters(['signin:pair:ann@example.com|203.0.113.1']))[0]).toEqual({ value: MAX, ttlMs: 50_000 });
    expect(isRefused(await beginAttempt('ann@example.com', null, '203.0.113.2'))).toBe(false);
    expect(isRefused(await beginAttempt('bob@example.com', null, '203.0.113.1'))).toBe(false);
    now += 50_000;
    expect(isRefused(await beginAttempt('ann@example.com', null, '203.0.113.1'))).toBe(false);
  });

  it('per client: MAX × 6 attempts over any usernames, checked before any counter of a username is made', async () => {
    for (let i = 0; i < MAX * PER_CLIENT_FACTOR; i++)
      expect(isRefused(await fail(`made-up-${i}@example.com`, null, '203.0.113.7'))).toBe(false);
    const held = keysHeld().length;
    for (let i = 0; i < 50; i++) expect(isRefused(await fail(`more-${i}@example.com`, null, '203.0.113.7'))).toBe(true);
    // Nothing new is kept for a client at its limit, however many usernames it makes up, nor counted.
    expect(keysHeld()).toHaveLength(held);
    expect((await store.counters(['signin:client:203.0.113.7']))[0]?.value).toBe(MAX * PER_CLIENT_FACTOR);
    expect(held).toBe(1 + 2 * MAX * PER_CLIENT_FACTOR);
    // Another client signs in.
    expect(isRefused(await beginAttempt('ann@example.com', null, '203.0.113.8'))).toBe(false);
  });

  it('per username alone: MAX × 10 failures over every client that is not a known device of the user', async () => {
    for (let i = 0; i < MAX * PER_USERNAME_FACTOR; i++)
      expect(isRefused(await fail('ann@example.com', null, `198.51.100.${i}`))).toBe(false);
    expect(isRefused(await beginAttempt('ann@example.com', null, '198.51.100.200'))).toBe(true);
    expect(isRefused(await beginAttempt('bob@example.com', null, '198.51.100.200'))).toBe(false);
    expect(isRefused(await beginAttempt('ann@example.com', 'her-browser', '198.51.100.1'))).toBe(false);
  });

  it('a known device of the user: MAX attempts of its own, untouched by what its address or the username met', async () => {
    for (let i = 0; i < MAX * PER_CLIENT_FACTOR; i++) await fail(`x-${i}@example.com`, null, '203.0.113.5');
    expect(isRefused(await beginAttempt('ann@example.com', null, '203.0.113.5'))).toBe(true);
    for (let i = 0; i < MAX; i++) expect(isRefused(await fail('ann@example.com', 'her-browser', '203.0.113.5'))).toBe(false);
    expect(isRefused(await beginAttempt('ann@example.com', 'her-browser', '203.0.113.5'))).toBe(true);
    // Another device of the same user, or the same browser for another user, is apart.
    expect(isRefused(await beginAttempt('ann@example.com', 'her-laptop', '203.0.113.5'))).toBe(false);
  });

  it('attempts made at the same moment cannot all slip under the limit', async () => {
    const started = await Promise.all(Array.from({ length: 10 }, () => beginAttempt('ann@example.com', null, '203.0.113.3')));
    expect(started.filter((s) => !isRefused(s))).toHaveLength(MAX);
  });

  it('an IPv6 client is its /64: addresses of one network share the client’s count', async () => {
    for (let i = 0; i < MAX * PER_CLIENT_FACTOR; i++) await fail(`v6-${i}@example.com`, null, `2001:db8:0:1::${i.toString(16)}`);
    expect(isRefused(await beginAttempt('ann@example.com', null, '2001:db8:0:1:ffff::1'))).toBe(true);
    expect(isRefused(await beginAttempt('ann@example.com', null, '2001:db8:0:2::1'))).toBe(false);
  });
});

describe('a success', () => {
  it('clears the username-with-client count and gives the client its attempt back; the username alone keeps its failures', async () => {
    for (let i = 0; i < MAX - 1; i++) await fail('ann@example.com', null, '203.0.113.4');
    await attemptOf(await beginAttempt('ann@example.com', null, '203.0.113.4')).succeeded();
    const [client, pair, user] = await store.counters([
      'signin:client:203.0.113.4',
      'signin:pair:ann@example.com|203.0.113.4',
      'signin:user:ann@example.com',
    ]);
    expect(pair).toBeNull();
    expect(client?.value).toBe(MAX - 1);
    expect(user?.value).toBe(MAX - 1);
    for (let i = 0; i < MAX; i++) expect(isRefused(await fail('ann@example.com', null, '203.0.113.4'))).toBe(false);
  });

  it('a success after the client’s every other attempt failed needs no new counter', async () => {
    await fail('ann@example.com', null, '203.0.113.6');
    const held = keysHeld().length;
    await attemptOf(await beginAttempt('ann@example.com', null, '203.0.113.6')).succeeded();
    expect(keysHeld().length).toBeLessThanOrEqual(held);
  });

  it('on a known device clears that device’s count', async () => {
    for (let i = 0; i < MAX - 1; i++) await fail('ann@example.com', 'her-browser', null);
    await attemptOf(await beginAttempt('ann@example.com', 'her-browser', null)).succeeded();
    expect(await store.counters(['signin:device:her-browser|ann@example.com'])).toEqual([null]);
  });
});

describe('a store with no room left', () => {
  beforeEach(() => {
    store = new MemoryStore({ now: () => now, maxCounters: 20, log: { warn: () => undefined } });
    holder.__adasStore = store;
  });

  it('refuses only the clients at a limit: a flood of clients fills it, a new client still signs in, flooders stay refused', async () => {
    for (let c = 0; c < 40; c++)
      for (let i = 0; i < MAX * PER_CLIENT_FACTOR; i++) await fail(`flood-${c}-${i}@example.com`, null, `10.1.${c}.1`);
    for (let c = 0; c < 40; c++) expect(isRefused(await beginAttempt('ann@example.com', null, `10.1.${c}.1`))).toBe(true);
    const started = await beginAttempt('ann@example.com', null, '203.0.113.99');
    await attemptOf(started).succeeded();
    for (let i = 0; i < MAX; i++) expect(isRefused(await fail('bob@example.com', null, '203.0.113.98'))).toBe(false);
    expect(isRefused(await beginAttempt('bob@example.com', null, '203.0.113.98'))).toBe(true);
  });
});

describe('the approximate counts', () => {
  it('are never lower than a key’s own count, go back by what was given back, and last one to two windows', () => {
    let t = 0;
    const counts = new ApproximateCounts(1000, () => t);
    expect(counts.read('a')).toBeNull();
    expect(counts.add('a', 1)).toEqual({ value: 1, ttlMs: 2000 });
    expect(counts.add('a', 2).value).toBe(3);
    expect(counts.add('a', -1).value).toBe(2);
    t = 999;
    expect(counts.read('a')).toEqual({ value: 2, ttlMs: 1001 });
    t = 1000; // the generation turns: still counted, for one window more
    expect(counts.read('a')).toEqual({ value: 2, ttlMs: 1000 });
    expect(counts.add('a', -1).value).toBe(1);
    expect(counts.add('a', 1)).toEqual({ value: 2, ttlMs: 2000 });
    t = 2000;
    expect(counts.read('a')).toEqual({ value: 1, ttlMs: 1000 });
    t = 3000;
    expect(counts.read('a')).toBeNull();
    counts.add('b', 5);
    t = 6000; // several windows at once
    expect(counts.read('b')).toBeNull();
  });

  it('keep thousands of keys apart in their fixed room', () => {
    const counts = new ApproximateCounts(60_000, () => 0);
    for (let i = 0; i < 50_000; i++) counts.add(`k${i}`, 1 + (i % 5));
    let over = 0;
    for (let i = 0; i < 50_000; i++) if (counts.read(`k${i}`)!.value !== 1 + (i % 5)) over++;
    expect(over).toBeLessThan(50);
    expect(counts.read('never-added')).toBeNull();
  });

  it('the memory store goes on from an approximate count when it has room again, and gives back through it', async () => {
    store = new MemoryStore({ now: () => now, maxCounters: 2, log: { warn: () => undefined } });
    await store.incr('a', 60_000);
    await store.incr('b', 60_000);
    expect((await store.incr('c', 60_000)).value).toBe(1);
    expect((await store.incr('c', 60_000)).value).toBe(2);
    expect((await store.counters(['c']))[0]?.value).toBe(2);
    expect((await store.incr('c', 60_000, -1)).value).toBe(1);
    expect((await store.incr('absent', 60_000, -1)).value).toBe(0);
    await store.del(['a']);
    expect((await store.incr('c', 60_000)).value).toBe(2);
    expect((await store.incr('a', 60_000, -1)).value).toBe(0);
  });
});
