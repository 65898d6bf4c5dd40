/**
 * The shape of one API call. Both sides import the same definition: the app parses every upstream
 * answer with `response`, the reference host validates `query`/`body` and answers 400 on bad input.
 * Object schemas strip unknown keys, so an upstream that adds fields keeps working.
 */
import { z } from 'zod';
import type { RoleId } from '../roles';
import { MESSAGES } from '../validation/messages';

/**
 * anonymous: anyone; signed-in: any valid token; a list: those roles; service: the app's own server,
 * authenticated by the shared secret APP_LOG_SECRET instead of a user's token (never through the BFF).
 */
export type CallAccess = 'anonymous' | 'signed-in' | 'service' | readonly RoleId[];

/** The header carrying the shared service secret (APP_LOG_SECRET) on the app server's own requests. */
export const SERVICE_SECRET_HEADER = 'x-service-secret';
/**
 * On an anonymous call the app server makes for a browser (getToken), the client's address as the app
 * determined it, or `unknown`; the host believes it only beside the service secret (api-host/core/caller.ts).
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

/** A status a call may refuse with beyond every call's (CallDef.refuses). */
export type Refusal = 403 | 409 | 413 | 429;

/** The parts of a multipart call (transport 'multipart'), as the host reads them. */
export interface UploadParts {
  /** The field every file travels in. */
  field: string;
  /** How each part's file name must read (e.g. `{firm}/{name}`), in words. */
  fileName: string;
  /** The media types taken, told by the content (never by the name or the part's Content-Type). */
  types: readonly string[];
  maxFiles: number;
  /** Largest file, in bytes. */
  maxBytes: number;
}

export interface CallDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  P extends string = string,
  M extends 'GET' | 'POST' = 'GET' | 'POST',
> {
  /** The path relative to its host's base, as the specification names it (e.g. `user/profile`); a literal type, so a caller naming another path does not compile. */
  path: P;
  method: M;
  host: 'api' | 'auth';
  query: Q;
  body: B;
  response: R;
  /** Who may make the call; the reference host and the BFF both enforce it. */
  access: CallAccess;
  /** Client components may call it through the BFF pass-through. */
  bff: boolean;
  /**
   * How the call travels: JSON both ways (the default); `multipart`: a multipart/form-data upload whose
   * answer is JSON (the body schema does not apply; the host checks the parts); `binary`: a GET answering
   * a file's bytes (the response schema does not apply), which an <img> may load through the BFF.
   */
  transport?: 'json' | 'multipart' | 'binary';
  /**
   * A GET that changes something (the specification makes some writes GETs: contact/setInactive, the
   * delete… and remove… calls, report/sendCalibration, adas/requestNotes marking notes read, …). Tools that
   * must change nothing never make it (`npm run check-upstream`); docs/openapi.json says so (x-writes).
   */
  writes?: boolean;
  /**
   * The refusals the call answers beyond every call's (400 bad input, 401 no valid token, 404 an unknown or
   * unreachable record, 403 a role the access list leaves out, 413/415 a POST body too large or of another
   * type): 403 a rule beyond the caller's role (whose record it is, which locations, which plan), 409 a
   * change that no longer applies (the record changed or is closed), 413 a file or quota too large, 429 too
   * many attempts or uploads. docs/openapi.json lists them; the property-based API test fails on any other.
   */
  refuses?: readonly Refusal[];
  /** A `binary` call: the media types its file answer may have (docs/openapi.json's content types). */
  produces?: readonly string[];
  /** A `multipart` call: the parts it takes. */
  upload?: UploadParts;
  /**
   * The users whose sessions a successful call ends (password change, deactivation, deletion), from its
   * validated body and parsed answer; the app records them (lib/auth/revocation.ts).
   */
  endsSessionsOf?(body: z.output<B>, answer: z.output<R>): readonly number[];
}

/**
 * A call that changes nothing: a GET not marked `writes`. Every POST counts as a write (the contract does not
 * mark the POSTs that only read), so a tool or a retry that must not change anything keeps to these.
 */
export const changesNothing = (call: Pick<CallDef, 'method' | 'writes'>): boolean => call.method === 'GET' && !call.writes;

const none = z.object({}).strip();

export function defineCall<
  const P extends string,
  const M extends 'GET' | 'POST',
  Q extends z.ZodType = typeof none,
  B extends z.ZodType = typeof none,
  R extends z.ZodType = z.ZodType,
>(
  def: Partial<
    Pick<
      CallDef<Q, B, R, P, M>,
      'query' | 'body' | 'host' | 'bff' | 'endsSessionsOf' | 'transport' | 'writes' | 'refuses' | 'produces' | 'upload'
    >
  > &
    Pick<CallDef<Q, B, R, P, M>, 'path' | 'method' | 'response' | 'access'>,
): CallDef<Q, B, R, P, M> {
  return {
    host: 'api',
    bff: false,
    query: none as unknown as Q,
    body: none as unknown as B,
    ...def,
  };
}

export type BodyOf<C extends CallDef> = z.input<C['body']>;
export type QueryOf<C extends CallDef> = z.input<C['query']>;
export type ResponseOf<C extends CallDef> = z.output<C['response']>;

/**
 * Control characters (C0 and DEL) are never part of a query's text: a NUL is dropped (SQLite's FTS5 reads it
 * as the end of the query), any other (a pasted tab or line break) reads as a space.
 */
export const stripControls = (v: string) => v.replace(/\u0000/g, '').replace(/[\u0001-\u001f\u007f]/g, ' ');

/** Query-string helpers: every query value arrives as text. */
export const q = {
  id: () => z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number'),
  text: (max = 200) => z.string().overwrite(stripControls).trim().max(max, `At most ${max} characters`),
  flag: () => z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1'),
};

/**
 * Body text fields with the specification's messages: a missing or blank value is "This field is required".
 * Once trimmed, "not empty" is "holds a character that is not white space": the pattern docs/openapi.json shows.
 */
export const requiredText = (max = 200) =>
  z.string({ error: MESSAGES.required }).trim().regex(/\S/, MESSAGES.required).max(max, `At most ${max} characters`);
export const optionalText = (max = 200) => z.string().trim().max(max, `At most ${max} characters`).default('');

/** The reference host's error body: a message and, for 400, the fields at fault. */
export const errorBody = z.object({
  error: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Save calls answer the saved record's id (the specification does not show the shape). */
export const savedId = z.object({ id: z.number().int() });
export const ok = z.object({ success: z.literal(true) });
