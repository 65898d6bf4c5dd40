/**
 * The browser's way to the API: same-origin calls to the BFF with the custom header. An answer of 401
 * means the session ended, so the page goes to /login. Import types only from lib/contract here.
 */
import type { BodyOf, CallDef, QueryOf, ResponseOf } from '../contract/define';
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

/**
 * The path a client names: the contract's, except that a path ending in "/" (contact/contactSearch/) is
 * named without it (Next.js redirects the slash away; lib/bff/forward.ts maps it back).
 */
export type BffPath<P extends string> = P extends `${infer Bare}/` ? Bare : P;

/**
 * A call's own type, or never: `C` must be named (its default is never) and be a contract call with its
 * literal path, not the bare CallDef, which would type any path and body.
 */
type OwnCall<C extends CallDef, T> = string extends C['path'] ? never : T;

/** A call's query and body as its contract reads them (inputs: before coercion and defaults). */
export interface BffInput<C extends CallDef = CallDef> {
  query?: QueryOf<C>;
  body?: BodyOf<C>;
  signal?: AbortSignal;
  /** A 401 throws instead of leaving for /login (the offline queue replays without taking the page away). */
  stayOnUnauthorized?: boolean;
}

/**
 * One contract call through the BFF. `C` is the call's type (`typeof contract.area.call`, imported as a
 * type): its method and path must be the call's own, and the query, body and answer are the contract's.
 */
export async function bff<C extends CallDef = never>(
  method: OwnCall<C, C['method']>,
  path: OwnCall<C, BffPath<C['path']>>,
  input: BffInput<C> = {},
): Promise<ResponseOf<C>> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>))
    if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  let res: Response;
  try {
    res = await fetch(`${BFF_PREFIX}${path}${qs ? `?${qs}` : ''}`, {
      method,
      // The tab goes with reads too: some of the specification's writes are GETs (contact/setInactive).
      headers: {
        [BFF_HEADER]: BFF_HEADER_VALUE,
        [TAB_HEADER]: tabId(),
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
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
export async function bffUpload<C extends CallDef = never>(
  path: OwnCall<C, BffPath<C['path']>>,
  files: readonly File[],
  {
    field,
    folder,
    query = {},
    stayOnUnauthorized = false,
  }: { field: string; folder: string | number; query?: Record<string, string>; stayOnUnauthorized?: boolean },
): Promise<ResponseOf<C>> {
  const form = new FormData();
  for (const f of files) form.append(field, f, `${folder}/${f.name}`);
  const qs = new URLSearchParams(query).toString();
  let res: Response;
  try {
    res = await fetch(`${BFF_PREFIX}${path}${qs ? `?${qs}` : ''}`, {
      method: 'POST',
      headers: { [BFF_HEADER]: BFF_HEADER_VALUE, [TAB_HEADER]: tabId() },
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw unreachable();
  }
  return answerOf<C>(res, !stayOnUnauthorized);
}
