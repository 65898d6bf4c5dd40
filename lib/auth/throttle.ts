/**
 * Sign-in throttling, applied in the credentials step itself (lib/auth/sign-in.ts) to exactly the username
 * that step sends to the auth host. Counts live in the shared store (lib/store) for SIGNIN_WINDOW_MS;
 * MAX is SIGNIN_MAX_FAILURES.
 *
 * A known device of the user (the browser holds the device cookie a successful sign-in of this user set):
 *   its own count, MAX attempts since its last success. Nothing another client does touches it, so the
 *   user's own browser keeps getting in whatever strangers try (OWASP "device cookies").
 * Any other client, named by its address (clientAddress), in this order:
 *   1. the client: MAX × 6 attempts (several people may share an address), checked and counted before any
 *      counter of a username, so a client at its limit makes no new counter, however many usernames it
 *      makes up: all its usernames share this one bucket first;
 *   2. the username with the client: MAX attempts;
 *   3. the username alone: MAX × 10 failures, over every client that is not a known device of the user.
 * Every attempt is counted before the auth host is asked, so attempts made at the same moment cannot all slip
 * under a limit. A success clears the username-with-client count (or the device's) and gives the client its
 * attempt back; a failure also counts the username alone. At any limit the answer is 429 until its window
 * has passed.
 *
 * So one client adds at most 1 + 2 × MAX × 6 counters a window, and the store never refuses a counter
 * (lib/store/memory.ts counts approximately when it has no room): a flood can only ever refuse the clients
 * whose own counts are at a limit, never a user whose count is not, and a success needs no new room.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { config } from '../config';
import { sharedStore } from '../store';
import { COOKIE_OPTIONS, DEVICE_COOKIE } from './cookies';

export const PER_USERNAME_FACTOR = 10;
export const PER_CLIENT_FACTOR = 6;
/** How long a browser stays a known device of the user who signed in on it. */
const DEVICE_MAX_AGE_S = 180 * 24 * 3600;

export function throttleMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/** The username as the credentials step sends it to the auth host (which compares it without case). */
export const normalUsername = (value: unknown): string => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * The client's address, as the HTTP entry (lib/http-guard.ts) and Next leave X-Forwarded-For: behind a
 * trusted proxy (TRUST_PROXY=1) its first entry, the address the proxy saw; otherwise its last, the one Next
 * adds from the connection (the entry dropped whatever the client sent). Null when there is none.
 */
export function clientAddress(forwardedFor: string | null | undefined): string | null {
  const entries = (forwardedFor ?? '').split(',').map((e) => e.trim());
  return (config().TRUST_PROXY ? entries[0] : entries.at(-1)) || null;
}

/**
 * The client an address stands for: an IPv4 address (also when written IPv4-mapped), an IPv6 address's /64
 * (the network one subscriber is given, whose 2^64 addresses must not each be a fresh client), or the text
 * itself when it is not an address.
 */
export function clientOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  const prefix = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${prefix.map((p) => p.toString(16)).join(':')}::/64`;
}

// ── device cookie: "{deviceId}.{userHash}.{mac}" ────────────────────────────────────────────────────
const userHash = (username: string) => createHash('sha256').update(username).digest('base64url').slice(0, 22);
const mac = (payload: string) =>
  createHmac('sha256', createHash('sha256').update('adas device cookie\0').update(config().AUTH_SECRET).digest())
    .update(payload)
    .digest('base64url');

function deviceCookieValue(username: string, deviceId = randomBytes(16).toString('base64url')): string {
  const payload = `${deviceId}.${userHash(username)}`;
  return `${payload}.${mac(payload)}`;
}

/** The device id of a cookie issued to this username on this browser, or null. */
export function knownDevice(cookieHeader: string | null | undefined, username: string): string | null {
  const raw = cookieHeader
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  const [deviceId, hash, sig] = raw?.split('.') ?? [];
  if (!deviceId || !hash || !sig || hash !== userHash(username)) return null;
  const expected = Buffer.from(mac(`${deviceId}.${hash}`));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}

/** The Set-Cookie line that makes this browser a known device of the user (keeping its device id). */
export function deviceSetCookie(username: string, deviceId: string | null): string {
  const { httpOnly, secure, path } = COOKIE_OPTIONS;
  return `${DEVICE_COOKIE}=${deviceCookieValue(username, deviceId ?? undefined)}; Path=${path}; Max-Age=${DEVICE_MAX_AGE_S}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`;
}

// ── counting ────────────────────────────────────────────────────────────────────────────────────────
export interface Bucket {
  key: string;
  max: number;
}

/** The counts one sign-in attempt takes part in, by what changes them. */
export interface Buckets {
  /** Counted before the auth host is asked, in this order (the client's own first). */
  attempt: Bucket[];
  /** Counted when the auth host says no. */
  failure: Bucket[];
  /** Cleared by a success. */
  cleared: Bucket[];
  /** Given their attempt back by a success. */
  givenBack: Bucket[];
}

export function buckets(username: string, device: string | null, address: string | null, max: number): Buckets {
  if (device) {
    const own = { key: `signin:device:${device}|${username}`, max };
    return { attempt: [own], failure: [], cleared: [own], givenBack: [] };
  }
  const client = address ? clientOf(address) : 'unknown';
  const clientCount = { key: `signin:client:${client}`, max: max * PER_CLIENT_FACTOR };
  const pair = { key: `signin:pair:${username}|${client}`, max };
  const user = { key: `signin:user:${username}`, max: max * PER_USERNAME_FACTOR };
  return { attempt: [clientCount, pair], failure: [user], cleared: [pair], givenBack: [clientCount] };
}

/** A sign-in attempt let through: say how it ended. */
export interface Attempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

export type AttemptOrRefusal = { attempt: Attempt } | { refused: { message: string; waitMs: number } };

/**
 * Starts a sign-in attempt of `username` from this client, or refuses it because a limit is reached. A
 * client already at a limit is refused on what is counted, before anything new is counted.
 */
export async function beginAttempt(username: string, device: string | null, address: string | null): Promise<AttemptOrRefusal> {
  const { SIGNIN_MAX_FAILURES: max, SIGNIN_WINDOW_MS: windowMs } = config();
  const store = sharedStore();
  const b = buckets(username, device, address, max);
  const refused = (waitMs: number) => ({ refused: { message: throttleMessage(waitMs), waitMs } });

  const watched = [...b.attempt, ...b.failure];
  const counts = await store.counters(watched.map((w) => w.key));
  const wait = watched.reduce((w, bucket, i) => {
    const c = counts[i];
    return c && c.value >= bucket.max ? Math.max(w, c.ttlMs) : w;
  }, 0);
  if (wait > 0) return refused(wait);
  for (const bucket of b.attempt) {
    const c = await store.incr(bucket.key, windowMs);
    if (c.value > bucket.max) return refused(c.ttlMs);
  }
  return {
    attempt: {
      async failed() {
        await Promise.all(b.failure.map((f) => store.incr(f.key, windowMs)));
      },
      async succeeded() {
        await store.del(b.cleared.map((c) => c.key));
        await Promise.all(b.givenBack.map((g) => store.incr(g.key, windowMs, -1)));
      },
    },
  };
}
