/**
 * Sign-in throttling, applied in the credentials step itself (lib/auth/sign-in.ts) to exactly the username
 * that step sends to the auth host. Failures are counted in the shared store (lib/store) for the window
 * SIGNIN_WINDOW_MS, under three keys:
 *   - the username with the client: the browser's device id when it holds this user's device cookie (set
 *     by a successful sign-in), else its address behind a trusted proxy, else "unknown": MAX attempts since
 *     the client's last success;
 *   - the username alone, for clients that are not a known device of that user: MAX × 10 failures;
 *   - the client address, when known: MAX × 6 failures (many people may share one address).
 * Reaching any limit refuses (429) until its window has passed. So a stranger locks out only themselves and
 * other strangers; the user's own browser keeps getting in (OWASP "device cookies").
 *
 * The first key is counted before the auth host is asked (an attempt, cleared by a success), so attempts
 * made at the same moment cannot all slip under its limit, and a store that cannot keep a new counter
 * (StoreFullError) refuses the sign-in instead of letting it through uncounted.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '../config';
import { StoreFullError, sharedStore } from '../store';
import { COOKIE_OPTIONS, DEVICE_COOKIE } from './cookies';

export const PER_USERNAME_FACTOR = 10;
export const PER_ADDRESS_FACTOR = 6;
/** How long a browser stays a known device of the user who signed in on it. */
const DEVICE_MAX_AGE_S = 180 * 24 * 3600;
/** How long a sign-in waits when the store cannot count it (its memory is full of live counters). */
const STORE_FULL_WAIT_MS = 60_000;
const STORE_FULL_MESSAGE = 'Signing in is not possible right now. Please wait a minute and try again.';

export function throttleMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/** The username as the credentials step sends it to the auth host (which compares it without case). */
export const normalUsername = (value: unknown): string => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * The client's address: X-Forwarded-For's first entry behind a trusted proxy (TRUST_PROXY=1); otherwise
 * unknown. (Without a trusted proxy the HTTP entry, lib/http-guard.ts, drops a client's own
 * X-Forwarded-For, and Next names the socket, which may be a proxy every user shares.)
 */
export function clientAddress(forwardedFor: string | null | undefined): string | null {
  if (!config().TRUST_PROXY) return null;
  return forwardedFor?.split(',')[0]?.trim() || null;
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
interface Bucket {
  key: string;
  max: number;
}

export function buckets(username: string, device: string | null, address: string | null, max: number): [pair: Bucket, ...others: Bucket[]] {
  const client = device ? `device:${device}` : address ? `ip:${address}` : 'unknown';
  return [
    { key: `signin:pair:${username}|${client}`, max },
    ...(device ? [] : [{ key: `signin:user:${username}`, max: max * PER_USERNAME_FACTOR }]),
    ...(address ? [{ key: `signin:ip:${address}`, max: max * PER_ADDRESS_FACTOR }] : []),
  ];
}

/** A sign-in attempt let through: say how it ended. */
export interface Attempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

export type AttemptOrRefusal = { attempt: Attempt } | { refused: { message: string; waitMs: number } };

/**
 * Starts a sign-in attempt of `username` from this client, or refuses it: a limit is reached, or the store
 * cannot count it. Every attempt let through is counted: its failure in every bucket, its success clears
 * the client's own count (the per-username and per-address counts keep their window).
 */
export async function beginAttempt(username: string, device: string | null, address: string | null): Promise<AttemptOrRefusal> {
  const { SIGNIN_MAX_FAILURES: max, SIGNIN_WINDOW_MS: windowMs } = config();
  const store = sharedStore();
  const [pair, ...rest] = buckets(username, device, address, max);
  const refused = (waitMs: number) => ({ refused: { message: throttleMessage(waitMs), waitMs } });

  const counters = await store.counters(rest.map((b) => b.key));
  const wait = rest.reduce((w, b, i) => {
    const c = counters[i];
    return c && c.value >= b.max ? Math.max(w, c.ttlMs) : w;
  }, 0);
  if (wait > 0) return refused(wait);
  let own;
  try {
    own = await store.incr(pair.key, windowMs);
  } catch (e) {
    if (e instanceof StoreFullError) return { refused: { message: STORE_FULL_MESSAGE, waitMs: STORE_FULL_WAIT_MS } };
    throw e;
  }
  if (own.value > pair.max) return refused(own.ttlMs);

  return {
    attempt: {
      async failed() {
        // A full store keeps the pair's count (taken above); the other counts are best effort then.
        await Promise.all(
          rest.map((b) => store.incr(b.key, windowMs).catch((e) => (e instanceof StoreFullError ? null : Promise.reject(e)))),
        );
      },
      succeeded: () => store.del([pair.key]),
    },
  };
}
