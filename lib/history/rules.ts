/**
 * The history's one rule (docs/history.md): what a change of a record writes, given the record as it was
 * shown before and after the change. Pure and client-safe (the host's service and the unit tests use it).
 *
 * - A record is its own fields plus named parts (a job's inspections and their systems' results, a
 *   request's lines): `{ fields, parts }`, every value as the record shows it (text; empty is '' or null,
 *   the same thing).
 * - Created (no before): one row, field CREATED, whose new value lists what the record was created with
 *   (`summary`: a "Field: value" line per field that is not empty, parts' fields after their label), so
 *   its first values are recorded too (an inspection created Complete says so). Deleted (no after): one
 *   row, field DELETED, whose old value lists what it held.
 * - Otherwise one row per field whose text changed, and per part: a new part one CREATED row (its values
 *   as above), a part gone one DELETED row, a kept part one row per changed field. Unchanged fields write
 *   nothing.
 * - A field named in `secret` never writes its values: its change is one row saying SECRET_CHANGED
 *   (a password: the record holds a hash, the history says only "password changed").
 */

export type Fields = Readonly<Record<string, string | null>>;

export interface Snapshot {
  /** The record's firm (the history's scope): a location is its own firm. */
  firm: number;
  fields: Fields;
  /** Parts by label ("Inspection 12 · Front Camera"); a part's label must stay the same while it exists. */
  parts?: Readonly<Record<string, Fields>>;
  /** Fields whose values are never written (only that they changed). */
  secret?: readonly string[];
}

export interface Change {
  part: string;
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

export const CREATED = 'Created';
export const DELETED = 'Deleted';
export const SECRET_CHANGED = 'changed';

const text = (v: string | null | undefined) => (v == null ? '' : v);

/** The non-empty fields as "Field: value" lines (secret fields left out), each prefixed by `label · ` when given. */
export function summary(fields: Fields, secret: readonly string[] = [], label = ''): string[] {
  return Object.entries(fields)
    .filter(([field, value]) => text(value) !== '' && !secret.includes(field))
    .map(([field, value]) => `${label ? `${label} · ` : ''}${field}: ${value}`);
}

const wholeSummary = (s: Snapshot) =>
  [...summary(s.fields, s.secret), ...Object.entries(s.parts ?? {}).flatMap(([label, f]) => summary(f, s.secret, label))].join('\n') ||
  null;

function fieldChanges(part: string, before: Fields, after: Fields, secret: readonly string[]): Change[] {
  const out: Change[] = [];
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const field of names) {
    const was = text(before[field]);
    const now = text(after[field]);
    if (was === now) continue;
    out.push(
      secret.includes(field)
        ? { part, field, oldValue: null, newValue: SECRET_CHANGED }
        : { part, field, oldValue: was || null, newValue: now || null },
    );
  }
  return out;
}

/** The rows a change writes (none when nothing the record shows changed). */
export function diffRecord(before: Snapshot | null, after: Snapshot | null): Change[] {
  if (!before && !after) return [];
  if (!before) return [{ part: '', field: CREATED, oldValue: null, newValue: wholeSummary(after!) }];
  if (!after) return [{ part: '', field: DELETED, oldValue: wholeSummary(before), newValue: null }];
  const secret = [...(before.secret ?? []), ...(after.secret ?? [])];
  const out = fieldChanges('', before.fields, after.fields, secret);
  const was = before.parts ?? {};
  const now = after.parts ?? {};
  for (const part of Object.keys(now)) {
    if (!(part in was)) out.push({ part, field: CREATED, oldValue: null, newValue: summary(now[part]!, secret).join('\n') || null });
    else out.push(...fieldChanges(part, was[part]!, now[part]!, secret));
  }
  for (const part of Object.keys(was))
    if (!(part in now)) out.push({ part, field: DELETED, oldValue: summary(was[part]!, secret).join('\n') || null, newValue: null });
  return out;
}
