/**
 * Make exceptions, exclusions, info lookups and the no-scrub list (admin/getAdasMakeExclusions …
 * deleteAdasNoScrubList, getMakeExceptionLookups, checklistMatrixAdasInfoExport): the knowledge base's
 * smaller lists. Each is searched, sorted and paged in SQL on its own indexes.
 */
import Papa from 'papaparse';
import { contract } from '../../lib/contract';
import type { AdasExclusion, InfoLookup, MakeException, NoScrubItem } from '../../lib/contract/admin';
import { CSV_OPTIONS } from '../../lib/csv';
import { splitKeywords } from '../../lib/configuration/keywords';
import type { Db } from '../core/db';
import { prepared, preparedValue } from '../core/sql';
import { notFound } from '../core/errors';
import { implement } from '../core/implement';
import {
  assertKnowledgeBase,
  assertSystem,
  bool,
  fieldError,
  flag,
  type Flagged,
  isUniqueViolation,
  pageOf,
  searchCondition,
  type SqlValue,
} from './common';
import { indexKeywords, unindexKeywords } from './keywords';
import { saveConfigurationRow, withConfigurationHistory, type ConfigurationKind } from './history';
import { today } from './make-matrix-calls';

const a = contract.admin;

/** Who writes which kind of record: the history the helpers below record under. */
interface Writer {
  kind: ConfigurationKind;
  by: number;
}

/** Deletes one row by id (404 when there is none), with the keyword index of its owner kind, and records it. */
function deleteRow(db: Db, w: Writer, table: string, key: string, id: number, what: string, keywordKind?: 'info' | 'exception') {
  withConfigurationHistory(db, w.by, w.kind, id, () => {
    if (!prepared(db, `DELETE FROM ${table} WHERE ${key} = ?`).run(id).changes) throw notFound(what);
    if (keywordKind) unindexKeywords(db, [keywordKind], id);
  });
}

/** Inserts (id ≤ 0) or updates one row and records what changed; answers its id (404 for an unknown id). */
const upsert = (db: Db, w: Writer, table: string, key: string, id: number, values: Record<string, SqlValue>, what: string): number =>
  saveConfigurationRow(db, w.by, w.kind, { table, key, id, what }, values);

const SYSTEM_NAME = `coalesce((SELECT c.matrix_item FROM adas_checklist_matrix c WHERE c.adas_checklist_matrix = x.adas_checklist_matrix), '')`;

const withInactive = <T extends { isInactive: boolean }>({ isInactive, ...r }: Flagged<T, 'isInactive'>) => ({
  ...r,
  isInactive: bool(isInactive),
});

// ── make exceptions ─────────────────────────────────────────────────────────────────────────────────
const EXCEPTION_SELECT = `x.adas_make_exclusion AS adasMakeExclusion, x.vehicle_make AS vehicleMake, x.adas_checklist_matrix AS adasChecklistMatrix,
  ${SYSTEM_NAME} AS matrixItem, x.keywords, x.reason, x.is_inactive AS isInactive`;
const toException = (r: Flagged<MakeException, 'isInactive'>): MakeException => withInactive(r);

// ── exclusions ──────────────────────────────────────────────────────────────────────────────────────
const EXCLUSION_SELECT = `x.adas_exclusion AS adasExclusion, x.keyword, x.adas_checklist_matrix AS adasChecklistMatrix,
  ${SYSTEM_NAME} AS matrixItem, x.reason, x.is_inactive AS isInactive`;
const toExclusion = (r: Flagged<AdasExclusion, 'isInactive'>): AdasExclusion => withInactive(r);

// ── info lookups ────────────────────────────────────────────────────────────────────────────────────
type InfoDb = Flagged<InfoLookup, 'isInactive' | 'isReportAdd'>;
const toInfo = ({ isReportAdd, ...r }: InfoDb): InfoLookup => ({
  ...withInactive<Omit<InfoLookup, 'isReportAdd'>>(r),
  isReportAdd: bool(isReportAdd),
});
const INFO_SELECT = `x.adas_info_lookup AS adasChecklistMatrixInfoLookup, x.adas_checklist_matrix AS adasChecklistMatrix, ${SYSTEM_NAME} AS matrixItem,
  x.vehicle_make AS vehicleMake, x.year_start AS yearStart, x.year_end AS yearEnd, x.keywords, x.lookup_type AS lookupType, x.url,
  x.is_inactive AS isInactive, x.sort, x.source, x.is_report_add AS isReportAdd, x.description`;

// ── no-scrub ────────────────────────────────────────────────────────────────────────────────────────
const NO_SCRUB_SELECT = `x.adas_no_scrub AS adasNoScrubList, x.vehicle_make AS vehicleMake, x.vehicle_model AS vehicleModel,
  x.year_start AS yearStart, x.year_end AS yearEnd, x.is_inactive AS isInactive, x.reason`;
const toNoScrub = (r: Flagged<NoScrubItem, 'isInactive'>): NoScrubItem => withInactive(r);

