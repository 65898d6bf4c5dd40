/**
 * Route handlers served at the HTTP entry (lib/http-guard.ts), before Next.js's route pipeline (issue 29 §2).
 *
 * A route module registers its own exported handler when Next first loads it (`serveDirectly`); from then on
 * the requests it names go straight to that same function: a NextRequest is built from the node request, the
 * handler's Response is written back, compressed as Next compresses (the `compression` middleware Next
 * itself bundles, with its defaults). The handler stays the one place its checks are made, on the request it
 * acts on; nothing here reads the request for a decision but the path prefix and the method, and a request
 * this does not take (another method, a path outside the prefix) goes to Next, which calls the same handler.
 *
 * Why: for a small BFF call Next's route pipeline (routing, its request context, the app-route wrappers)
 * cost more processor time than the BFF's own work (README, "Speed beside a bare Next.js app").
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
import { log } from './log/logger';

export type RouteHandler = (req: NextRequest) => Promise<Response>;

interface DirectRoute {
  prefix: string;
  methods: ReadonlySet<string>;
  handler: RouteHandler;
}

const KEY = Symbol.for('adas.direct-routes');
const holder = globalThis as unknown as { [KEY]?: Map<string, DirectRoute> };
const routes = () => (holder[KEY] ??= new Map());

/** Called by a route module at load: its requests under `prefix` with one of `methods` skip Next from now on. */
export function serveDirectly(prefix: string, methods: readonly string[], handler: RouteHandler): void {
  if (process.env.NODE_ENV !== 'production') return;
  routes().set(prefix, { prefix, methods: new Set(methods), handler });
}

/** The registered route a request goes to: its target in origin form under the prefix, one of its methods. */
export function directRouteOf(req: http.IncomingMessage): DirectRoute | undefined {
  const target = req.url ?? '';
  for (const route of routes().values()) if (target.startsWith(route.prefix) && route.methods.has(req.method ?? '')) return route;
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
    // A JSON answer is whole already (the BFF buffers it); anything else (a file) streams.
    else if (answer.headers.get('content-type')?.startsWith('application/json')) res.end(Buffer.from(await answer.arrayBuffer()));
    else await pipeline(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream<Uint8Array>), res);
  } catch (err) {
    if (gone.signal.aborted) return; // the client left; nothing to answer
    const path = (req.url ?? '').split('?')[0];
    log().error({ err, title: `${req.method} ${path}`, route: route.prefix }, `Request failed: ${path} (direct route)`);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end();
    } else res.destroy();
  }
}
