/**
 * The reference host's own throttles: counts of events per key within a window (WindowCounts), and the
 * getToken throttle built on them. Counts live in this process: the reference host is one process.
 *
 * getToken: failed calls are counted per username and per client address within a window; past either
 * limit the host answers 429 with a reason until the window has passed. The address is the client's as the
 * app names it (a request carrying the service secret and x-client-address: core/caller.ts clientAddressOf), else
 * the caller's socket address; when the app cannot tell the client's address, no address is counted (its
 * own throttle, lib/auth/throttle.ts, counts finer), so strangers can never fill one bucket every user shares.
 *   API_HOST_SIGNIN_MAX_FAILURES (100 per username), API_HOST_SIGNIN_MAX_PER_ADDRESS (500),
 *   API_HOST_SIGNIN_WINDOW_MS (15 minutes).
 */
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

export class SignInThrottle {
  private readonly failures: WindowCounts;
  constructor(
    private readonly limits: ThrottleLimits = limitsFromEnv(),
    now: () => number = Date.now,
  ) {
    this.failures = new WindowCounts(limits.windowMs, now);
  }

  private keys(username: string, address: string | null): [string, number][] {
    return [
      [`user:${username.trim().toLowerCase()}`, this.limits.perUsername],
      ...(address ? [[`ip:${address}`, this.limits.perAddress] as [string, number]] : []),
    ];
  }

  /** Throws 429 when either count is at its limit. `address` null: the app could not tell the client's. */
  check(username: string, address: string | null): void {
    const wait = Math.max(0, ...this.keys(username, address).map(([key, max]) => this.failures.wait(key, max)));
    if (wait > 0) throw new HttpError(429, waitMessage('Too many failed sign-in attempts.', wait));
  }

  fail(username: string, address: string | null): void {
    for (const [key] of this.keys(username, address)) this.failures.add(key);
  }

  succeed(username: string): void {
    this.failures.clear(`user:${username.trim().toLowerCase()}`);
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
