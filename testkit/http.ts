/**
 * Raw HTTP for the security and fault tests: node:http sends the request target exactly as written (no
 * URL normalisation of `..`, `%2e%2e`, `%2f` or backslashes) and never follows redirects. Session cookies
 * come from signing in through next-auth's own endpoints (/api/auth/csrf, then the credentials callback),
 * cached per app origin and user.
 */
import http from 'node:http';
import { SESSION_COOKIE } from '../lib/auth/cookies';
import { BFF_HEADER, BFF_HEADER_VALUE } from '../lib/bff/protocol';
import { APP_PORT, DEMO_PASSWORD, userOf } from './env';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every Set-Cookie line. */
  setCookies: string[];
  /** Location header, if any. */
  location?: string;
  body: string;
}

export interface RawInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  /** Send the body chunked, without Content-Length. */
  chunked?: boolean;
  /** Keep the Content-Length given in headers even if it does not match the body. */
  rawLength?: boolean;
  /** The loopback address to connect from (127.0.0.2…): another client as the server's socket sees it. */
  localAddress?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** The app the tests talk to, by port (the servers listen on 127.0.0.1; NEXTAUTH_URL names localhost). */
export function appOrigin(port = APP_PORT): string {
  return `http://localhost:${port}`;
}

/** Sends one request with the raw target (path + query) to `origin`; never follows redirects. */
export function rawRequest(origin: string, target: string, init: RawInit = {}): Promise<RawResponse> {
  const url = new URL(origin);
  const headers: Record<string, string | number> = { host: url.host, ...init.headers };
  if (init.body !== undefined && !init.chunked && !init.rawLength) headers['content-length'] = Buffer.byteLength(init.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
        port: Number(url.port || 80),
        method: init.method ?? 'GET',
        path: target,
        headers,
        agent,
        localAddress: init.localAddress,
        timeout: init.timeoutMs ?? 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'];
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            setCookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
            location: typeof res.headers.location === 'string' ? res.headers.location : undefined,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${init.method ?? 'GET'} ${target}: no answer within ${init.timeoutMs ?? 20_000} ms`)));
    // A server may answer (413) and close while a large body is still being written: the write then fails
    // (EPIPE, ECONNRESET) although an answer came; the answer is what the test looks at.
    let answered = false;
    let writeError: Error | undefined;
    req.on('response', () => (answered = true));
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (init.body !== undefined && (e.code === 'EPIPE' || e.code === 'ECONNRESET')) writeError = e;
      else reject(e);
    });
    req.on('close', () => {
      if (!answered && writeError) reject(writeError);
    });
    if (init.body !== undefined && init.chunked) {
      // Several writes, so the body really streams in chunks.
      const buf = Buffer.isBuffer(init.body) ? init.body : Buffer.from(init.body);
      for (let i = 0; i < buf.length; i += 64 * 1024) req.write(buf.subarray(i, i + 64 * 1024));
    } else if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** `name=value` pairs of Set-Cookie lines, for a Cookie header. */
export function cookiePairs(setCookies: readonly string[]): string[] {
  return setCookies.map((c) => c.split(';')[0] ?? '');
}

/** The session cookie's Set-Cookie lines (next-auth splits a large cookie into `.0`, `.1`, … chunks). */
export function sessionSetCookies(setCookies: readonly string[]): string[] {
  return setCookies.filter((c) => c.startsWith(`${SESSION_COOKIE}=`) || c.startsWith(`${SESSION_COOKIE}.`));
}

/** A Set-Cookie line that removes the cookie (Max-Age=0 or an expiry in the past). */
export function isExpiring(setCookie: string): boolean {
  const [, maxAge] = /;\s*max-age=(-?\d+)/i.exec(setCookie) ?? [];
  if (maxAge !== undefined) return Number(maxAge) <= 0;
  const [, expires] = /;\s*expires=([^;]+)/i.exec(setCookie) ?? [];
  return expires !== undefined && Date.parse(expires) <= Date.now();
}

export interface SignInResult {
  status: number;
  /** The JSON next-auth answers ({url} on success or failure, {url, error} when throttled). */
  json: { url?: string; error?: string } | null;
  /** Cookie header carrying the session (empty when the sign-in failed). */
  cookie: string;
  setCookies: string[];
  /** The `error` of the answer's url or body, if any. */
  error: string | null;
  /** Location of a redirect answer (a sign-in without json=true). */
  location?: string;
}

/** One sign-in through next-auth's endpoints, exactly as the login form does it. */
export async function signInHttp(
  origin: string,
  username: string,
  password = DEMO_PASSWORD,
  opts: { headers?: Record<string, string>; callbackUrl?: string; json?: boolean; localAddress?: string } = {},
): Promise<SignInResult> {
  const csrf = await rawRequest(origin, '/api/auth/csrf', { headers: opts.headers, localAddress: opts.localAddress });
  if (csrf.status !== 200) throw new Error(`/api/auth/csrf answered ${csrf.status}`);
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, username, password, callbackUrl: opts.callbackUrl ?? `${origin}/` });
  if (opts.json !== false) form.set('json', 'true');
  const res = await rawRequest(origin, '/api/auth/callback/credentials', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...opts.headers,
      // The CSRF cookie next-auth just set, with any cookie the caller brings (e.g. a device cookie).
      cookie: [...cookiePairs(csrf.setCookies), ...(opts.headers?.cookie ? [opts.headers.cookie] : [])].join('; '),
    },
    body: form.toString(),
    localAddress: opts.localAddress,
  });
  let json: SignInResult['json'] = null;
  try {
    json = JSON.parse(res.body);
  } catch {
    /* a redirect without json=true */
  }
  const session = sessionSetCookies(res.setCookies).filter((c) => !isExpiring(c));
  const url = json?.url ?? res.location;
  let error = json?.error ?? null;
  if (!error && url && URL.canParse(url, origin)) error = new URL(url, origin).searchParams.get('error');
  return { status: res.status, json, cookie: cookiePairs(session).join('; '), setCookies: res.setCookies, error, location: res.location };
}

const cache = new Map<string, Promise<string>>();

/** A Cookie header with a session for the role (or username), cached per app origin and user. */
export function sessionCookie(who: number | string, origin = appOrigin()): Promise<string> {
  const username = typeof who === 'number' ? userOf(who) : who;
  const key = `${origin} ${username}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = signInHttp(origin, username).then((r) => {
      if (!r.cookie) throw new Error(`Sign-in of ${username} at ${origin} failed: HTTP ${r.status} ${r.error ?? ''}`);
      return r.cookie;
    });
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

/** The headers a same-origin BFF call from the app carries. */
export function bffHeaders(cookie?: string, extra: Record<string, string> = {}): Record<string, string> {
  return { [BFF_HEADER]: BFF_HEADER_VALUE, accept: 'application/json', ...(cookie ? { cookie } : {}), ...extra };
}

/**
 * A BFF call with the session cookie and the custom header. Like the browser's fetch, it follows the one
 * 308 the server answers for a path with a trailing slash (contract paths such as `contact/contactSearch/`).
 */
export async function bffCall(
  origin: string,
  method: 'GET' | 'POST',
  pathAndQuery: string,
  cookie?: string,
  opts: { body?: string; headers?: Record<string, string>; follow?: boolean } = {},
): Promise<RawResponse> {
  const init = {
    method,
    headers: bffHeaders(cookie, { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...opts.headers }),
    body: method === 'POST' ? (opts.body ?? '{}') : undefined,
  };
  const res = await rawRequest(origin, `/api/bff/${pathAndQuery}`, init);
  if (res.status === 308 && opts.follow !== false && res.location?.startsWith('/api/bff/')) return rawRequest(origin, res.location, init);
  return res;
}

/** Runs `fn` over `items`, `size` at a time (the servers share two cores with everything else). */
export async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

/** The path and query of a Location header, resolved against the origin ("" when there is none). */
export function locationPath(res: RawResponse, origin: string): string {
  if (!res.location) return '';
  const u = new URL(res.location, origin);
  return u.origin === new URL(origin).origin ? u.pathname + u.search : u.href;
}

export const isRedirect = (status: number) => status >= 300 && status < 400;
