/**
 * ADAS jobs and inspections (docs/adas.md#fields, #states, #calls), persisted in SQLite (schema.ts). Every job is scoped
 * to the caller's firms: another firm's job or inspection answers the same 404 as an unknown one.
 * Decisions beyond lib/contract/adas.ts:
 * - a new job belongs to the body's firm (one the caller reaches) or the caller's sign-in firm; its new
 *   vehicle belongs to the same location; an existing vehicle keeps its location;
 * - the customer (the vehicle's contact) must be a contact the caller reaches, the inspector a user of the
 *   job's location, the insurer one the location may use: otherwise 400 naming the field;
 * - a Complete inspection changes only by reopening it (another status): anything else answers 409;
 *   a status asked for that the record already has answers 409 saying who set it and when;
 * - every change of inspections (new, status, deletion) rolls the job's status up in the same
 *   transaction (status.ts); writes run as IMMEDIATE transactions, so two racing requests are serialised
 *   and the second one sees the first one's outcome.
 */
import { z } from 'zod';
import { STATUS, completionProblem, statusName } from '../../lib/adas/rules';
import { contract } from '../../lib/contract';
import type { AdasRecord, InspectionItem, InspectionResult, InspectionRow, RepairLine } from '../../lib/contract/adas';
import type { AdasSystem } from '../../lib/contract/decode';
import { parseJsonColumn } from '../../lib/json-column';
import type { Db } from '../core/db';
import { announceChange } from '../push/service';
import { type Caller, assertFirm } from '../core/caller';
import type { HostContext } from '../core/context';
import { HttpError, badRequest, conflict, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { type InspectionHead, openInspection, visibleInspection } from './inspection-head';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { decodeFor, upsertVehicle, decodeValidVin } from '../vehicles/service';
import { insurerName, usableInsurers } from './insurers';
import { listAdas } from './query';
import { unreadNotesByJob } from '../calibrations/service';
import { once } from './once';
import { rollUp, setJobStatus } from './status';
import { withJobHistory } from './history';
import { nowIso } from '../core/time';
import { vehicleLinks, vehicleSystems } from './systems';
import { isValidVin } from '../../lib/vehicle/vin';
import { announceDispatchSteps, assertNotDispatched, dispatchesOfJob, reachJob, type Need, type Via } from '../dispatch/service';

const a = contract.adas;
/** A result row's version when created (api-host/adas/schema.ts RESULT_VERSION). */
const FIRST_VERSION = 1;

/** Runs `fn` in an IMMEDIATE transaction (the write lock is taken first, so racing writers queue). */
const writing = <T>(db: Db, fn: () => T): T => db.transaction(fn).immediate();
/** A write of job `adas` that records its history in the same transaction (null: the write creates the job, `created` names it). */
const tracked = <T>(db: Db, caller: Caller, adas: number | null | undefined, fn: () => T, created?: (r: T) => number): T =>
  writing(db, () => withJobHistory(db, caller.user, adas, fn, created));

// ── visibility ──────────────────────────────────────────────────────────────────────────────────
interface JobHead {
  adas: number;
  firm: number;
  vehicle: number;
  status: number;
  ronumber: string;
  insurance: number | null;
  insurance_name: string;
}

/** A job the caller reaches as far as the call needs (its own locations, or a dispatch: api-host/dispatch/access.ts); else 404 (or 403 saying why). */
function visibleJob(db: Db, caller: Caller, id: number, need: Need): JobHead & { via: Via } {
  const row = prepared<JobHead>(db, 'SELECT adas, firm, vehicle, status, ronumber, insurance, insurance_name FROM adas WHERE adas = ?').get(
    id,
  );
  if (!row) throw notFound('ADAS job');
  return { ...row, via: reachJob(db, caller, row.firm, row.adas, need) };
}

/** SQL for a user's display name ("First Last") from a user id column. */
export function userName(column: string): string {
  return `(SELECT trim(c.first_name || ' ' || c.last_name) FROM user u JOIN contact c ON c.contact = u.contact WHERE u.user = ${column})`;
}

function checkInspector(db: Db, firm: number, inspector: number | null, field = 'inspector'): void {
  if (inspector == null) return;
  const ok = prepared(
    db,
    'SELECT 1 FROM user_firm uf JOIN user u ON u.user = uf.user WHERE uf.user = ? AND uf.firm = ? AND u.is_inactive = 0',
  ).get(inspector, firm);
  if (!ok) {
    const name = oneRow(preparedValue<string>(db, 'SELECT name FROM firm WHERE firm = ?').get(firm));
    throw badRequest('Invalid body', { [field]: [`The inspector must be a user of ${name}`] });
  }
}

/** When and by whom a record got its status, for the 409 of a request that asks for it again. */
function alreadyMessage(what: string, status: number, at: string | null, by: string | null): string {
  const who = by ? ` by ${by}` : '';
  const when = at ? ` at ${at}` : '';
  return `This ${what} is already ${statusName(status)} (set${who}${when}). Nothing was changed.`;
}

// ── reading ─────────────────────────────────────────────────────────────────────────────────────
/** A job's row: the record flat, its vehicle's columns beside the job's. */
type JobRow = Omit<AdasRecord, 'vehicle' | 'inspectors' | 'unreadNotes'> & { vehicle: number; vehicleFirm: number } & Omit<
    AdasRecord['vehicle'],
    'vehicle' | 'firm'
  >;

function readJob(db: Db, caller: Caller, id: number): AdasRecord {
  const via = visibleJob(db, caller, id, 'read').via;
  const { vehicleFirm, contact, contactName, year, make, makeId, model, bodystyle, vin, ...job } = oneRow(
    prepared<JobRow>(
      db,
      `SELECT a.adas, a.firm, a.firm_name AS firmName, a.ronumber, a.adas_type AS adasType, a.insurance, a.insurance_name AS insuranceName,
              a.status, a.inspections_complete AS inspectionsComplete, a.inspections_total AS inspectionsTotal, a.created_at AS createdAt,
              a.notes, a.created_by AS createdBy, coalesce(${userName('a.created_by')}, '') AS createdByName, a.vehicle, a.vin,
              v.firm AS vehicleFirm, v.contact, coalesce(ct.file_as, '') AS contactName, v.year, v.make, v.make_id AS makeId, v.model, v.bodystyle
       FROM adas a JOIN vehicle v ON v.vehicle = a.vehicle LEFT JOIN contact ct ON ct.contact = v.contact WHERE a.adas = ?`,
    ).get(id),
  );
  // A provider working on the job through a dispatch sees the vehicle, not the shop's customer or users.
  const dispatched = via === 'dispatch';
  const inspectors = dispatched
    ? []
    : prepared<{ user: number; name: string }>(
        db,
        `SELECT u.user, trim(c.first_name || ' ' || c.last_name) AS name FROM user_firm uf JOIN user u ON u.user = uf.user JOIN contact c ON c.contact = u.contact
         WHERE uf.firm = ? AND u.is_inactive = 0 ORDER BY c.last_name, c.first_name, u.user`,
      ).all(job.firm);
  const owner = dispatched ? { contact: null, contactName: '' } : { contact, contactName };
  return {
    ...job,
    vehicle: { vehicle: job.vehicle, firm: vehicleFirm, ...owner, year, make, makeId, model, bodystyle, vin },
    inspectors,
  };
}

const INSPECTION_SELECT = `
  SELECT i.adas_inspection AS adasInspection, i.adas, j.firm, i.adas_inspection_type AS adasInspectionType, i.inspector,
         coalesce(${userName('i.inspector')}, '') AS inspectorName, i.insurance, i.insurance_name AS insuranceName, i.ronumber, i.notes,
         j.vehicle, i.status, i.inspection_date AS inspectionDate, i.completed_at AS completedAt,
         coalesce(${userName('i.completed_by')}, '') AS completedByName,
         (SELECT count(*) FROM adas_inspection_result r WHERE r.adas_inspection = i.adas_inspection) AS systemsTotal,
         (SELECT count(*) FROM adas_inspection_result r WHERE r.adas_inspection = i.adas_inspection AND r.result IS NULL AND r.is_not_equipped = 0) AS systemsPending,
         i.created_at AS createdAt
  FROM adas_inspection i JOIN adas j ON j.adas = i.adas`;

/** A result row: its 0/1 column as stored. */
type ResultRow = Omit<InspectionResult, 'isNotEquipped'> & { isNotEquipped: number };
const RESULT_SELECT = `SELECT r.adas_inspection_result AS adasInspectionResult, r.adas_inspection AS adasInspection,
    r.adas_checklist_matrix AS adasChecklistMatrix, r.system, r.result, r.is_not_equipped AS isNotEquipped, r.notes,
    r.updated_at AS updatedAt, coalesce(${userName('r.updated_by')}, '') AS updatedByName,
    r.result_at AS resultAt, coalesce(${userName('r.result_by')}, '') AS resultByName, r.version
  FROM adas_inspection_result r`;
const toResult = ({ isNotEquipped, ...r }: ResultRow): InspectionResult => ({ ...r, isNotEquipped: !!isNotEquipped });

/** A JSON list of names as the host writes it (JSON.stringify of a string[]). */
const NAMES = z.array(z.string());
const namesOf = (json: string): string[] => parseJsonColumn(NAMES, json, 'adas_inspection_result static/dynamic names');

/** An item row: its 0/1 column and its JSON lists as stored. */
type ItemRow = Omit<InspectionItem, 'isHighlight' | 'staticNames' | 'dynamicNames'> & {
  isHighlight: number;
  staticNames: string;
  dynamicNames: string;
};
const ITEM_SELECT = `SELECT adas_inspection_result AS adasInspectionResult, adas_inspection AS adasInspection, sort,
    adas_checklist_matrix AS adasChecklistMatrix, system, oem_name AS oemName, location, calibration_type AS calibrationType,
    calibration_mode AS calibrationMode, static_names AS staticNames, dynamic_names AS dynamicNames, notice, hints,
    is_highlight AS isHighlight, url
  FROM adas_inspection_result`;
const toItem = ({ isHighlight, staticNames, dynamicNames, ...r }: ItemRow): InspectionItem => ({
  ...r,
  staticNames: namesOf(staticNames),
  dynamicNames: namesOf(dynamicNames),
  isHighlight: !!isHighlight,
});

function resultsOf(db: Db, inspection: number): InspectionResult[] {
  return prepared<ResultRow>(db, `${RESULT_SELECT} WHERE r.adas_inspection = ? ORDER BY r.sort, r.adas_inspection_result`)
    .all(inspection)
    .map(toResult);
}

/** The vehicle of a job the caller sees (404 otherwise). */
function jobVehicle(db: Db, caller: Caller, adas: number): { year: number; make: string; model: string; vin: string } {
  const job = visibleJob(db, caller, adas, 'read');
  return oneRow(
    prepared<{
      year: number;
      make: string;
      model: string;
      vin: string;
    }>(db, 'SELECT year, make, model, vin FROM vehicle WHERE vehicle = ?').get(job.vehicle),
  );
}

/** The knowledge base's systems for a job's vehicle. */
function jobSystems(db: Db, adas: number): AdasSystem[] {
  const v = oneRow(
    prepared<{
      make: string;
      model: string;
      year: number;
    }>(db, 'SELECT v.make, v.model, v.year FROM adas a JOIN vehicle v ON v.vehicle = a.vehicle WHERE a.adas = ?').get(adas),
  );
  return vehicleSystems(db, v);
}

function addSystem(db: Db, inspection: number, s: AdasSystem, sort: number): number {
  return Number(
    prepared(
      db,
      `INSERT INTO adas_inspection_result (adas_inspection, adas_checklist_matrix, sort, system, oem_name, location, calibration_type, calibration_mode,
         static_names, dynamic_names, notice, hints, is_highlight, url)
       VALUES (@inspection, @adasChecklistMatrix, @sort, @system, @oemName, @location, @calibrationType, @calibrationMode, @staticNames, @dynamicNames,
         @notice, @hints, @isHighlight, @url)`,
    ).run({
      ...s,
      inspection,
      sort,
      staticNames: JSON.stringify(s.staticNames),
      dynamicNames: JSON.stringify(s.dynamicNames),
      isHighlight: s.isHighlight ? 1 : 0,
    }).lastInsertRowid,
  );
}

/** Announces (after the transaction committed) the job a call changed, and answers its result. */
function jobChanged<T>(ctx: HostContext, caller: Caller, result: T, job: (result: T) => number): T {
  const adas = job(result);
  announceChange(ctx, caller.user, 'adas', [adas]);
  announceDispatchSteps(ctx, caller.user, { adas }); // a completion hands a dispatched inspection back
  return result;
}

/** The job of an inspection (its history's record; read after a change of its results committed, for the job's notice). */
const jobOfInspection = (db: Db, inspection: number) =>
  oneRow(preparedValue<number>(db, 'SELECT adas FROM adas_inspection WHERE adas_inspection = ?').get(inspection));
/**
 * The job whose history a change of an inspection records, read before the change: an inspection that does
 * not exist or that the caller cannot reach answers the same 404 as inside the change.
 */
const jobOfVisibleInspection = (db: Db, caller: Caller, inspection: number, need: Need) =>
  visibleInspection(db, caller, inspection, need).adas;

// ── writing ─────────────────────────────────────────────────────────────────────────────────────
type InspectionBody = z.output<typeof a.saveAdasInspection.body>;

/** Inserts an inspection of a job with the vehicle's systems; answers its id (the caller rolls up). */
function insertInspection(db: Db, caller: Caller, job: JobHead, b: Omit<InspectionBody, 'adasInspection' | 'adas'>): number {
  checkInspector(db, job.firm, b.inspector);
  const insurance = b.insurance ?? job.insurance;
  const name = insurerName(db, job.firm, insurance, { insurance: job.insurance, name: job.insurance_name });
  const completed = b.status === STATUS.complete;
  const id = Number(
    prepared(
      db,
      `INSERT INTO adas_inspection (adas, adas_inspection_type, inspector, insurance, insurance_name, ronumber, notes, status, inspection_date,
         completed_at, completed_by, status_changed_at, status_changed_by, created_by)
       VALUES (@adas, @type, @inspector, @insurance, @name, @ronumber, @notes, @status, @date, @completedAt, @completedBy, @now, @user, @user)`,
    ).run({
      adas: job.adas,
      type: b.adasInspectionType,
      inspector: b.inspector,
      insurance,
      name,
      ronumber: b.ronumber || job.ronumber,
      notes: b.notes,
      status: b.status,
      date: b.inspectionDate ? new Date(b.inspectionDate).toISOString() : null,
      completedAt: completed ? nowIso() : null,
      completedBy: completed ? caller.user : null,
      now: nowIso(),
      user: caller.user,
    }).lastInsertRowid,
  );
  jobSystems(db, job.adas).forEach((s, i) => addSystem(db, id, s, (i + 1) * 10));
  if (completed) {
    const problem = completionProblem(resultsOf(db, id));
    if (problem) throw badRequest(problem, { status: [problem] });
  }
  return id;
}

/** Sets an inspection's status (completion rule, completed stamp) and rolls the job up. */
function changeInspectionStatus(
  db: Db,
  caller: Caller,
  head: InspectionHead,
  status: number,
): { adas: number; adasStatus: number; adasInspection: number; status: number } {
  if (status === STATUS.complete) {
    const problem = completionProblem(resultsOf(db, head.adas_inspection));
    if (problem) throw badRequest(problem, { status: [problem] });
  }
  const completed = status === STATUS.complete;
  prepared(
    db,
    `UPDATE adas_inspection SET status = ?, status_changed_at = ?, status_changed_by = ?, completed_at = ?, completed_by = ? WHERE adas_inspection = ?`,
  ).run(status, nowIso(), caller.user, completed ? nowIso() : null, completed ? caller.user : null, head.adas_inspection);
  return { adas: head.adas, adasStatus: rollUp(db, head.adas, caller.user), adasInspection: head.adas_inspection, status };
}

type JobBody = z.output<typeof a.createAdas.body>;

/** The job's vehicle: the existing one (it keeps its location) or a new one at the job's location. */
function saveJobVehicle(db: Db, caller: Caller, firm: number, v: JobBody['vehicle']): number {
  return upsertVehicle(db, caller, v.vehicle > 0 ? null : firm, v, 'vehicle.');
}

/** Saves an inspection's results (the body of adas/saveAdasInspectionResults), in the caller's transaction. */
function saveResults(db: Db, caller: Caller, body: z.output<typeof a.saveAdasInspectionResults.body>) {
  const head = openInspection(db, caller, body.adasInspection, 'work');
  const systems = new Set(
    preparedValue<number>(db, 'SELECT adas_checklist_matrix FROM adas_inspection_result WHERE adas_inspection = ?').all(
      head.adas_inspection,
    ),
  );
  const errors: Record<string, string[]> = {};
  body.results.forEach((r, i) => {
    if (!systems.has(r.adasChecklistMatrix)) errors[`results.${i}.adasChecklistMatrix`] = ['This inspection does not have that system'];
  });
  if (Object.keys(errors).length) throw badRequest('A result names a system this inspection does not have. Nothing was saved.', errors);
  // A change made against an older version of a row that someone changed since to something else.
  const current = prepared<{
    adas_checklist_matrix: number;
    system: string;
    result: number | null;
    is_not_equipped: number;
    notes: string;
    version: number;
  }>(
    db,
    'SELECT adas_checklist_matrix, system, result, is_not_equipped, notes, version FROM adas_inspection_result WHERE adas_inspection = ?',
  ).all(head.adas_inspection);
  const bySystem = new Map(current.map((c) => [c.adas_checklist_matrix, c]));
  const stale: Record<string, string[]> = {};
  body.results.forEach((r, i) => {
    const c = bySystem.get(r.adasChecklistMatrix)!;
    const same = c.result === r.result && !!c.is_not_equipped === r.isNotEquipped && c.notes === r.notes;
    // Without a version the change was made against the row as created: every change since is newer.
    if ((r.baseVersion ?? FIRST_VERSION) !== c.version && !same)
      stale[`results.${i}.baseVersion`] = [`${c.system} was changed by someone else meanwhile`];
  });
  if (Object.keys(stale).length)
    throw new HttpError(409, 'Someone else changed these results meanwhile: choose which to keep. Nothing was saved.', stale);
  // The whole list is saved at once: a row changes (and says who changed it) only when what it holds
  // changes, and result_by/result_at only when its result does (SET reads the row's old values).
  const update = prepared(
    db,
    `UPDATE adas_inspection_result SET result = @result, is_not_equipped = @ne, notes = @notes, updated_at = @now, updated_by = @user, version = version + 1,
       result_at = CASE WHEN result IS @result THEN result_at WHEN @result IS NULL THEN NULL ELSE @now END,
       result_by = CASE WHEN result IS @result THEN result_by WHEN @result IS NULL THEN NULL ELSE @user END
     WHERE adas_inspection = @inspection AND adas_checklist_matrix = @system
       AND (result IS NOT @result OR is_not_equipped <> @ne OR notes <> @notes)`,
  );
  const now = nowIso();
  for (const r of body.results)
    update.run({
      result: r.result,
      ne: r.isNotEquipped ? 1 : 0,
      notes: r.notes,
      now,
      user: caller.user,
      inspection: head.adas_inspection,
      system: r.adasChecklistMatrix,
    });
  const versionOf = preparedValue<number>(
    db,
    'SELECT version FROM adas_inspection_result WHERE adas_inspection = ? AND adas_checklist_matrix = ?',
  );
  const versions = body.results.map((r) => ({
    adasChecklistMatrix: r.adasChecklistMatrix,
    version: oneRow(versionOf.get(head.adas_inspection, r.adasChecklistMatrix)),
  }));
  return { count: body.results.length, versions };
}

export const adasCalls = [
  // As a tree (docs/dashboard.md#screens "Location"): each location followed by the ones under it, siblings by name.
  implement(a.locations, ({ caller, ctx }) => {
    const firms = prepared<{
      firm: number;
      name: string;
      firm_type: string;
      parent: number | null;
    }>(ctx.db, 'SELECT firm, name, firm_type, parent FROM firm WHERE is_inactive = 0 ORDER BY name, firm')
      .all()
      .filter((f) => caller.firms.has(f.firm));
    const reached = new Set(firms.map((f) => f.firm));
    // Children by parent, in name order (a network of thousands of locations is one pass, not one per location).
    const children = new Map<number | null, typeof firms>();
    for (const f of firms) {
      const siblings = children.get(f.parent);
      if (siblings) siblings.push(f);
      else children.set(f.parent, [f]);
    }
    const out: { firm: number; name: string; firmType: string; depth: number }[] = [];
    const visit = (f: (typeof firms)[number], depth: number) => {
      out.push({ firm: f.firm, name: f.name, firmType: f.firm_type, depth });
      for (const child of children.get(f.firm) ?? []) visit(child, depth + 1);
    };
    for (const f of firms) if (f.parent == null || !reached.has(f.parent)) visit(f, 0);
    return out;
  }),
  implement(a.insurers, ({ query, caller, ctx }) => {
    const firm = query.firm ?? caller.firm;
    assertFirm(caller, firm, 'Firm');
    return usableInsurers(ctx.db, firm);
  }),
  implement(a.adass, ({ query, caller, ctx }) => {
    // A location filter the caller cannot reach is another firm's record: 404, as everywhere.
    if (query.firm !== undefined) assertFirm(caller, query.firm, 'Firm');
    const page = listAdas(ctx.db, query, { firms: caller.firms });
    const unread = unreadNotesByJob(
      ctx.db,
      page.items.map((r) => r.adas),
      caller.user,
    );
    return { ...page, items: page.items.map((r) => ({ ...r, unreadNotes: unread.get(r.adas) ?? 0 })) };
  }),
  implement(a.adas, ({ query, caller, ctx }) => readJob(ctx.db, caller, query.adas)),

  implement(a.createAdas, ({ body, caller, ctx }) => {
    const db = ctx.db;
    return jobChanged(
      ctx,
      caller,
      tracked(
        db,
        caller,
        null,
        () => {
          const firm = body.firm ?? caller.firm;
          assertFirm(caller, firm, 'Firm');
          const name = insurerName(db, firm, body.insurance);
          const vehicle = saveJobVehicle(db, caller, firm, body.vehicle);
          const id = Number(
            prepared(
              db,
              `INSERT INTO adas (firm, adas_type, ronumber, insurance, insurance_name, notes, vehicle, created_by, status_changed_at, status_changed_by)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            ).run(firm, body.adasType, body.ronumber, body.insurance, name, body.notes, vehicle, caller.user, nowIso(), caller.user)
              .lastInsertRowid,
          );
          let inspection: number | null = null;
          if (body.inspection) {
            const job = visibleJob(db, caller, id, 'own');
            inspection = insertInspection(db, caller, job, {
              ...body.inspection,
              insurance: null,
              ronumber: '',
              notes: '',
              inspectionDate: null,
              status: STATUS.open,
            });
            rollUp(db, id, caller.user);
          }
          return { id, adasInspection: inspection };
        },
        (r) => r.id,
      ),
      (r) => r.id,
    );
  }),

  implement(a.saveAdas, ({ body, caller, ctx }) => {
    const db = ctx.db;
    return jobChanged(
      ctx,
      caller,
      tracked(db, caller, body.adas, () => {
        const job = visibleJob(db, caller, body.adas, 'own');
        const firm = body.firm ?? job.firm;
        assertFirm(caller, firm, 'Firm');
        // A job moved to another location names an insurer that location works with.
        const kept = firm === job.firm ? { insurance: job.insurance, name: job.insurance_name } : undefined;
        const name = insurerName(db, firm, body.insurance, kept);
        const vehicle = saveJobVehicle(db, caller, firm, body.vehicle);
        prepared(
          db,
          'UPDATE adas SET firm = ?, adas_type = ?, ronumber = ?, insurance = ?, insurance_name = ?, notes = ?, vehicle = ? WHERE adas = ?',
        ).run(firm, body.adasType, body.ronumber, body.insurance, name, body.notes, vehicle, body.adas);
        return { id: body.adas };
      }),
      (r) => r.id,
    );
  }),

  implement(a.updateStatusAdas, ({ body, caller, ctx }) => {
    const db = ctx.db;
    return jobChanged(
      ctx,
      caller,
      tracked(db, caller, body.adas, () => {
        const job = visibleJob(db, caller, body.adas, 'own');
        if (job.status === body.status) {
          const r = oneRow(
            prepared<{ status_changed_at: string | null; by: string | null }>(
              db,
              `SELECT status_changed_at, ${userName('status_changed_by')} AS by FROM adas WHERE adas = ?`,
            ).get(job.adas),
          );
          throw conflict(alreadyMessage('job', job.status, r.status_changed_at, r.by));
        }
        if (body.status === STATUS.complete) {
          const open = oneRow(
            preparedValue<number>(db, 'SELECT count(*) FROM adas_inspection WHERE adas = ? AND status <> 2').get(job.adas),
          );
          if (open > 0) {
            const message = `Complete every inspection first: ${open} ${open === 1 ? 'inspection is' : 'inspections are'} not Complete.`;
            throw badRequest(message, { status: [message] });
          }
        }
        setJobStatus(db, job.adas, body.status, caller.user);
        return { adas: job.adas, adasStatus: body.status, adasInspection: null, status: null };
      }),
      (r) => r.adas,
    );
  }),

  implement(a.adasInspections, ({ query, caller, ctx }) => {
    visibleJob(ctx.db, caller, query.adas, 'own');
    const sent = dispatchesOfJob(ctx.db, query.adas);
    return prepared<InspectionRow>(ctx.db, `${INSPECTION_SELECT} WHERE i.adas = ? ORDER BY i.adas_inspection`)
      .all(query.adas)
      .map((i) => ({ ...i, dispatch: sent.get(i.adasInspection) ?? null }));
  }),
  implement(a.adasInspection, ({ query, caller, ctx }) => {
    visibleInspection(ctx.db, caller, query.adasInspection, 'read');
    const row = oneRow(prepared<InspectionRow>(ctx.db, `${INSPECTION_SELECT} WHERE i.adas_inspection = ?`).get(query.adasInspection));
    return { ...row, results: resultsOf(ctx.db, query.adasInspection) };
  }),

  implement(a.saveAdasInspection, ({ body, caller, ctx }) => {
    const db = ctx.db;
    return jobChanged(
      ctx,
      caller,
      tracked(db, caller, body.adas, () =>
        once(db, caller.user, body.clientKey, a.saveAdasInspection.path, a.saveAdasInspection.response, () => {
          const job = visibleJob(db, caller, body.adas, 'own');
          if (body.adasInspection <= 0) {
            const id = insertInspection(db, caller, job, body);
            return { adas: job.adas, adasStatus: rollUp(db, job.adas, caller.user), adasInspection: id, status: body.status };
          }
          const head = visibleInspection(db, caller, body.adasInspection, 'own');
          if (head.adas !== job.adas) throw notFound('Inspection');
          if (head.status === STATUS.complete && body.status === STATUS.complete)
            throw conflict('This inspection is Complete: reopen it to change it.');
          checkInspector(db, job.firm, body.inspector);
          const current = oneRow(
            prepared<{ insurance: number | null; name: string }>(
              db,
              'SELECT insurance, insurance_name AS name FROM adas_inspection WHERE adas_inspection = ?',
            ).get(head.adas_inspection),
          );
          const name = insurerName(db, job.firm, body.insurance, current);
          prepared(
            db,
            `UPDATE adas_inspection SET adas_inspection_type = ?, inspector = ?, insurance = ?, insurance_name = ?, ronumber = ?, notes = ?, inspection_date = ?
         WHERE adas_inspection = ?`,
          ).run(
            body.adasInspectionType,
            body.inspector,
            body.insurance,
            name,
            body.ronumber,
            body.notes,
            body.inspectionDate ? new Date(body.inspectionDate).toISOString() : null,
            head.adas_inspection,
          );
          if (body.status !== head.status) return changeInspectionStatus(db, caller, head, body.status);
          return { adas: job.adas, adasStatus: job.status, adasInspection: head.adas_inspection, status: head.status };
        }),
      ),
      (r) => r.adas,
    );
  }),

  implement(a.updateStatusAdasInspection, ({ body, caller, ctx }) => {
    const db = ctx.db;
    return jobChanged(
      ctx,
      caller,
      tracked(db, caller, jobOfVisibleInspection(db, caller, body.adasInspection, 'work'), () =>
        once(db, caller.user, body.clientKey, a.updateStatusAdasInspection.path, a.updateStatusAdasInspection.response, () => {
          const head = visibleInspection(db, caller, body.adasInspection, 'work');
          if (head.status === body.status)
            throw conflict(alreadyMessage('inspection', head.status, head.status_changed_at, head.changed_by));
          return changeInspectionStatus(db, caller, head, body.status);
        }),
      ),
      (r) => r.adas,
    );
  }),

  implement(a.deleteInspection, ({ body, caller, ctx }) => {
    const db = ctx.db;
    return jobChanged(
      ctx,
      caller,
      tracked(db, caller, jobOfVisibleInspection(db, caller, body.adasInspection, 'own'), () => {
        const head = visibleInspection(db, caller, body.adasInspection, 'own');
        assertNotDispatched(db, head.adas_inspection);
        prepared(db, 'DELETE FROM adas_inspection WHERE adas_inspection = ?').run(head.adas_inspection);
        return { adas: head.adas, adasStatus: rollUp(db, head.adas, caller.user), adasInspection: null, status: null };
      }),
      (r) => r.adas,
    );
  }),

  implement(a.adasInspectionItems, ({ query, caller, ctx }) => {
    visibleInspection(ctx.db, caller, query.adasInspection, 'read');
    return prepared<ItemRow>(ctx.db, `${ITEM_SELECT} WHERE adas_inspection = ? ORDER BY sort, adas_inspection_result`)
      .all(query.adasInspection)
      .map(toItem);
  }),
  implement(a.adasInspectionResults, ({ query, caller, ctx }) => {
    visibleInspection(ctx.db, caller, query.adasInspection, 'read');
    return resultsOf(ctx.db, query.adasInspection);
  }),

  implement(a.saveAdasInspectionResults, ({ body, caller, ctx }) => {
    const db = ctx.db;
    const saved = tracked(db, caller, jobOfVisibleInspection(db, caller, body.adasInspection, 'work'), () =>
      once(db, caller.user, body.clientKey, a.saveAdasInspectionResults.path, a.saveAdasInspectionResults.response, () =>
        saveResults(db, caller, body),
      ),
    );
    return jobChanged(ctx, caller, saved, () => jobOfInspection(db, body.adasInspection));
  }),

  implement(a.saveResultEquipped, ({ body, caller, ctx }) => {
    const db = ctx.db;
    const inspection = preparedValue<number>(db, 'SELECT adas_inspection FROM adas_inspection_result WHERE adas_inspection_result = ?').get(
      body.adasInspectionResult,
    );
    if (inspection === undefined) throw notFound('Result');
    const saved = tracked(db, caller, jobOfVisibleInspection(db, caller, inspection, 'work'), () => {
      openInspection(db, caller, inspection, 'work');
      prepared(
        db,
        'UPDATE adas_inspection_result SET is_not_equipped = ?, updated_at = ?, updated_by = ?, version = version + 1 WHERE adas_inspection_result = ?',
      ).run(body.isNotEquipped ? 1 : 0, nowIso(), caller.user, body.adasInspectionResult);
      return { success: true as const };
    });
    return jobChanged(ctx, caller, saved, () => jobOfInspection(db, inspection));
  }),

  implement(a.notInstalledOnInspection, ({ query, caller, ctx }) => {
    const head = visibleInspection(ctx.db, caller, query.adasInspection, 'read');
    const on = new Set(
      preparedValue<number>(ctx.db, 'SELECT adas_checklist_matrix FROM adas_inspection_result WHERE adas_inspection = ?').all(
        head.adas_inspection,
      ),
    );
    return jobSystems(ctx.db, head.adas).filter((s) => !on.has(s.adasChecklistMatrix));
  }),

  implement(a.addSystemToInspection, ({ body, caller, ctx }) => {
    const db = ctx.db;
    const added = tracked(db, caller, jobOfVisibleInspection(db, caller, body.adasInspection, 'own'), () => {
      const head = openInspection(db, caller, body.adasInspection, 'own');
      const systems = jobSystems(db, head.adas);
      const index = systems.findIndex((s) => s.adasChecklistMatrix === body.adasChecklistMatrix);
      const system = systems[index];
      if (!system) throw badRequest('Invalid body', { adasChecklistMatrix: ['This vehicle does not have that system'] });
      if (
        prepared(db, 'SELECT 1 FROM adas_inspection_result WHERE adas_inspection = ? AND adas_checklist_matrix = ?').get(
          head.adas_inspection,
          body.adasChecklistMatrix,
        )
      )
        throw badRequest('Invalid body', { adasChecklistMatrix: ['The inspection already has that system'] });
      const id = addSystem(db, head.adas_inspection, system, (index + 1) * 10);
      rollUp(db, head.adas, caller.user);
      return { id };
    });
    return jobChanged(ctx, caller, added, () => jobOfInspection(db, body.adasInspection));
  }),

  implement(a.removeSystemFromInspection, ({ body, caller, ctx }) => {
    const db = ctx.db;
    const removed = tracked(db, caller, jobOfVisibleInspection(db, caller, body.adasInspection, 'own'), () => {
      const head = openInspection(db, caller, body.adasInspection, 'own');
      const row = prepared<{ adas_inspection_result: number; is_not_equipped: number }>(
        db,
        'SELECT adas_inspection_result, is_not_equipped FROM adas_inspection_result WHERE adas_inspection = ? AND adas_checklist_matrix = ?',
      ).get(head.adas_inspection, body.adasChecklistMatrix);
      if (!row) throw badRequest('Invalid body', { adasChecklistMatrix: ['This inspection does not have that system'] });
      if (!row.is_not_equipped)
        throw badRequest('Invalid body', { adasChecklistMatrix: ['Only a system marked not equipped can be removed'] });
      prepared(db, 'DELETE FROM adas_inspection_result WHERE adas_inspection_result = ?').run(row.adas_inspection_result);
      return { success: true as const };
    });
    return jobChanged(ctx, caller, removed, () => jobOfInspection(db, body.adasInspection));
  }),

  implement(a.repairLines, ({ query, caller, ctx }) => {
    visibleJob(ctx.db, caller, query.adas, 'read');
    return prepared<Omit<RepairLine, 'isNotEquipped'> & { isNotEquipped: number }>(
      ctx.db,
      `SELECT adas_repair_line AS adasRepairLine, adas, line_num AS lineNum, unique_sequence_number AS uniqueSequenceNumber, operation,
              description, part_number AS partNumber, is_not_equipped AS isNotEquipped
       FROM adas_repair_line WHERE adas = ? ORDER BY line_num, unique_sequence_number`,
    )
      .all(query.adas)
      .map(({ isNotEquipped, ...line }): RepairLine => ({ ...line, isNotEquipped: !!isNotEquipped }));
  }),

  implement(a.saveEquipped, ({ body, caller, ctx }) => {
    const db = ctx.db;
    return jobChanged(
      ctx,
      caller,
      writing(db, () => {
        visibleJob(db, caller, body.adas, 'own');
        const changed = prepared(db, 'UPDATE adas_repair_line SET is_not_equipped = ? WHERE adas = ? AND unique_sequence_number = ?').run(
          body.isNotEquipped ? 1 : 0,
          body.adas,
          body.uniqueSequenceNumber,
        ).changes;
        if (!changed) throw notFound('Repair line');
        return { success: true as const };
      }),
      () => body.adas,
    );
  }),

  // The systems of a vehicle (decode/adascdk by VIN; decode/neoadas by VIN or by year, make and model).
  implement(contract.decode.adascdk, ({ query, caller, ctx }) => {
    const decoded = decodeFor(ctx.db, contract.decode.adascdk.path, caller, query.vin);
    const systems = decoded.isDecoded ? vehicleSystems(ctx.db, { make: decoded.make, model: decoded.model, year: decoded.year! }) : [];
    return { decode: decoded, systems };
  }),
  implement(contract.decode.neoadas, ({ body, caller, ctx }) => {
    if ('vin' in body) {
      const d = decodeFor(ctx.db, contract.decode.neoadas.path, caller, body.vin);
      if (!d.isDecoded) throw badRequest(d.reason, { vin: [d.reason] });
      const vehicle = { year: d.year!, make: d.make, model: d.model, bodystyle: d.bodystyle, vin: d.vin };
      return { vehicle, systems: vehicleSystems(ctx.db, vehicle) };
    }
    const vehicle = { year: body.year, make: body.make, model: body.model, bodystyle: '', vin: '' };
    return { vehicle, systems: vehicleSystems(ctx.db, vehicle) };
  }),

  // The knowledge base applied to a job: its links and its decoded checklist.
  implement(contract.alldata.getLinksInternal, ({ query, caller, ctx }) =>
    vehicleLinks(ctx.db, jobVehicle(ctx.db, caller, query.adas), 'adas'),
  ),
  implement(contract.alldata.getGeneralInfoLinks, ({ query, caller, ctx }) =>
    vehicleLinks(ctx.db, jobVehicle(ctx.db, caller, query.adas), 'general'),
  ),
  implement(contract.admin.getAdasChecklistMappedToDecoded, ({ query, caller, ctx }) => {
    const db = ctx.db;
    const saved = jobVehicle(db, caller, query.id);
    const decode = saved.vin && isValidVin(saved.vin) ? decodeValidVin(db, saved.vin) : null;
    const vehicle = decode?.isDecoded ? { year: decode.year!, make: decode.make, model: decode.model, vin: saved.vin } : saved;
    const marks = prepared<{ adas_checklist_matrix: number; adas_inspection: number; result: number | null; is_not_equipped: number }>(
      db,
      `SELECT r.adas_checklist_matrix, r.adas_inspection, r.result, r.is_not_equipped FROM adas_inspection_result r
       JOIN adas_inspection i ON i.adas_inspection = r.adas_inspection WHERE i.adas = ? ORDER BY r.adas_inspection`,
    ).all(query.id);
    const items = vehicleSystems(db, vehicle).map((s) => {
      const mine = marks.filter((m) => m.adas_checklist_matrix === s.adasChecklistMatrix);
      return {
        ...s,
        inspections: mine.length,
        notEquipped: mine.some((m) => m.is_not_equipped === 1),
        results: mine.map((m) => ({ adasInspection: m.adas_inspection, result: m.result })),
      };
    });
    return { adas: query.id, vehicle, decode, items };
  }),

  implement(a.decode, ({ body, caller, ctx }) => {
    const db = ctx.db;
    const decoded = writing(db, () => {
      const job = visibleJob(db, caller, body.adas, 'own');
      const vin = oneRow(preparedValue<string>(db, 'SELECT vin FROM vehicle WHERE vehicle = ?').get(job.vehicle));
      if (!vin) throw badRequest("This job's vehicle has no VIN to decode.", { vin: ["This job's vehicle has no VIN to decode."] });
      const decoded = decodeFor(db, a.decode.path, caller, vin);
      if (decoded.isDecoded)
        prepared(db, 'UPDATE vehicle SET year = ?, make = ?, make_id = ?, model = ?, bodystyle = ? WHERE vehicle = ?').run(
          decoded.year,
          decoded.make,
          decoded.makeId,
          decoded.model,
          decoded.bodystyle,
          job.vehicle,
        );
      return decoded;
    });
    // A decoded vehicle changes the job's row (year, make, model).
    if (decoded.isDecoded) announceChange(ctx, caller.user, 'adas', [body.adas]);
    return decoded;
  }),
];
