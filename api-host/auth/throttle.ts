/**
 * The auth host's own sign-in throttle: failed getToken calls are counted per username and per address
 * (the caller's socket address: the app server, or whoever reaches the host directly) within a window;
 * past either limit the host answers 429 with a reason until the window has passed. The app throttles
 * finer (per username and client, lib/auth/throttle.ts); this bounds guessing by anyone who reaches the
 * host itself. Counts live in this process: the reference host is one process.
 *   API_HOST_SIGNIN_MAX_FAILURES (100 per username), API_HOST_SIGNIN_MAX_PER_ADDRESS (500),
 *   API_HOST_SIGNIN_WINDOW_MS (15 minutes).
 */
import { HttpError } from '../server';

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

const MAX_KEYS = 50_000;

export class SignInThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();
  constructor(
    private readonly limits: ThrottleLimits = limitsFromEnv(),
    private readonly now: () => number = Date.now,
  ) {}

  private keys(username: string, address: string): [string, number][] {
    return [
      [`user:${username.trim().toLowerCase()}`, this.limits.perUsername],
      [`ip:${address}`, this.limits.perAddress],
    ];
  }

  /** Throws 429 when either count is at its limit. */
  check(username: string, address: string): void {
    let wait = 0;
    for (const [key, max] of this.keys(username, address)) {
      const e = this.failures.get(key);
      if (!e) continue;
      if (e.until <= this.now()) this.failures.delete(key);
      else if (e.count >= max) wait = Math.max(wait, e.until - this.now());
    }
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60_000));
      throw new HttpError(429, `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
    }
  }

  fail(username: string, address: string): void {
    if (this.failures.size > MAX_KEYS) this.failures.clear();
    for (const [key] of this.keys(username, address)) {
      const e = this.failures.get(key);
      if (!e || e.until <= this.now()) this.failures.set(key, { count: 1, until: this.now() + this.limits.windowMs });
      else e.count++;
    }
  }

  succeed(username: string): void {
    this.failures.delete(`user:${username.trim().toLowerCase()}`);
  }
}
