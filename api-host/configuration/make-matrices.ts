/**
 * Make matrices (the specification's "adasChecklistMatrixVehicle"): the list, one record, saving (with its
 * models, keywords and names in one transaction), moving, deleting, and model variability. The SQL of the
 * list is here so the benchmark (scripts/seed-bench.ts) times exactly what the call runs.
 *
 * List plan: the page's ids come from one index walk in the list's order (make: adas_make_matrix_by_make;
 * years: adas_make_matrix_by_years; system: the systems' order, sorted), filtered by make, system, year,
 * model and the search (FTS5); then only those rows are read with their joins.
 */
import type { z } from 'zod';
import type { MakeMatrixListQuery, MakeMatrixRecord, MakeMatrixRow, makeMatrixInput, makeMatrixModelInput } from '../../lib/contract/admin';
import type { Paged } from '../../lib/contract/list';
import { CCC_KEYWORD_KINDS } from '../../lib/configuration/constants';
import { applyModelChanges, modelsText, type ModelRef } from '../../lib/configuration/models';
import type { Db } from '../core/db';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { badRequest, notFound } from '../core/errors';
import { assertSystem, bool, fieldError, flag, type Flagged, ftsWords, type SqlValue, yearsText } from './common';
import { indexKeywords, unindexKeywords } from './keywords';

type MakeMatrixInput = z.output<typeof makeMatrixInput>;
type ModelInput = z.output<typeof makeMatrixModelInput>;

type FlagName = 'isRR' | 'isRI' | 'triggerNotice' | 'isInactive';
/** A list row as ROW_SELECT yields it: the contract's names, its flags as stored. */
export type MakeMatrixRowDb = Flagged<MakeMatrixRow, FlagName>;

export const ROW_SELECT = `m.make_matrix AS adasChecklistMatrixVehicle, m.adas_checklist_matrix AS adasChecklistMatrix, c.matrix_item AS matrixItem,
  m.vehicle_make AS vehicleMake, m.models_text AS vehicleModel, m.year_start AS yearStart, m.year_end AS yearEnd, m.system, m.location,
  m.is_rr AS isRR, m.is_ri AS isRI, m.system_type AS systemType, coalesce(st.name, '') AS systemTypeName, m.location_type AS locationType,
  coalesce(lt.name, '') AS locationTypeName, m.calibration_type AS calibrationType, coalesce(ct.name, '') AS calibrationTypeName,
  ct.mode AS calibrationMode, m.url, m.source, m.trigger_notice AS triggerNotice, m.trigger_notice_text AS triggerNoticeText,
  m.ccc_location_keywords AS cccLocationKeywords, m.ccc_line_keywords AS cccLineKeywords, m.ccc_sublet_keywords AS cccSubletKeywords,
  m.is_inactive AS isInactive, m.sort`;
export const ROW_JOINS = `JOIN adas_checklist_matrix c ON c.adas_checklist_matrix = m.adas_checklist_matrix
  LEFT JOIN adas_system_type st ON st.system_type = m.system_type
  LEFT JOIN adas_location_type lt ON lt.location_type = m.location_type
  LEFT JOIN adas_calibration_type ct ON ct.calibration_type = m.calibration_type`;

export const toRow = ({ isRR, isRI, triggerNotice, isInactive, ...r }: MakeMatrixRowDb): MakeMatrixRow => ({
  ...r,
  isRR: bool(isRR),
  isRI: bool(isRI),
  triggerNotice: bool(triggerNotice),
  isInactive: bool(isInactive),
});

