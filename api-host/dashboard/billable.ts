/**
 * THE SALES SEAM: what of a completed inspection is billable, and the billable calibrations of a period per
 * location. Every figure of the dashboard (the totals and line of days, by service, make and tech, all,
 * single location, invoicing, the administrator counts, and the ADAS records tab's Calibrations and Sales
 * per job: records.ts) comes from `billableLines` through the facts it feeds (rollup.ts); nothing else
 * counts or prices a calibration, so the records add up to the numbers for any period and location.
 *
 * THE RULE (docs/dashboard.md#dashboard-numbers-what-a-sale-is): a sale is a calibrated system of a completed inspection —
 * a system whose recorded result is "Calibrated" and that is not marked Not equipped — and nothing else:
 * not a Passed, Failed, Calibration required or Not applicable system, not a request line that was never
 * calibrated. Its price:
 * - the price of the inspection's calibration request line for that system (same checklist system), when
 *   the request was approved (calibrate_request.approved_at, set when a manager sets it Approved) and is
 *   not Declined or Cancelled since, and the line has a price: what was agreed with the customer;
 * - the same line's price when the request was sent to a calibration provider who accepted it (a dispatch
 *   Accepted, Completed or Closed: docs/dispatch.md): its lines were priced at the provider's prices when it
 *   was sent, and the acceptance agreed to them. The line then names that provider (`provider`), and the
 *   calibration the technician who recorded its result: the provider performed it. What the provider did
 *   not calibrate (Failed, not performed, Passed) is no sale, as for any system;
 * - otherwise the configuration's price of its calibration type for the location (calibrationPrice: the
 *   firm's own price, else the network's; a type without a price sells 0). A New or Quoted request was
 *   not agreed, and a Declined or Cancelled one was refused: their prices are not used.
 * So "calibrations" on the dashboard is the count of the records' Calibrated systems of Complete
 * inspections of the period, and the sales are their prices.
 *
 * The event that books a sale is the inspection's completion: the lines are read then and counted on the
 * day it was completed, in its location's zone (rollup.ts). A request created, deleted or whose status
 * changes later re-books that inspection on the same day (rollup.ts refreshInspection, called by the
 * calibrations' calls in the same transaction), so the kept roll-ups always equal a rebuild.
 */
import { RESULT, STATUS } from '../../lib/adas/rules';
import { CLOSING_STATUSES } from '../../lib/calibrations/rules';
import { type BillingBasis, type RecordedOutcome, bookMinutes, leftOutWhy, refusedWhy } from '../../lib/dashboard/rules';
import { calibrationPrice } from '../configuration/service';
import { AGREED_BY_PROVIDER, PROVIDER_OF_INSPECTION } from '../dispatch/service';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';

export interface BillableLine {
  /** The approved request line (calibrate_request_line) that priced it, if any. */
  requestLine: number | null;
  /** The calibrated system (adas_inspection_result). */
  inspectionResult: number;
  adasChecklistMatrix: number;
  system: string;
  calibrationType: string;
  cents: number;
  /** Book minutes of the work (lib/dashboard/rules.ts BOOK_HOURS). */
  minutes: number;
  /** The calibration provider that performed it under an accepted dispatch (its agreed price), else null: in house. */
  provider: number | null;
  /** Who recorded its result (adas_inspection_result.result_by). */
  technician: number | null;
}

/** The billable lines of inspection `inspection` of location `firm`. */
export function billableLines(db: Db, inspection: number, firm: number): BillableLine[] {
  const approved = `SELECT q.adas_checklist_matrix, q.calibrate_request_line, q.price_cents FROM calibrate_request_line q
     JOIN calibrate_request cr ON cr.calibrate_request = q.calibrate_request
     WHERE cr.adas_inspection = @inspection AND (cr.approved_at IS NOT NULL OR ${AGREED_BY_PROVIDER('cr')})
       AND cr.status_name NOT IN (SELECT value FROM json_each(@closing)) AND q.price_cents IS NOT NULL`;
  const rows = prepared<{
    id: number;
    matrix: number;
    system: string;
    type: string;
    mode: string | null;
    typeId: number | null;
    line: number | null;
    lineCents: number | null;
    provider: number | null;
    technician: number | null;
  }>(
    db,
    `SELECT r.adas_inspection_result AS id, r.adas_checklist_matrix AS matrix, r.system, r.calibration_type AS type, r.calibration_mode AS mode,
       r.result_by AS technician, ${PROVIDER_OF_INSPECTION('@inspection')} AS provider,
       (SELECT t.calibration_type FROM adas_calibration_type t WHERE t.name = r.calibration_type ORDER BY t.calibration_type LIMIT 1) AS typeId,
       (SELECT a.calibrate_request_line FROM (${approved}) a WHERE a.adas_checklist_matrix = r.adas_checklist_matrix ORDER BY a.calibrate_request_line LIMIT 1) AS line,
       (SELECT a.price_cents FROM (${approved}) a WHERE a.adas_checklist_matrix = r.adas_checklist_matrix ORDER BY a.calibrate_request_line LIMIT 1) AS lineCents
     FROM adas_inspection_result r WHERE r.adas_inspection = @inspection AND r.result = @calibrated AND r.is_not_equipped = 0 ORDER BY r.sort, r.adas_inspection_result`,
  ).all({ inspection, calibrated: RESULT.calibrated, closing: JSON.stringify(CLOSING_STATUSES) });
  return rows.map((r) => ({
    requestLine: r.line,
    inspectionResult: r.id,
    adasChecklistMatrix: r.matrix,
    system: r.system,
    calibrationType: r.type,
    cents: r.lineCents ?? (r.typeId == null ? 0 : (calibrationPrice(db, r.typeId, firm).cents ?? 0)),
    minutes: bookMinutes(r.mode),
    provider: r.provider,
    technician: r.technician,
  }));
}

