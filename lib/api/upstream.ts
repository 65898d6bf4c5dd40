/**
 * The one upstream client: bearer header, time-out, contract parsing and error mapping for every call
 * to the API host and the auth host. Pages reach it through lib/api/server.ts, the BFF through forward().
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import {
  SERVICE_SECRET_HEADER,
  changesNothing,
  errorBody,
  type BodyOf,
  type CallDef,
  type QueryOf,
  type ResponseOf,
} from '../contract/define';
import { config } from '../config';
import { log } from '../log/logger';
import { REQUEST_ID_HEADER } from '../log/request-id';
import { UpstreamError, type UpstreamFailure } from './errors';
import { outsideRequest } from './root-scope';

/** A call's query and body as its contract reads them (a wrong field or value type does not compile). */
export interface CallInput<C extends CallDef = CallDef> {
  query?: QueryOf<C>;
  body?: BodyOf<C>;
  /** Extra request headers (the sign-in's client address, lib/auth/sign-in.ts). */
  headers?: Record<string, string>;
}

/**
 * The call's URL with `query`: its input, or its value as the contract parsed it (the BFF), written in the
 * wire form every query of the contract takes: one text per field, a list as comma-separated text (the
 * contract's query lists are comma lists: `ids=1,2`), nothing for an absent value.
 */
export function upstreamUrl(call: CallDef, query?: Record<string, unknown>): URL {
  const { API_URL, AUTH_URL } = config();
  const base = call.host === 'auth' ? AUTH_URL : API_URL;
  const url = new URL(call.path, base.endsWith('/') ? base : `${base}/`);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return url;
}

const STATUS_KIND: Record<number, UpstreamFailure> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'too-large',
  429: 'too-many',
};

/**
 * Keep-alive connection pools to the upstreams: `calls` for answers that end (at most 128 sockets per host),
 * `streams` for answers held open as long as a browser listens (the push pass-through's event streams, one
 * socket each: no bound, or the 129th listener would wait for ever).
 */
const AGENTS = {
  calls: { 'http:': new http.Agent({ keepAlive: true, maxSockets: 128 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 128 }) },
  streams: { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) },
} as const;

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A buffered upstream answer as node:http gave it: no WHATWG Headers or Response is built for it (the
 * BFF answers most calls with these very bytes, lib/bff/forward.ts).
 */
export interface UpstreamAnswer {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface UpstreamInit {
  method: 'GET' | 'POST' | 'DELETE';
  token?: string;
  headers?: Record<string, string>;
  /** Text, or a stream sent as it comes (uploads). */
  body?: string | Readable;
  /** The id of the request this call serves (lib/log/request-id.ts): sent as X-Request-Id, written with the log lines. */
  requestId?: string;
  /** Ends the call (and a streamed answer's body) when it aborts: the browser went away. */
  signal?: AbortSignal;
  /** The pool: `calls` unless the answer is held open for as long as a browser listens. */
  pool?: keyof typeof AGENTS;
  /**
   * The call changes nothing (`changesNothing`), so it may be sent once more when its reused socket was reset
   * before any answer. A write is not: the upstream may have applied it before the connection went.
   */
  resend?: boolean;
}

/** Answer as soon as the headers arrive, as a Response whose body streams (files), instead of buffering it. */
export interface StreamedInit extends UpstreamInit {
  streamResponse: true;
}

/**
 * Answer as soon as the headers arrive, with node:http's own body stream: for a pass-through that builds the
 * one web stream it answers with itself (the push route), so no chunk goes through a second stream.
 */
export interface HeldInit extends UpstreamInit {
  streamResponse: 'node';
}

/** An answer held open (HeldInit): its body is read by the caller, who ends it (or aborts the call). */
export interface HeldAnswer {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  body: http.IncomingMessage;
}

/**
 * One request with node:http and a keep-alive agent rather than fetch: inside Next, fetch is wrapped
 * for caching and tracing, which costs more than the whole hop to a nearby upstream. The request is made in
 * the root async scope (lib/api/root-scope.ts), so a pooled socket keeps no request's context alive.
 */
export function sendRequest(url: URL, init: StreamedInit, timeoutMs: number): Promise<Response>;
export function sendRequest(url: URL, init: HeldInit, timeoutMs: number): Promise<HeldAnswer>;
export function sendRequest(url: URL, init: UpstreamInit & { streamResponse?: false }, timeoutMs: number): Promise<UpstreamAnswer>;
export function sendRequest(
  url: URL,
  init: UpstreamInit & { streamResponse?: boolean },
  timeoutMs: number,
): Promise<UpstreamAnswer | Response>;
export function sendRequest(
  url: URL,
  init: UpstreamInit & { streamResponse?: boolean | 'node' },
  timeoutMs: number,
): Promise<UpstreamAnswer | Response | HeldAnswer> {
  return request(url, init, timeoutMs);
}

function request(
  url: URL,
  init: UpstreamInit & { streamResponse?: boolean | 'node' },
  timeoutMs: number,
): Promise<UpstreamAnswer | Response | HeldAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    if (init.signal?.aborted) return reject(abortError());
    let answered = false;
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.requestId) headers[REQUEST_ID_HEADER] = init.requestId;
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (typeof init.body === 'string') headers['content-length'] = String(Buffer.byteLength(init.body));
    const client = url.protocol === 'https:' ? https : http;
    const agent = AGENTS[init.pool ?? 'calls'][url.protocol as 'http:' | 'https:'];
    const req = outsideRequest(() =>
      client.request(url, { method: init.method, headers, agent }, (res) => {
        answered = true;
        const status = res.statusCode ?? 502;
        if (init.streamResponse === 'node') {
          clearTimeout(timer);
          resolve({ status, ok: status >= 200 && status < 300, headers: res.headers, body: res });
          return;
        }
        if (init.streamResponse) {
          clearTimeout(timer);
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
          resolve(
            new Response(NULL_BODY.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers: out }),
          );
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', fail);
        res.on('end', () => {
          clearTimeout(timer);
          const [only, ...more] = chunks;
          const body = NULL_BODY.has(status) ? EMPTY : only && !more.length ? only : Buffer.concat(chunks);
          resolve({ status, ok: status >= 200 && status < 300, headers: res.headers, body });
        });
      }),
    );
    function fail(e: Error) {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onAbort);
      // A kept-alive socket the upstream closed as the request went out (its idle time-out): a read is sent again
      // on another socket (Node's documented remedy). Not a write, which may have reached the upstream before
      // the reset (RFC 9110, section 9.2.2), nor a body that streams, which cannot be sent twice.
      if (
        init.resend &&
        !answered &&
        req.reusedSocket &&
        RESET_CODES.has((e as NodeJS.ErrnoException).code ?? '') &&
        !(init.body instanceof Readable)
      ) {
        const left = timeoutMs - (performance.now() - started);
        if (left > 0) return resolve(request(url, init, left));
      }
      reject(e);
    }
    // Destroying the request after its answer began also ends the answer's body (the socket goes).
    const onAbort = () => req.destroy(abortError());
    init.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => init.signal?.removeEventListener('abort', onAbort));
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('Upstream time-out'), { name: 'TimeoutError' })), timeoutMs);
    req.on('error', fail);
    outsideRequest(() => {
      if (init.body instanceof Readable) {
        init.body.on('error', (e) => req.destroy(e));
        init.body.pipe(req);
      } else req.end(init.body);
    });
  });
}

