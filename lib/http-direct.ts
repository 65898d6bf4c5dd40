/**
 * Route handlers served at the HTTP entry (lib/http-guard.ts), before Next.js's route pipeline (docs/architecture.md#screens;
 * measured in docs/benchmarks.md#speed-beside-a-bare-nextjs-app).
 *
 * A route module registers its own exported handlers when Next first loads it (`serveDirectly`); from then on
 * the requests it names go straight to those same functions: a NextRequest is built from the node request, the
 * handler's Response is written back, compressed as Next compresses (the `compression` middleware Next
 * itself bundles, with its defaults). The handler stays the one place its checks are made, on the request it
 * acts on; nothing here reads the request for a decision but the path and the method, and a request this does
 * not take (another method, another path) goes to Next, which calls the same handler. Only routes proxy.ts
 * leaves out register (the BFF, the push route): they decide their request id and set their headers themselves.
 *
 * Why: for a small BFF call or a push client's ping, Next's route pipeline (routing, its request context, the
 * app-route wrappers) cost more processor time than the route's own work (docs/benchmarks.md#speed-beside-a-bare-nextjs-app).
 *
 * Production only: in development a route module reloads on every edit, and only Next sees the new one.
 * Kept on globalThis because Next bundles each route apart from instrumentation.ts, which installs the entry.
 */
import 'server-only';
import type http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import compression from 'compression';
import { NextRequest } from 'next/server';
import { config } from './config';
import { log } from './log/logger';
import { apiAnswerHeaders } from './security-headers';

export type RouteHandler = (req: NextRequest) => Promise<Response>;
/** A route module's handlers by method, as it exports them to Next. */
export type RouteHandlers = Partial<Record<'GET' | 'POST' | 'DELETE' | 'OPTIONS', RouteHandler>>;

interface DirectRoute {
  /** The route's path (`/api/bff/` with a slash at the end: everything under it). */
  path: string;
  handler: RouteHandler;
}

const KEY = Symbol.for('adas.direct-routes');
const holder = globalThis as unknown as { [KEY]?: Map<string, RouteHandlers> };
const routes = () => (holder[KEY] ??= new Map());

/**
 * Called by a route module at load: from now on its requests for `path` (a path ending in `/`: anything under
 * it) with one of these methods skip Next.
 */
export function serveDirectly(path: string, handlers: RouteHandlers): void {
  if (process.env.NODE_ENV !== 'production') return;
  routes().set(path, handlers);
}

/** The registered handler a request goes to, by its target in origin form (the query aside) and method. */
export function directRouteOf(req: http.IncomingMessage): DirectRoute | undefined {
  const target = req.url ?? '';
  const end = target.indexOf('?');
  const pathname = end < 0 ? target : target.slice(0, end);
  for (const [path, handlers] of routes()) {
    if (path.endsWith('/') ? !pathname.startsWith(path) : pathname !== path) continue;
    const handler = handlers[req.method as keyof RouteHandlers];
    return handler ? { path, handler } : undefined;
  }
  return undefined;
}

/** Next's own compression settings (next.config's `compress`, on by default): gzip above 1 kB, never `no-transform`. */
const compress = compression();

/** Answers the request with the route's handler. Never throws: a handler's failure is logged and answered 500. */
export function serveDirect(route: DirectRoute, req: http.IncomingMessage, res: http.ServerResponse): void {
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => void respond(route, req, res));
}

/**
 * The URL the handler sees. Its origin is fixed rather than taken from the Host header, so the path and query
 * the handler reads are the request target's own; same-site checks read the Host header itself, as under Next.
 */
const ORIGIN = 'http://localhost';

function nextRequest(req: http.IncomingMessage, signal: AbortSignal): NextRequest {
  // From the parsed headers, as Next does: the entry has already dropped untrusted proxy headers from them.
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  // `duplex` is required by undici for a streamed body; TypeScript's RequestInit does not know it yet.
  const init = { method, headers, body, signal, duplex: 'half' } as ConstructorParameters<typeof NextRequest>[1];
  return new NextRequest(new URL(req.url ?? '/', ORIGIN), init);
}

async function respond(route: DirectRoute, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  try {
    const answer = await route.handler(nextRequest(req, gone.signal));
    res.statusCode = answer.status;
    answer.headers.forEach((value, name) => {
      if (name !== 'set-cookie') res.setHeader(name, value);
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) res.setHeader('set-cookie', cookies);
    if (!answer.body) res.end();
    // A JSON answer is whole already (the BFF buffers it); anything else (a file, an event stream) streams, its
    // headers sent at once: an event stream's client waits for them before it sends what the stream answers.
    else if (answer.headers.get('content-type')?.startsWith('application/json')) res.end(Buffer.from(await answer.arrayBuffer()));
    else {
      res.flushHeaders();
      await pipeline(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream<Uint8Array>), res);
    }
  } catch (err) {
    if (gone.signal.aborted) return; // the client left; nothing to answer
    const path = (req.url ?? '').split('?')[0];
    log().error({ err, title: `${req.method} ${path}`, route: route.path }, `Request failed: ${path} (direct route)`);
    if (!res.headersSent) {
      // The headers every API answer carries, which the handler would have set (the configuration was checked
      // at start, before the entry was installed: instrumentation.ts).
      res.writeHead(500, { ...apiAnswerHeaders(config().APP_ENV), 'Cache-Control': 'no-store' });
      res.end();
    } else res.destroy();
  }
}
