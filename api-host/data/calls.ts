/**
 * The import/export facility (lib/contract/data.ts): schemas and their columns, templates of the caller's
 * location, chunked imports (each chunk one transaction, stored with its result under its idempotency
 * key), import progress for resuming, and streamed CSV exports.
 */
import { zip } from '../core/lists';
import Papa from 'papaparse';
import { Readable } from 'node:stream';
import { contract } from '../../lib/contract';
import { type ChunkResult, type ImportTemplate, chunkResult, template } from '../../lib/contract/data';
import { parseJsonColumn } from '../../lib/json-column';
import { CSV_OPTIONS } from '../../lib/csv';
import {
  SCHEMAS,
  checkRow,
  duplicateReason,
  mayImport,
  uniqueKey,
  type CheckContext,
  type ImportRecord,
  type LookupChoice,
  type SchemaName,
} from '../../lib/data/import-schemas';
import type { Db } from '../core/db';
import type { Caller } from '../core/caller';
import type { HostContext } from '../core/context';
import { HttpError, badRequest, forbidden, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { WRITERS, exportPage, recordsCells } from './writers';
import { announceChange } from '../push/service';
import { assertKnowledgeBase, deleteMakeMatrix, withConfigurationHistory } from '../configuration/service';

const d = contract.data;

/** The schema if the caller's role may import it (the owning screen's roles); 403 otherwise. */
function schemaFor(caller: Caller, name: SchemaName) {
  const schema = SCHEMAS[name];
  if (!mayImport(schema, caller.role)) throw forbidden(`Your role may not import or export ${schema.displayName.toLowerCase()}`);
  return schema;
}

function checkContext(db: Db, caller: Caller, name: SchemaName): CheckContext & { lookups: Record<string, LookupChoice[]> } {
  const schema = schemaFor(caller, name);
  const lookups: Record<string, LookupChoice[]> = {};
  for (const c of schema.columns) if (c.lookup) lookups[c.lookup] = lookupChoices(db, caller, c.lookup);
  const defaults = { language: caller.profile.language || 1, timezone: caller.profile.timezone || 12 };
  return { schema, lookups, defaults };
}

/** A lookup choice as its query yields it (only lookup groups have a type3). */
type ChoiceRow = Omit<LookupChoice, 'type3'>;

/** The values a lookup column accepts: a lookup group's, or the ADAS system types, the roles, the locations the caller reaches (name or id). */
function lookupChoices(db: Db, caller: Caller, group: string): LookupChoice[] {
  if (group === 'ChecklistMatrix')
    return prepared<ChoiceRow>(
      db,
      'SELECT adas_checklist_matrix AS id, matrix_item AS value, NULL AS code FROM adas_checklist_matrix ORDER BY sort, matrix_item',
    ).all();
  if (group === 'LocationType')
    return prepared<ChoiceRow>(db, 'SELECT location_type AS id, name AS value, NULL AS code FROM adas_location_type ORDER BY sort').all();
  if (group === 'CalibrationType')
    return prepared<ChoiceRow>(
      db,
      'SELECT calibration_type AS id, name AS value, CAST(calibration_type AS TEXT) AS code FROM adas_calibration_type ORDER BY name',
    ).all();
  if (group === 'SystemType')
    return prepared<ChoiceRow>(db, 'SELECT system_type AS id, name AS value, NULL AS code FROM adas_system_type ORDER BY name').all();
  if (group === 'Role')
    return prepared<ChoiceRow>(db, 'SELECT role AS id, name AS value, CAST(role AS TEXT) AS code FROM role ORDER BY role').all();
  if (group === 'Location')
    return prepared<ChoiceRow>(
      db,
      'SELECT firm AS id, name AS value, CAST(firm AS TEXT) AS code FROM firm WHERE firm IN (SELECT value FROM json_each(?)) ORDER BY name',
    ).all(JSON.stringify([...caller.firms]));
  return prepared<ChoiceRow & { type3: string | null }>(
    db,
    'SELECT id, value, code, type3 FROM lookup WHERE key = ? ORDER BY sort, id',
  ).all(group);
}

// ── templates ───────────────────────────────────────────────────────────────────────────────────
/** A template as TEMPLATE_SELECT yields it: the contract's names, its flags and mapping as stored. */
type TemplateDb = Omit<ImportTemplate, 'mappedData' | 'isSkipChecked' | 'isSelectedData'> & {
  mappedData: string;
  isSkipChecked: number;
  isSelectedData: number;
};
const toTemplate = ({ mappedData, isSkipChecked, isSelectedData, ...r }: TemplateDb): ImportTemplate => ({
  ...r,
  mappedData: parseJsonColumn(template.shape.mappedData, mappedData, 'data_template.mapped_data'),
  isSkipChecked: !!isSkipChecked,
  isSelectedData: !!isSelectedData,
});
const TEMPLATE_SELECT = `SELECT template AS id, schema_name AS schemaName, template_name AS templateName, delimiter, rows_to_skip AS rowsToSkip,
  mapped_data AS mappedData, is_skip_checked AS isSkipChecked, is_selected_data AS isSelectedData FROM data_template`;
/** The rows a chunk refused, as importChunk stored them. */
const refusedOf = (text: string) => parseJsonColumn(chunkResult.shape.refused, text, 'data_import_chunk.refused');

function saveTemplate(db: Db, caller: Caller, b: ReturnType<typeof d.saveSchema.body.parse>): ImportTemplate {
  schemaFor(caller, b.schemaName);
  const known = new Set(SCHEMAS[b.schemaName].columns.map((c) => c.ColumnName));
  const unknown = Object.keys(b.mappedData).filter((k) => !known.has(k));
  if (unknown.length)
    throw badRequest('Invalid body', { mappedData: [`Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`] });
  const values = {
    firm: caller.firm,
    schema: b.schemaName,
    name: b.templateName,
    delimiter: b.delimiter,
    skip: b.rowsToSkip,
    mapped: JSON.stringify(Object.fromEntries(Object.entries(b.mappedData).filter(([, v]) => v))),
    skipChecked: b.isSkipChecked ? 1 : 0,
    selected: b.isSelectedData ? 1 : 0,
  };
  const clash = prepared<{ template: number }>(
    db,
    'SELECT template FROM data_template WHERE firm = @firm AND schema_name = @schema AND template_name = @name',
  ).get(values);
  if (clash && clash.template !== b.id) throw badRequest('Invalid body', { templateName: ['A template with this name already exists'] });
  let id = b.id;
  if (b.id > 0) {
    const changed = prepared(
      db,
      `UPDATE data_template SET schema_name = @schema, template_name = @name, delimiter = @delimiter, rows_to_skip = @skip, mapped_data = @mapped,
         is_skip_checked = @skipChecked, is_selected_data = @selected WHERE template = @id AND firm = @firm`,
    ).run({ ...values, id: b.id }).changes;
    if (!changed) throw notFound('Template');
  } else {
    id = Number(
      prepared(
        db,
        // The specification's client sends the mapping on updates only; one sent with a new template is kept too.
        `INSERT INTO data_template (firm, schema_name, template_name, delimiter, rows_to_skip, mapped_data, is_skip_checked, is_selected_data)
         VALUES (@firm, @schema, @name, @delimiter, @skip, @mapped, @skipChecked, @selected)`,
      ).run(values).lastInsertRowid,
    );
  }
  return toTemplate(oneRow(prepared<TemplateDb>(db, `${TEMPLATE_SELECT} WHERE template = ?`).get(id)));
}

// ── import ──────────────────────────────────────────────────────────────────────────────────────
/** A stored chunk's result: its counts, and its refused rows as JSON text. */
interface ChunkDb {
  user: number;
  schemaName: string;
  added: number;
  updated: number;
  unchanged: number;
  refused: string;
}

/** Why the owning area refused a row: its field errors, or its message (an unknown id answers 404). */
function reasonOf(e: HttpError, idColumn: string): string {
  if (e.status === 404) return `${idColumn}: unknown record`;
  const fields = Object.entries(e.fieldErrors ?? {});
  return fields.length ? fields.map(([f, m]) => `${f}: ${m.join(', ')}`).join('; ') : e.message;
}

function importChunk(
  host: HostContext,
  caller: Caller,
  b: Omit<ReturnType<typeof d.uploadData.body.parse>, 'schemaName'> & { schemaName: SchemaName },
): ChunkResult {
  const db = host.db;
  const ctx = checkContext(db, caller, b.schemaName);
  const writer = WRITERS[b.schemaName];
  const idColumn = ctx.schema.columns.find((c) => c.ColumnName === ctx.schema.idColumn)?.DisplayName ?? 'Record';
  // The records the chunk added or changed, announced once it has committed.
  const changed: number[] = [];
  const result = db.transaction((): ChunkResult => {
    const stored = prepared<ChunkDb>(
      db,
      'SELECT user, schema_name AS schemaName, added, updated, unchanged, refused FROM data_import_chunk WHERE import_id = ? AND chunk = ?',
    ).get(b.importId, b.chunk);
    if (stored) {
      // Another user's import id is not acknowledged.
      if (stored.user !== caller.user || stored.schemaName !== b.schemaName) throw notFound('Import');
      return {
        added: stored.added,
        updated: stored.updated,
        unchanged: stored.unchanged,
        refused: refusedOf(stored.refused),
        replayed: true,
      };
    }
    const result: ChunkResult = { added: 0, updated: 0, unchanged: 0, refused: [], replayed: false };
    const seen = new Set<string>();
    const checked: { line: number; record: ImportRecord; existing: number }[] = [];
    for (const { line, cells } of b.csvData) {
      const key = uniqueKey(ctx.schema, cells);
      if (key && seen.has(key)) {
        result.refused.push({ line, reason: duplicateReason(ctx.schema) });
        continue;
      }
      if (key) seen.add(key);
      const check = checkRow(ctx, cells, line);
      const id = ctx.schema.idColumn ? Number(cells[ctx.schema.idColumn]?.trim()) || 0 : 0;
      if (check.ok) checked.push({ line, record: check.record, existing: id });
      else result.refused.push({ line, reason: check.reason });
    }
    // The records the chunk updates as the export writes them, before and after: one read each.
    const existing = [...new Set(checked.map((r) => r.existing).filter((id) => id > 0))];
    const before = recordsCells(db, caller, b.schemaName, existing);
    const saved = writer.save(
      host,
      caller,
      checked.map((r) => r.record),
      b.importId,
    );
    const after = recordsCells(db, caller, b.schemaName, existing);
    zip(checked, saved).forEach(([{ line, existing: id }, outcome]) => {
      if (outcome instanceof HttpError) result.refused.push({ line, reason: reasonOf(outcome, idColumn) });
      else if (typeof outcome === 'string') result[outcome]++;
      else if (before.has(id) && before.get(id) === after.get(id)) result.unchanged++;
      else {
        result[before.has(id) ? 'updated' : 'added']++;
        changed.push(outcome);
      }
    });
    result.refused.sort((x, y) => x.line - y.line);
    prepared(
      db,
      'INSERT INTO data_import_chunk (import_id, chunk, user, schema_name, added, updated, unchanged, refused) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(b.importId, b.chunk, caller.user, b.schemaName, result.added, result.updated, result.unchanged, JSON.stringify(result.refused));
    return result;
  })();
  if (writer.notice) announceChange(host, caller.user, writer.notice, changed);
  return result;
}

/** The export as a stream of CSV text, one page of records at a time (never the table in memory). */
function exportStream(db: Db, caller: Caller, name: SchemaName): Readable {
  const header = SCHEMAS[name].columns.map((c) => c.ColumnName);
  let after = 0;
  let first = true;
  return Readable.from(
    (function* () {
      for (;;) {
        const page = exportPage(db, caller, name, after, 2000);
        if (first) yield Papa.unparse([header], CSV_OPTIONS) + CSV_OPTIONS.newline;
        first = false;
        if (!page.rows.length) return;
        yield (
          Papa.unparse(
            page.rows.map((r) => header.map((h) => r[h] ?? '')),
            CSV_OPTIONS,
          ) + CSV_OPTIONS.newline
        );
        after = page.last;
      }
    })(),
  );
}

export const dataCalls = [
  implement(d.schemaNames, ({ caller }) =>
    Object.values(SCHEMAS)
      .filter((s) => mayImport(s, caller.role))
      .map((s) => ({ name: s.name, displayName: s.displayName })),
  ),
  implement(d.schemaNameCall, ({ query, caller, ctx }) => {
    const { schema, lookups, defaults } = checkContext(ctx.db, caller, query.name);
    return {
      name: schema.name,
      displayName: schema.displayName,
      columns: [...schema.columns],
      idColumn: schema.idColumn,
      uniqueColumn: schema.uniqueColumn,
      lookups,
      defaults,
    };
  }),
  implement(d.schemaTemplates, ({ query, caller, ctx }) => {
    schemaFor(caller, query.schemaName);
    return prepared<TemplateDb>(ctx.db, `${TEMPLATE_SELECT} WHERE firm = ? AND schema_name = ? ORDER BY template_name`)
      .all(caller.firm, query.schemaName)
      .map(toTemplate);
  }),
  implement(d.schemaTemplate, ({ query, caller, ctx }) => {
    schemaFor(caller, query.schemaName);
    const row = prepared<TemplateDb>(ctx.db, `${TEMPLATE_SELECT} WHERE firm = ? AND schema_name = ? AND template_name = ?`).get(
      caller.firm,
      query.schemaName,
      query.name,
    );
    if (!row) throw notFound('Template');
    return toTemplate(row);
  }),
  implement(d.saveSchema, ({ body, caller, ctx }) => saveTemplate(ctx.db, caller, body)),
  implement(d.uploadData, ({ body, caller, ctx }) => importChunk(ctx, caller, body)),
  implement(d.uploadVehicleMatrix, ({ body, caller, ctx }) => importChunk(ctx, caller, { ...body, schemaName: 'vehicleMatrix' })),
  implement(d.removeVehicleMatrix, ({ body, caller, ctx }) => {
    schemaFor(caller, 'vehicleMatrix');
    assertKnowledgeBase(caller);
    const db = ctx.db;
    return db.transaction(() => {
      const ids = preparedValue<number>(db, 'SELECT make_matrix FROM data_vehicle_matrix_row WHERE import_id = ? AND user = ?').all(
        body.importId,
        caller.user,
      );
      let count = 0;
      for (const id of ids) {
        // One removed since (on the configuration screen) is gone already.
        if (prepared(db, 'SELECT 1 FROM adas_make_matrix WHERE make_matrix = ?').get(id)) {
          withConfigurationHistory(db, caller.user, 'makeMatrix', id, () => deleteMakeMatrix(db, id));
          count++;
        }
      }
      prepared(db, 'DELETE FROM data_vehicle_matrix_row WHERE import_id = ? AND user = ?').run(body.importId, caller.user);
      return { count };
    })();
  }),
  implement(d.importProgress, ({ query, caller, ctx }) => {
    const rows = prepared<Omit<ChunkDb, 'user' | 'schemaName'> & { chunk: number }>(
      ctx.db,
      'SELECT chunk, added, updated, unchanged, refused FROM data_import_chunk WHERE import_id = ? AND user = ? ORDER BY chunk',
    ).all(query.importId, caller.user);
    const sum = (k: 'added' | 'updated' | 'unchanged') => rows.reduce((n, r) => n + r[k], 0);
    return {
      chunks: rows.map((r) => r.chunk),
      added: sum('added'),
      updated: sum('updated'),
      unchanged: sum('unchanged'),
      refused: rows.reduce((n, r) => n + refusedOf(r.refused).length, 0),
    };
  }),
  implement(d.exportData, ({ query, caller, ctx, reply }) => {
    schemaFor(caller, query.schemaName);
    const name = `${query.schemaName}-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .header('content-disposition', `attachment; filename="${name}"`)
      .type('text/csv; charset=utf-8')
      .send(exportStream(ctx.db, caller, query.schemaName));
  }),
];