// ── the list ────────────────────────────────────────────────────────────────────────────────────────
function listFilter(q: MakeMatrixListQuery): { where: string[]; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (q.vehicleMake) {
    where.push('m.vehicle_make = ?');
    params.push(q.vehicleMake);
  }
  if (q.adasChecklistMatrix) {
    where.push('m.adas_checklist_matrix = ?');
    params.push(q.adasChecklistMatrix);
  }
  if (q.year) {
    where.push('m.year_start <= ? AND m.year_end >= ?');
    params.push(q.year, q.year);
  }
  if (q.vehicleModel) {
    where.push(
      '(m.has_models = 0 OR EXISTS (SELECT 1 FROM adas_make_matrix_model x WHERE x.make_matrix = m.make_matrix AND x.vehicle_model = ?))',
    );
    params.push(q.vehicleModel);
  }
  const match = ftsWords(q.searchTerm);
  if (match) {
    where.push('m.make_matrix IN (SELECT rowid FROM adas_make_matrix_fts WHERE adas_make_matrix_fts MATCH ?)');
    params.push(match);
  }
  return { where, params };
}

const ORDER: Record<MakeMatrixListQuery['orderBy'], { from: string; order: string[] }> = {
  make: { from: 'adas_make_matrix m', order: ['m.vehicle_make', 'm.sort', 'm.make_matrix'] },
  years: { from: 'adas_make_matrix m', order: ['m.year_start', 'm.year_end', 'm.make_matrix'] },
  system: {
    from: 'adas_make_matrix m JOIN adas_checklist_matrix c ON c.adas_checklist_matrix = m.adas_checklist_matrix',
    order: ['c.sort', 'c.matrix_item', 'm.vehicle_make', 'm.sort', 'm.make_matrix'],
  },
};

/** The SQL of a list page's ids (also for EXPLAIN QUERY PLAN in the benchmark). */
export function listIdsSql(q: MakeMatrixListQuery): { sql: string; params: SqlValue[] } {
  const { where, params } = listFilter(q);
  const dir = q.direction === 'desc' ? ' DESC' : '';
  const { from, order } = ORDER[q.orderBy];
  return {
    sql: `SELECT m.make_matrix FROM ${from} WHERE ${where.join(' AND ') || '1'} ORDER BY ${order.map((o) => o + dir).join(', ')} LIMIT ? OFFSET ?`,
    params: [...params, q.pageSize, (q.page - 1) * q.pageSize],
  };
}

