/**
 * An ADAS job as its history sees it (docs/history.md#what-is-recorded): the job's fields, each inspection
 * ("Inspection 12") and each system's result of it ("Inspection 12 · Front Camera": result, not equipped,
 * notes, evidence), as the pages show them. `withJobHistory` wraps a write of a job (in its transaction):
 * the job before, the write, the job after, the rows of what changed. Status changes carry the inspection's
 * "Completed" time, which is what puts an inspection in a dashboard period (docs/history.md#dashboard).
 */
import { ADAS_TYPES, INSPECTION_TYPES, RESULTS, STATUS, nameOf, statusName } from '../../lib/adas/rules';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { recordChange, shown, withHistory, type Fields, type Snapshot } from '../history/service';

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
  const job = prepared<JobRow>(
    db,
    `SELECT j.firm, f.name AS firm_name, j.adas_type, j.ronumber, j.insurance_name, j.notes, j.vehicle_label, j.vin, j.status
     FROM adas j JOIN firm f ON f.firm = j.firm WHERE j.adas = ?`,
  ).get(adas);
  if (!job) return null;
  const parts: Record<string, Fields> = {};
  const inspections = prepared<InspectionRow>(
    db,
    `SELECT adas_inspection, adas_inspection_type, ${userName('inspector')} AS inspector_name, insurance_name, ronumber, notes, status,
            inspection_date, completed_at
     FROM adas_inspection WHERE adas = ? ORDER BY adas_inspection`,
  ).all(adas);
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
  const results = prepared<ResultRow>(
    db,
    `SELECT r.adas_inspection, r.system, r.result, r.is_not_equipped, r.notes,
            (SELECT group_concat(e.file_name, ', ') FROM (SELECT file_name FROM adas_evidence WHERE adas_inspection_result = r.adas_inspection_result ORDER BY adas_evidence) e) AS evidence
     FROM adas_inspection_result r JOIN adas_inspection i ON i.adas_inspection = r.adas_inspection
     WHERE i.adas = ? ORDER BY r.adas_inspection, r.sort, r.adas_inspection_result`,
  ).all(adas);
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
  return withHistory(db, { kind: 'adas', by: by }, adas, jobSnapshot, write, created);
}

/**
 * The demo jobs' history (the seed): what their records say happened, as rows — each job created (by its
 * creator, at its creation, Open), each inspection added, each system's result recorded (its result_at and
 * result_by), a system marked not equipped, each inspection completed (completed_at, completed_by) and the
 * job's own status when Complete. Nothing the records do not stamp is invented; rows go in time order.
 */
export function seedJobHistory(db: Db): void {
  type Event = { at: string; by: number | null; adas: number; before: Snapshot | null; after: Snapshot };
  const events: Event[] = [];
  const jobs = prepared<{
    adas: number;
    firm: number;
    created_at: string;
    created_by: number | null;
    status: number;
    status_changed_at: string | null;
    status_changed_by: number | null;
  }>(db, 'SELECT adas, firm, created_at, created_by, status, status_changed_at, status_changed_by FROM adas ORDER BY adas').all();
  const inspectionsOf = prepared<{
    adas_inspection: number;
    created_at: string;
    created_by: number | null;
    status: number;
    completed_at: string | null;
    completed_by: number | null;
  }>(
    db,
    'SELECT adas_inspection, created_at, created_by, status, completed_at, completed_by FROM adas_inspection WHERE adas = ? ORDER BY adas_inspection',
  );
  const resultsOf = prepared<{
    system: string;
    result: number | null;
    result_at: string | null;
    result_by: number | null;
    is_not_equipped: number;
    updated_at: string | null;
    updated_by: number | null;
  }>(
    db,
    'SELECT system, result, result_at, result_by, is_not_equipped, updated_at, updated_by FROM adas_inspection_result WHERE adas_inspection = ?',
  );
  const part = (firm: number, label: string, fields: Fields): Snapshot => ({ firm, fields: {}, parts: { [label]: fields } });
  for (const j of jobs) {
    const now = jobSnapshot(db, j.adas)!;
    events.push({
      at: j.created_at,
      by: j.created_by,
      adas: j.adas,
      before: null,
      after: { firm: j.firm, fields: { ...now.fields, Status: 'Open' } },
    });
    for (const i of inspectionsOf.all(j.adas)) {
      const label = inspectionPart(i.adas_inspection);
      const shownNow = now.parts![label]!;
      const opened = { ...shownNow, Status: 'Open', Completed: null };
      events.push({
        at: i.created_at,
        by: i.created_by,
        adas: j.adas,
        before: { firm: j.firm, fields: {}, parts: {} },
        after: part(j.firm, label, opened),
      });
      for (const r of resultsOf.all(i.adas_inspection)) {
        const system = resultPart(i.adas_inspection, r.system);
        if (r.result != null && r.result_at)
          events.push({
            at: r.result_at,
            by: r.result_by,
            adas: j.adas,
            before: part(j.firm, system, { Result: null }),
            after: part(j.firm, system, { Result: nameOf(RESULTS, r.result) }),
          });
        if (r.is_not_equipped && r.updated_at)
          events.push({
            at: r.updated_at,
            by: r.updated_by,
            adas: j.adas,
            before: part(j.firm, system, { 'Not equipped': 'No' }),
            after: part(j.firm, system, { 'Not equipped': 'Yes' }),
          });
      }
      if (i.completed_at)
        events.push({
          at: i.completed_at,
          by: i.completed_by,
          adas: j.adas,
          before: part(j.firm, label, { Status: 'Open', Completed: null }),
          after: part(j.firm, label, { Status: statusName(STATUS.complete), Completed: i.completed_at }),
        });
    }
    if (j.status !== 1 && j.status_changed_at)
      events.push({
        at: j.status_changed_at,
        by: j.status_changed_by,
        adas: j.adas,
        before: { firm: j.firm, fields: { Status: 'Open' } },
        after: { firm: j.firm, fields: { Status: statusName(j.status) } },
      });
  }
  events.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : x.adas - y.adas));
  db.transaction(() => {
    for (const e of events) recordChange(db, { kind: 'adas', id: e.adas, by: e.by, at: e.at }, e.before, e.after);
  })();
}
