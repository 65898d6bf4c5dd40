/**
 * Sign-in throttling: after repeated failures for one username or one client address, further attempts
 * are refused with 429 until the window has passed. Kept in memory: one app process, reset on restart.
 */
import { SESSION_COOKIE } from './cookies';

/** Failures allowed per username, and per client address (many people may share one address). */
export const MAX_FAILURES = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const WINDOW_MS = 15 * 60 * 1000;

interface Entry {
  failures: number;
  first: number;
}

export class Throttle {
  private readonly entries = new Map<string, Entry>();
  constructor(
    private readonly max = MAX_FAILURES,
    private readonly windowMs = WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until any of the keys may try again, or 0. */
  retryAfter(keys: readonly string[]): number {
    let wait = 0;
    for (const key of keys) {
      const e = this.entries.get(key);
      if (!e) continue;
      const left = e.first + this.windowMs - this.now();
      const max = key.startsWith('ip:') ? this.max * (MAX_FAILURES_PER_ADDRESS / MAX_FAILURES) : this.max;
      if (left <= 0) this.entries.delete(key);
      else if (e.failures >= max) wait = Math.max(wait, left);
    }
    return wait;
  }

  fail(keys: readonly string[]): void {
    for (const key of keys) {
      const e = this.entries.get(key);
      if (!e || e.first + this.windowMs <= this.now()) this.entries.set(key, { failures: 1, first: this.now() });
      else e.failures++;
    }
    if (this.entries.size > 50_000) this.entries.clear(); // bounded memory under a flood
  }

  succeed(keys: readonly string[]): void {
    for (const key of keys) this.entries.delete(key);
  }
}

const globalThrottle = globalThis as unknown as { __signInThrottle?: Throttle };
export const signInThrottle = (globalThrottle.__signInThrottle ??= new Throttle(
  Number(process.env.SIGNIN_MAX_FAILURES) || MAX_FAILURES,
  Number(process.env.SIGNIN_WINDOW_MS) || WINDOW_MS,
));

export function throttleMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/**
 * The client's address, from X-Forwarded-For behind a trusted proxy (TRUST_PROXY=1). Without one the
 * address is unknown and only the username is counted: one shared bucket would let anyone lock out everyone.
 */
function clientAddress(req: Request): string | null {
  if (process.env.TRUST_PROXY !== '1') return null;
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || null;
}

/** Wraps next-auth's handler: refuses throttled credential sign-ins with 429, counts failures. */
export async function throttledSignIn(
  req: Request,
  params: { nextauth: string[] },
  run: (req: Request) => Promise<Response>,
): Promise<Response> {
  const isCredentials = req.method === 'POST' && params.nextauth.join('/') === 'callback/credentials';
  if (!isCredentials) return run(req);
  const form = await req.clone().formData().catch(() => null);
  const username = String(form?.get('username') ?? '').trim().toLowerCase();
  const address = clientAddress(req);
  const keys = [...(address ? [`ip:${address}`] : []), ...(username ? [`user:${username}`] : [])];
  const wait = signInThrottle.retryAfter(keys);
  if (wait > 0) {
    const message = throttleMessage(wait);
    const url = new URL(`/login?error=${encodeURIComponent(message)}`, req.url).toString();
    return Response.json({ url, error: message }, { status: 429, headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } });
  }
  const res = await run(req);
  const signedIn = res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0|expires=Thu, 01 Jan 1970/i.test(c));
  if (signedIn) signInThrottle.succeed(keys);
  else signInThrottle.fail(keys);
  return res;
}
