/**
 * Why an upstream call failed, with the text the user sees. The `digest` survives Next's production
 * error redaction, so error.tsx can say what went wrong without ever showing a stack trace.
 */
export type UpstreamFailure =
  | 'unreachable'
  | 'timeout'
  | 'contract'
  | 'unauthorized'
  | 'forbidden'
  | 'bad-request'
  | 'too-large'
  | 'not-found'
  | 'conflict'
  | 'too-many'
  | 'failed';

/** The HTTP status the BFF answers for each failure. */
export const FAILURE_STATUS: Record<UpstreamFailure, number> = {
  unreachable: 502,
  timeout: 504,
  contract: 502,
  unauthorized: 401,
  forbidden: 403,
  'bad-request': 400,
  'too-large': 413,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
  failed: 502,
};

export function failureMessage(kind: UpstreamFailure, call: string): string {
  switch (kind) {
    case 'unreachable':
      return "The service can't be reached right now. Please try again in a moment.";
    case 'timeout':
      return `The service took too long to answer (${call}). Please try again.`;
    case 'contract':
      return `The service answered ${call} with data this application does not understand. Please report this to support.`;
    case 'unauthorized':
      return 'Your session has ended. Please sign in again.';
    case 'forbidden':
      return 'You do not have permission to do that.';
    case 'bad-request':
      return 'Please correct the highlighted fields.';
    case 'too-large':
      return 'That is larger than the service accepts.';
    case 'not-found':
      return 'That record was not found.';
    case 'conflict':
      return 'Someone else changed that record in the meantime. Reload it and try again.';
    case 'too-many':
      return 'Too many requests. Please wait a moment and try again.';
    case 'failed':
      return `The service could not complete ${call}. Please try again.`;
  }
}

const DIGEST_PREFIX = 'UPSTREAM';

export class UpstreamError extends Error {
  readonly digest: string;
  constructor(
    readonly kind: UpstreamFailure,
    readonly call: string,
    message = failureMessage(kind, call),
    readonly fieldErrors?: Record<string, string[]>,
    /** For 'too-many': how long the upstream asked to wait (its Retry-After), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
    this.digest = `${DIGEST_PREFIX}|${kind}|${call}`;
  }
  get status(): number {
    return FAILURE_STATUS[this.kind];
  }
}

/** Reads an UpstreamError's digest back on the client; null for any other error. */
export function parseDigest(digest: string | undefined): { kind: UpstreamFailure; call: string } | null {
  const [prefix, kind, call] = (digest ?? '').split('|');
  if (prefix !== DIGEST_PREFIX || !kind || !(kind in FAILURE_STATUS)) return null;
  return { kind: kind as UpstreamFailure, call: call ?? '' };
}
