/**
 * Import/export calls (docs/data.md#fields, #states, #validation, #calls). Decisions,
 * since the specification shows no shapes:
 * - data/schemaNames answers the schemas the caller may import (lib/data/import-schemas.ts: the roles of
 *   the screen owning the records); data/schemaName?name answers one with its columns (DisplayName,
 *   ColumnName, IsRequired) and, for lookup columns, the values they accept. Another role's schema is 403.
 * - Templates belong to the caller's sign-in location (firm): every user of that location sees and reuses
 *   them; another location's template answers 404 like an unknown one. A template's name is unique per
 *   location and schema (400 otherwise). saveSchema with id -1 (or none) creates a template
 *   {delimiter, schemaName, templateName}; with an id it also sets rowsToSkip, mappedData, isSkipChecked
 *   and isSelectedData. mappedData is {ColumnName: file column}; a file column mapped twice is refused.
 *   isSkipChecked: the first rowsToSkip rows of the file are skipped (before the header). isSelectedData:
 *   every valid row starts checked (true) or unchecked, for the user to check the rows to import (false).
 * - data/schemaTemplate?name takes schemaName too (names are unique per schema, not across schemas).
 * - data/uploadData {schemaName, csvData, mappedFields, templateName} carries one chunk of an import:
 *   csvData is its rows, each {line, cells: {ColumnName: text}}, with importId (chosen by the browser,
 *   one per import) and chunk (0, 1, …). The chunk is one transaction; its result is stored with it under
 *   (importId, chunk), so the same chunk sent again answers the stored result with replayed true and
 *   writes nothing. Each row is checked as the owning screen checks it and saved through that screen's
 *   own code; a row that fails is refused with its reason, the others are stored. A row with the record's
 *   id updates that record (another location's id is refused as unknown); a row whose stored values do
 *   not change counts as unchanged.
 * - data/importProgress?importId answers the chunks stored so far (to resume an interrupted import).
 * - data/exportData?schemaName streams the schema's records of every location the caller reaches as CSV
 *   in the import's column layout (header = ColumnName), formula-like cells escaped (lib/csv.ts).
 * - users (the /users screen's role): a row is the user form's body, saved by that screen's rules
 *   (api-host/users/calls.ts writeUser); Role and Location take a name or an id; Location is the location
 *   of a new user (an existing user's locations are changed on their Locations tab). Imported users get no
 *   password (a file of passwords is a leak): they sign in after "Forgot password". The Active column is
 *   the activation of user/activateUsers: 1 activates, 0 deactivates (ending the user's sessions; nobody
 *   deactivates themselves); empty leaves an existing user as is and makes a new one active. A username is
 *   changed on the user's screen, not by an import (such a row is refused).
 * - pricing (roles 1 and 2): rows in the configuration's pricing CSV columns (System type, Calibration,
 *   Mode, Price) plus Location (empty: the network price, the platform's to set; else that location's own
 *   price, for who reaches it), checked by lib/configuration/pricing-csv.ts and applied by the
 *   configuration's own pricing import (api-host/configuration/pricing.ts importPricing, its 'valid' mode),
 *   so both doors share one set of rules and writes. Rows have no id: a row names its calibration.
 * - vehicleMatrix (the configuration's make matrices, roles 1 and 2 of the platform): its chunks go to
 *   data/uploadVehicleMatrix (the uploadData body without schemaName; uploadData refuses this schema), each
 *   row saved by the configuration's make-matrix save; the make matrices an upload added are recorded with
 *   its import id, and data/removeVehicleMatrix {importId} takes them away again ({count}); rows it updated
 *   keep their new values. Only the user who uploaded sees their import id (another's answers count 0).
 * - The make-matrix-links import stays admin/importMakeMatrixLinks (admin.ts: the background import with
 *   its push notice to roles 1 and 2); its file is the layout alldata/exportLinksByVehicle writes.
 * - admin/importMakeMatrixKeywords {vehicleMake, adasChecklistMatrix (0: every system), kind (line,
 *   location, sublet: the CCC keyword lists), keywords, replace} adds the keywords to (or, with replace,
 *   sets them as) that list of every make matrix of the make (and system), as the make-matrix form saves
 *   them; it answers {count} of make matrices changed; a make without make matrices is 400. Roles 1 and 2 of
 *   the platform (the knowledge base).
 * - alldata/exportLinksByVehicle {make, model, year, type} answers the links that apply to that vehicle
 *   (its model or every model, its year or every year; type adas, general or both when left out) as
 *   {fileName, csv, rows}, in the make-matrix-links import's columns, so the file imports back.
 * - The make-matrix-links import stays admin/importMakeMatrixLinks (admin.ts).
 */
