/**
 * The estimate scrub: the job's repair lines against the configuration's rules for its vehicle and firm
 * (configuration/rules.ts rulesFor) with the matching of lib/calibrations/match.ts. Indexed reads only: the
 * vehicle's applying make matrices, the job's lines. The last scrub of an inspection is kept (adas_scrub).
 */
import { randomUUID } from 'node:crypto';
import type { ScrubResult, TriggeredCalibration } from '../../lib/contract/calibration';
import { dollars } from '../../lib/calibrations/rules';
import { matchLines, triggeredBy, type EstimateLine, type MatchStep, type MatchSystem } from '../../lib/calibrations/match';
import type { Db } from '../db';
import { prepared } from '../sql';
import { rulesFor, type VehicleRules } from '../configuration/rules';
import { notFound, type Caller } from '../server';

export interface JobOfInspection {
  adas: number;
  adasInspection: number;
  firm: number;
  ronumber: string;
  insurance: number | null;
  insuranceName: string;
  inspectionStatus: number;
  vehicle: { year: number; make: string; model: string; vin: string };
}

/** The inspection and its job, when the caller reaches its firm (else the same 404 as an unknown one). */
export function inspectionJob(db: Db, caller: Pick<Caller, 'firms'>, adasInspection: number): JobOfInspection {
  const r = prepared(
    db,
    `SELECT i.adas_inspection, i.adas, j.firm, coalesce(nullif(i.ronumber, ''), j.ronumber) AS ronumber, coalesce(i.insurance, j.insurance) AS insurance,
            coalesce(nullif(i.insurance_name, ''), j.insurance_name) AS insurance_name, i.status, v.year, v.make, v.model, v.vin
     FROM adas_inspection i JOIN adas j ON j.adas = i.adas JOIN vehicle v ON v.vehicle = j.vehicle WHERE i.adas_inspection = ?`,
  ).get(adasInspection) as Record<string, string | number | null> | undefined;
  if (!r || !caller.firms.has(r.firm as number)) throw notFound('Inspection');
  return {
    adas: r.adas as number,
    adasInspection: r.adas_inspection as number,
    firm: r.firm as number,
    ronumber: r.ronumber as string,
    insurance: r.insurance as number | null,
    insuranceName: (r.insurance_name as string | null) ?? '',
    inspectionStatus: r.status as number,
    vehicle: { year: r.year as number, make: r.make as string, model: r.model as string, vin: r.vin as string },
  };
}

export interface RepairLineRow extends EstimateLine {
  uniqueSequenceNumber: number;
}

/** The job's repair lines in line order, with their estimate sections when an estimate was uploaded. */
export function jobLines(db: Db, adas: number): { lines: RepairLineRow[]; source: 'lines' | 'bms' | 'csv'; fileName: string } {
  const estimate = prepared(db, 'SELECT source, file_name, sections FROM adas_estimate WHERE adas = ?').get(adas) as { source: 'bms' | 'csv'; file_name: string; sections: string } | undefined;
  const sections = estimate ? (JSON.parse(estimate.sections) as Record<string, string>) : {};
  const lines = (
    prepared(db, 'SELECT line_num, unique_sequence_number, operation, description, is_not_equipped FROM adas_repair_line WHERE adas = ? ORDER BY line_num').all(adas) as {
      line_num: number;
      unique_sequence_number: number;
      operation: string;
      description: string;
      is_not_equipped: number;
    }[]
  ).map((l) => ({
    lineNum: l.line_num,
    uniqueSequenceNumber: l.unique_sequence_number,
    operation: l.operation,
    description: l.description,
    section: sections[l.line_num] || undefined,
    isNotEquipped: l.is_not_equipped === 1,
  }));
  return { lines, source: estimate?.source ?? 'lines', fileName: estimate?.file_name ?? '' };
}

/** One system per checklist system: the first applying make matrix (the most specific, in sort order). */
export function matchSystems(rules: VehicleRules, notEquipped: ReadonlySet<number> = new Set()): (VehicleRules['systems'][number] & MatchSystem)[] {
  const seen = new Set<number>();
  return rules.systems.filter((s) => {
    if (seen.has(s.adasChecklistMatrix) || notEquipped.has(s.adasChecklistMatrix)) return false;
    seen.add(s.adasChecklistMatrix);
    return true;
  }).map((s) => ({ ...s, system: s.matrixItem }));
}