/** A calibration a request (or, without one, the inspection's scrub) quotes: what CCC would be sent before the work. */
export interface QuotedLine {
  adasChecklistMatrix: number;
  system: string;
  calibrationType: string;
  cents: number | null;
}
export interface LeftOutLine extends QuotedLine {
  why: string;
}
/** What a request bills (the request's total, the push to CCC): the lines, the quoted ones left out with why, and their total. */
export interface RequestBilling {
  basis: BillingBasis;
  lines: QuotedLine[];
  leftOut: LeftOutLine[];
  totalCents: number;
}

const sumCents = (lines: readonly QuotedLine[]) => lines.reduce((sum, l) => sum + (l.cents ?? 0), 0);

/**
 * THE SAME RULE for a request (docs/dashboard.md#what-a-request-bills): what inspection `inspection` of
 * location `firm` bills, given what was quoted for it (`quoted`: its request's lines, else its scrub's
 * calibrations) and its request's status (null: no request).
 * - A Declined or Cancelled request bills nothing: every quoted line is left out, saying so.
 * - Once the inspection is Complete, it bills its sales: exactly `billableLines` (the Calibrated systems,
 *   each priced by the approved request line, else the configured price). A quoted calibration whose system
 *   was not calibrated (Failed, Calibration required, Passed, Not applicable, Not equipped, no result, or
 *   removed) is left out with the recorded reason (lib/dashboard/rules.ts leftOutWhy).
 * - Before, nothing is performed yet: it bills the quote as it stands (the lines as quoted, at their prices).
 */
export function requestBilling(
  db: Db,
  inspection: number,
  firm: number,
  quoted: readonly QuotedLine[],
  requestStatus: string | null,
): RequestBilling {
  if (requestStatus != null && (CLOSING_STATUSES as readonly string[]).includes(requestStatus))
    return { basis: 'refused', lines: [], leftOut: quoted.map((q) => ({ ...q, why: refusedWhy(requestStatus) })), totalCents: 0 };
  const status = prepared<{ status: number }>(db, 'SELECT status FROM adas_inspection WHERE adas_inspection = ?').get(inspection)?.status;
  if (status !== STATUS.complete) return { basis: 'quoted', lines: [...quoted], leftOut: [], totalCents: sumCents(quoted) };
  const lines: QuotedLine[] = billableLines(db, inspection, firm).map((b) => ({
    adasChecklistMatrix: b.adasChecklistMatrix,
    system: b.system,
    calibrationType: b.calibrationType,
    cents: b.cents,
  }));
  const outcomes = new Map(
    prepared<{ matrix: number; result: number | null; isNotEquipped: number }>(
      db,
      'SELECT adas_checklist_matrix AS matrix, result, is_not_equipped AS isNotEquipped FROM adas_inspection_result WHERE adas_inspection = ?',
    )
      .all(inspection)
      .map((o): [number, RecordedOutcome] => [o.matrix, { result: o.result, isNotEquipped: !!o.isNotEquipped }]),
  );
  const billed = new Set(lines.map((l) => l.adasChecklistMatrix));
  const counted = new Set<number>();
  const leftOut: LeftOutLine[] = [];
  for (const q of quoted) {
    if (billed.has(q.adasChecklistMatrix) && !counted.has(q.adasChecklistMatrix)) counted.add(q.adasChecklistMatrix);
    else leftOut.push({ ...q, why: leftOutWhy(outcomes.get(q.adasChecklistMatrix)) });
  }
  return { basis: 'performed', lines, leftOut, totalCents: sumCents(lines) };
}

/**
 * The billable calibrations of the days `startDate`..`endDate` per location, for every location in the
 * subtrees of `nodes` that has some: SQL answering one row per location (key, label, firm, drill and the
 * measures) for the invoicing table, which pages and sorts it. It reads the locations' own daily roll-ups
 * (kind 'own', fed by billableLines through rollup.ts), so a year of a large network is one index range per
 * location. The locations are visited in id order (the IN list is sorted), so the grouping needs no sort:
 * at 1,000,000 jobs a 2,700-location year takes a third of the time of grouping the subtree's rows.
 */
export function billableByFirm(nodes: readonly number[], startDate: string, endDate: string): { sql: string; params: unknown[] } {
  return {
    sql: `WITH RECURSIVE sub(firm) AS (SELECT value FROM json_each(?) UNION SELECT f.firm FROM firm f JOIN sub ON f.parent = sub.firm)
          SELECT CAST(f.firm AS TEXT) AS key, f.name AS label, f.firm AS firm, 0 AS drill,
            sum(d.inspections) AS inspections, sum(d.calibrations) AS calibrations, sum(d.sales_cents) / 100.0 AS sales,
            sum(d.minutes) / 60.0 AS hours, sum(d.cost_cents) / 100.0 AS cost, sum(d.unrated_minutes) / 60.0 AS unratedHours
          FROM firm f JOIN dashboard_daily d ON d.node = f.firm AND d.kind = 'own' AND d.day BETWEEN ? AND ?
          WHERE f.firm IN (SELECT firm FROM sub)
          GROUP BY f.firm HAVING sum(d.calibrations) > 0`,
    params: [JSON.stringify(nodes), startDate, endDate],
  };
}
