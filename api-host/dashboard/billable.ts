/**
 * THE SALES SEAM: what of a completed inspection is billable, and the billable calibrations of a period per
 * location. Everything the dashboard says about sales (the roll-ups, by service and make, the invoicing
 * list) comes from `billableLines` through the facts it feeds (rollup.ts); nothing else prices anything.
 *
 * A Complete inspection's billable lines:
 * - With a calibration request (issue 14, api-host/calibrations: one request per inspection at most): the
 *   request's lines, each at its `price_cents` (a line without a price bills 0). They are what was sold to
 *   the customer, whatever the configuration's prices are now. A Declined or Cancelled request sold
 *   nothing: the inspection counts, with no billable line.
 * - Without a request (work done without one, jobs from before requests existed): the systems of the
 *   inspection whose result is "Calibrated" (3), at the configuration's price of their calibration type for
 *   the location (calibrationPrice: the firm's own price, else the network's; a type without a price bills
 *   0). The work was done, so it is billed at the price the firm would have quoted.
 *
 * The event that books a sale is the inspection's completion: the lines are read then and counted on the
 * day it was completed, in its location's zone (rollup.ts). A request created, deleted or closed later
 * re-books that inspection on the same day (rollup.ts refreshInspection, called by the calibrations' calls
 * in the same transaction), so the kept roll-ups always equal a rebuild.
 */
import { CLOSING_STATUSES } from '../../lib/calibrations/rules';
import { RESULTS } from '../../lib/adas/rules';
import { bookMinutes } from '../../lib/dashboard/rules';
import { calibrationPrice } from '../configuration/rules';
import type { Db } from '../db';
import { prepared } from '../sql';

const CALIBRATED = Number(Object.keys(RESULTS).find((k) => RESULTS[Number(k)] === 'Calibrated'));

export interface BillableLine {
  /** Where the line comes from: a request line (calibrate_request_line) or an inspection result (adas_inspection_result). */
  requestLine: number | null;
  inspectionResult: number | null;
  system: string;
  calibrationType: string;
  cents: number;
  /** Book minutes of the work (lib/dashboard/rules.ts BOOK_HOURS). */
  minutes: number;
}

/** The billable lines of inspection `inspection` of location `firm`. */
export function billableLines(db: Db, inspection: number, firm: number): BillableLine[] {
  const request = prepared(db, 'SELECT calibrate_request AS id, status_name AS status FROM calibrate_request WHERE adas_inspection = ?').get(inspection) as
    | { id: number; status: string }
    | undefined;
  if (request) return (CLOSING_STATUSES as readonly string[]).includes(request.status) ? [] : requestLines(db, request.id);
  const rows = prepared(
    db,
    `SELECT r.adas_inspection_result AS id, r.system, r.calibration_type AS type, r.calibration_mode AS mode,
       (SELECT t.calibration_type FROM adas_calibration_type t WHERE t.name = r.calibration_type ORDER BY t.calibration_type LIMIT 1) AS typeId
     FROM adas_inspection_result r WHERE r.adas_inspection = ? AND r.result = ? AND r.is_not_equipped = 0 ORDER BY r.sort, r.adas_inspection_result`,
  ).all(inspection, CALIBRATED) as { id: number; system: string; type: string; mode: string | null; typeId: number | null }[];
  return rows.map((r) => ({
    requestLine: null,
    inspectionResult: r.id,
    system: r.system,
    calibrationType: r.type,
    cents: r.typeId == null ? 0 : (calibrationPrice(db, r.typeId, firm).cents ?? 0),
    minutes: bookMinutes(r.mode),
  }));
}

function requestLines(db: Db, request: number): BillableLine[] {
  const rows = prepared(
    db,
    `SELECT calibrate_request_line AS id, system, calibration_type AS type, calibration_mode AS mode, price_cents AS cents
     FROM calibrate_request_line WHERE calibrate_request = ? ORDER BY calibrate_request_line`,
  ).all(request) as { id: number; system: string; type: string; mode: string | null; cents: number | null }[];
  return rows.map((r) => ({ requestLine: r.id, inspectionResult: null, system: r.system, calibrationType: r.type, cents: r.cents ?? 0, minutes: bookMinutes(r.mode) }));
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
            sum(d.minutes) / 60.0 AS hours, sum(d.cost_cents) / 100.0 AS cost
          FROM firm f JOIN dashboard_daily d ON d.node = f.firm AND d.kind = 'own' AND d.day BETWEEN ? AND ?
          WHERE f.firm IN (SELECT firm FROM sub)
          GROUP BY f.firm HAVING sum(d.calibrations) > 0`,
    params: [JSON.stringify(nodes), startDate, endDate],
  };
}
