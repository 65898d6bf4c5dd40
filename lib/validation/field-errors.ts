/** Field errors of a form: one message per field, from the client's checks or the server's 400. */
export type FieldErrors = Record<string, string>;

/** The checks that found something: {field: message} without the fields that passed (null). */
export function collect(checks: Record<string, string | null>): FieldErrors {
  return Object.fromEntries(Object.entries(checks).filter((e): e is [string, string] => e[1] !== null));
}

/** The server's 400 field errors (field → messages) as one message per field. */
export function serverFieldErrors(fieldErrors: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(fieldErrors ?? {})) if (v?.[0]) out[k] = v[0];
  return out;
}

/** The errors without one field's (the user is fixing it). */
export function withoutError(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}
