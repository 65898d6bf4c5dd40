/**
 * Reading dispatches: the queue of either side (paged, sorted, filtered and searched in SQL over the side's
 * (firm, …) indexes), one dispatch with its lines as the caller's side sees it, and an inspection's.
 */
import type { z } from 'zod';
import type { DispatchDetail, DispatchRow, dispatches } from '../../lib/contract/dispatch';
import { dollars } from '../../lib/calibrations/rules';
import { isStanding, providerAccess, type DispatchSide, type DispatchSort, type DispatchStatus } from '../../lib/dispatch/rules';
import type { Caller } from '../core/caller';
import type { Db } from '../core/db';
import { notFound } from '../core/errors';
import { firmScope, oneRow, prepared, preparedValue } from '../core/sql';
import { userName } from '../users/service';
import { billedOf } from '../dashboard/service';
import { RESULTS, nameOf } from '../../lib/adas/rules';
import { offeringOf, providerTechnicians, sideOf, visibleDispatch } from './relation';

/** A row's columns as stored: the total in cents. */
type Row = Omit<DispatchRow, 'total' | 'side' | 'systems'> & { totalCents: number; systems: string };
const ROW_SELECT = `SELECT d.dispatch, d.status, d.mode, d.calibrate_request AS calibrateRequest, d.adas_inspection AS adasInspection,
    d.firm, sf.name AS shopName, d.provider, pf.name AS providerName, r.year, r.make, r.model, coalesce(r.vin, '') AS vin,
    coalesce(j.ronumber, '') AS ronumber,
    (SELECT json_group_array(system) FROM (SELECT system FROM calibrate_request_line WHERE calibrate_request = d.calibrate_request ORDER BY calibrate_request_line)) AS systems,
    d.requested_date AS requestedDate, d.proposed_date AS proposedDate, d.scheduled_date AS scheduledDate, d.window_start AS windowStart,
    d.window_end AS windowEnd, d.technician, coalesce(${userName('d.technician')}, '') AS technicianName, d.reason, r.total_cents AS totalCents,
    d.status_changed_at AS statusChangedAt
  FROM dispatch d JOIN calibrate_request r ON r.calibrate_request = d.calibrate_request JOIN firm sf ON sf.firm = d.firm
  JOIN firm pf ON pf.firm = d.provider LEFT JOIN adas j ON j.adas = d.adas`;

// The systems as a list (json_group_array answers JSON text): the answer is what docs/openapi.json promises.
const toRow = ({ totalCents, systems, ...r }: Row, side: DispatchSide): DispatchRow => ({
  ...r,
  systems: JSON.parse(systems) as string[],
  total: dollars(totalCents),
  side,
});

/** Statuses in the order work goes, for sorting by status. */
const STATUS_ORDER = `CASE d.status WHEN 'Requested' THEN 1 WHEN 'Proposed' THEN 2 WHEN 'Accepted' THEN 3 WHEN 'Completed' THEN 4
  WHEN 'Closed' THEN 5 WHEN 'Declined' THEN 6 ELSE 7 END`;
const ORDER: Record<DispatchSort, string[]> = {
  dispatch: ['d.dispatch'],
  requested: ['d.requested_date', 'd.dispatch'],
  scheduled: ['d.scheduled_date', 'd.dispatch'],
  status: [STATUS_ORDER, 'd.dispatch'],
  shop: ['sf.name COLLATE NOCASE', 'd.dispatch'],
  provider: ['pf.name COLLATE NOCASE', 'd.dispatch'],
  vehicle: ['r.make COLLATE NOCASE', 'r.model COLLATE NOCASE', 'r.year', 'd.dispatch'],
};

type ListQuery = z.output<typeof dispatches.query>;

