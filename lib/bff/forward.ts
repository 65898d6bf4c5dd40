/**
 * The BFF pass-through: forwards allow-listed contract calls from client components to the API host with
 * the session's bearer. Refuses anything else before it reaches the upstream.
 */
import 'server-only';
import { Readable, Transform } from 'node:stream';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { UpstreamError, failureMessage } from '../api/errors';
import { failureOf, jsonOf, sendUpstream, upstreamUrl } from '../api/upstream';
import { sameData } from '../api/same-data';
import { COOKIE_OPTIONS, SESSION_COOKIE } from '../auth/cookies';
import { applySessionEffects, endSession } from '../auth/revocation';
import { sessionOf } from '../auth/session';
import { BFF_CALLS, bffKey } from '../contract';
import type { CallDef } from '../contract/define';
import { FILE_MAX_BYTES, FILES_MAX_COUNT } from '../files';
import { BFF_BODY_LIMIT, BFF_HEADER, BFF_HEADER_VALUE, BFF_PREFIX, type BffErrorBody } from './protocol';
import { apiAnswerHeaders, optionsAnswer, withOwnHeaders } from '../security-headers';
import { config } from '../config';
import { TAB_HEADER, isTabId } from '../push/changes';

/**
 * The headers of every BFF answer, built once: not cacheable, JSON, and the security headers proxy.ts
 * gives other responses (the proxy's matcher leaves /api/bff/ out, so the hot path does not pay for a
 * middleware pass).
 */
let builtHeaders: Readonly<Record<string, string>> | undefined;
function bffHeaders(): Readonly<Record<string, string>> {
  return (builtHeaders ??= Object.freeze({ 'Cache-Control': 'private, no-store', ...apiAnswerHeaders(config().APP_ENV) }));
}

/**
 * A JSON answer: a plain Response (Next sends it as it is; NextResponse adds a cookie jar and URL parsing
 * this path never uses). `body`: bytes already JSON (the upstream's own), or a value to serialise.
 */
function answer(status: number, body: BffErrorBody | unknown, bytes?: Uint8Array<ArrayBuffer>): Response {
  return new Response(bytes ?? JSON.stringify(body), { status, headers: { ...bffHeaders(), 'Content-Type': 'application/json' } });
}

/** The answer that ends the session: the cookie is cleared (NextResponse's cookie jar writes Set-Cookie). */
function sessionOver(body: BffErrorBody): NextResponse {
  const res = NextResponse.json(body, { status: 401, headers: bffHeaders() });
  res.cookies.set(SESSION_COOKIE, '', { ...COOKIE_OPTIONS, maxAge: 0 });
  return res;
}

const fail = (status: number, error: string, extra?: Omit<BffErrorBody, 'error'>) => answer(status, { error, ...extra });

/** The contract path asked for, or null for anything that is not a plain path (traversal, encoding, backslashes). */
export function requestedPath(rawUrl: string): string | null {
  // The raw request target, before any decoding: an encoded dot or slash is refused, not interpreted.
  const [pathname = ''] = rawUrl.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/);
  if (!pathname.startsWith(BFF_PREFIX)) return null;
  const path = pathname.slice(BFF_PREFIX.length);
  if (!path || /^\/|%|\\|(^|\/)\.\.?(\/|$)|\/\//.test(path)) return null;
  return path;
}

/** True for a request another site caused (Sec-Fetch-Site, or an Origin that is not this host). Also used by the push route. */
export function isCrossSite(req: NextRequest): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin') return true;
  const origin = req.headers.get('origin');
  if (!origin) return false;
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * Past the limit the rest of a body is still read and dropped, up to this much, so the client (which is
 * still sending) gets the 413 answer rather than a reset connection; beyond it the connection is cut.
 */
const DRAIN_LIMIT = 8 * BFF_BODY_LIMIT;

async function readBody(req: NextRequest): Promise<string | 'too-large'> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = declared > BFF_BODY_LIMIT;
  if (tooLarge && declared > DRAIN_LIMIT) {
    await reader.cancel();
    return 'too-large';
  }
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BFF_BODY_LIMIT) tooLarge = true;
    if (size > DRAIN_LIMIT) {
      await reader.cancel();
      break;
    }
    if (!tooLarge) chunks.push(value);
  }
  return tooLarge ? 'too-large' : Buffer.concat(chunks).toString('utf8');
}

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of error.issues) (out[i.path.join('.') || '_'] ??= []).push(i.message);
  return out;
}

/**
 * The call's query and body as its contract parsed them (unknown fields stripped, text trimmed and cleaned,
 * defaults filled in), or the 400 answer. These parsed values are what goes upstream, never the request's
 * own text: the contract is the filter whatever the upstream is.
 */
export function validate(
  call: CallDef,
  query: URLSearchParams,
  text: string,
): { query: Record<string, unknown>; body: unknown } | Response {
  const q = call.query.safeParse(Object.fromEntries(query));
  if (!q.success) return fail(400, 'Please correct the highlighted fields.', { fieldErrors: fieldErrors(q.error) });
  const parsedQuery = q.data as Record<string, unknown>;
  if (call.method === 'GET') return { query: parsedQuery, body: undefined };
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    return fail(400, 'The request body is not valid JSON.');
  }
  const b = call.body.safeParse(json);
  return b.success
    ? { query: parsedQuery, body: b.data }
    : fail(400, 'Please correct the highlighted fields.', { fieldErrors: fieldErrors(b.error) });
}

