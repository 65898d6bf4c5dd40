/**
 * Calibration requests and their notes in SQLite (schema.ts). Every request is reached through its firm:
 * another firm's request answers the same 404 as an unknown one. Lists are stored as rows and answered as
 * lists (the contract also accepts them as JSON text).
 */
import type { z } from 'zod';
import type { CalibrateRequest, RequestNote } from '../../lib/contract/calibrations';
import type { contract } from '../../lib/contract';
import { cents, dollars } from '../../lib/calibrations/rules';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { userName } from '../users/service';
import type { Caller } from '../core/caller';
import { badRequest, notFound } from '../core/errors';
import { withRequestHistory } from './history';

export interface RequestHead {
  calibrate_request: number;
  firm: number;
  created_by: number;
  status_name: string;
  adas_inspection: number | null;
}

export function visibleRequest(db: Db, caller: Caller, id: number): RequestHead {
  const r = prepared(
    db,
    'SELECT calibrate_request, firm, created_by, status_name, adas_inspection FROM calibrate_request WHERE calibrate_request = ?',
  ).get(id) as RequestHead | undefined;
  if (!r || !caller.firms.has(r.firm)) throw notFound('Calibration request');
  return r;
}

/** Notes of others after the reader's last read note. */
const UNREAD_SQL = `(SELECT count(*) FROM calibrate_request_note n WHERE n.calibrate_request = r.calibrate_request AND n.user <> @user
   AND n.calibrate_request_note > coalesce((SELECT last_note FROM calibrate_request_read x WHERE x.calibrate_request = r.calibrate_request AND x.user = @user), 0))`;

export function readRequest(db: Db, id: number, reader: number): CalibrateRequest {
  const r = prepared(
    db,
    `SELECT r.*, ${userName('r.created_by')} AS created_by_name, ${UNREAD_SQL} AS unread FROM calibrate_request r WHERE r.calibrate_request = @id`,
  ).get({
    id,
    user: reader,
  }) as Record<string, string | number | null>;
  const lines = (
    prepared(db, 'SELECT * FROM calibrate_request_line WHERE calibrate_request = ? ORDER BY calibrate_request_line').all(id) as Record<
      string,
      string | number | null
    >[]
  ).map((l) => ({
    calibrateRequestLine: l.calibrate_request_line as number,
    adasChecklistMatrix: l.adas_checklist_matrix as number,
    system: l.system as string,
    calibrationType: l.calibration_type as string,
    calibrationMode: l.calibration_mode as string | null,
    price: l.price_cents == null ? null : dollars(l.price_cents as number),
    agreedPrice: l.agreed_cents == null ? null : dollars(l.agreed_cents as number),
    repairLines: JSON.parse(l.repair_lines as string) as number[],
  }));
  const notes = prepared(
    db,
    `SELECT calibrate_request_note AS calibrateRequestNote, note, ${userName('user')} AS userName, created_at AS createdAt FROM calibrate_request_note WHERE calibrate_request = ? ORDER BY calibrate_request_note`,
  ).all(id) as { calibrateRequestNote: number; note: string; userName: string | null; createdAt: string }[];
  const technicians = prepared(
    db,
    `SELECT t.user, ${userName('t.user')} AS name FROM calibrate_request_technician t WHERE t.calibrate_request = ? ORDER BY name`,
  ).all(id) as {
    user: number;
    name: string | null;
  }[];
  const files = prepared(
    db,
    'SELECT name, url FROM calibrate_request_file WHERE calibrate_request = ? ORDER BY calibrate_request_file',
  ).all(id) as { name: string; url: string }[];
  return {
    calibrateRequest: id,
    opportunity: id,
    firm: r.firm as number,
    adas: r.adas as number | null,
    adasInspection: r.adas_inspection as number | null,
    vin: (r.vin as string | null) ?? '',
    year: r.year as number,
    make: r.make as string,
    model: r.model as string,
    statusName: r.status_name as CalibrateRequest['statusName'],
    reason: r.reason as string,
    reasonSource: (r.reason_source as string | null) ?? '',
    total: dollars(r.total_cents as number),
    lines,
    notes: notes.map((n) => ({ ...n, userName: n.userName ?? '' })),
    technicians: technicians.map((t) => ({ user: t.user, name: t.name ?? '' })),
    files,
    unreadNotes: r.unread as number,
    createdBy: r.created_by as number,
    createdByName: (r.created_by_name as string | null) ?? '',
    createdAt: r.created_at as string,
    statusChangedAt: r.status_changed_at as string | null,
  };
}

type CreateBody = z.output<typeof contract.adas.createCalibrate.body>;

/** Inserts a request with its lines, technicians, files and first note; answers its id (in the caller's transaction). */
export function insertRequest(db: Db, user: number, b: CreateBody, adas: number | null): number {
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
    (prepared(db, 'SELECT last_note FROM calibrate_request_read WHERE calibrate_request = ? AND user = ?').pluck().get(request, reader) as
      number | undefined) ?? 0;
  const notes = (
    prepared(
      db,
      `SELECT n.calibrate_request_note, n.calibrate_request, n.note, n.user, ${userName('n.user')} AS user_name, n.created_at, n.updated_at
       FROM calibrate_request_note n WHERE n.calibrate_request = ? ORDER BY n.calibrate_request_note`,
    ).all(request) as Record<string, string | number | null>[]
  ).map((n) => ({
    calibrateRequestNote: n.calibrate_request_note as number,
    calibrateRequest: n.calibrate_request as number,
    note: n.note as string,
    user: n.user as number,
    userName: (n.user_name as string | null) ?? '',
    createdAt: n.created_at as string,
    updatedAt: n.updated_at as string | null,
    isNew: n.user !== reader && (n.calibrate_request_note as number) > last,
  }));
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
  const rows = prepared(
    db,
    `SELECT r.adas, count(*) AS n FROM calibrate_request r INDEXED BY calibrate_request_adas
     JOIN calibrate_request_note n ON n.calibrate_request = r.calibrate_request
     LEFT JOIN calibrate_request_read x ON x.calibrate_request = r.calibrate_request AND x.user = @reader
     WHERE r.adas IN (SELECT value FROM json_each(@jobs)) AND n.user <> @reader AND n.calibrate_request_note > coalesce(x.last_note, 0)
     GROUP BY r.adas`,
  ).all({ jobs: JSON.stringify(jobs), reader }) as { adas: number; n: number }[];
  return new Map(rows.map((r) => [r.adas, r.n]));
}

/**
 * A request follows its job (issue 31 §4): the request of an inspection that is Complete is Completed,
 * unless it was Declined or Cancelled. Called by the status roll-up (api-host/adas/status.ts) in the
 * transaction that changed the inspections; reopening the inspection leaves the request Completed.
 */
export function completeRequestsOf(db: Db, adas: number, user: number): void {
  const following = prepared(
    db,
    `SELECT calibrate_request FROM calibrate_request
     WHERE adas_inspection IN (SELECT adas_inspection FROM adas_inspection WHERE adas = ? AND status = 2) AND status_name NOT IN ('Declined', 'Cancelled', 'Completed')`,
  )
    .pluck()
    .all(adas) as number[];
  const complete = prepared(
    db,
    `UPDATE calibrate_request SET status_name = 'Completed', status_changed_at = strftime('%Y-%m-%dT%H:%M:%SZ','now'), status_changed_by = ?
     WHERE calibrate_request = ?`,
  );
  // Each request's history says so (the job's status change made it).
  for (const id of following) withRequestHistory(db, user, id, () => complete.run(user, id));
}
