/**
 * The browser's way to the API: same-origin calls to the BFF with the custom header. An answer of 401
 * means the session ended, so the page goes to /login. Import types only from lib/contract here.
 */
import type { CallDef, ResponseOf } from '../contract/define';
import { TAB_HEADER } from '../push/changes';
import { tabId } from '../push/tab';
import { BFF_HEADER, BFF_HEADER_VALUE, BFF_PREFIX, type BffErrorBody } from './protocol';

export class BffError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'BffError';
  }
}

export interface BffInput {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 throws instead of leaving for /login (the offline queue replays without taking the page away). */
  stayOnUnauthorized?: boolean;
}

export async function bff<C extends CallDef>(method: C['method'], path: string, input: BffInput = {}): Promise<ResponseOf<C>> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  let res: Response;
  try {
    res = await fetch(`${BFF_PREFIX}${path}${qs ? `?${qs}` : ''}`, {
      method,
      // The tab goes with reads too: some of the specification's writes are GETs (contact/setInactive).
      headers: { [BFF_HEADER]: BFF_HEADER_VALUE, [TAB_HEADER]: tabId(), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      body: method === 'GET' ? undefined : JSON.stringify(input.body ?? {}),
      credentials: 'same-origin',
      signal: input.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw unreachable();
  }
  return answerOf<C>(res, !input.stayOnUnauthorized);
}

const unreachable = () => new BffError(0, 'The application server cannot be reached. Check your connection and try again.');

/** A BFF answer: the JSON on success; otherwise a BffError, and on 401 the way to /login. */
async function answerOf<C extends CallDef>(res: Response, leaveOnUnauthorized = true): Promise<ResponseOf<C>> {
  if (res.ok) return (await res.json()) as ResponseOf<C>;
  const body = (await res.json().catch(() => ({ error: `Request failed (HTTP ${res.status}).` }))) as BffErrorBody;
  if (res.status === 401 && leaveOnUnauthorized) window.location.assign(body.redirect ?? '/login');
  throw new BffError(res.status, body.error, body.fieldErrors);
}

/**
 * A multipart upload through the BFF (contract calls with transport 'multipart'): each file goes in the
 * contract's field, named `{folder}/{file name}` (the host's firm folder).
 */
export async function bffUpload<C extends CallDef>(
  path: string,
  files: readonly File[],
  { field, folder, query = {}, stayOnUnauthorized = false }: { field: string; folder: string | number; query?: Record<string, string>; stayOnUnauthorized?: boolean },
): Promise<ResponseOf<C>> {
  const form = new FormData();
  for (const f of files) form.append(field, f, `${folder}/${f.name}`);
  const qs = new URLSearchParams(query).toString();
  let res: Response;
  try {
    res = await fetch(`${BFF_PREFIX}${path}${qs ? `?${qs}` : ''}`, { method: 'POST', headers: { [BFF_HEADER]: BFF_HEADER_VALUE, [TAB_HEADER]: tabId() }, body: form, credentials: 'same-origin' });
  } catch {
    throw unreachable();
  }
  return answerOf<C>(res, !stayOnUnauthorized);
}