/** Uploads stream through (never held in memory here) up to this size; the host checks each file. */
const UPLOAD_LIMIT = FILES_MAX_COUNT * FILE_MAX_BYTES + 1024 * 1024;

/** The request body as a stream that fails once more than `limit` bytes have passed; `over()` tells. */
function limited(body: ReadableStream<Uint8Array>, limit: number) {
  let seen = 0;
  let tooLarge = false;
  const stream = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>).pipe(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        if (seen > limit) {
          tooLarge = true;
          done(new Error('too large'));
        } else done(null, chunk);
      },
    }),
  );
  return { stream, over: () => tooLarge };
}

/** A file answer of the upstream, passed on with headers that keep it from running as a page. */
export function fileAnswer(res: Response): Response {
  const headers: Record<string, string> = {
    ...bffHeaders(),
    'Content-Type': res.headers.get('content-type') ?? 'application/octet-stream',
    'Cache-Control': res.headers.get('cache-control') ?? 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  const disposition = res.headers.get('content-disposition');
  if (disposition) headers['Content-Disposition'] = disposition;
  return new Response(res.body, { status: 200, headers });
}

/** The BFF's handler. The proxy skips the BFF: the request's id is decided and answered by withOwnHeaders. */
export const forward = withOwnHeaders(forwardCall);

/** The BFF's OPTIONS answer: the methods its calls take (the contract's). */
export const bffOptions = optionsAnswer('GET, POST, OPTIONS');

async function forwardCall(req: NextRequest, requestId: string): Promise<Response> {
  if (isCrossSite(req)) return fail(403, 'Cross-site requests are not allowed.');
  const path = requestedPath(req.url);
  const call = path ? BFF_CALLS.get(bffKey(req.method, path)) : undefined;
  // An <img> cannot send the custom header: a file GET relies on SameSite cookies and Sec-Fetch-Site.
  const isFile = call?.transport === 'binary' && req.method === 'GET';
  if (!isFile && req.headers.get(BFF_HEADER) !== BFF_HEADER_VALUE) return fail(403, 'This endpoint only answers the application itself.');
  if (!call) return fail(404, 'Unknown call.');

  // The request's own cookie, through the same reading pages use (lib/auth/session.ts).
  const session = await sessionOf(req.cookies.get(SESSION_COOKIE)?.value);
  if (!session) return sessionOver({ error: failureMessage('unauthorized', call.path), redirect: '/login' });
  if (Array.isArray(call.access) && (session.role == null || !call.access.includes(session.role)))
    return fail(403, failureMessage('forbidden', call.path));

  const query = req.nextUrl.searchParams;
  const upload = call.transport === 'multipart';
  let text = '';
  if (upload) {
    if (!/^multipart\/form-data;/i.test(req.headers.get('content-type') ?? '')) return fail(415, 'Send the files as multipart/form-data.');
    if (Number(req.headers.get('content-length') ?? 0) > UPLOAD_LIMIT)
      return fail(413, `The upload is larger than ${UPLOAD_LIMIT / 1024 / 1024} MB.`);
  } else if (call.method !== 'GET') {
    const read = await readBody(req);
    if (read === 'too-large') return fail(413, `The request is larger than ${BFF_BODY_LIMIT / 1024} kB.`);
    text = read;
  }
  const valid = validate(call, query, upload ? '' : text);
  if (valid instanceof Response) return valid;

  const body = upload && req.body ? limited(req.body, UPLOAD_LIMIT) : null;
  // The tab a call comes from, for the change notices of its writes (lib/push/changes.ts; some of the
  // specification's writes are GETs); a malformed value is dropped.
  const tab = req.headers.get(TAB_HEADER);
  const origin: Record<string, string> = isTabId(tab) ? { [TAB_HEADER]: tab } : {};
  const init = {
    method: call.method,
    token: session.apiToken,
    headers: upload
      ? { 'content-type': req.headers.get('content-type')!, ...origin }
      : call.method === 'GET'
        ? origin
        : { 'content-type': 'application/json', ...origin },
    body: body ? body.stream : call.method === 'GET' ? undefined : JSON.stringify(valid.body),
    requestId,
  };
  const url = upstreamUrl(call, valid.query);
  try {
    if (isFile) {
      const res = await sendUpstream(call, url, { ...init, streamResponse: true });
      if (!res.ok) throw await failureOf(call, res);
      return fileAnswer(res);
    }
    const res = await sendUpstream(call, url, init);
    if (!res.ok) throw await failureOf(call, res);
    const json = jsonOf(res);
    const parsed = call.response.safeParse(json);
    if (!parsed.success) throw new UpstreamError('contract', call.path);
    if (call.endsSessionsOf) await applySessionEffects(call, valid.body, parsed.data, session);
    // The upstream's own bytes when the contract's parse changed nothing (lib/api/same-data.ts says why
    // that is sound); otherwise the parsed value, without the fields the contract strips.
    return sameData(json, parsed.data) ? answer(200, undefined, res.body as Uint8Array<ArrayBuffer>) : answer(200, parsed.data);
  } catch (e) {
    if (body?.over()) return fail(413, `The upload is larger than ${UPLOAD_LIMIT / 1024 / 1024} MB.`);
    if (!(e instanceof UpstreamError)) throw e;
    if (e.kind === 'unauthorized') {
      await endSession(session.sid, session.profile.exp * 1000);
      return sessionOver({ error: e.message, redirect: '/login' });
    }
    return fail(e.status, e.message, e.fieldErrors ? { fieldErrors: e.fieldErrors } : undefined);
  }
}
