/**
 * The push route (app/api/push/hub): forwards the browser's SignalR requests to the hub at PUSH_URL with the
 * session's bearer, so the token never reaches the browser.
 *
 *   POST   /api/push/hub/negotiate  → hub negotiate; the answer is rewritten (lib/push/negotiate.ts)
 *   GET    /api/push/hub?id=…       → the event stream (Accept: text/event-stream), passed through unbuffered,
 *                                     or one long poll
 *   POST   /api/push/hub?id=…       → messages from the client (handshake, pings)
 *   DELETE /api/push/hub?id=…       → ends a long-polling connection
 *
 * Checks, before anything goes upstream: push configured (else 404 with no body: the shell says nothing);
 * not cross-site (Sec-Fetch-Site / Origin, as the BFF); the BFF's custom header on every request the SignalR
 * client can add headers to (all but the EventSource GET, which relies on SameSite cookies and
 * Sec-Fetch-Site); a session (else 401 and the cookie cleared); an id sealed for this user (else 404).
 * proxy.ts leaves this route out, as it leaves the BFF: each answer gets its request id and the API answers'
 * security headers here (`answering`), and once Next has loaded the route its requests come straight from the
 * HTTP entry (lib/http-direct.ts) to the same handlers.
 * The stream ends when the browser goes away (the upstream request is aborted), when the hub ends it, when
 * the session expires, and when the instance stops (lib/shutdown.ts; a long poll then answers with no
 * messages). The hub answering 401 ends the session like any upstream 401.
 */
import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { COOKIE_OPTIONS, SESSION_COOKIE } from '../auth/cookies';
import { endSession, endedAmong } from '../auth/revocation';
import { sessionOf, type AppSession } from '../auth/session';
import { isCrossSite } from '../bff/forward';
import { BFF_HEADER, BFF_HEADER_VALUE } from '../bff/protocol';
import { outsideRequest } from '../api/root-scope';
import { jsonOf, sendRequest, type HeldAnswer, type UpstreamAnswer } from '../api/upstream';
import { config } from '../config';
import { log } from '../log/logger';
import { endOnShutdown, isStopping } from '../shutdown';
import { withOwnHeaders } from '../security-headers';
import { rewriteNegotiate } from './negotiate';
import { openConnection, sealConnection } from './seal';

const NO_STORE = 'private, no-store, no-transform';
/** Largest message batch a client sends (handshake, pings): small. */
const SEND_LIMIT = 64 * 1024;
/** A long poll may take this long upstream (the SignalR client itself gives up after 100 s). */
const POLL_TIMEOUT_MS = 110_000;
/** Longest timer Node keeps (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How often the open event streams' sessions are checked for having been ended (logout, password change): sweepEnded. */
const SESSION_CHECK_MS = 5_000;

type Kind = 'negotiate' | 'stream' | 'poll' | 'send' | 'close';

