/** The errors a call throws to answer 4xx: the server (server.ts) sends their status, message and field errors. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** A 429's wait, answered as Retry-After (whole seconds). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const forbidden = (message = 'You do not have permission for this call') => new HttpError(403, message);
/** A change that lost a race or no longer applies (the record changed meanwhile); the message says what happened. */
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) => new HttpError(400, message, fieldErrors);
