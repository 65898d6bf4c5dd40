/**
 * History calls (lib/contract/history.ts has the decisions): one record's changes, a page at a time or all
 * as CSV. Who may read a record's history is who may read the record: its own read call's roles (403
 * otherwise) and its firm in the caller's reach (404 like an unknown record). The record's firm is read
 * through its area's snapshot (the same reading its history is written from). Rows written while the
 * record was in a firm the caller does not reach are not shown.
 */
import Papa from 'papaparse';
import { contract } from '../../lib/contract';
import type { HistoryKind, HistoryRow } from '../../lib/contract/history';
import { HISTORY_EXPORT_MAX } from '../../lib/contract/history';
import { DELETED } from '../../lib/history/rules';
import { CSV_OPTIONS } from '../../lib/csv';
import type { CallAccess } from '../../lib/contract/define';
import { jobSnapshot } from '../adas/service';
import { requestSnapshot } from '../calibrations/service';
import { dispatchSnapshot } from '../dispatch/service';
import { CONFIGURATION_KINDS } from '../configuration/service';
import type { Caller } from '../core/caller';
import type { Db } from '../core/db';
import { forbidden, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { firmScope, prepared } from '../core/sql';
import { STORAGE_HISTORY_ROWS, locationSnapshot, partnersSnapshot } from '../locations/service';
import { userName, userSnapshot } from '../users/service';
import type { Snapshot } from './service';

const h = contract.history;

interface Kind {
  access: CallAccess;
  noun: string;
  read: (db: Db, id: number) => Snapshot | null;
  /** Rows (SQL over `h`) only the callers with this access see: what their own call would answer them. */
  restricted?: { access: CallAccess; rows: string };
  /** Other firms whose users read the record too (a dispatch's provider), and then all of its rows. */
  alsoReadBy?: (db: Db, id: number) => number[];
}

const allows = (access: CallAccess, caller: Caller) => !Array.isArray(access) || (caller.role != null && access.includes(caller.role));

/** Each kind: the record's own read access and how its firm is read. */
const KINDS: Record<HistoryKind, Kind> = {
  adas: { access: contract.adas.adas.access, noun: 'ADAS job', read: jobSnapshot },
  calibrateRequest: { access: contract.calibrations.request.access, noun: 'Calibration request', read: requestSnapshot },
  user: { access: contract.users.users.access, noun: 'User', read: userSnapshot },
  location: {
    access: contract.locations.firm.access,
    noun: 'Location',
    read: locationSnapshot,
    // Its storage (file names, sizes, types, the account) to those who may read the storage.
    restricted: { access: contract.locationsStorage.storage.access, rows: STORAGE_HISTORY_ROWS },
  },
  locationPartners: { access: contract.locationsPartners.optInPrograms.access, noun: 'Location', read: partnersSnapshot },
  dispatch: {
    access: contract.dispatch.dispatch.access,
    noun: 'Dispatch',
    read: dispatchSnapshot,
    alsoReadBy: (db, id) => prepared(db, 'SELECT provider FROM dispatch WHERE dispatch = ?').pluck().all(id) as number[],
  },
  ...CONFIGURATION_KINDS,
};

/** The record's rows the caller may read (SQL after FROM), or the refusal. */
function readable(db: Db, caller: Caller, kind: HistoryKind, id: number): { where: string; params: [string, number] } {
  const k = KINDS[kind];
  if (!allows(k.access, caller)) throw forbidden();
  const record = k.read(db, id);
  if (!record) throw notFound(k.noun);
  const own = caller.firms.has(record.firm);
  if (!own && !(k.alsoReadBy?.(db, id) ?? []).some((f) => caller.firms.has(f))) throw notFound(k.noun);
  // Ids are rowids: a record added after the newest one was deleted may take its id, and starts its own history.
  const since = `h.history > coalesce((SELECT max(d.history) FROM history d WHERE d.record_kind = h.record_kind AND d.record_id = h.record_id
    AND d.part = '' AND d.field = '${DELETED}'), 0)`;
  const hidden = k.restricted && !allows(k.restricted.access, caller) ? ` AND NOT ${k.restricted.rows}` : '';
  return {
    where: `h.record_kind = ? AND h.record_id = ? AND ${since}${hidden}${own ? firmScope(db, caller.firms, 'h') : ''}`,
    params: [kind, id],
  };
}

/** A history row under the contract's names; whoever is no longer a user is named by their id. */
const SELECT = `SELECT h.history, h.part, h.field, h.old_value AS oldValue, h.new_value AS newValue, h.changed_by AS "by",
  coalesce(${userName('h.changed_by')}, CASE WHEN h.changed_by IS NULL THEN '' ELSE 'User ' || h.changed_by END) AS byName,
  h.changed_at AS "at", h.tab, h.request_id AS requestId FROM history h`;

export const historyCalls = [
  implement(h.history, ({ query, caller, ctx }) => {
    const { where, params } = readable(ctx.db, caller, query.kind, query.id);
    const count = prepared(ctx.db, `SELECT count(*) FROM history h WHERE ${where}`)
      .pluck()
      .get(...params) as number;
    const items = prepared<HistoryRow>(ctx.db, `${SELECT} WHERE ${where} ORDER BY h.history DESC LIMIT ? OFFSET ?`).all(
      ...params,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    const timezone = prepared(ctx.db, 'SELECT c.timezone FROM user u JOIN contact c ON c.contact = u.contact WHERE u.user = ?')
      .pluck()
      .get(caller.user) as number | null;
    return { count, items, timezone: timezone ?? null };
  }),

  implement(h.historyExport, ({ query, caller, ctx }) => {
    const { where, params } = readable(ctx.db, caller, query.kind, query.id);
    const rows = prepared<HistoryRow>(ctx.db, `${SELECT} WHERE ${where} ORDER BY h.history DESC LIMIT ?`).all(
      ...params,
      HISTORY_EXPORT_MAX,
    );
    const csv = Papa.unparse(
      {
        fields: ['When (UTC)', 'Who', 'Part', 'Field', 'Old value', 'New value', 'Tab', 'Request id'],
        data: rows.map((r) => [r.at, r.byName, r.part, r.field, r.oldValue ?? '', r.newValue ?? '', r.tab ?? '', r.requestId ?? '']),
      },
      CSV_OPTIONS,
    );
    return { fileName: `history-${query.kind}-${query.id}-${new Date().toISOString().slice(0, 10)}.csv`, csv, rows: rows.length };
  }),
];
