/**
 * Calibration requests and their notes in SQLite (schema.ts). Every request is reached through its firm (or
 * a dispatch of it to one of the caller's locations, api-host/dispatch/access.ts): another firm's request
 * answers the same 404 as an unknown one. Lists are stored as rows and answered as
 * lists (the contract also accepts them as JSON text).
 */
import type { z } from 'zod';
import {
  type CalibrateRequest,
  type RequestBilling as CalibrateRequestBilling,
  type RequestNote,
  requestLine,
} from '../../lib/contract/calibrations';
import { type QuotedLine, type RequestBilling, requestBilling } from '../dashboard/service';
import { parseJsonColumn } from '../../lib/json-column';
import type { contract } from '../../lib/contract';
import { KEPT_ON_COMPLETION, cents, dollars } from '../../lib/calibrations/rules';
import type { Db } from '../core/db';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { userName } from '../users/service';
import type { Caller } from '../core/caller';
import { badRequest, notFound } from '../core/errors';
import { withRequestHistory } from './history';
import { reachRequest, type Need } from '../dispatch/service';
import { calibrationPrice } from '../configuration/service';

export interface RequestHead {
  calibrate_request: number;
  firm: number;
  created_by: number;
  status_name: string;
  adas_inspection: number | null;
}

/** A request the caller reaches as far as the call needs (its own locations, or a dispatch: api-host/dispatch/access.ts). */
export function visibleRequest(db: Db, caller: Caller, id: number, need: Need): RequestHead {
  const r = prepared<RequestHead>(
    db,
    'SELECT calibrate_request, firm, created_by, status_name, adas_inspection FROM calibrate_request WHERE calibrate_request = ?',
  ).get(id);
  if (!r) throw notFound('Calibration request');
  reachRequest(db, caller, r.firm, r.calibrate_request, need);
  return r;
}

/** Notes of others after the reader's last read note. */
const UNREAD_SQL = `(SELECT count(*) FROM calibrate_request_note n WHERE n.calibrate_request = r.calibrate_request AND n.user <> @user
   AND n.calibrate_request_note > coalesce((SELECT last_note FROM calibrate_request_read x WHERE x.calibrate_request = r.calibrate_request AND x.user = @user), 0))`;

/** A request's row: its total in cents as stored. */
type RequestRow = Omit<
  CalibrateRequest,
  'calibrateRequest' | 'opportunity' | 'total' | 'quotedTotal' | 'billing' | 'lines' | 'notes' | 'technicians' | 'files'
> & {
  totalCents: number;
};
/** A request line's row: cents and the JSON list of repair lines as stored. */
type RequestLineRow = Omit<CalibrateRequest['lines'][number], 'price' | 'agreedPrice' | 'repairLines'> & {
  priceCents: number | null;
  agreedCents: number | null;
  repairLines: string;
};
const toLine = ({ priceCents, agreedCents, repairLines, ...l }: RequestLineRow): CalibrateRequest['lines'][number] => ({
  ...l,
  price: priceCents == null ? null : dollars(priceCents),
  agreedPrice: agreedCents == null ? null : dollars(agreedCents),
  repairLines: lineNumbersOf(repairLines),
});
/** The JSON list of repair line numbers as the host writes it (JSON.stringify of a number[]). */
const lineNumbersOf = (json: string): number[] =>
  parseJsonColumn(requestLine.shape.repairLines, json, 'calibrate_request_line.repair_lines');

