/**
 * Field errors of a form: one message per field, from the client's checks or the server's 400. The one
 * mapper of a refused save (`failure`) that every form uses (components/ui/use-form.ts).
 */
export type FieldErrors = Record<string, string>;

/** The form-level text when a form's own checks find something. */
export const CORRECT_FIELDS = 'Please correct the highlighted fields.';

/** Said when a refused save gives no text of its own. */
const NOT_SAVED = 'The record could not be saved.';

/** The checks that found something: {field: message} without the fields that passed (null or undefined). */
export function collect(checks: Record<string, string | null | undefined>): FieldErrors {
  return Object.fromEntries(Object.entries(checks).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

/**
 * The server's 400 field errors (path → messages) as one message per field, the first one. A path names
 * its field by its first segment ("links.0.url" → links); the paths inside `inner`, a part of the body the
 * form shows among its own fields, by their next one ("vehicle.vin" with inner "vehicle" → vin).
 */
export function serverFieldErrors(fieldErrors: Record<string, readonly string[]> | undefined, inner?: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors ?? {})) {
    const first = messages?.[0];
    if (!first) continue;
    const rest = inner !== undefined && path.startsWith(`${inner}.`) ? path.slice(inner.length + 1) : path;
    const [field = ''] = rest.split('.');
    out[field] ??= first;
  }
  return out;
}

/** A refused call (a BffError, or anything thrown): the text to show and its field errors. */
export function failure(err: unknown, inner?: string, fallback = NOT_SAVED): { message: string; fields: FieldErrors } {
  const e = err as { message?: unknown; fieldErrors?: Record<string, string[]> } | null;
  return { message: typeof e?.message === 'string' && e.message ? e.message : fallback, fields: serverFieldErrors(e?.fieldErrors, inner) };
}

/** The errors without one field's (the user is fixing it). */
export function withoutError(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}
