/**
 * The reference host's own throttles: counts of events per key within a window (WindowCounts), and the
 * getToken throttle built on them. Counts live in this process: the reference host is one process.
 *
 * getToken: failed calls are counted per username and per client address within a window; past either
 * limit the host answers 429 with a reason and Retry-After until the window has passed. Who the client is
 * (signInClientOf):
 * - a call of the app's server (the service secret) names the browser: its address (or `unknown`: no address
 *   is counted, the app's own throttle, lib/auth/throttle.ts, counts finer), and whether it is a known device
 *   of the user. A known device is held by the app's count of that device alone: strangers' failures on the
 *   username must not lock the user's own browser out here either, so nothing is checked or counted for it;
 * - anyone else is their socket address, and their failures on a username are counted apart from the app's:
 *   callers who reach the host directly (never in production, where these calls answer the app only) lock
 *   out only direct callers, never the users signing in through the app.
 *   API_HOST_SIGNIN_MAX_FAILURES (100 per username), API_HOST_SIGNIN_MAX_PER_ADDRESS (500),
 *   API_HOST_SIGNIN_WINDOW_MS (15 minutes).
 */
import type { FastifyRequest } from 'fastify';
import { CLIENT_DEVICE_HEADER, KNOWN_DEVICE } from '../../lib/contract/define';
import { clientAddressOf, isService } from '../core/caller';
import type { HostContext } from '../core/context';
import { HttpError } from '../core/errors';

export interface ThrottleLimits {
  perUsername: number;
  perAddress: number;
  windowMs: number;
}

const num = (v: string | undefined, fallback: number) => (v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : fallback);

export const limitsFromEnv = (env: NodeJS.ProcessEnv = process.env): ThrottleLimits => ({
  perUsername: num(env.API_HOST_SIGNIN_MAX_FAILURES, 100),
  perAddress: num(env.API_HOST_SIGNIN_MAX_PER_ADDRESS, 500),
  windowMs: num(env.API_HOST_SIGNIN_WINDOW_MS, 15 * 60_000),
});

export const waitMessage = (what: string, ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${what} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
};

const MAX_KEYS = 50_000;

/**
 * Events per key within a window that starts at a key's first event. Bounded without forgetting: when full
 * of live keys a new key is not kept and `wait` answers the window for it, so callers refuse (fail closed)
 * rather than let a flood of keys reset the counts that matter.
 */
export class WindowCounts {
  private readonly counts = new Map<string, { count: number; until: number }>();
  private lastSweep = -Infinity;
  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  private live(key: string) {
    const e = this.counts.get(key);
    if (e && e.until <= this.now()) {
      this.counts.delete(key);
      return undefined;
    }
    return e;
  }

  private full(): boolean {
    if (this.counts.size < this.maxKeys) return false;
    const now = this.now();
    if (now - this.lastSweep >= 1000) {
      this.lastSweep = now;
      for (const [k, e] of this.counts) if (e.until <= now) this.counts.delete(k);
    }
    return this.counts.size >= this.maxKeys;
  }

  /** Milliseconds until the key is under `max` again (0: it is). A key that could not be kept counts as at its limit. */
  wait(key: string, max: number): number {
    const e = this.live(key);
    if (e) return e.count >= max ? e.until - this.now() : 0;
    return this.full() ? this.windowMs : 0;
  }

  /** Counts one event; answers the count, or 0 when the key could not be kept (full). */
  add(key: string): number {
    const e = this.live(key);
    if (e) return ++e.count;
    if (this.full()) return 0;
    this.counts.set(key, { count: 1, until: this.now() + this.windowMs });
    return 1;
  }

  clear(key: string): void {
    this.counts.delete(key);
  }
}

/** Who a getToken call is for (signInClientOf). */
export interface SignInClient {
  /** The client's address, or null when the app could not tell it. */
  address: string | null;
  /** The app's server called (with the service secret), for a browser. */
  viaApp: boolean;
  /** The app says the browser is a known device of the user. */
  knownDevice: boolean;
}

/** Who a sign-in is for: the browser the app's server names (with the service secret), else the caller itself. */
export function signInClientOf(ctx: HostContext, request: FastifyRequest): SignInClient {
  const viaApp = isService(ctx, request);
  return { address: clientAddressOf(ctx, request), viaApp, knownDevice: viaApp && request.headers[CLIENT_DEVICE_HEADER] === KNOWN_DEVICE };
}

export class SignInThrottle {
  private readonly failures: WindowCounts;
  constructor(
    private readonly limits: ThrottleLimits = limitsFromEnv(),
    now: () => number = Date.now,
  ) {
    this.failures = new WindowCounts(limits.windowMs, now);
  }

  private userKey(username: string, client: SignInClient): string {
    return `${client.viaApp ? 'app' : 'direct'}:user:${username.trim().toLowerCase()}`;
  }

  private keys(username: string, client: SignInClient): [string, number][] {
    if (client.knownDevice) return [];
    return [
      [this.userKey(username, client), this.limits.perUsername],
      ...(client.address ? [[`ip:${client.address}`, this.limits.perAddress] as [string, number]] : []),
    ];
  }

  /** Throws 429 (with the wait) when a count of this client is at its limit. */
  check(username: string, client: SignInClient): void {
    const wait = Math.max(0, ...this.keys(username, client).map(([key, max]) => this.failures.wait(key, max)));
    if (wait > 0) throw new HttpError(429, waitMessage('Too many failed sign-in attempts.', wait), undefined, wait);
  }

  fail(username: string, client: SignInClient): void {
    for (const [key] of this.keys(username, client)) this.failures.add(key);
  }

  succeed(username: string, client: SignInClient): void {
    this.failures.clear(this.userKey(username, client));
  }
}

/** One instance per host context (tests build many hosts in one process). */
export function perHost<T>(make: () => T): (ctx: HostContext) => T {
  const made = new WeakMap<HostContext, T>();
  return (ctx) => {
    let t = made.get(ctx);
    if (!t) made.set(ctx, (t = make()));
    return t;
  };
}

/** The getToken throttle of a host; the self password change counts its wrong current passwords here too. */
export const signInThrottleOf = perHost(() => new SignInThrottle());
