/**
 * An ADAS job as its history sees it (docs/history.md#what-is-recorded): the job's fields, each inspection
 * ("Inspection 12") and each system's result of it ("Inspection 12 · Front Camera": result, not equipped,
 * notes, evidence), as the pages show them. `withJobHistory` wraps a write of a job (in its transaction):
 * the job before, the write, the job after, the rows of what changed. Status changes carry the inspection's
 * "Completed" time, which is what puts an inspection in a dashboard period (docs/history.md#dashboard).
 */
import { ADAS_TYPES, INSPECTION_TYPES, RESULTS, nameOf, statusName } from '../../lib/adas/rules';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { recordChange, shown, type Fields, type Snapshot } from '../history/service';

const userName = (column: string) =>
  `(SELECT trim(c.first_name || ' ' || c.last_name) FROM user u JOIN contact c ON c.contact = u.contact WHERE u.user = ${column})`;

interface JobRow {
  firm: number;
  firm_name: string;
  adas_type: number;
  ronumber: string;
  insurance_name: string;
  notes: string;
  vehicle_label: string;
  vin: string;
  status: number;
}
interface InspectionRow {
  adas_inspection: number;
  adas_inspection_type: number;
  inspector_name: string | null;
  insurance_name: string;
  ronumber: string;
  notes: string;
  status: number;
  inspection_date: string | null;
  completed_at: string | null;
}
interface ResultRow {
  adas_inspection: number;
  system: string;
  result: number | null;
  is_not_equipped: number;
  notes: string;
  evidence: string | null;
}

export const inspectionPart = (inspection: number) => `Inspection ${inspection}`;
export const resultPart = (inspection: number, system: string) => `${inspectionPart(inspection)} · ${system}`;

/** The job as its history compares it; null when there is no such job. */
export function jobSnapshot(db: Db, adas: number): Snapshot | null {
  const job = prepared(
    db,
    `SELECT j.firm, f.name AS firm_name, j.adas_type, j.ronumber, j.insurance_name, j.notes, j.vehicle_label, j.vin, j.status
     FROM adas j JOIN firm f ON f.firm = j.firm WHERE j.adas = ?`,
  ).get(adas) as JobRow | undefined;
  if (!job) return null;
  const parts: Record<string, Fields> = {};
  const inspections = prepared(
    db,
    `SELECT adas_inspection, adas_inspection_type, ${userName('inspector')} AS inspector_name, insurance_name, ronumber, notes, status,
            inspection_date, completed_at
     FROM adas_inspection WHERE adas = ? ORDER BY adas_inspection`,
  ).all(adas) as InspectionRow[];
  for (const i of inspections)
    parts[inspectionPart(i.adas_inspection)] = {
      Type: shown(nameOf(INSPECTION_TYPES, i.adas_inspection_type)),
      Inspector: shown(i.inspector_name),
      Insurance: shown(i.insurance_name),
      'RO number': shown(i.ronumber),
      Notes: shown(i.notes),
      Status: statusName(i.status),
      'Inspection date': shown(i.inspection_date),
      Completed: shown(i.completed_at),
    };
  const results = prepared(
    db,
    `SELECT r.adas_inspection, r.system, r.result, r.is_not_equipped, r.notes,
            (SELECT group_concat(e.file_name, ', ') FROM (SELECT file_name FROM adas_evidence WHERE adas_inspection_result = r.adas_inspection_result ORDER BY adas_evidence) e) AS evidence
     FROM adas_inspection_result r JOIN adas_inspection i ON i.adas_inspection = r.adas_inspection
     WHERE i.adas = ? ORDER BY r.adas_inspection, r.sort, r.adas_inspection_result`,
  ).all(adas) as ResultRow[];
  for (const r of results)
    parts[resultPart(r.adas_inspection, r.system)] = {
      Result: shown(nameOf(RESULTS, r.result)),
      'Not equipped': r.is_not_equipped ? 'Yes' : 'No',
      Notes: shown(r.notes),
      Evidence: shown(r.evidence),
    };
  return {
    firm: job.firm,
    fields: {
      Location: job.firm_name,
      'ADAS type': shown(nameOf(ADAS_TYPES, job.adas_type)),
      'RO number': shown(job.ronumber),
      Insurance: shown(job.insurance_name),
      Notes: shown(job.notes),
      Vehicle: shown([job.vehicle_label, job.vin].filter(Boolean).join(' · ')),
      Status: statusName(job.status),
    },
    parts,
  };
}

/**
 * Runs a write of job `adas` (inside the caller's transaction) and records what it changed. `adas` null:
 * the write creates the job, whose id `created` reads from the write's answer. An unknown job (the write
 * will refuse it) records nothing.
 */
export function withJobHistory<T>(db: Db, by: number, adas: number | null | undefined, write: () => T, created?: (result: T) => number): T {
  const before = adas == null ? null : jobSnapshot(db, adas);
  const result = write();
  const id = adas ?? created?.(result);
  if (id != null) recordChange(db, { kind: 'adas', id, by }, before, jobSnapshot(db, id));
  return result;
}
