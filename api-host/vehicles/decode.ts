/**
 * The reference host's VIN decoder: the rules of lib/vehicle/vin.ts (characters, check digit), the model
 * year from position 10, the make from the WMI and the model and body style from the VIN-pattern table
 * (schema.ts). Every decode is recorded in vin_decode; a VIN that breaks a rule answers 400 naming it.
 * Indexed look-ups only: a decode answers in well under a millisecond.
 */
import type { VinDecode } from '../../lib/contract/decode';
import { modelYear, normalizeVin, regionOf, vinProblem, wmiOf } from '../../lib/vehicle/vin';
import type { Db } from '../core/db';
import type { Caller } from '../core/caller';
import { badRequest } from '../core/errors';
import { prepared } from '../core/sql';

interface WmiRow {
  make_id: number;
  make: string;
  manufacturer: string;
  country: string;
}

/** Decodes a valid VIN (see decodeFor for one that may not be). */
export function decodeValidVin(db: Db, vin: string): VinDecode {
  const year = modelYear(vin);
  const wmi = prepared<WmiRow>(
    db,
    'SELECT w.make_id, m.name AS make, w.manufacturer, w.country FROM vehicle_wmi w JOIN vehicle_make m ON m.make_id = w.make_id WHERE w.wmi = ?',
  ).get(wmiOf(vin));
  const base = { vin, year, makeId: null, make: '', model: '', bodystyle: '', manufacturer: '', country: regionOf(vin) };
  if (!wmi) return { ...base, isDecoded: false, source: 'none', reason: `Unknown manufacturer code (WMI ${wmiOf(vin)}).` };
  const known = { ...base, makeId: wmi.make_id, make: wmi.make, manufacturer: wmi.manufacturer, country: wmi.country };
  const pattern = prepared<{ model: string; body_style: string }>(
    db,
    `SELECT model, body_style FROM vehicle_pattern
     WHERE wmi = @wmi AND vds IN (substr(@vin, 4, 5), substr(@vin, 4, 4), substr(@vin, 4, 3)) AND year_start <= @year AND year_end >= @year
     ORDER BY length(vds) DESC LIMIT 1`,
  ).get({ wmi: wmiOf(vin), vin, year: year ?? 0 });
  if (!pattern)
    return {
      ...known,
      isDecoded: false,
      source: 'wmi',
      reason: `The ${wmi.make} model is not in the vehicle table (descriptor ${vin.slice(3, 8)}, model year ${year}).`,
    };
  return { ...known, model: pattern.model, bodystyle: pattern.body_style, isDecoded: true, source: 'pattern', reason: '' };
}

function record(
  db: Db,
  call: string,
  caller: Caller | null,
  vin: string,
  d: Pick<VinDecode, 'isDecoded' | 'reason' | 'year' | 'make' | 'model'>,
): void {
  prepared(
    db,
    'INSERT INTO vin_decode (vin, call, firm, user, is_decoded, reason, year, make, model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(vin.slice(0, 40), call, caller?.firm ?? null, caller?.user ?? null, d.isDecoded ? 1 : 0, d.reason, d.year, d.make, d.model);
}

/**
 * Decodes what a caller sent and records the outcome. A VIN that breaks a rule is recorded as a failed
 * decode and answers 400 with the rule's message on `vin`.
 */
export function decodeFor(db: Db, call: string, caller: Caller | null, raw: string): VinDecode {
  const vin = normalizeVin(raw);
  const problem = vinProblem(vin);
  if (problem) {
    record(db, call, caller, vin, { isDecoded: false, reason: problem.message, year: null, make: '', model: '' });
    throw badRequest(problem.message, { vin: [problem.message] });
  }
  const decoded = decodeValidVin(db, vin);
  record(db, call, caller, vin, decoded);
  return decoded;
}
