/**
 * Sign-in throttling around next-auth's credentials callback. Failures are counted in the shared store
 * (lib/store) for the window SIGNIN_WINDOW_MS, under three keys:
 *   - the username with the client: the browser's device id when it holds this user's device cookie (set
 *     by a successful sign-in), else its address behind a trusted proxy, else "unknown": MAX failures;
 *   - the username alone, for clients that are not a known device of that user: MAX × 10;
 *   - the client address, when known: MAX × 6 (many people may share one address).
 * Reaching any limit answers 429 until its window has passed. So a stranger locks out only themselves and
 * other strangers; the user's own browser keeps getting in (OWASP "device cookies").
 *
 * The request must have the one shape this reads: a POST of a form to exactly callback/credentials.
 * next-auth also accepts JSON bodies and ignores extra path segments; both are refused here.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NextRequest } from 'next/server';
import { config } from '../config';
import { sharedStore } from '../store';
import { COOKIE_OPTIONS, DEVICE_COOKIE, SESSION_COOKIE } from './cookies';

export const PER_USERNAME_FACTOR = 10;
export const PER_ADDRESS_FACTOR = 6;
/** How long a browser stays a known device of the user who signed in on it. */
const DEVICE_MAX_AGE_S = 180 * 24 * 3600;

export function throttleMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/** The client's address, from X-Forwarded-For behind a trusted proxy (TRUST_PROXY=1); otherwise unknown. */
function clientAddress(req: Request): string | null {
  if (!config().TRUST_PROXY) return null;
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || null;
}

// ── device cookie: "{deviceId}.{userHash}.{mac}" ────────────────────────────────────────────────────
const userHash = (username: string) => createHash('sha256').update(username).digest('base64url').slice(0, 22);
const mac = (payload: string) =>
  createHmac('sha256', createHash('sha256').update('adas device cookie\0').update(config().AUTH_SECRET).digest()).update(payload).digest('base64url');

function deviceCookieValue(username: string, deviceId = randomBytes(16).toString('base64url')): string {
  const payload = `${deviceId}.${userHash(username)}`;
  return `${payload}.${mac(payload)}`;
}

/** The device id of a cookie issued to this username on this browser, or null. */
export function knownDevice(cookieHeader: string | null, username: string): string | null {
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

function deviceSetCookie(username: string, deviceId: string | null): string {
  const { httpOnly, secure, path } = COOKIE_OPTIONS;
  return `${DEVICE_COOKIE}=${deviceCookieValue(username, deviceId ?? undefined)}; Path=${path}; Max-Age=${DEVICE_MAX_AGE_S}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`;
}

// ── counting ────────────────────────────────────────────────────────────────────────────────────────
interface Bucket {
  key: string;
  max: number;
}

export function buckets(username: string, device: string | null, address: string | null, max: number): Bucket[] {
  const client = device ? `device:${device}` : address ? `ip:${address}` : 'unknown';
  return [
    { key: `signin:pair:${username}|${client}`, max },
    ...(device ? [] : [{ key: `signin:user:${username}`, max: max * PER_USERNAME_FACTOR }]),
    ...(address ? [{ key: `signin:ip:${address}`, max: max * PER_ADDRESS_FACTOR }] : []),
  ];
}

/** Milliseconds until every bucket is under its limit again, or 0. */
async function retryAfter(list: readonly Bucket[]): Promise<number> {
  const counters = await sharedStore().counters(list.map((b) => b.key));
  return counters.reduce((wait, c, i) => (c && c.value >= list[i].max ? Math.max(wait, c.ttlMs) : wait), 0);
}

const refuse = (status: number, error: string, headers: Record<string, string> = {}) =>
  Response.json({ error }, { status, headers: { 'Cache-Control': 'private, no-store', ...headers } });

/** next-auth actions that take a second path segment (the provider, or the error code). */
const TWO_SEGMENT_ACTIONS = new Set(['signin', 'callback', 'error']);
/** Providers whose callback is a form POST (credentials-type). */
const FORM_CALLBACKS = new Set(['credentials', 'sso']);

const isForm = (req: Request) => (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded';

/**
 * Wraps next-auth's handler: refuses request shapes next-auth would read differently from this wrapper,
 * refuses throttled credential sign-ins with 429, counts failures, and marks the browser a known device of
 * the user after a successful sign-in.
 */
export async function throttledSignIn(req: Request, segments: readonly string[], run: (req: Request) => Promise<Response>): Promise<Response> {
  const [action, provider] = segments;
  if (segments.length > (TWO_SEGMENT_ACTIONS.has(action) ? 2 : 1)) return refuse(404, 'Not found.');
  if (action === 'callback' && FORM_CALLBACKS.has(provider)) {
    if (req.method !== 'POST') return refuse(405, 'Sign in with a POST of the sign-in form.', { Allow: 'POST' });
    if (!isForm(req)) return refuse(415, 'Sign in with the sign-in form (application/x-www-form-urlencoded).');
  }
  if (!(action === 'callback' && provider === 'credentials')) return run(req);

  // Read the body once, as next-auth reads a form, and hand next-auth the same text.
  const text = await req.text();
  const username = String(new URLSearchParams(text).get('username') ?? '').trim().toLowerCase();
  const forward = new NextRequest(req.url, { method: req.method, headers: req.headers, body: text });
  if (!username) return run(forward);

  const { SIGNIN_MAX_FAILURES: max, SIGNIN_WINDOW_MS: windowMs } = config();
  const device = knownDevice(req.headers.get('cookie'), username);
  const list = buckets(username, device, clientAddress(req), max);
  const wait = await retryAfter(list);
  if (wait > 0) {
    const message = throttleMessage(wait);
    const url = new URL(`/login?error=${encodeURIComponent(message)}`, req.url).toString();
    return Response.json({ url, error: message }, { status: 429, headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } });
  }
  const res = await run(forward);
  const signedIn = res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0|expires=Thu, 01 Jan 1970/i.test(c));
  if (!signedIn) {
    await Promise.all(list.map((b) => sharedStore().incr(b.key, windowMs)));
    return res;
  }
  // Success clears this client's own count; the per-username and per-address counts keep their window.
  await sharedStore().del([list[0].key]);
  const headers = new Headers(res.headers);
  headers.append('set-cookie', deviceSetCookie(username, device));
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