/** A search condition plus extra filters as one where list. */
function filters(term: string, columns: readonly string[], extra: [string, SqlValue][] = []): { where: string[]; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  for (const [sql, value] of extra) {
    where.push(sql);
    params.push(value);
  }
  const s = searchCondition(term, columns);
  if (s) {
    where.push(s.sql);
    params.push(...s.params);
  }
  return { where, params };
}

export const exceptionCalls = [
  // Make exceptions
  implement(a.getAdasMakeExclusions, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const extra: [string, SqlValue][] = [];
    if (query.id) extra.push(['x.adas_checklist_matrix = ?', query.id]);
    if (query.vehicleMake) extra.push(['x.vehicle_make = ?', query.vehicleMake]);
    const f = filters(query.searchTerm, ['x.vehicle_make', 'x.keywords', 'x.reason'], extra);
    const order = {
      make: ['x.vehicle_make', 'matrixItem', 'x.adas_make_exclusion'],
      system: ['matrixItem', 'x.vehicle_make', 'x.adas_make_exclusion'],
    }[query.orderBy];
    return pageOf(ctx.db, {
      select: EXCEPTION_SELECT,
      from: 'adas_make_exclusion x',
      ...f,
      order,
      query,
      map: toException,
    });
  }),
  implement(a.saveAdasMakeExclusion, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const { db } = ctx;
    assertSystem(db, body.adasChecklistMatrix);
    const id = db.transaction(() => {
      const saved = upsert(
        db,
        { kind: 'makeException', by: caller.user },
        'adas_make_exclusion',
        'adas_make_exclusion',
        body.adasMakeExclusion,
        {
          vehicle_make: body.vehicleMake,
          adas_checklist_matrix: body.adasChecklistMatrix,
          keywords: body.keywords,
          reason: body.reason,
          is_inactive: flag(body.isInactive),
        },
        'Make exception',
      );
      indexKeywords(db, 'exception', saved, body.keywords, body.vehicleMake);
      return saved;
    })();
    return { id };
  }),
  implement(a.deleteAdasMakeExclusion, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    deleteRow(
      ctx.db,
      { kind: 'makeException', by: caller.user },
      'adas_make_exclusion',
      'adas_make_exclusion',
      query.id,
      'Make exception',
      'exception',
    );
    return { success: true as const };
  }),
  implement(a.getMakeExceptionLookups, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const { db } = ctx;
    const system = query.adasChecklistMatrix ? ' AND m.adas_checklist_matrix = ?' : '';
    const args = query.adasChecklistMatrix ? [query.make, query.adasChecklistMatrix] : [query.make];
    const keywords = preparedValue<string>(
      db,
      `SELECT k.keyword FROM adas_keyword k JOIN adas_make_matrix m ON m.make_matrix = k.owner
       WHERE k.vehicle_make = ? AND k.kind IN ('line','location','sublet')${system}
       GROUP BY k.keyword COLLATE NOCASE ORDER BY count(*) DESC, k.keyword LIMIT 500`,
    ).all(...args);
    const models = preparedValue<string>(
      db,
      `SELECT DISTINCT x.vehicle_model FROM adas_make_matrix_model x JOIN adas_make_matrix m ON m.make_matrix = x.make_matrix
       WHERE x.vehicle_make = ?${system} ORDER BY x.vehicle_model LIMIT 500`,
    ).all(...args);
    return { keywords, models };
  }),

  // Exclusions
  implement(a.getAdasExclusions, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const f = filters(query.searchTerm, ['x.keyword', 'x.reason']);
    const order = { keyword: ['x.keyword', 'x.adas_exclusion'], system: ['matrixItem', 'x.keyword'] }[query.orderBy];
    return pageOf(ctx.db, { select: EXCLUSION_SELECT, from: 'adas_exclusion x', ...f, order, query, map: toExclusion });
  }),
  implement(a.saveAdasExclusion, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    assertSystem(ctx.db, body.adasChecklistMatrix);
    try {
      const id = upsert(
        ctx.db,
        { kind: 'exclusion', by: caller.user },
        'adas_exclusion',
        'adas_exclusion',
        body.adasExclusion,
        { keyword: body.keyword, adas_checklist_matrix: body.adasChecklistMatrix, reason: body.reason, is_inactive: flag(body.isInactive) },
        'Exclusion',
      );
      return { id };
    } catch (e) {
      if (isUniqueViolation(e))
        throw fieldError('keyword', `"${body.keyword}" is already an exclusion${body.adasChecklistMatrix ? ' of this system' : ''}`);
      throw e;
    }
  }),
  implement(a.deleteAdasExclusion, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    deleteRow(ctx.db, { kind: 'exclusion', by: caller.user }, 'adas_exclusion', 'adas_exclusion', query.id, 'Exclusion');
    return { success: true as const };
  }),

  // Info lookups
  implement(a.getAdasMatrixInfoLookups, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const extra: [string, SqlValue][] = [];
    if (query.vehicleMake) extra.push(['x.vehicle_make = ?', query.vehicleMake]);
    if (query.lookupType) extra.push(['x.lookup_type = ?', query.lookupType]);
    if (query.source) extra.push(['x.source = ?', query.source]);
    const f = filters(query.searchTerm, ['x.vehicle_make', 'x.description', 'x.keywords', 'x.source'], extra);
    const order = {
      make: ['x.vehicle_make', 'x.year_start', 'x.adas_info_lookup'],
      type: ['x.lookup_type', 'x.vehicle_make', 'x.adas_info_lookup'],
      years: ['x.year_start', 'x.year_end', 'x.adas_info_lookup'],
      sort: ['x.sort', 'x.adas_info_lookup'],
    }[query.orderBy];
    return pageOf(ctx.db, { select: INFO_SELECT, from: 'adas_info_lookup x', ...f, order, query, map: toInfo });
  }),
  implement(a.getAdasMatrixInfoLookup, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const r = prepared<InfoDb>(ctx.db, `SELECT ${INFO_SELECT} FROM adas_info_lookup x WHERE x.adas_info_lookup = ?`).get(query.id);
    if (!r) throw notFound('Info lookup');
    return toInfo(r);
  }),
  implement(a.saveAdasMatrixInfoLookup, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const { db } = ctx;
    assertSystem(db, body.adasChecklistMatrix);
    const id = db.transaction(() => {
      const saved = upsert(
        db,
        { kind: 'infoLookup', by: caller.user },
        'adas_info_lookup',
        'adas_info_lookup',
        body.adasChecklistMatrixInfoLookup,
        {
          adas_checklist_matrix: body.adasChecklistMatrix,
          vehicle_make: body.vehicleMake,
          year_start: body.yearStart,
          year_end: body.yearEnd,
          keywords: body.keywords,
          lookup_type: body.lookupType,
          url: body.url,
          is_inactive: flag(body.isInactive),
          sort: body.sort,
          source: body.source,
          is_report_add: flag(body.isReportAdd),
          description: body.description,
        },
        'Info lookup',
      );
      indexKeywords(db, 'info', saved, body.keywords, body.vehicleMake);
      return saved;
    })();
    return { id };
  }),
  implement(a.deleteAdasMatrixInfoLookup, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    deleteRow(ctx.db, { kind: 'infoLookup', by: caller.user }, 'adas_info_lookup', 'adas_info_lookup', query.id, 'Info lookup', 'info');
    return { success: true as const };
  }),
  implement(a.checklistMatrixAdasInfoExport, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const where: string[] = [];
    const params: SqlValue[] = [];
    if (query.source) {
      where.push('x.source = ?');
      params.push(query.source);
    }
    if (query.isInactive !== undefined) {
      where.push('x.is_inactive = ?');
      params.push(flag(query.isInactive));
    }
    if (query.vehicleMake) {
      where.push('x.vehicle_make = ?');
      params.push(query.vehicleMake);
    }
    const rows = prepared<InfoDb>(
      ctx.db,
      `SELECT ${INFO_SELECT} FROM adas_info_lookup x WHERE ${where.join(' AND ') || '1'} ORDER BY x.vehicle_make, x.sort, x.adas_info_lookup`,
    )
      .all(...params)
      .map(toInfo);
    const csv = Papa.unparse(
      {
        fields: [
          'Make',
          'Year start',
          'Year end',
          'System',
          'Type',
          'Description',
          'Keywords',
          'URL',
          'Source',
          'Add to report',
          'Inactive',
          'Sort',
        ],
        data: rows.map((r) => [
          r.vehicleMake,
          r.yearStart,
          r.yearEnd,
          r.matrixItem || 'All systems',
          r.lookupType,
          r.description,
          splitKeywords(r.keywords).join(', '),
          r.url,
          r.source,
          r.isReportAdd ? 'Yes' : 'No',
          r.isInactive ? 'Yes' : 'No',
          r.sort,
        ]),
      },
      CSV_OPTIONS,
    );
    return { fileName: `adas-info-${today()}.csv`, csv, rows: rows.length };
  }),

  // No-scrub list
  implement(a.getAdasNoScrubList, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const f = filters(query.searchTerm, ['x.vehicle_make', 'x.vehicle_model', 'x.reason']);
    const order = {
      make: ['x.vehicle_make', 'x.vehicle_model', 'x.year_start', 'x.adas_no_scrub'],
      years: ['x.year_start', 'x.year_end', 'x.adas_no_scrub'],
    }[query.orderBy];
    return pageOf(ctx.db, { select: NO_SCRUB_SELECT, from: 'adas_no_scrub x', ...f, order, query, map: toNoScrub });
  }),
  implement(a.saveAdasNoScrubList, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const id = upsert(
      ctx.db,
      { kind: 'noScrub', by: caller.user },
      'adas_no_scrub',
      'adas_no_scrub',
      body.adasNoScrubList,
      {
        vehicle_make: body.vehicleMake,
        vehicle_model: body.vehicleModel,
        year_start: body.yearStart,
        year_end: body.yearEnd,
        reason: body.reason,
        is_inactive: flag(body.isInactive),
      },
      'No-scrub item',
    );
    return { id };
  }),
  implement(a.deleteAdasNoScrubList, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    deleteRow(ctx.db, { kind: 'noScrub', by: caller.user }, 'adas_no_scrub', 'adas_no_scrub', query.id, 'No-scrub item');
    return { success: true as const };
  }),
];