export function readRequest(db: Db, id: number, reader: number): CalibrateRequest {
  const { totalCents, ...head } = oneRow(
    prepared<RequestRow>(
      db,
      `SELECT r.firm, r.adas, r.adas_inspection AS adasInspection, coalesce(r.vin, '') AS vin, r.year, r.make, r.model,
              r.status_name AS statusName, r.reason, coalesce(r.reason_source, '') AS reasonSource, r.total_cents AS totalCents,
              ${UNREAD_SQL} AS unreadNotes, r.created_by AS createdBy, coalesce(${userName('r.created_by')}, '') AS createdByName,
              r.created_at AS createdAt, r.status_changed_at AS statusChangedAt,
              coalesce(${userName('r.status_changed_by')}, '') AS statusChangedByName,
              r.approved_at AS approvedAt, coalesce(${userName('r.approved_by')}, '') AS approvedByName
       FROM calibrate_request r WHERE r.calibrate_request = @id`,
    ).get({ id, user: reader }),
  );
  const lines = prepared<RequestLineRow>(
    db,
    `SELECT calibrate_request_line AS calibrateRequestLine, adas_checklist_matrix AS adasChecklistMatrix, system,
            calibration_type AS calibrationType, calibration_mode AS calibrationMode, price_cents AS priceCents,
            agreed_cents AS agreedCents, repair_lines AS repairLines
     FROM calibrate_request_line WHERE calibrate_request = ? ORDER BY calibrate_request_line`,
  )
    .all(id)
    .map(toLine);
  const notes = prepared<CalibrateRequest['notes'][number]>(
    db,
    `SELECT calibrate_request_note AS calibrateRequestNote, note, coalesce(${userName('user')}, '') AS userName, created_at AS createdAt
     FROM calibrate_request_note WHERE calibrate_request = ? ORDER BY calibrate_request_note`,
  ).all(id);
  const technicians = prepared<CalibrateRequest['technicians'][number]>(
    db,
    `SELECT t.user, coalesce(${userName('t.user')}, '') AS name FROM calibrate_request_technician t WHERE t.calibrate_request = ? ORDER BY name`,
  ).all(id);
  const files = prepared<CalibrateRequest['files'][number]>(
    db,
    'SELECT name, url FROM calibrate_request_file WHERE calibrate_request = ? ORDER BY calibrate_request_file',
  ).all(id);
  const billing =
    head.adasInspection == null
      ? null
      : billingWire(
          requestBilling(
            db,
            head.adasInspection,
            head.firm,
            lines.map((l) => ({ ...l, cents: l.price == null ? null : cents(l.price) })),
            head.statusName,
          ),
        );
  return {
    calibrateRequest: id,
    opportunity: id,
    ...head,
    // The request's total follows the one billing rule; the quote's sum stays beside it.
    total: billing ? billing.total : dollars(totalCents),
    quotedTotal: dollars(totalCents),
    billing,
    lines,
    notes,
    technicians,
    files,
  };
}

/** What a request bills, on the wire (dollars). */
export function billingWire(b: RequestBilling): CalibrateRequestBilling {
  const line = ({ cents: c, ...l }: QuotedLine) => ({ ...l, price: c == null ? null : dollars(c) });
  return {
    basis: b.basis,
    lines: b.lines.map(line),
    leftOut: b.leftOut.map(({ why, ...l }) => ({ ...line(l), why })),
    total: dollars(b.totalCents),
  };
}

type CreateBody = z.output<typeof contract.adas.createCalibrate.body>;

