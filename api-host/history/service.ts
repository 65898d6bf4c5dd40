/**
 * What other areas use of the history (docs/history.md): `recordChange`, called INSIDE the transaction that
 * changes the record, with the record as it showed before and after (lib/history/rules.ts decides which
 * rows that makes). A save that fails rolls its rows back with it; nothing else writes the table.
 * The tab and the request id are the call's own (the BFF passes the page's tab header on; the request id is
 * the app's X-Request-Id, api-host/core/server.ts), read here so no save path has to carry them.
 */
import { diffRecord, type Snapshot } from '../../lib/history/rules';
import type { HistoryKind } from '../../lib/contract/history';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { nowIso } from '../core/time';
import { requestContext } from '../log/service';
import { currentTab } from '../push/service';

export type { Fields, Snapshot } from '../../lib/history/rules';
export type { HistoryKind } from '../../lib/contract/history';

export interface ChangedRecord {
  kind: HistoryKind;
  id: number;
  /** Who changed it (the caller; the seed names its demo user). */
  by: number | null;
  /** When, UTC (the seed's past changes name their own time). */
  at?: string;
}

/** Writes the rows of one record's change (none when nothing shown changed); answers how many. */
export function recordChange(db: Db, record: ChangedRecord, before: Snapshot | null, after: Snapshot | null): number {
  const changes = diffRecord(before, after);
  if (!changes.length) return 0;
  const firm = (after ?? before)!.firm;
  const insert = prepared(
    db,
    `INSERT INTO history (firm, record_kind, record_id, part, field, old_value, new_value, changed_by, changed_at, tab, request_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const at = record.at ?? nowIso();
  const tab = currentTab() ?? null;
  const requestId = requestContext.getStore()?.reqId ?? null;
  for (const c of changes) insert.run(firm, record.kind, record.id, c.part, c.field, c.oldValue, c.newValue, record.by, at, tab, requestId);
  return changes.length;
}

/**
 * `recordChange` around a write (inside the caller's transaction): reads the record with `read` before and
 * after `write`. `id` null: the write creates the record, `created` names it from the write's answer. An
 * unknown record (a write that refuses it throws first) records nothing.
 */
export function withHistory<T>(
  db: Db,
  record: Omit<ChangedRecord, 'id'>,
  id: number | null | undefined,
  read: (db: Db, id: number) => Snapshot | null,
  write: () => T,
  created?: (result: T) => number,
): T {
  const before = id == null ? null : read(db, id);
  const result = write();
  const which = id ?? created?.(result);
  if (which != null) recordChange(db, { ...record, id: which }, before, read(db, which));
  return result;
}

/** Text of a value as a record shows it: numbers and booleans as words, empty as null. */
export function shown(value: string | number | boolean | null | undefined): string | null {
  if (value == null || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