import { z } from 'zod';
import { DELIMITERS } from './data-constants';
import { CCC_KEYWORD_KINDS, LINK_TYPES } from '../configuration/constants';
import { SCHEMA_NAMES } from '../data/import-schemas';
import { csvFile } from './admin';
import { keywordText } from './config-fields';
import { MESSAGES } from '../validation/messages';
import { defineCall, ok, q, requiredText } from './define';

export { DELIMITERS, type Delimiter } from './data-constants';

/** Rows per uploadData chunk at most (a chunk stays well under the BFF's 1 MB body limit). */
export const IMPORT_CHUNK_MAX_ROWS = 1000;

const schemaName = z.enum(SCHEMA_NAMES, { error: 'Choose what to import' });

/** Usage record (shape not shown in the specification): what was used, where. */
export const saveUsage = defineCall({
  method: 'POST',
  path: 'data/saveUsage',
  body: z.object({
    area: requiredText(100),
    action: requiredText(100),
    detail: z.string().max(1000).optional(),
  }),
  response: ok,
  access: 'signed-in',
  bff: true,
});

export const importColumn = z.object({
  DisplayName: z.string(),
  ColumnName: z.string(),
  IsRequired: z.boolean(),
  lookup: z.string().optional(),
  /** Header synonyms the wizard's first mapping takes (lib/data/import-schemas.ts). */
  aliases: z.array(z.string()).optional(),
});
export const lookupChoice = z.object({
  id: z.number().int(),
  value: z.string(),
  code: z.string().nullable(),
  type3: z.string().nullable().optional(),
});

export const schemaSummary = z.object({ name: schemaName, displayName: z.string() });
export const schemaDetail = schemaSummary.extend({
  columns: z.array(importColumn),
  idColumn: z.string().optional(),
  uniqueColumn: z.string().optional(),
  lookups: z.record(z.string(), z.array(lookupChoice)),
  /** Values of columns the file does not carry (the caller's language and time zone). */
  defaults: z.object({ language: z.number().int(), timezone: z.number().int() }),
});
export type SchemaSummary = z.infer<typeof schemaSummary>;
export type SchemaDetail = z.infer<typeof schemaDetail>;

/** A file column may feed one schema column only; a value given to every row ("=…", lib/data/file-rows.ts) may repeat. */
export const mappedData = z
  .record(z.string().max(100), z.string().trim().max(200))
  .superRefine((m, ctx) => {
    const seen = new Map<string, string>();
    for (const [column, fileColumn] of Object.entries(m)) {
      if (!fileColumn || fileColumn.startsWith('=')) continue;
      const earlier = seen.get(fileColumn.toLowerCase());
      if (earlier)
        ctx.addIssue({ code: 'custom', path: [column], message: `The file column "${fileColumn}" is already mapped to ${earlier}` });
      else seen.set(fileColumn.toLowerCase(), column);
    }
  })
  .meta({ 'x-rules': ['A file column feeds one schema column only (a value "=…" given to every row may repeat)'] });

export const template = z.object({
  id: z.number().int(),
  schemaName,
  templateName: z.string(),
  delimiter: z.enum(DELIMITERS),
  rowsToSkip: z.number().int().nonnegative(),
  mappedData: z.record(z.string(), z.string()),
  isSkipChecked: z.boolean(),
  isSelectedData: z.boolean(),
});
export type ImportTemplate = z.infer<typeof template>;

export const saveSchemaBody = z.object({
  id: z.number().int().default(-1),
  delimiter: z.enum(DELIMITERS, { error: 'Comma or Tab' }),
  schemaName,
  templateName: requiredText(100),
  rowsToSkip: z.number({ error: 'A whole number' }).int('A whole number').min(0, 'At least 0').max(1000, 'At most 1000').default(0),
  mappedData: mappedData.default({}),
  isSkipChecked: z.boolean().default(false),
  isSelectedData: z.boolean().default(true),
});

export const importRow = z.object({
  line: z.number().int().min(1),
  cells: z.record(z.string().max(100), z.string().max(4000, 'At most 4000 characters in a cell')),
});
export type ImportRow = z.infer<typeof importRow>;

export const chunkResult = z.object({
  added: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  refused: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** The chunk had been stored before: nothing was written this time. */
  replayed: z.boolean(),
});
export type ChunkResult = z.infer<typeof chunkResult>;