/** One page of the caller's queue: work sent to its locations (received) or by them (sent). */
export function listDispatches(db: Db, caller: Caller, q: ListQuery): { count: number; items: DispatchRow[] } {
  // The caller's firms on the view's side: the provider (received) or the shop (sent).
  const scope = firmScope(db, caller.firms, 'd');
  const where = [`1${q.view === 'received' ? scope.replace('d.firm', 'd.provider') : scope}`];
  const params: (string | number)[] = [];
  if (q.status === 'open') where.push(`d.status IN ('Requested', 'Proposed', 'Accepted', 'Completed')`);
  else if (q.status !== 'all') {
    where.push('d.status = ?');
    params.push(q.status);
  }
  const term = q.searchTerm.trim().toLowerCase();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(
      `(lower(coalesce(r.vin, '')) LIKE ? ESCAPE '\\' OR lower(coalesce(j.ronumber, '')) LIKE ? ESCAPE '\\' OR lower(sf.name) LIKE ? ESCAPE '\\'
        OR lower(pf.name) LIKE ? ESCAPE '\\' OR lower(r.year || ' ' || r.make || ' ' || r.model) LIKE ? ESCAPE '\\')`,
    );
    params.push(like, like, like, like, like);
  }
  const filter = where.join(' AND ');
  const count = oneRow(
    preparedValue<number>(
      db,
      `SELECT count(*) FROM dispatch d JOIN calibrate_request r ON r.calibrate_request = d.calibrate_request JOIN firm sf ON sf.firm = d.firm
       JOIN firm pf ON pf.firm = d.provider LEFT JOIN adas j ON j.adas = d.adas WHERE ${filter}`,
    ).get(...params),
  );
  const dir = q.direction === 'desc' ? ' DESC' : '';
  const order = ORDER[q.orderBy].map((k) => `${k}${dir}`).join(', ');
  const rows = prepared<Row>(db, `${ROW_SELECT} WHERE ${filter} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
    ...params,
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  const side: DispatchSide = q.view === 'received' ? 'provider' : 'shop';
  return { count, items: rows.map((r) => toRow(r, side)) };
}

/** One dispatch as the caller's side sees it. */
export function readDispatch(db: Db, caller: Pick<Caller, 'firms'>, id: number): DispatchDetail {
  const head = visibleDispatch(db, caller, id);
  const side = sideOf(caller, head);
  const row = oneRow(prepared<Row>(db, `${ROW_SELECT} WHERE d.dispatch = ?`).get(id));
  const more = oneRow(
    prepared<{
      createdByName: string;
      createdAt: string;
      statusChangedByName: string;
      acceptedAt: string | null;
      acceptedByName: string;
      completedAt: string | null;
      closedAt: string | null;
      version: number;
    }>(
      db,
      `SELECT coalesce(${userName('created_by')}, '') AS createdByName, created_at AS createdAt,
              coalesce(${userName('status_changed_by')}, '') AS statusChangedByName, accepted_at AS acceptedAt,
              coalesce(${userName('accepted_by')}, '') AS acceptedByName, completed_at AS completedAt, closed_at AS closedAt, version
       FROM dispatch WHERE dispatch = ?`,
    ).get(id),
  );
  const lines = prepared<{
    calibrateRequestLine: number;
    adasChecklistMatrix: number;
    system: string;
    calibrationType: string;
    calibrationMode: string | null;
    cents: number | null;
  }>(
    db,
    `SELECT calibrate_request_line AS calibrateRequestLine, adas_checklist_matrix AS adasChecklistMatrix, system, calibration_type AS calibrationType,
            calibration_mode AS calibrationMode, price_cents AS cents
     FROM calibrate_request_line WHERE calibrate_request = ? ORDER BY calibrate_request_line`,
  ).all(head.calibrate_request);
  return {
    ...toRow(row, side),
    ...more,
    lines: lines.map(({ cents, ...l }) => ({ ...l, price: cents == null ? null : dollars(cents) })),
    access: providerAccess(head.status),
    technicians: side === 'provider' && isStanding(head.status) ? providerTechnicians(db, head.provider) : [],
    capacity: offeringOf(db, head.provider).capacity,
    billed: head.status === 'Completed' || head.status === 'Closed' ? billed(db, head.adas_inspection, lines) : null,
  };
}

/**
 * What the handed-back work bills: the inspection's facts (the one billing rule wrote them as it completed,
 * dashboard/billable.ts), and the calibrations asked for that they leave out, with the result recorded.
 */
function billed(db: Db, adasInspection: number, asked: readonly { adasChecklistMatrix: number; system: string }[]) {
  const sold = billedOf(db, adasInspection);
  const results = new Map(
    prepared<{ matrix: number; result: number | null; notEquipped: number }>(
      db,
      'SELECT adas_checklist_matrix AS matrix, result, is_not_equipped AS notEquipped FROM adas_inspection_result WHERE adas_inspection = ?',
    )
      .all(adasInspection)
      .map((r) => [r.matrix, r.notEquipped ? 'Not equipped' : r.result == null ? 'No result recorded' : nameOf(RESULTS, r.result)]),
  );
  const soldSystems = new Set(sold.map((s) => s.adasChecklistMatrix));
  return {
    lines: sold.map((s) => ({ system: s.system, calibrationType: s.calibrationType, price: dollars(s.cents) })),
    total: dollars(sold.reduce((n, s) => n + s.cents, 0)),
    leftOut: asked
      .filter((l) => !soldSystems.has(l.adasChecklistMatrix))
      .map((l) => ({ system: l.system, result: results.get(l.adasChecklistMatrix) ?? 'Not on the inspection' })),
  };
}

/**
 * The inspection's dispatches the caller sees: the one that stands (or was closed), and those declined or
 * cancelled. The shop's side sees them all, a provider its own; an inspection the caller neither reaches
 * nor was sent answers 404.
 */
export function dispatchesOfInspection(
  db: Db,
  caller: Caller,
  adasInspection: number,
): { current: DispatchDetail | null; past: DispatchRow[] } {
  const firm = preparedValue<number>(
    db,
    'SELECT j.firm FROM adas_inspection i JOIN adas j ON j.adas = i.adas WHERE i.adas_inspection = ?',
  ).get(adasInspection);
  const ids = prepared<{ dispatch: number; status: DispatchStatus; firm: number; provider: number }>(
    db,
    'SELECT dispatch, status, firm, provider FROM dispatch WHERE adas_inspection = ? ORDER BY dispatch DESC',
  )
    .all(adasInspection)
    .filter((d) => caller.firms.has(d.firm) || caller.firms.has(d.provider));
  if (firm === undefined || (!caller.firms.has(firm) && ids.length === 0)) throw notFound('Inspection');
  const current = ids.find((d) => d.status !== 'Declined' && d.status !== 'Cancelled');
  const past = ids.filter((d) => d !== current);
  return {
    current: current ? readDispatch(db, caller, current.dispatch) : null,
    past: past.map((d) => toRow(oneRow(prepared<Row>(db, `${ROW_SELECT} WHERE d.dispatch = ?`).get(d.dispatch)), sideOf(caller, d))),
  };
}
