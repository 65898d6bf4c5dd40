/**
 * THE SALES SEAM: what of a completed inspection is billable, and the billable calibrations of a period per
 * location. Everything the dashboard says about sales (the roll-ups, by service and make, the invoicing
 * list) comes from `billableLines` through the facts it feeds (rollup.ts); nothing else prices anything.
 *
 * Today (main): a billable line is a system of the Complete inspection whose result is "Calibrated" (3),
 * priced with the configuration's price of its calibration type for the location (calibrationPrice: the
 * firm's own price, else the network's; a type without a price bills 0).
 *
 * When the calibration requests' priced lines land (issue 14, api-host/calibrations), `billableLines` reads
 * the lines of the requests tied to the inspection (calibrate_request.adas_inspection) instead, keeping the
 * same BillableLine shape; `billableByFirm` and the roll-ups need no change.
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

export interface FirmBillable {
  firm: number;
  calibrations: number;
  cents: number;
}

/** The billable calibrations of the days `startDate`..`endDate` per location, for the given locations. */
export function billableByFirm(db: Db, firms: readonly number[], startDate: string, endDate: string): FirmBillable[] {
  if (firms.length === 0) return [];
  return db
    .prepare(
      `SELECT firm, count(*) AS calibrations, sum(sales_cents) AS cents FROM dashboard_calibration
       WHERE firm IN (SELECT value FROM json_each(?)) AND day BETWEEN ? AND ? GROUP BY firm`,
    )
    .all(JSON.stringify(firms), startDate, endDate) as FirmBillable[];
}
