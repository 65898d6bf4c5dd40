/**
 * The one upstream client: bearer header, time-out, contract parsing and error mapping for every call
 * to the API host and the auth host. Pages reach it through lib/api/server.ts, the BFF through forward().
 */
import { errorBody, type CallDef, type ResponseOf } from '../contract/define';
import { config } from '../config';
import { UpstreamError, type UpstreamFailure } from './errors';

export interface CallInput {
  query?: Record<string, unknown>;
  body?: unknown;
}

export function upstreamUrl(call: CallDef, query?: Record<string, unknown> | URLSearchParams): URL {
  const { API_URL, AUTH_URL } = config();
  const base = call.host === 'auth' ? AUTH_URL : API_URL;
  const url = new URL(call.path, base.endsWith('/') ? base : `${base}/`);
  if (query instanceof URLSearchParams) url.search = query.toString();
  else if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null) continue;
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item));
    }
  }
  return url;
}

const STATUS_KIND: Record<number, UpstreamFailure> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  413: 'bad-request',
  429: 'too-many',
};

/** Sends a request upstream with the time-out; maps network failures to UpstreamError. */
export async function sendUpstream(call: CallDef, url: URL, init: RequestInit & { token?: string }): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  try {
    return await fetch(url, { ...init, headers, signal: AbortSignal.timeout(config().UPSTREAM_TIMEOUT_MS), cache: 'no-store' });
  } catch (e) {
    const name = (e as Error)?.name;
    throw new UpstreamError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable', call.path);
  }
}

/** Turns a non-2xx answer into an UpstreamError carrying the upstream's message and field errors. */
export async function failureOf(call: CallDef, res: Response): Promise<UpstreamError> {
  const kind = STATUS_KIND[res.status] ?? 'failed';
  const parsed = errorBody.safeParse(await res.json().catch(() => null));
  const keepMessage = parsed.success && (kind === 'bad-request' || kind === 'forbidden' || kind === 'not-found');
  return new UpstreamError(kind, call.path, keepMessage ? parsed.data.error : undefined, parsed.success ? parsed.data.fieldErrors : undefined);
}

/** Calls the upstream and parses the answer with the call's contract. */
export async function callUpstream<C extends CallDef>(call: C, input: CallInput = {}, token?: string): Promise<ResponseOf<C>> {
  const url = upstreamUrl(call, input.query);
  const hasBody = call.method !== 'GET';
  const res = await sendUpstream(call, url, {
    method: call.method,
    token,
    headers: hasBody ? { 'content-type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
  });
  if (!res.ok) throw await failureOf(call, res);
  const json = await res.json().catch(() => undefined);
  const parsed = call.response.safeParse(json);
  if (!parsed.success) {
    console.error(`[upstream] ${call.path} broke the contract:`, parsed.error.issues.slice(0, 5));
    throw new UpstreamError('contract', call.path);
  }
  return parsed.data as ResponseOf<C>;
}