export interface Scrub {
  rules: VehicleRules;
  systems: ReturnType<typeof matchSystems>;
  lines: RepairLineRow[];
  steps: MatchStep[];
  noScrub: string | null;
  calibrations: TriggeredCalibration[];
  untriggered: { lineNum: number; operation: string; description: string }[];
  source: 'lines' | 'bms' | 'csv';
  fileName: string;
}

/** Scrubs lines for a vehicle at a firm; `notEquipped`: systems the inspection found not equipped. */
export function scrubLines(db: Db, vehicle: JobOfInspection['vehicle'], firm: number, lines: RepairLineRow[], notEquipped: ReadonlySet<number> = new Set()): Omit<Scrub, 'source' | 'fileName'> {
  const rules = rulesFor(db, vehicle, firm);
  const systems = matchSystems(rules, notEquipped);
  const noScrub = rules.noScrub.length ? `${vehicle.year} ${vehicle.make} ${vehicle.model} is on the no-scrub list: ${rules.noScrub[0].reason}` : null;
  const steps = noScrub ? [] : matchLines(lines, systems, rules.exclusions);
  const by = triggeredBy(steps);
  const lineOf = new Map(lines.map((l) => [l.lineNum, l]));
  const calibrations = systems
    .filter((s) => by.has(s.adasChecklistMatrix))
    .map((s): TriggeredCalibration => ({
      adasChecklistMatrix: s.adasChecklistMatrix,
      system: s.system,
      calibrationType: s.calibrationTypeName,
      calibrationTypeId: s.calibrationType,
      calibrationMode: s.calibrationMode,
      lines: (by.get(s.adasChecklistMatrix) ?? []).map((t) => {
        const l = lineOf.get(t.lineNum);
        return { lineNum: t.lineNum, operation: l?.operation ?? '', description: l?.description ?? '', keyword: t.keyword };
      }),
      triggerNotice: s.triggerNotice,
      url: s.url,
      price: s.price.cents == null ? null : dollars(s.price.cents),
      priceSource: s.price.source,
    }));
  const triggering = new Set(steps.filter((s) => s.outcome === 'triggered').map((s) => s.lineNum));
  const untriggered = lines.filter((l) => !triggering.has(l.lineNum)).map((l) => ({ lineNum: l.lineNum, operation: l.operation, description: l.description }));
  return { rules, systems, lines, steps, noScrub, calibrations, untriggered };
}

/** Systems the inspection marked not equipped: they are not calibrated. */
export const notEquippedOf = (db: Db, adasInspection: number) =>
  new Set(prepared(db, 'SELECT adas_checklist_matrix FROM adas_inspection_result WHERE adas_inspection = ? AND is_not_equipped = 1').pluck().all(adasInspection) as number[]);

/** Scrubs an inspection's job and keeps the answer on the inspection. */
export function scrubInspection(db: Db, job: JobOfInspection, user: number | null): ScrubResult {
  const { lines, source, fileName } = jobLines(db, job.adas);
  const s = scrubLines(db, job.vehicle, job.firm, lines, notEquippedOf(db, job.adasInspection));
  const result: ScrubResult = {
    uniqueId: randomUUID(),
    adas: job.adas,
    adasInspection: job.adasInspection,
    source,
    fileName,
    scrubbedAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    vehicle: job.vehicle,
    noScrub: s.noScrub,
    calibrations: s.calibrations,
    untriggered: s.untriggered,
  };
  prepared(
    db,
    `INSERT INTO adas_scrub (adas_inspection, adas, firm, unique_id, source, file_name, result, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (adas_inspection) DO UPDATE SET unique_id = excluded.unique_id, source = excluded.source, file_name = excluded.file_name,
       result = excluded.result, created_by = excluded.created_by, created_at = excluded.created_at`,
  ).run(job.adasInspection, job.adas, job.firm, result.uniqueId, source, fileName, JSON.stringify(result), user, result.scrubbedAt);
  return result;
}

/** The inspection's kept scrub, or a new one. */
export function lastScrub(db: Db, job: JobOfInspection, user: number | null): ScrubResult {
  const kept = prepared(db, 'SELECT result FROM adas_scrub WHERE adas_inspection = ?').pluck().get(job.adasInspection) as string | undefined;
  return kept ? (JSON.parse(kept) as ScrubResult) : scrubInspection(db, job, user);
}