function plain(status: number, text = ''): NextResponse {
  return new NextResponse(status === 204 ? null : text, {
    status,
    headers: { 'Cache-Control': NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

function sessionEnded(): NextResponse {
  const res = plain(401, 'Your session has ended. Please sign in again.');
  res.cookies.set(SESSION_COOKIE, '', { ...COOKIE_OPTIONS, maxAge: 0 });
  return res;
}

/** Each request's id (lib/log/request-id.ts), decided as it comes in (answering): written with the lines, sent to the hub. */
const requestIds = new WeakMap<NextRequest, string>();
const idOf = (req: NextRequest) => requestIds.get(req);

/** A handler whose answers carry the request's id and the API answers' security headers (proxy.ts leaves this route out). */
const answering = (handler: (req: NextRequest) => Promise<NextResponse>) =>
  withOwnHeaders(async (req, requestId) => {
    requestIds.set(req, requestId);
    return handler(req);
  });

/** What every hub call sends: the session's bearer, what it accepts, the request's id. */
function hubInit(req: NextRequest, session: AppSession, accept = 'application/json') {
  return { token: session.apiToken, headers: { accept } as Record<string, string>, requestId: idOf(req) };
}

function warn(kind: Kind, what: string, reqId: string | undefined) {
  log().warn({ area: 'push', kind, reqId }, `Push ${kind}: ${what}`);
}

function hubUrl(path: '' | '/negotiate', params: Record<string, string>): URL {
  const url = new URL(config().PUSH_URL);
  url.pathname = url.pathname.replace(/\/$/, '') + path;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

interface Allowed {
  session: AppSession;
  /** The hub's connection token (not for negotiate). */
  hubToken: string;
}

async function allow(req: NextRequest, kind: Kind): Promise<Allowed | NextResponse> {
  if (!config().PUSH_URL) return plain(404);
  if (isCrossSite(req)) return plain(403, 'Cross-site requests are not allowed.');
  if (kind !== 'stream' && req.headers.get(BFF_HEADER) !== BFF_HEADER_VALUE)
    return plain(403, 'This endpoint only answers the application itself.');
  // The request's own cookie, through the reading pages and the BFF use (lib/auth/session.ts).
  const session = await sessionOf(req.cookies.get(SESSION_COOKIE)?.value);
  if (!session) return sessionEnded();
  if (kind === 'negotiate') return { session, hubToken: '' };
  const id = req.nextUrl.searchParams.get('id');
  if (!id) return plain(400, 'Connection ID required');
  const hubToken = openConnection(config().AUTH_SECRET, session.profile.user, id);
  if (!hubToken) return plain(404, 'No Connection with that ID');
  return { session, hubToken };
}

/** Maps a hub status the browser must not see verbatim: 401 ends the session, a lost connection is 404, the rest 502. */
async function failure(kind: Kind, status: number, session: AppSession, reqId: string | undefined): Promise<NextResponse> {
  if (status === 401) {
    await endSession(session.sid, session.profile.exp * 1000);
    return sessionEnded();
  }
  if (status === 403 || status === 404) return plain(404, 'No Connection with that ID');
  if (status === 400 || status === 409) return plain(status);
  warn(kind, `the hub answered ${status}`, reqId);
  return plain(502, 'The push service is not available.');
}

function unreachable(kind: Kind, e: unknown, reqId: string | undefined): NextResponse {
  warn(kind, `the hub cannot be reached (${(e as Error)?.name ?? 'error'})`, reqId);
  return plain(502, 'The push service is not available.');
}

export const pushNegotiate = answering(async (req) => {
  const ok = await allow(req, 'negotiate');
  if (ok instanceof NextResponse) return ok;
  const { session } = ok;
  let res: UpstreamAnswer;
  try {
    res = await sendRequest(
      hubUrl('/negotiate', { negotiateVersion: '1' }),
      { method: 'POST', ...hubInit(req, session) },
      config().UPSTREAM_TIMEOUT_MS,
    );
  } catch (e) {
    return unreachable('negotiate', e, idOf(req));
  }
  if (!res.ok) return failure('negotiate', res.status, session, idOf(req));
  const result = rewriteNegotiate(jsonOf(res) ?? null, (hubToken) => sealConnection(config().AUTH_SECRET, session.profile.user, hubToken));
  if (!result.ok) {
    warn('negotiate', result.reason, idOf(req));
    return plain(502, 'The push service is not available.');
  }
  return NextResponse.json(result.answer, { headers: { 'Cache-Control': NO_STORE } });
});

/** GET: the event stream or a long poll. */
export const pushConnect = answering(async (req) => {
  const stream = (req.headers.get('accept') ?? '').includes('text/event-stream');
  const ok = await allow(req, stream ? 'stream' : 'poll');
  if (ok instanceof NextResponse) return ok;
  return stream ? forwardStream(req, ok) : forwardPoll(req, ok);
});

/** The open event streams (how to end each) and their sessions, checked together (sweepEnded). */
const openStreams = new Map<() => void, AppSession>();
let sweep: NodeJS.Timeout | undefined;

/**
 * An ended session (logout, a password change: lib/auth/revocation.ts) stops receiving within a few seconds:
 * every SESSION_CHECK_MS all open streams' sessions are read in one call to the shared store. Answers the
 * function that stops watching.
 */
function watchSession(session: AppSession, end: () => void): () => void {
  openStreams.set(end, session);
  // Made outside the request, so the timer holds no request's context (lib/api/root-scope.ts).
  sweep ??= outsideRequest(() => setInterval(() => void sweepEnded(), SESSION_CHECK_MS).unref());
  return () => {
    openStreams.delete(end);
    if (openStreams.size === 0) {
      clearInterval(sweep);
      sweep = undefined;
    }
  };
}

async function sweepEnded(): Promise<void> {
  const streams = [...openStreams];
  if (streams.length === 0) return;
  let ended: Set<string>;
  try {
    ended = await endedAmong(streams.map(([, session]) => session));
  } catch {
    return; // the shared store cannot be read now: the next sweep checks again
  }
  for (const [end, session] of streams) if (ended.has(session.sid)) end();
}

/**
 * How much of the hub's stream waits here for a browser that reads slowly before the hub's socket is paused
 * (so nothing piles up without bound); a notice is a few hundred bytes.
 */
const STREAM_BUFFER_BYTES = 16 * 1024;

async function forwardStream(req: NextRequest, { session, hubToken }: Allowed): Promise<NextResponse> {
  // A stream opened now would end at once, which the SignalR client takes badly while it connects: refused,
  // it tries again, and the balancer sends it to another instance.
  if (isStopping()) return plain(503, 'The push service is not available.');
  const upstreamAbort = new AbortController();
  const abort = () => upstreamAbort.abort();
  req.signal.addEventListener('abort', abort, { once: true });
  let res: HeldAnswer;
  try {
    res = await sendRequest(
      hubUrl('', { id: hubToken }),
      {
        method: 'GET',
        ...hubInit(req, session, 'text/event-stream'),
        signal: upstreamAbort.signal,
        pool: 'streams',
        streamResponse: 'node',
      },
      config().UPSTREAM_TIMEOUT_MS,
    );
  } catch (e) {
    req.signal.removeEventListener('abort', abort);
    return unreachable('stream', e, idOf(req));
  }
  const hub = res.body;
  if (!res.ok) {
    hub.on('error', () => undefined); // the abort ends the answer's body with an error: nobody reads it
    abort();
    return failure('stream', res.status, session, idOf(req));
  }
  let sessionTimer: NodeJS.Timeout | undefined;
  let forgetOnShutdown: () => void = () => undefined;
  let unwatch: () => void = () => undefined;
  let open = true;
  const finish = () => {
    open = false;
    clearTimeout(sessionTimer);
    unwatch();
    forgetOnShutdown();
    req.signal.removeEventListener('abort', abort);
    abort();
  };
  // The hub's chunks go on as they arrive, through this one stream (each chunk costs a few promise turns per
  // stream it passes: with every notice going to hundreds of connections, that is most of the route's cost).
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const end = () => {
          if (!open) return;
          finish();
          controller.close();
        };
        hub.on('data', (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 1) <= 0) hub.pause();
        });
        // The hub ended the stream, went away, or the call was aborted here: the browser's stream ends too (it reconnects).
        hub.on('end', end);
        hub.on('error', end);
        hub.on('close', end);
        // The instance is stopping (lib/shutdown.ts): the browser reconnects to another.
        forgetOnShutdown = endOnShutdown(end);
        const left = Math.min(session.profile.exp * 1000 - Date.now(), MAX_TIMER_MS);
        sessionTimer = setTimeout(end, Math.max(0, left));
        unwatch = watchSession(session, end);
      },
      pull() {
        if (hub.isPaused()) hub.resume();
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: STREAM_BUFFER_BYTES, size: (chunk) => chunk.byteLength },
  );
  return new NextResponse(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': NO_STORE,
      'X-Accel-Buffering': 'no',
    },
  });
}

