/**
 * The ADAS configuration's records as their history sees them (docs/history.md#what-is-recorded): every
 * record an editor of /configuration saves, each read the way its editor shows it. Systems and make
 * matrices have their own readings (their parts: checklist items, models, name lists); the other sections'
 * records are one row of one table, so each is described once as data (`TABLE_RECORDS`: its table, key,
 * firm and labelled columns) and read by one function. The knowledge base is the network's: its records are
 * scoped to the platform firm; test drives, result types and estimate terms to their own firm; a firm's
 * scan-pro setup (id: the firm) to that firm. A firm's own calibration prices are the location's
 * (api-host/locations/history.ts), not the calibration type's.
 *
 * Every write of these records goes through `withConfigurationHistory` (one record) or
 * `withConfigurationHistories` (a bulk call, an import's chunk), inside the write's transaction.
 */
import { contract } from '../../lib/contract';
import type { CallAccess } from '../../lib/contract/define';
import {
  CALIBRATION_MODE_LABELS,
  DRIVE_TYPES,
  LINK_TYPE_LABELS,
  NETWORK_FIRM,
  TRANSLATION_LANGUAGES,
  modelYearMax,
} from '../../lib/configuration/constants';
import { scanProConfiguration, type ScanProConfiguration } from '../../lib/contract/scanpro';
import { parseJsonColumn } from '../../lib/json-column';
import type { Db } from '../core/db';
import { notFound } from '../core/errors';
import { prepared } from '../core/sql';
import type { SqlValue } from './common';
import { recordChange, shown, withHistory, type Fields, type HistoryKind, type Snapshot } from '../history/service';
import { readMakeMatrix } from './make-matrices';

interface SystemRow {
  matrix_item: string;
  notice: string;
  hints: string;
  keywords: string;
  is_highlight: number;
  is_inactive: number;
  sort: number;
  items: string | null;
}

export function systemSnapshot(db: Db, id: number): Snapshot | null {
  const s = prepared<SystemRow>(
    db,
    `SELECT matrix_item, notice, hints, keywords, is_highlight, is_inactive, sort,
            (SELECT group_concat(item, ', ') FROM (SELECT item FROM adas_checklist_matrix_item WHERE adas_checklist_matrix = c.adas_checklist_matrix ORDER BY adas_checklist_matrix_item)) AS items
     FROM adas_checklist_matrix c WHERE adas_checklist_matrix = ?`,
  ).get(id);
  if (!s) return null;
  return {
    firm: NETWORK_FIRM,
    fields: {
      System: s.matrix_item,
      Notice: shown(s.notice),
      Hints: shown(s.hints),
      Keywords: shown(s.keywords),
      Highlight: s.is_highlight ? 'Yes' : 'No',
      Active: s.is_inactive ? 'No' : 'Yes',
      Order: String(s.sort),
      'Checklist items': shown(s.items),
    },
  };
}

const list = (v: readonly unknown[]) => shown(v.map(String).join(', '));

export function makeMatrixSnapshot(db: Db, id: number): Snapshot | null {
  if (!prepared(db, 'SELECT 1 FROM adas_make_matrix WHERE make_matrix = ?').get(id)) return null;
  const m = readMakeMatrix(db, id);
  const fields: Fields = {
    System: shown(m.matrixItem),
    Make: m.vehicleMake,
    Models: shown(m.vehicleModel),
    'Year from': shown(m.yearStart),
    'Year to': shown(m.yearEnd),
    'OEM system name': shown(m.system),
    Location: shown(m.location),
    'R&R': shown(m.isRR),
    'R&I': shown(m.isRI),
    'System type': shown(m.systemTypeName),
    'Location type': shown(m.locationTypeName),
    Calibration: shown(m.calibrationTypeName),
    URL: shown(m.url),
    Source: shown(m.source),
    'Trigger notice': shown(m.triggerNotice),
    'Trigger notice text': shown(m.triggerNoticeText),
    'CCC location keywords': shown(m.cccLocationKeywords),
    'CCC line keywords': shown(m.cccLineKeywords),
    'CCC sublet keywords': shown(m.cccSubletKeywords),
    Active: m.isInactive ? 'No' : 'Yes',
    'System names': list(m.systems),
    'Location names': list(m.locations),
    'Static names': list(m.static),
    'Dynamic names': list(m.dynamic),
  };
  return { firm: NETWORK_FIRM, fields };
}

