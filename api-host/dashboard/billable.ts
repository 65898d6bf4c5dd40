/**
 * THE SALES SEAM: what of a completed inspection is billable, and the billable calibrations of a period per
 * location. Everything the dashboard says about sales (the roll-ups, by service and make, the invoicing
 * list) comes from `billableLines` through the facts it feeds (rollup.ts); nothing else prices anything.
 *
 * Today (main): a billable line is a system of the Complete inspection whose result is "Calibrated" (3),
 * priced with the configuration's price of its calibration type for the location (calibrationPrice: the
 * firm's own price, else the network's; a type without a price bills 0).
 *
 * When the calibration requests' priced lines land (issue 14, api-host/calibrations: calibrate_request_line
 * with price_cents, one request per inspection), `billableLines` reads the lines of the request of the
 * inspection instead (id: calibrate_request_line, system, calibration_type, calibration_mode, price_cents),
 * keeping the BillableLine shape; the facts, roll-ups and invoicing need no change (run rebuildDashboard once
 * after the switch, as the line ids change). Lines are frozen when the inspection completes, like prices
 * today; a request line changed after that counts when the inspection is next reopened and completed (or
 * the calibrations' calls may call rollup.ts syncJob after such a change).
 */
import { RESULTS } from '../../lib/adas/rules';
import { bookMinutes } from '../../lib/dashboard/rules';
import { calibrationPrice } from '../configuration/rules';
import type { Db } from '../db';
import { prepared } from '../sql';

const CALIBRATED = Number(Object.keys(RESULTS).find((k) => RESULTS[Number(k)] === 'Calibrated'));

export interface BillableLine {
  /** The inspection result the line bills (its id keys the fact). */
  id: number;
  system: string;
  calibrationType: string;
  cents: number;
  /** Book minutes of the work (lib/dashboard/rules.ts BOOK_HOURS). */
  minutes: number;
}

/** The billable lines of inspection `inspection` of location `firm`. */
export function billableLines(db: Db, inspection: number, firm: number): BillableLine[] {
  const rows = prepared(
    db,
    `SELECT r.adas_inspection_result AS id, r.system, r.calibration_type AS type, r.calibration_mode AS mode,
       (SELECT t.calibration_type FROM adas_calibration_type t WHERE t.name = r.calibration_type ORDER BY t.calibration_type LIMIT 1) AS typeId
     FROM adas_inspection_result r WHERE r.adas_inspection = ? AND r.result = ? AND r.is_not_equipped = 0 ORDER BY r.sort, r.adas_inspection_result`,
  ).all(inspection, CALIBRATED) as { id: number; system: string; type: string; mode: string | null; typeId: number | null }[];
  return rows.map((r) => ({
    id: r.id,
    system: r.system,
    calibrationType: r.type,
    cents: r.typeId == null ? 0 : (calibrationPrice(db, r.typeId, firm).cents ?? 0),
    minutes: bookMinutes(r.mode),
  }));
}

/**
 * The billable calibrations of the days `startDate`..`endDate` per location, for every location in the
 * subtrees of `nodes` that has some: SQL answering one row per location (key, label, firm, drill and the
 * measures) for the invoicing table, which pages and sorts it. It reads the locations' own daily roll-ups
 * (kind 'own', fed by billableLines through rollup.ts), so a year of a large network is one index range per
 * location.
 */
export function billableByFirm(nodes: readonly number[], startDate: string, endDate: string): { sql: string; params: unknown[] } {
  return {
    sql: `WITH RECURSIVE sub(firm) AS (SELECT value FROM json_each(?) UNION SELECT f.firm FROM firm f JOIN sub ON f.parent = sub.firm)
          SELECT CAST(d.node AS TEXT) AS key, f.name AS label, d.node AS firm, 0 AS drill,
            sum(d.inspections) AS inspections, sum(d.calibrations) AS calibrations, sum(d.sales_cents) / 100.0 AS sales,
            sum(d.minutes) / 60.0 AS hours, sum(d.cost_cents) / 100.0 AS cost
          FROM sub CROSS JOIN dashboard_daily d ON d.node = sub.firm AND d.kind = 'own' AND d.day BETWEEN ? AND ? JOIN firm f ON f.firm = d.node
          GROUP BY d.node HAVING sum(d.calibrations) > 0`,
    params: [JSON.stringify(nodes), startDate, endDate],
  };
}