async function forwardPoll(req: NextRequest, { session, hubToken }: Allowed): Promise<NextResponse> {
  const stopping = new AbortController();
  const forgetOnShutdown = endOnShutdown(() => stopping.abort());
  let res: UpstreamAnswer;
  try {
    res = await sendRequest(
      hubUrl('', { id: hubToken }),
      {
        method: 'GET',
        ...hubInit(req, session, req.headers.get('accept') ?? '*/*'),
        signal: AbortSignal.any([req.signal, stopping.signal]),
        pool: 'streams',
      },
      POLL_TIMEOUT_MS,
    );
  } catch (e) {
    if (req.signal.aborted) return plain(499);
    // The instance is stopping (lib/shutdown.ts): no messages, as when a poll times out. The client polls again,
    // and the balancer sends that poll to another instance; the connection itself goes on.
    if (stopping.signal.aborted) return plain(200);
    return unreachable('poll', e, idOf(req));
  } finally {
    forgetOnShutdown();
  }
  if (res.status === 204) return plain(204);
  if (!res.ok) return failure('poll', res.status, session, idOf(req));
  return plain(200, res.body.toString('utf8'));
}

async function readLimited(req: NextRequest): Promise<string | null> {
  if (Number(req.headers.get('content-length') ?? 0) > SEND_LIMIT) return null;
  const text = await req.text();
  return Buffer.byteLength(text) > SEND_LIMIT ? null : text;
}

export const pushSend = answering(async (req) => {
  const ok = await allow(req, 'send');
  if (ok instanceof NextResponse) return ok;
  const text = await readLimited(req);
  if (text === null) return plain(413, 'The message is too large.');
  let res: UpstreamAnswer;
  try {
    const init = hubInit(req, ok.session);
    init.headers['content-type'] = 'text/plain; charset=utf-8';
    res = await sendRequest(hubUrl('', { id: ok.hubToken }), { method: 'POST', ...init, body: text }, config().UPSTREAM_TIMEOUT_MS);
  } catch (e) {
    return unreachable('send', e, idOf(req));
  }
  return res.ok ? plain(200) : failure('send', res.status, ok.session, idOf(req));
});

export const pushClose = answering(async (req) => {
  const ok = await allow(req, 'close');
  if (ok instanceof NextResponse) return ok;
  let res: UpstreamAnswer;
  try {
    res = await sendRequest(
      hubUrl('', { id: ok.hubToken }),
      { method: 'DELETE', ...hubInit(req, ok.session) },
      config().UPSTREAM_TIMEOUT_MS,
    );
  } catch (e) {
    return unreachable('close', e, idOf(req));
  }
  return res.ok ? plain(res.status === 202 ? 202 : 200) : failure('close', res.status, ok.session, idOf(req));
});