const base = { access: 'signed-in', bff: true } as const;

export const schemaNames = defineCall({ ...base, method: 'GET', path: 'data/schemaNames', response: z.array(schemaSummary) });
export const schemaNameCall = defineCall({
  refuses: [403],
  ...base,
  method: 'GET',
  path: 'data/schemaName',
  query: z.object({ name: schemaName }),
  response: schemaDetail,
});
export const schemaTemplates = defineCall({
  refuses: [403],
  ...base,
  method: 'GET',
  path: 'data/schemaTemplates',
  query: z.object({ schemaName }),
  response: z.array(template),
});
export const schemaTemplate = defineCall({
  refuses: [403],
  ...base,
  method: 'GET',
  path: 'data/schemaTemplate',
  query: z.object({ name: q.text(100).pipe(z.string().min(1, MESSAGES.required)), schemaName }),
  response: template,
});
export const saveSchema = defineCall({
  refuses: [403],
  ...base,
  method: 'POST',
  path: 'data/saveSchema',
  body: saveSchemaBody,
  response: template,
});
const chunkBody = z.object({
  templateName: z.string().trim().max(100).default(''),
  mappedFields: mappedData.default({}),
  importId: z.uuid('An import id'),
  chunk: z.number().int().min(0).max(1_000_000),
  csvData: z.array(importRow).min(1, 'The chunk has no rows').max(IMPORT_CHUNK_MAX_ROWS, `At most ${IMPORT_CHUNK_MAX_ROWS} rows a chunk`),
});
export const uploadData = defineCall({
  refuses: [403],
  ...base,
  method: 'POST',
  path: 'data/uploadData',
  body: chunkBody.extend({ schemaName }).refine((b) => b.schemaName !== 'vehicleMatrix', {
    path: ['schemaName'],
    error: 'The vehicle matrix is uploaded with data/uploadVehicleMatrix',
  }),
  response: chunkResult,
});
/** The vehicle matrix's chunks (the vehicleMatrix schema): as uploadData, each make matrix added recorded under the import. */
export const uploadVehicleMatrix = defineCall({
  refuses: [403],
  ...base,
  method: 'POST',
  path: 'data/uploadVehicleMatrix',
  body: chunkBody,
  response: chunkResult,
});
/** Takes away the make matrices a vehicle-matrix upload added (rows it updated stay as they are now). */
export const removeVehicleMatrix = defineCall({
  refuses: [403],
  ...base,
  method: 'POST',
  path: 'data/removeVehicleMatrix',
  body: z.object({ importId: z.uuid('An import id') }),
  response: z.object({ count: z.number().int().nonnegative() }),
});
export const importProgress = defineCall({
  ...base,
  method: 'GET',
  path: 'data/importProgress',
  query: z.object({ importId: z.uuid('An import id') }),
  response: z.object({
    chunks: z.array(z.number().int()),
    added: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
});
export const exportData = defineCall({
  refuses: [403],
  ...base,
  method: 'GET',
  path: 'data/exportData',
  query: z.object({ schemaName }),
  response: z.unknown(),
  transport: 'binary',
  produces: ['text/csv'],
});

const knowledgeBase = { access: [1, 2], bff: true } as const;
export const importMakeMatrixKeywords = defineCall({
  ...knowledgeBase,
  method: 'POST',
  path: 'admin/importMakeMatrixKeywords',
  body: z.object({
    vehicleMake: requiredText(60),
    adasChecklistMatrix: z.number().int().min(0).default(0),
    kind: z.enum(CCC_KEYWORD_KINDS, { error: 'line, location or sublet' }),
    keywords: keywordText().refine((k) => k.trim() !== '', MESSAGES.required),
    replace: z.boolean().default(false),
  }),
  response: z.object({ count: z.number().int().nonnegative() }),
});
export const exportLinksByVehicle = defineCall({
  ...knowledgeBase,
  method: 'POST',
  path: 'alldata/exportLinksByVehicle',
  body: z.object({
    make: requiredText(60),
    model: z.string().trim().max(80, 'At most 80 characters').default(''),
    year: z
      .number({ error: 'A year such as 2021' })
      .int('A year such as 2021')
      .min(1950, 'A year from 1950')
      .max(2100, 'A year up to 2100'),
    type: z.enum(LINK_TYPES, { error: 'adas or general' }).optional(),
  }),
  response: csvFile,
});
