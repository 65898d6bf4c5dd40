/**
 * The credentials step and the route around next-auth (lib/auth/sign-in.ts), with the auth host stubbed: an
 * empty attempt costs what a real one costs, a refusal is 429 with Retry-After and the user's text, anything
 * else that fails is said in the user's words (never an internal message), and every next-auth POST but a
 * form is refused before next-auth reads it. Over HTTP, against the production build: tests/security/review-4.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpstreamError } from '@/lib/api/errors';
import { MemoryStore } from '@/lib/store/memory';

const settings = vi.hoisted(() => ({
  TRUST_PROXY: false,
  SIGNIN_MAX_FAILURES: 3,
  SIGNIN_WINDOW_MS: 60_000,
  AUTH_SECRET: 'unit-test-secret-0123456789abcdef0123456789',
  LOG_LEVEL: 'silent',
  APP_ENV: 'uat',
}));
vi.mock('@/lib/config', () => ({ config: () => settings }));
const host = vi.hoisted(() => ({ answer: vi.fn() }));
vi.mock('@/lib/api/upstream', () => ({ callUpstream: (...args: unknown[]) => host.answer(...args) }));

const { SIGN_IN_FAILED, WRONG_CREDENTIALS, passwordSignIn, signInRoute } = await import('@/lib/auth/sign-in');
const { throttleMessage } = await import('@/lib/auth/throttle');

const holder = globalThis as unknown as { __adasStore?: unknown };
let store: MemoryStore;
beforeEach(() => {
  store = new MemoryStore({ log: { warn: () => undefined } });
  holder.__adasStore = store;
  host.answer.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  holder.__adasStore = undefined;
});

const headers = (ip: string) => ({ 'x-forwarded-for': ip });
const failure = { success: false as const, reason: WRONG_CREDENTIALS };

describe('the credentials step', () => {
  it('an attempt with an empty field is counted and answered no sooner than the auth host answers a real one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance', 'Date'] });
    host.answer.mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve(failure), 400)));
    const real = passwordSignIn({ username: 'ann@example.com', password: 'Wrong#1' }, headers('203.0.113.1')).catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(400);
    expect(await real).toEqual(new Error(WRONG_CREDENTIALS));

    let settled = false;
    const empty = passwordSignIn({ username: 'ann@example.com', password: '' }, headers('203.0.113.2'))
      .catch((e: Error) => e)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(390);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(await empty).toEqual(new Error(WRONG_CREDENTIALS));
    // The host was never asked about it, and it counted as a failure like the real one.
    expect(host.answer).toHaveBeenCalledTimes(1);
    expect((await store.counters(['signin:user:ann@example.com']))[0]?.value).toBe(2);
  });

  it('the username and password the host is asked about are the ones counted, with who the client is', async () => {
    host.answer.mockResolvedValue(failure);
    await passwordSignIn({ username: '  Ann@Example.com ', password: 'Wrong#1' }, headers('203.0.113.9')).catch(() => undefined);
    const [call, input] = host.answer.mock.calls[0]!;
    expect((call as { path: string }).path).toBe('getToken');
    expect(input).toEqual({
      body: { username: 'ann@example.com', password: 'Wrong#1' },
      headers: { 'x-client-address': '203.0.113.9' },
    });
    expect((await store.counters(['signin:pair:ann@example.com|203.0.113.9']))[0]?.value).toBe(1);
  });

  it('a failure of anything but the credentials is said in the user’s words, never as the internal message', async () => {
    host.answer.mockRejectedValue(new TypeError('Cannot read properties of undefined (reading "token")'));
    await expect(passwordSignIn({ username: 'ann@example.com', password: 'x' }, headers('203.0.113.3'))).rejects.toThrow(SIGN_IN_FAILED);
    host.answer.mockRejectedValue(new UpstreamError('unreachable', 'getToken'));
    await expect(passwordSignIn({ username: 'ann@example.com', password: 'x' }, headers('203.0.113.3'))).rejects.toThrow(
      "The service can't be reached right now. Please try again in a moment.",
    );
    const broken = vi.spyOn(store, 'counters').mockRejectedValue(new Error('ERR wrong number of arguments'));
    await expect(passwordSignIn({ username: 'ann@example.com', password: 'x' }, headers('203.0.113.3'))).rejects.toThrow(SIGN_IN_FAILED);
    broken.mockRestore();
  });
});

describe('the route around next-auth', () => {
  const form = (fields: Record<string, string>, type = 'application/x-www-form-urlencoded') =>
    new Request('http://localhost/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': type, 'x-forwarded-for': '198.51.100.1' },
      body: new URLSearchParams(fields).toString(),
    });
  /** next-auth as far as the route needs it: the credentials step, then an answer. */
  const run = async (req: Request) => {
    const fields = Object.fromEntries(new URLSearchParams(await req.text()));
    const h = Object.fromEntries(req.headers);
    return passwordSignIn(fields, h).then(
      () => Response.json({ url: 'http://localhost/' }),
      (e: Error) => Response.json({ url: `http://localhost/login?error=${encodeURIComponent(e.message)}` }, { status: 401 }),
    );
  };

  it('a refusal is 429 with Retry-After and the user’s text, for this server’s limit and for the host’s', async () => {
    host.answer.mockResolvedValue(failure);
    for (let i = 0; i < settings.SIGNIN_MAX_FAILURES; i++)
      expect((await signInRoute(form({ username: 'bob@example.com', password: 'x' }), ['callback', 'credentials'], run)).status).toBe(401);
    const refused = await signInRoute(form({ username: 'bob@example.com', password: 'x' }), ['callback', 'credentials'], run);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55);
    expect(((await refused.json()) as { error: string }).error).toBe(throttleMessage(60_000));

    const hostText = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
    host.answer.mockRejectedValue(new UpstreamError('too-many', 'getToken', hostText, undefined, 900_000));
    const byHost = await signInRoute(form({ username: 'cy@example.com', password: 'x' }), ['callback', 'credentials'], run);
    expect(byHost.status).toBe(429);
    expect(byHost.headers.get('retry-after')).toBe('900');
    expect(((await byHost.json()) as { error: string }).error).toBe(hostText);
  });

  it('a success clears the count and makes the browser a known device of the user', async () => {
    const profile = {
      user: 7,
      contact: 7,
      firm: 1,
      timezone: 1,
      firstName: 'Dee',
      lastName: 'Lee',
      username: 'dee@example.com',
      email: 'dee@example.com',
      language: 1,
      roles: 5,
      firmName: 'Platform',
      postalCode: '10001',
      exp: Math.floor(Date.now() / 1000) + 3600,
    };
    const token = ['e30', Buffer.from(JSON.stringify(profile)).toString('base64url'), 'signature'].join('.');
    host.answer.mockResolvedValueOnce(failure).mockResolvedValue({ success: true, token });
    await signInRoute(form({ username: 'dee@example.com', password: 'x' }), ['callback', 'credentials'], run);
    expect((await store.counters(['signin:pair:dee@example.com|198.51.100.1']))[0]?.value).toBe(1);
    const res = await signInRoute(form({ username: 'dee@example.com', password: 'y' }), ['callback', 'credentials'], run);
    expect(res.status).toBe(200);
    expect(await store.counters(['signin:pair:dee@example.com|198.51.100.1'])).toEqual([null]);
    const [device] = res.headers.getSetCookie();
    expect(device).toMatch(/^__Host-adas\.device=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Max-Age=15552000; SameSite=Lax; HttpOnly; Secure$/);
    const { knownDevice } = await import('@/lib/auth/throttle');
    expect(knownDevice(device!.split(';')[0], 'dee@example.com')).toMatch(/^[\w-]{22}$/);
  });

  it('every next-auth POST but a form is refused before next-auth reads it; GETs and forms go through', async () => {
    const next = vi.fn(async (req: Request) => new Response(`ran ${req.method} ${await req.text()}`));
    for (const action of [
      ['signout'],
      ['session'],
      ['csrf'],
      ['_log'],
      ['providers'],
      ['signin'],
      ['signin', 'credentials'],
      ['error'],
      ['callback', 'credentials'],
    ]) {
      for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x', '']) {
        const req = new Request(`http://localhost/api/auth/${action.join('/')}`, {
          method: 'POST',
          headers: type ? { 'content-type': type } : {},
          body: 'not json',
        });
        const res = await signInRoute(req, action, next);
        expect(res.status, `${action.join('/')} ${type}`).toBe(415);
      }
    }
    expect(next).not.toHaveBeenCalled();
    const signOut = await signInRoute(
      new Request('http://localhost/api/auth/signout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'csrfToken=x',
      }),
      ['signout'],
      next,
    );
    expect(await signOut.text()).toBe('ran POST csrfToken=x');
    const csrf = await signInRoute(new Request('http://localhost/api/auth/csrf'), ['csrf'], next);
    expect(await csrf.text()).toBe('ran GET ');
    const large = await signInRoute(
      new Request('http://localhost/api/auth/signout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a='.padEnd(20_000, 'x'),
      }),
      ['signout'],
      next,
    );
    expect(large.status).toBe(413);
    expect(
      (await signInRoute(new Request('http://localhost/api/auth/callback/credentials'), ['callback', 'credentials'], next)).status,
    ).toBe(405);
    expect((await signInRoute(new Request('http://localhost/api/auth/csrf/x'), ['csrf', 'x'], next)).status).toBe(404);
  });
});