export function listMakeMatrices(db: Db, q: MakeMatrixListQuery): Paged<MakeMatrixRow> {
  const { where, params } = listFilter(q);
  const count = oneRow(
    preparedValue<number>(db, `SELECT count(*) FROM adas_make_matrix m WHERE ${where.join(' AND ') || '1'}`).get(...params),
  );
  if (count === 0 || (q.page - 1) * q.pageSize >= count) return { count, items: [] };
  const ids = listIdsSql(q);
  const page = preparedValue<number>(db, ids.sql).all(...ids.params);
  const rows = prepared<MakeMatrixRowDb>(
    db,
    `SELECT ${ROW_SELECT} FROM adas_make_matrix m ${ROW_JOINS} WHERE m.make_matrix IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(page));
  const byId = new Map(rows.map((r) => [r.adasChecklistMatrixVehicle, r]));
  return { count, items: page.map((id) => toRow(byId.get(id)!)) };
}

// ── one record ──────────────────────────────────────────────────────────────────────────────────────
export function readModels(db: Db, id: number): ModelRef[] {
  return prepared<ModelRef>(
    db,
    'SELECT adas_make_matrix_model AS id, vehicle_model AS name FROM adas_make_matrix_model WHERE make_matrix = ? ORDER BY vehicle_model, id',
  ).all(id);
}

export type NameKind = 'system' | 'location' | 'static' | 'dynamic';
export function readNames(db: Db, id: number): Record<NameKind, string[]> {
  const out: Record<NameKind, string[]> = { system: [], location: [], static: [], dynamic: [] };
  for (const r of prepared<{
    kind: NameKind;
    name: string;
  }>(db, 'SELECT kind, name FROM adas_make_matrix_name WHERE make_matrix = ? ORDER BY kind, position').all(id))
    out[r.kind].push(r.name);
  return out;
}

export function readMakeMatrix(db: Db, id: number): MakeMatrixRecord {
  const r = prepared<MakeMatrixRowDb>(db, `SELECT ${ROW_SELECT} FROM adas_make_matrix m ${ROW_JOINS} WHERE m.make_matrix = ?`).get(id);
  if (!r) throw notFound('Make matrix');
  const names = readNames(db, id);
  return {
    ...toRow(r),
    models: readModels(db, id).map((m) => ({ ...m, isAdd: false, isDelete: false })),
    systems: names.system,
    locations: names.location,
    static: names.static,
    dynamic: names.dynamic,
  };
}

// ── saving ──────────────────────────────────────────────────────────────────────────────────────────
function checkTypes(db: Db, b: Pick<MakeMatrixInput, 'systemType' | 'locationType' | 'calibrationType'>): number | null {
  if (b.systemType != null && !prepared(db, 'SELECT 1 FROM adas_system_type WHERE system_type = ?').get(b.systemType))
    throw fieldError('systemType', 'Unknown system type');
  if (b.locationType != null && !prepared(db, 'SELECT 1 FROM adas_location_type WHERE location_type = ?').get(b.locationType))
    throw fieldError('locationType', 'Unknown location type');
  if (b.calibrationType == null) return b.systemType;
  const cal = prepared<{ system_type: number }>(db, 'SELECT system_type FROM adas_calibration_type WHERE calibration_type = ?').get(
    b.calibrationType,
  );
  if (!cal) throw fieldError('calibrationType', 'Unknown calibration');
  if (b.systemType != null && cal.system_type !== b.systemType)
    throw fieldError('calibrationType', 'This calibration is not one of the chosen system type');
  return cal.system_type;
}

/** Applies model changes to make matrix `id` (inside a transaction) and refreshes its model text and key. */
function writeModels(db: Db, id: number, make: string, changes: readonly ModelInput[]): void {
  const current = readModels(db, id);
  const { add, remove, unknown } = applyModelChanges(current, changes);
  if (unknown.length) throw fieldError('models', `Not a model of this make matrix: ${unknown.join(', ')}`);
  for (const m of remove) prepared(db, 'DELETE FROM adas_make_matrix_model WHERE adas_make_matrix_model = ?').run(m);
  for (const name of add)
    prepared(db, 'INSERT INTO adas_make_matrix_model (make_matrix, vehicle_make, vehicle_model) VALUES (?, ?, ?)').run(id, make, name);
  const names = readModels(db, id).map((m) => m.name);
  const { text, key } = modelsText(names);
  assertNotDuplicate(db, id, key);
  prepared(db, 'UPDATE adas_make_matrix SET models_text = ?, models_key = ?, has_models = ? WHERE make_matrix = ?').run(
    text,
    key,
    names.length ? 1 : 0,
    id,
  );
}

/** Replaces the name lists given (undefined lists are left as they are). */
export function writeNames(db: Db, id: number, lists: Partial<Record<NameKind, readonly string[]>>): void {
  const insert = prepared(db, 'INSERT INTO adas_make_matrix_name (make_matrix, kind, position, name) VALUES (?, ?, ?, ?)');
  for (const [kind, names] of Object.entries(lists) as [NameKind, readonly string[] | undefined][]) {
    if (!names) continue;
    prepared(db, 'DELETE FROM adas_make_matrix_name WHERE make_matrix = ? AND kind = ?').run(id, kind);
    names.forEach((name, i) => insert.run(id, kind, i + 1, name));
  }
}

function indexRowKeywords(
  db: Db,
  id: number,
  make: string,
  b: Pick<MakeMatrixInput, 'cccLineKeywords' | 'cccLocationKeywords' | 'cccSubletKeywords'>,
) {
  indexKeywords(db, 'line', id, b.cccLineKeywords, make);
  indexKeywords(db, 'location', id, b.cccLocationKeywords, make);
  indexKeywords(db, 'sublet', id, b.cccSubletKeywords, make);
}

const nextSort = (db: Db, make: string) =>
  oneRow(preparedValue<number>(db, 'SELECT coalesce(max(sort), 0) + 1 FROM adas_make_matrix WHERE vehicle_make = ?').get(make));

/** 400 when another make matrix has the same make, system, years and models as make matrix `id` would with `key`. */
function assertNotDuplicate(db: Db, id: number, key: string): void {
  const r = oneRow(
    prepared<{
      vehicle_make: string;
      adas_checklist_matrix: number;
      year_start: number;
      year_end: number;
    }>(db, 'SELECT vehicle_make, adas_checklist_matrix, year_start, year_end FROM adas_make_matrix WHERE make_matrix = ?').get(id),
  );
  const other = prepared<{ make_matrix: number; matrix_item: string }>(
    db,
    `SELECT m.make_matrix, c.matrix_item FROM adas_make_matrix m JOIN adas_checklist_matrix c USING (adas_checklist_matrix)
     WHERE m.vehicle_make = ? AND m.adas_checklist_matrix = ? AND m.year_start = ? AND m.year_end = ? AND m.models_key = ? AND m.make_matrix <> ?`,
  ).get(r.vehicle_make, r.adas_checklist_matrix, r.year_start, r.year_end, key, id);
  if (!other) return;
  const what = `${r.vehicle_make}, ${other.matrix_item}, ${yearsText(r.year_start, r.year_end)}${key ? ' and these models' : ' (every model)'}`;
  throw fieldError('vehicleMake', `A make matrix for ${what} already exists (#${other.make_matrix})`);
}

/**
 * Saves a make matrix with its models, keywords and (when given) names in one transaction; answers its id.
 * The duplicate rule is checked once the models are in place (and guarded by a unique index on the final models).
 */
export function saveMakeMatrix(db: Db, b: MakeMatrixInput): number {
  assertSystem(db, b.adasChecklistMatrix);
  const systemType = checkTypes(db, b);
  const values = [
    b.adasChecklistMatrix,
    b.vehicleMake,
    b.yearStart,
    b.yearEnd,
    b.system,
    b.location,
    flag(b.isRR),
    flag(b.isRI),
    systemType,
    b.locationType,
    b.calibrationType,
    b.url,
    b.source,
    flag(b.triggerNotice),
    b.triggerNoticeText,
    b.cccLocationKeywords,
    b.cccLineKeywords,
    b.cccSubletKeywords,
    flag(b.isInactive),
  ];
  // A placeholder models_key keeps the row unique until its models are written.
  const pending = `\u0000pending-${process.hrtime.bigint()}`;
  return db.transaction(() => {
    let id = b.adasChecklistMatrixVehicle;
    if (id > 0) {
      const was = prepared<{ vehicle_make: string; models_key: string }>(
        db,
        'SELECT vehicle_make, models_key FROM adas_make_matrix WHERE make_matrix = ?',
      ).get(id);
      if (!was) throw notFound('Make matrix');
      const moved = was.vehicle_make.toLowerCase() !== b.vehicleMake.toLowerCase();
      prepared(
        db,
        `UPDATE adas_make_matrix SET adas_checklist_matrix = ?, vehicle_make = ?, year_start = ?, year_end = ?, system = ?, location = ?, is_rr = ?, is_ri = ?,
           system_type = ?, location_type = ?, calibration_type = ?, url = ?, source = ?, trigger_notice = ?, trigger_notice_text = ?,
           ccc_location_keywords = ?, ccc_line_keywords = ?, ccc_sublet_keywords = ?, is_inactive = ?, models_key = ?, sort = ? WHERE make_matrix = ?`,
      ).run(
        ...values,
        pending,
        moved ? nextSort(db, b.vehicleMake) : prepared(db, 'SELECT sort FROM adas_make_matrix WHERE make_matrix = ?').pluck().get(id),
        id,
      );
      if (moved) prepared(db, 'UPDATE adas_make_matrix_model SET vehicle_make = ? WHERE make_matrix = ?').run(b.vehicleMake, id);
    } else {
      id = Number(
        prepared(
          db,
          `INSERT INTO adas_make_matrix (adas_checklist_matrix, vehicle_make, year_start, year_end, system, location, is_rr, is_ri, system_type, location_type,
             calibration_type, url, source, trigger_notice, trigger_notice_text, ccc_location_keywords, ccc_line_keywords, ccc_sublet_keywords, is_inactive,
             models_key, sort)
           VALUES (${values.map(() => '?').join(', ')}, ?, ?)`,
        ).run(...values, pending, nextSort(db, b.vehicleMake)).lastInsertRowid,
      );
    }
    const models =
      id === b.adasChecklistMatrixVehicle ? b.models : b.models.filter((m) => !m.isDelete).map((m) => ({ ...m, id: -1, isAdd: true }));
    writeModels(db, id, b.vehicleMake, models);
    indexRowKeywords(db, id, b.vehicleMake, b);
    writeNames(db, id, { system: b.systems, location: b.locations, static: b.static, dynamic: b.dynamic });
    return id;
  })();
}

/** Model variability: applies model changes to one make matrix (one transaction) and answers its models. */
export function saveModels(db: Db, id: number, changes: readonly ModelInput[]): ModelRef[] {
  const row = prepared<{ vehicle_make: string }>(db, 'SELECT vehicle_make FROM adas_make_matrix WHERE make_matrix = ?').get(id);
  if (!row) throw notFound('Make matrix');
  return db.transaction(() => {
    writeModels(db, id, row.vehicle_make, changes);
    return readModels(db, id);
  })();
}

export function deleteMakeMatrix(db: Db, id: number): void {
  db.transaction(() => {
    const gone = prepared(db, 'DELETE FROM adas_make_matrix WHERE make_matrix = ?').run(id).changes;
    if (!gone) throw notFound('Make matrix');
    unindexKeywords(db, CCC_KEYWORD_KINDS, id);
  })();
}

/** Moves a make matrix to position `to` (1 = first, past the end = last) among its make's rows. */
export function moveMakeMatrix(db: Db, id: number, to: number): number {
  return db.transaction(() => {
    const row = prepared<{ vehicle_make: string }>(db, 'SELECT vehicle_make FROM adas_make_matrix WHERE make_matrix = ?').get(id);
    if (!row) throw notFound('Make matrix');
    const order = prepared<{
      make_matrix: number;
      sort: number;
    }>(db, 'SELECT make_matrix, sort FROM adas_make_matrix WHERE vehicle_make = ? ORDER BY sort, make_matrix').all(row.vehicle_make);
    const ids = order.map((r) => r.make_matrix).filter((x) => x !== id);
    const at = Math.min(Math.max(to, 1), ids.length + 1);
    ids.splice(at - 1, 0, id);
    const was = new Map(order.map((r) => [r.make_matrix, r.sort]));
    const set = prepared(db, 'UPDATE adas_make_matrix SET sort = ? WHERE make_matrix = ?');
    ids.forEach((x, i) => {
      if (was.get(x) !== i + 1) set.run(i + 1, x);
    });
    return at;
  })();
}

/** Saves a make matrix's name lists (saveAdasMakeMatrixLookups); the system must be the row's. */
export function saveNames(db: Db, id: number, system: number, lists: Record<NameKind, readonly string[]>): void {
  const row = prepared<{ adas_checklist_matrix: number }>(
    db,
    'SELECT adas_checklist_matrix FROM adas_make_matrix WHERE make_matrix = ?',
  ).get(id);
  if (!row) throw notFound('Make matrix');
  if (row.adas_checklist_matrix !== system)
    throw badRequest('The make matrix belongs to another system', { adasChecklistMatrix: ['The make matrix belongs to another system'] });
  db.transaction(() => writeNames(db, id, lists))();
}