/** What a request on a reused keep-alive socket meets when the upstream had closed it. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

const abortError = () => Object.assign(new Error('The call was aborted'), { name: 'AbortError' });

const EMPTY = Buffer.alloc(0);

/** Sends a request upstream with the time-out; maps network failures to UpstreamError. */
export function sendUpstream(call: CallDef, url: URL, init: StreamedInit): Promise<Response>;
export function sendUpstream(call: CallDef, url: URL, init: UpstreamInit): Promise<UpstreamAnswer>;
export async function sendUpstream(
  call: CallDef,
  url: URL,
  init: UpstreamInit & { streamResponse?: boolean },
): Promise<UpstreamAnswer | Response> {
  const started = performance.now();
  try {
    const res = await sendRequest(url, { ...init, resend: changesNothing(call) }, config().UPSTREAM_TIMEOUT_MS);
    const logger = log();
    if (logger.isLevelEnabled('debug'))
      logger.debug(
        { reqId: init.requestId, call: call.path, status: res.status, ms: Math.round(performance.now() - started) },
        'upstream call',
      );
    return res;
  } catch (e) {
    const kind = (e as Error)?.name === 'TimeoutError' ? 'timeout' : 'unreachable';
    log().warn(
      { reqId: init.requestId, call: call.path, failure: kind, ms: Math.round(performance.now() - started) },
      'upstream call failed',
    );
    throw new UpstreamError(kind, call.path);
  }
}

/** The JSON of a buffered answer; undefined when it is not JSON. */
export function jsonOf(res: UpstreamAnswer): unknown {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Turns a non-2xx answer into an UpstreamError carrying the upstream's message and field errors. */
export async function failureOf(call: CallDef, res: UpstreamAnswer | Response): Promise<UpstreamError> {
  const kind = STATUS_KIND[res.status] ?? 'failed';
  const json = res instanceof Response ? await res.json().catch(() => null) : (jsonOf(res) ?? null);
  const parsed = errorBody.safeParse(json);
  const keepMessage = parsed.success && ['bad-request', 'too-large', 'forbidden', 'not-found', 'conflict', 'too-many'].includes(kind);
  const retryAfter = res instanceof Response ? res.headers.get('retry-after') : res.headers['retry-after'];
  const retryAfterS = Number(retryAfter);
  return new UpstreamError(
    kind,
    call.path,
    keepMessage ? parsed.data.error : undefined,
    parsed.success ? parsed.data.fieldErrors : undefined,
    kind === 'too-many' && retryAfter && Number.isInteger(retryAfterS) && retryAfterS > 0 ? retryAfterS * 1000 : undefined,
  );
}

/**
 * The service secret on the anonymous calls of the auth host: this server makes them for browsers, and a
 * host in production answers them to this server only (api-host/core/server.ts).
 */
function serviceHeaders(call: CallDef): Record<string, string> {
  const secret = config().APP_LOG_SECRET;
  return call.host === 'auth' && call.access === 'anonymous' && secret ? { [SERVICE_SECRET_HEADER]: secret } : {};
}

/** Calls the upstream and parses the answer with the call's contract; `requestId`: the request it serves. */
export async function callUpstream<C extends CallDef>(
  call: C,
  input: CallInput<C> = {},
  token?: string,
  requestId?: string,
): Promise<ResponseOf<C>> {
  const url = upstreamUrl(call, input.query as Record<string, unknown> | undefined);
  const hasBody = call.method !== 'GET';
  const res = await sendUpstream(call, url, {
    method: call.method,
    token,
    headers: { ...input.headers, ...serviceHeaders(call), ...(hasBody && { 'content-type': 'application/json' }) },
    body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
    requestId,
  });
  if (!res.ok) throw await failureOf(call, res);
  const parsed = call.response.safeParse(jsonOf(res));
  if (!parsed.success) {
    log().error(
      { reqId: requestId, call: call.path, issues: parsed.error.issues.slice(0, 5) },
      `The upstream's answer to ${call.path} broke the contract`,
    );
    throw new UpstreamError('contract', call.path);
  }
  return parsed.data as ResponseOf<C>;
}