/** Inserts a request with its lines, technicians, files and first note; answers its id (in the caller's transaction). */
export function insertRequest(db: Db, user: number, b: Omit<CreateBody, 'dispatch'>, adas: number | null): number {
  if (b.adasInspection != null && prepared(db, 'SELECT 1 FROM calibrate_request WHERE adas_inspection = ?').get(b.adasInspection))
    throw badRequest('This inspection already has a calibration request: open it instead.', {
      adasInspection: ['Already has a calibration request'],
    });
  const technicianProblem = b.technicians.find(
    (t) =>
      !prepared(
        db,
        'SELECT 1 FROM user_firm uf JOIN user u ON u.user = uf.user WHERE uf.user = ? AND uf.firm = ? AND u.is_inactive = 0',
      ).get(t, b.firm),
  );
  if (technicianProblem != null)
    throw badRequest('Invalid body', { technicians: ["Each technician must be a user of the request's location"] });
  const total = b.lines.reduce((sum, l) => sum + (l.price == null ? 0 : cents(l.price)), 0);
  const id = Number(
    prepared(
      db,
      `INSERT INTO calibrate_request (firm, adas, adas_inspection, vin, year, make, model, reason, reason_source, notes, total_cents, created_by, status_changed_at, status_changed_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ','now'), ?)`,
    ).run(
      b.firm,
      adas,
      b.adasInspection,
      b.vin || null,
      b.year,
      b.make,
      b.model,
      b.reason,
      b.reasonSource || null,
      b.notes,
      total,
      user,
      user,
    ).lastInsertRowid,
  );
  const line = prepared(
    db,
    'INSERT INTO calibrate_request_line (calibrate_request, adas_checklist_matrix, system, calibration_type, calibration_mode, price_cents, agreed_cents, repair_lines) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const l of b.lines)
    line.run(
      id,
      l.adasChecklistMatrix,
      l.system,
      l.calibrationType,
      l.calibrationMode,
      l.price == null ? null : cents(l.price),
      l.agreedPrice == null ? null : cents(l.agreedPrice),
      JSON.stringify(l.repairLines),
    );
  for (const t of new Set(b.technicians))
    prepared(db, 'INSERT INTO calibrate_request_technician (calibrate_request, user) VALUES (?, ?)').run(id, t);
  for (const f of b.files)
    prepared(db, 'INSERT INTO calibrate_request_file (calibrate_request, name, url) VALUES (?, ?, ?)').run(id, f.name, f.url);
  if (b.notes) prepared(db, 'INSERT INTO calibrate_request_note (calibrate_request, user, note) VALUES (?, ?, ?)').run(id, user, b.notes);
  return id;
}

/** The notes oldest first, marked read for the reader (isNew: not read before). */
export function readNotes(db: Db, request: number, reader: number): RequestNote[] {
  const last =
    preparedValue<number>(db, 'SELECT last_note FROM calibrate_request_read WHERE calibrate_request = ? AND user = ?').get(
      request,
      reader,
    ) ?? 0;
  const notes = prepared<Omit<RequestNote, 'isNew'>>(
    db,
    `SELECT n.calibrate_request_note AS calibrateRequestNote, n.calibrate_request AS calibrateRequest, n.note, n.user,
            coalesce(${userName('n.user')}, '') AS userName, n.created_at AS createdAt, n.updated_at AS updatedAt
       FROM calibrate_request_note n WHERE n.calibrate_request = ? ORDER BY n.calibrate_request_note`,
  )
    .all(request)
    .map((n) => ({ ...n, isNew: n.user !== reader && n.calibrateRequestNote > last }));
  const newest = notes.at(-1)?.calibrateRequestNote ?? 0;
  if (newest > last)
    prepared(
      db,
      'INSERT INTO calibrate_request_read (calibrate_request, user, last_note) VALUES (?, ?, ?) ON CONFLICT (calibrate_request, user) DO UPDATE SET last_note = excluded.last_note',
    ).run(request, reader, newest);
  return notes;
}

/** Per job of a list page: notes of others on its requests that the reader has not read (jobs with none are absent). */
export function unreadNotesByJob(db: Db, jobs: readonly number[], reader: number): Map<number, number> {
  const rows = prepared<{ adas: number; n: number }>(
    db,
    `SELECT r.adas, count(*) AS n FROM calibrate_request r INDEXED BY calibrate_request_adas
     JOIN calibrate_request_note n ON n.calibrate_request = r.calibrate_request
     LEFT JOIN calibrate_request_read x ON x.calibrate_request = r.calibrate_request AND x.user = @reader
     WHERE r.adas IN (SELECT value FROM json_each(@jobs)) AND n.user <> @reader AND n.calibrate_request_note > coalesce(x.last_note, 0)
     GROUP BY r.adas`,
  ).all({ jobs: JSON.stringify(jobs), reader });
  return new Map(rows.map((r) => [r.adas, r.n]));
}

/**
 * A request follows its job (docs/calibrations.md#states): the request of an inspection that is Complete is Completed,
 * unless it was Declined or Cancelled. Called by the status roll-up (api-host/adas/status.ts) in the
 * transaction that changed the inspections; reopening the inspection leaves the request Completed.
 */
export function completeRequestsOf(db: Db, adas: number, user: number): void {
  const following = prepared(
    db,
    `SELECT calibrate_request FROM calibrate_request
     WHERE adas_inspection IN (SELECT adas_inspection FROM adas_inspection WHERE adas = ? AND status = 2)
       AND status_name NOT IN (SELECT value FROM json_each(?))`,
  )
    .pluck()
    .all(adas, JSON.stringify(KEPT_ON_COMPLETION)) as number[];
  const complete = prepared(
    db,
    `UPDATE calibrate_request SET status_name = 'Completed', status_changed_at = strftime('%Y-%m-%dT%H:%M:%SZ','now'), status_changed_by = ?
     WHERE calibrate_request = ?`,
  );
  // Each request's history says so (the job's status change made it).
  for (const id of following) withRequestHistory(db, user, id, () => complete.run(user, id));
}

/** A line's price as the request shows it changing: its system, and the old and new price in dollars (null: unpriced). */
export interface RepricedLine {
  system: string;
  from: number | null;
  to: number | null;
}

/**
 * Prices request `id`'s lines at `firm`'s prices (its own, else its network's: configuration calibrationPrice)
 * — a dispatch's provider, or the shop again when the work comes back in house — and its total with them,
 * recording the change in the request's history (in the caller's transaction). Answers the lines whose price
 * changed. A line whose calibration type is not in the configuration keeps its price.
 */
export function repriceRequest(db: Db, user: number, id: number, firm: number): RepricedLine[] {
  const changed: RepricedLine[] = [];
  withRequestHistory(db, user, id, () => {
    const lines = prepared<{ id: number; system: string; type: string; cents: number | null }>(
      db,
      'SELECT calibrate_request_line AS id, system, calibration_type AS type, price_cents AS cents FROM calibrate_request_line WHERE calibrate_request = ? ORDER BY calibrate_request_line',
    ).all(id);
    const typeId = preparedValue<number>(
      db,
      'SELECT calibration_type FROM adas_calibration_type WHERE name = ? ORDER BY calibration_type LIMIT 1',
    );
    const update = prepared(db, 'UPDATE calibrate_request_line SET price_cents = ? WHERE calibrate_request_line = ?');
    for (const l of lines) {
      const type = typeId.get(l.type);
      if (type === undefined) continue;
      const price = calibrationPrice(db, type, firm).cents;
      if (price === l.cents) continue;
      update.run(price, l.id);
      changed.push({ system: l.system, from: l.cents == null ? null : dollars(l.cents), to: price == null ? null : dollars(price) });
    }
    prepared(
      db,
      'UPDATE calibrate_request SET total_cents = (SELECT coalesce(sum(price_cents), 0) FROM calibrate_request_line WHERE calibrate_request = ?) WHERE calibrate_request = ?',
    ).run(id, id);
  });
  return changed;
}

/**
 * A request follows its dispatch (docs/dispatch.md#states): the provider's acceptance schedules it
 * ('Scheduled'); a dispatch that ends before the work was done ('unscheduled': declined, cancelled) puts a
 * Scheduled request back to Approved when a manager had approved it, else New. Recorded in its history.
 */
export function followDispatch(db: Db, user: number, id: number, step: 'Scheduled' | 'unscheduled'): void {
  withRequestHistory(db, user, id, () =>
    prepared(
      db,
      `UPDATE calibrate_request SET status_name = CASE WHEN @step = 'Scheduled' THEN 'Scheduled' WHEN approved_at IS NOT NULL THEN 'Approved' ELSE 'New' END,
         status_changed_at = strftime('%Y-%m-%dT%H:%M:%SZ','now'), status_changed_by = @user
       WHERE calibrate_request = @id AND (CASE WHEN @step = 'Scheduled' THEN status_name NOT IN ('Scheduled', 'In Progress', 'Completed', 'Declined', 'Cancelled') ELSE status_name = 'Scheduled' END)`,
    ).run({ step, user, id }),
  );
}
