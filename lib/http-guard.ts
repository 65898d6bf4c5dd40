/**
 * The HTTP entry, before Next.js sees a request (installed at start-up by instrumentation.ts):
 * - Methods Next.js does not route: the Fetch standard forbids TRACE, TRACK and CONNECT, so Next fails to
 *   build a Request object for them and answers 500 before any route or the proxy runs, and it answers any
 *   other unknown method (PROPFIND, MKCOL…) 400 before the proxy or a route sets a header: all answered 405
 *   here, with the security headers.
 * - A path with a malformed percent-escape ("/api/auth/%"), which Next's catch-all routes fail to decode
 *   with a 500: answered 400 here, with the security headers.
 * - Request targets other than a path (origin form): `OPTIONS *` (asterisk form) asks what the server takes
 *   and is answered 204 with Allow; anything else (`GET *`, absolute or authority form, which browsers never
 *   send to a server and Next answers 500 or with a redirect to wherever the target names) is 400. Both with
 *   the security headers.
 * - Proxy headers are believed only behind a trusted proxy (TRUST_PROXY=1). Otherwise a client's own
 *   X-Forwarded-Host/-For/-Proto/-Port and Forwarded are dropped, and Next fills them in from the request
 *   itself (Host, the socket): so no check downstream (Next's server-action origin check, the BFF's
 *   same-site check, sign-in throttling) can be fooled by them.
 * - While the process stops (lib/shutdown.ts), every answer closes its connection.
 * - Route handlers registered to be served directly (lib/http-direct.ts: the BFF, the push route) get their requests here,
 *   after the checks above, without Next's route pipeline.
 * - Static files (build assets, /_next/image and the files of public/), which the proxy does not run for:
 *   GET and HEAD only (anything else 405 instead of Next's 500), with the security headers every page gets
 *   (HSTS with APP_ENV=prod), and for public files a CSP under which nothing in them runs.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { config } from './config';
import { directRouteOf, serveDirect } from './http-direct';
import { API_CONTENT_SECURITY_POLICY, apiAnswerHeaders, staticSecurityHeaders } from './security-headers';
import { isStopping } from './shutdown';

/** The methods Next.js routes (its route handlers' HTTP_METHODS); anything else is answered here. */
const NEXT_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
const PROXY_HEADERS = ['x-forwarded-host', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded'] as const;
const STATIC_METHODS = 'GET, HEAD';
const INSTALLED = Symbol.for('adas.http-guard');

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;

/** Build assets (no CSP: a web worker's script takes its policy from its own response) and public files. */
export interface StaticPaths {
  assets: readonly string[];
  publicFiles: readonly string[];
}

/** The prefixes of public/'s entries (`/brands/`, `/robots.txt`), read once at start. */
export function staticPaths(publicDir = join(process.cwd(), 'public')): StaticPaths {
  let entries: string[] = [];
  try {
    // Only the names of public/'s entries are read: not a file the server needs traced into its output.
    entries = readdirSync(/*turbopackIgnore: true*/ publicDir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? `/${e.name}/` : `/${e.name}`,
    );
  } catch {
    /* no public folder */
  }
  return { assets: ['/_next/static/', '/_next/image'], publicFiles: entries };
}

const matches = (path: string, prefixes: readonly string[]) =>
  prefixes.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p || path === `${p}/`));

const decodable = (path: string) => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

/** An answer of the entry itself, with the API answers' security headers (nothing in it may run or be framed). */
function answerHere(
  res: http.ServerResponse,
  appEnv: string,
  status: number,
  text: string | null,
  headers: Record<string, string> = {},
): true {
  for (const [k, v] of Object.entries(apiAnswerHeaders(appEnv))) res.setHeader(k, v);
  res.writeHead(status, { ...(text !== null && { 'Content-Type': 'text/plain; charset=utf-8' }), 'Cache-Control': 'no-store', ...headers });
  res.end(text ?? undefined);
  return true;
}

/** What the entry does with one request: answers it (true) or prepares it for Next (false). */
export function guardRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  opts: { trustProxy: boolean; appEnv: string; paths: StaticPaths },
): boolean {
  const method = req.method ?? 'GET';
  const target = req.url ?? '/';
  if (!NEXT_METHODS.has(method)) return answerHere(res, opts.appEnv, 405, 'Method not allowed.', { Allow: 'GET, HEAD, POST' });
  if (!target.startsWith('/'))
    return method === 'OPTIONS' && target === '*'
      ? answerHere(res, opts.appEnv, 204, null, { Allow: 'GET, HEAD, POST, OPTIONS' })
      : answerHere(res, opts.appEnv, 400, 'The request target must be a path.');
  if (!opts.trustProxy) for (const h of PROXY_HEADERS) delete req.headers[h];
  const [path = ''] = target.split(/[?#]/);
  // A path Next cannot decode ("/api/auth/%") fails in its catch-all routes' params with a 500.
  if (!decodable(path)) return answerHere(res, opts.appEnv, 400, 'The request path is not valid.');
  const publicFile = matches(path, opts.paths.publicFiles);
  if (!publicFile && !matches(path, opts.paths.assets)) return false;
  for (const [k, v] of Object.entries(staticSecurityHeaders(opts.appEnv))) res.setHeader(k, v);
  if (publicFile) res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { Allow: STATIC_METHODS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('Method not allowed.');
    return true;
  }
  return false;
}

export function installHttpGuard(): void {
  const proto = http.Server.prototype as unknown as { emit: Emit; [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const opts = { trustProxy: config().TRUST_PROXY, appEnv: config().APP_ENV, paths: staticPaths() };
  const emit = proto.emit;
  proto.emit = function (event, ...args) {
    if (event === 'request') {
      const res = args[1] as http.ServerResponse;
      if (guardRequest(args[0] as http.IncomingMessage, res, opts)) return true;
      // Stopping (lib/shutdown.ts): the connection closes after this answer, so a balancer stops reusing it.
      if (isStopping()) res.setHeader('Connection', 'close');
      const req = args[0] as http.IncomingMessage;
      const direct = directRouteOf(req);
      if (direct) {
        serveDirect(direct, req, res);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  };
}