// ── the one-table records ───────────────────────────────────────────────────────────────────────────
/** SQL text of a 0/1 column as the editors' checkbox reads ("Active" is the opposite of is_inactive). */
const yes = (column: string) => `CASE WHEN ${column} THEN 'Yes' ELSE 'No' END`;
const active = (column: string) => `CASE WHEN ${column} THEN 'No' ELSE 'Yes' END`;
/** SQL text of a coded column by its label (an unknown code as stored). */
const labelled = (column: string, labels: Readonly<Record<string, string>>) =>
  `CASE ${column} ${Object.entries(labels)
    .map(([code, label]) => `WHEN '${code.replace(/'/g, "''")}' THEN '${label.replace(/'/g, "''")}'`)
    .join(' ')} ELSE ${column} END`;
const systemName = (column: string) => `(SELECT c.matrix_item FROM adas_checklist_matrix c WHERE c.adas_checklist_matrix = ${column})`;
const systemNames = (jsonColumn: string) =>
  `(SELECT group_concat(c.matrix_item, ', ') FROM json_each(${jsonColumn}) j JOIN adas_checklist_matrix c ON c.adas_checklist_matrix = j.value)`;
const jsonList = (jsonColumn: string) => `(SELECT group_concat(j.value, ', ') FROM json_each(${jsonColumn}) j)`;
const money = (cents: string) => `CASE WHEN ${cents} IS NULL THEN NULL ELSE printf('$%.2f', ${cents} / 100.0) END`;
const firmName = (column: string) => `(SELECT f.name FROM firm f WHERE f.firm = ${column})`;
const DRIVE_TYPE_LABELS = Object.fromEntries(DRIVE_TYPES.map((d) => [String(d.id), d.name]));
const LANGUAGE_LABELS = Object.fromEntries(TRANSLATION_LANGUAGES.map((l) => [l.code, l.name]));

interface TableRecord {
  table: string;
  /** The key column (the record's id). */
  key: string;
  /** SQL of the record's firm (alias x). */
  firm: string;
  /** Field label → SQL of its value as the editor shows it (alias x). */
  fields: Readonly<Record<string, string>>;
}

const KB = String(NETWORK_FIRM);

const TABLE_RECORDS = {
  makeException: {
    table: 'adas_make_exclusion',
    key: 'adas_make_exclusion',
    firm: KB,
    fields: {
      Make: 'x.vehicle_make',
      System: systemName('x.adas_checklist_matrix'),
      Keywords: 'x.keywords',
      Reason: 'x.reason',
      Active: active('x.is_inactive'),
    },
  },
  exclusion: {
    table: 'adas_exclusion',
    key: 'adas_exclusion',
    firm: KB,
    fields: {
      Phrase: 'x.keyword',
      System: `coalesce(${systemName('x.adas_checklist_matrix')}, 'Every system')`,
      Reason: 'x.reason',
      Active: active('x.is_inactive'),
    },
  },
  infoLookup: {
    table: 'adas_info_lookup',
    key: 'adas_info_lookup',
    firm: KB,
    fields: {
      System: `coalesce(${systemName('x.adas_checklist_matrix')}, 'All systems')`,
      Make: 'x.vehicle_make',
      'Year from': 'x.year_start',
      'Year to': 'x.year_end',
      Keywords: 'x.keywords',
      Type: 'x.lookup_type',
      URL: 'x.url',
      Description: 'x.description',
      Source: 'x.source',
      Order: 'x.sort',
      'Add to report': yes('x.is_report_add'),
      Active: active('x.is_inactive'),
    },
  },
  noScrub: {
    table: 'adas_no_scrub',
    key: 'adas_no_scrub',
    firm: KB,
    fields: {
      Make: 'x.vehicle_make',
      Model: 'x.vehicle_model',
      'Year from': 'x.year_start',
      'Year to': 'x.year_end',
      Reason: 'x.reason',
      Active: active('x.is_inactive'),
    },
  },
  link: {
    table: 'make_matrix_link',
    key: 'make_matrix_link',
    firm: KB,
    fields: {
      Type: labelled('x.type', LINK_TYPE_LABELS),
      Make: 'x.make',
      Model: 'x.model',
      'Year from': 'x.year_start',
      'Year to': 'x.year_end',
      Title: 'x.title',
      URL: 'x.url',
      New: yes('x.is_new'),
    },
  },
  calibrationType: {
    table: 'adas_calibration_type',
    key: 'calibration_type',
    firm: KB,
    fields: {
      'System type': '(SELECT s.name FROM adas_system_type s WHERE s.system_type = x.system_type)',
      Calibration: 'x.name',
      Mode: labelled('x.mode', CALIBRATION_MODE_LABELS),
      'Network price': money('x.price_cents'),
    },
  },
  testdriveRecommendation: {
    table: 'testdrive_recommendation',
    key: 'testdrive_recommendation',
    firm: 'x.firm',
    fields: {
      Location: firmName('x.firm'),
      Recommendation: 'x.recommendation',
      'Drive type': labelled('x.drive_type', DRIVE_TYPE_LABELS),
      Make: 'x.vehicle_make',
      Text: 'x.recommendation_text',
    },
  },
  testdriveResultType: {
    table: 'testdrive_result_type',
    key: 'testdrive_result_type',
    firm: 'x.firm',
    fields: {
      Location: firmName('x.firm'),
      Name: 'x.name',
      Code: 'x.code',
      'Drive type': labelled('x.drive_type', DRIVE_TYPE_LABELS),
      Make: 'x.vehicle_make',
      Year: 'x.year',
      Order: 'x.sort',
      Active: active('x.is_inactive'),
    },
  },
  translation: {
    table: 'translation',
    key: 'translation',
    firm: KB,
    fields: { Type: 'x.translation_type', Language: labelled('x.language_code', LANGUAGE_LABELS), Source: 'x.source', Text: 'x.text' },
  },
  reportRecommendation: {
    table: 'report_recommendation',
    key: 'report_recommendation',
    firm: KB,
    fields: {
      Title: 'x.title',
      'Year from': 'x.year_start',
      'Year to': 'x.year_end',
      Systems: systemNames('x.systems'),
      Makes: jsonList('x.makes'),
      Content: 'x.content',
    },
  },
  estimateTerm: {
    table: 'estimate_term',
    key: 'estimate_term',
    firm: 'x.firm',
    fields: {
      Location: firmName('x.firm'),
      Written: 'x.written',
      Meaning: 'x.meaning',
      Kind: labelled('x.kind', { term: 'Term', operation: 'Operation code' }),
      Active: active('x.is_inactive'),
    },
  },
} satisfies Partial<Record<HistoryKind, TableRecord>>;

type TableKind = keyof typeof TABLE_RECORDS;

/** The one reading of a one-table record: its firm and its labelled fields, as text. */
function tableSnapshot(r: TableRecord): (db: Db, id: number) => Snapshot | null {
  const labels = Object.keys(r.fields);
  const sql = `SELECT ${r.firm} AS firm, ${Object.values(r.fields)
    .map((e, i) => `${e} AS f${i}`)
    .join(', ')} FROM ${r.table} x WHERE x.${r.key} = ?`;
  return (db, id) => {
    const row = prepared<Record<string, string | number | null>>(db, sql).get(id);
    if (!row) return null;
    return { firm: Number(row.firm), fields: Object.fromEntries(labels.map((label, i) => [label, shown(row[`f${i}`])])) };
  };
}

/** What a firm without a saved configuration starts from: every make, the last ten model years, both scans. */
export function defaultScanPro(businessId: number): ScanProConfiguration {
  const end = modelYearMax() - 1;
  return {
    businessId,
    criteria: { makes: [], yearStart: end - 9, yearEnd: end, preRepairScan: true, postRepairScan: true },
    checklist: [],
    updatedAt: null,
  };
}

/** A firm's saved scan-pro setup, its JSON read through the contract's schemas; undefined when it saved none. */
export function savedScanPro(db: Db, firm: number): Omit<ScanProConfiguration, 'businessId'> | undefined {
  const r = prepared<{ criteria: string; checklist: string; updatedAt: string }>(
    db,
    'SELECT criteria, checklist, updated_at AS updatedAt FROM scanpro_configuration WHERE business_id = ?',
  ).get(firm);
  if (!r) return undefined;
  const stored = scanProConfiguration.shape;
  return {
    criteria: parseJsonColumn(stored.criteria, r.criteria, 'scanpro_configuration.criteria'),
    checklist: parseJsonColumn(stored.checklist, r.checklist, 'scanpro_configuration.checklist'),
    updatedAt: r.updatedAt,
  };
}

/** A firm's scan-pro setup (id: the firm); a firm that saved none shows the default its editor opens with. */
export function scanProSnapshot(db: Db, firm: number): Snapshot | null {
  if (!prepared(db, 'SELECT 1 FROM firm WHERE firm = ?').get(firm)) return null;
  const setup = savedScanPro(db, firm) ?? defaultScanPro(firm);
  const systems = prepared<{ matrix_item: string }>(
    db,
    `SELECT c.matrix_item FROM json_each(?) j JOIN adas_checklist_matrix c ON c.adas_checklist_matrix = j.value ORDER BY j.key`,
  )
    .all(JSON.stringify(setup.checklist))
    .map((s) => s.matrix_item);
  const c = setup.criteria;
  return {
    firm,
    fields: {
      Makes: shown(c.makes.join(', ')) ?? 'All makes',
      'Year from': shown(c.yearStart),
      'Year to': shown(c.yearEnd),
      'Pre-repair scan': shown(c.preRepairScan),
      'Post-repair scan': shown(c.postRepairScan),
      Checklist: list(systems),
    },
  };
}

const a = contract.admin;

/** Each configuration kind: its editor's read access (the history panel's), what it is called and how it is read. */
export const CONFIGURATION_KINDS = {
  system: { access: a.getAdasMatrix.access, noun: 'System', read: systemSnapshot },
  makeMatrix: { access: a.getAdasMakeMatrix.access, noun: 'Make matrix', read: makeMatrixSnapshot },
  makeException: { access: a.getAdasMakeExclusions.access, noun: 'Make exception', read: tableSnapshot(TABLE_RECORDS.makeException) },
  exclusion: { access: a.getAdasExclusions.access, noun: 'Exclusion', read: tableSnapshot(TABLE_RECORDS.exclusion) },
  infoLookup: { access: a.getAdasMatrixInfoLookup.access, noun: 'Info lookup', read: tableSnapshot(TABLE_RECORDS.infoLookup) },
  noScrub: { access: a.getAdasNoScrubList.access, noun: 'No-scrub item', read: tableSnapshot(TABLE_RECORDS.noScrub) },
  link: { access: contract.alldata.getLinkManage.access, noun: 'Link', read: tableSnapshot(TABLE_RECORDS.link) },
  calibrationType: {
    access: contract.adasmatrix.getCalibrationPricing.access,
    noun: 'Calibration',
    read: tableSnapshot(TABLE_RECORDS.calibrationType),
  },
  testdriveRecommendation: {
    access: contract.testdrive.testdriveRecommendation.access,
    noun: 'Test-drive recommendation',
    read: tableSnapshot(TABLE_RECORDS.testdriveRecommendation),
  },
  testdriveResultType: {
    access: contract.lookups.testdriveResultType.access,
    noun: 'Result type',
    read: tableSnapshot(TABLE_RECORDS.testdriveResultType),
  },
  translation: { access: contract.language.translations.access, noun: 'Translation', read: tableSnapshot(TABLE_RECORDS.translation) },
  reportRecommendation: {
    access: contract.report.getReportRecommendations.access,
    noun: 'Report recommendation',
    read: tableSnapshot(TABLE_RECORDS.reportRecommendation),
  },
  scanPro: { access: contract.scanpro.GetScanProConfiguration.access, noun: 'Scan-pro setup', read: scanProSnapshot },
  estimateTerm: {
    access: contract.estimateterms.getEstimateTerms.access,
    noun: 'Estimate term',
    read: tableSnapshot(TABLE_RECORDS.estimateTerm),
  },
} satisfies Partial<Record<HistoryKind, { access: CallAccess; noun: string; read: (db: Db, id: number) => Snapshot | null }>>;

export type ConfigurationKind = keyof typeof CONFIGURATION_KINDS;
export type { TableKind };

/**
 * Runs a write of one configuration record in its own transaction (a savepoint in a caller's) and records
 * what it changed. `id` null or ≤ 0: the write creates the record and `created` names it from its answer.
 */
export function withConfigurationHistory<T>(
  db: Db,
  by: number,
  kind: ConfigurationKind,
  id: number | null,
  write: () => T,
  created?: (result: T) => number,
): T {
  return db.transaction(() =>
    withHistory(db, { kind, by }, id != null && id > 0 ? id : null, CONFIGURATION_KINDS[kind].read, write, created),
  )();
}

/**
 * Inserts (id ≤ 0) or updates one configuration record's row and records what changed; answers its id (404
 * `what` for an unknown id). Table, key and column names come from code, never from input.
 */
export function saveConfigurationRow(
  db: Db,
  by: number,
  kind: ConfigurationKind,
  row: { table: string; key: string; id: number; what: string },
  values: Record<string, SqlValue>,
): number {
  const { table, key, id, what } = row;
  const cols = Object.keys(values);
  return withConfigurationHistory(
    db,
    by,
    kind,
    id,
    () => {
      if (id > 0) {
        const set = cols.map((c) => `${c} = ?`).join(', ');
        if (!prepared(db, `UPDATE ${table} SET ${set} WHERE ${key} = ?`).run(...Object.values(values), id).changes) throw notFound(what);
        return id;
      }
      const insert = `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`;
      return Number(prepared(db, insert).run(...Object.values(values)).lastInsertRowid);
    },
    (saved) => saved,
  );
}

/**
 * The same for a write of several records at once (a bulk call, a chunk of an import): each record of
 * `ids` read before and after, and each id `created` names from the answer recorded as created.
 */
export function withConfigurationHistories<T>(
  db: Db,
  by: number,
  kind: ConfigurationKind,
  ids: readonly number[],
  write: () => T,
  created?: (result: T) => readonly number[],
): T {
  const read = CONFIGURATION_KINDS[kind].read;
  return db.transaction(() => {
    const before = new Map([...new Set(ids)].map((id) => [id, read(db, id)] as const));
    const result = write();
    const added = new Set(created?.(result) ?? []);
    // An id the write deleted and then gave to a record it added (SQLite reuses the highest rowid) is two records.
    for (const [id, was] of before) recordChange(db, { kind, id, by }, was, added.has(id) ? null : read(db, id));
    for (const id of added) recordChange(db, { kind, id, by }, null, read(db, id));
    return result;
  })();
}
