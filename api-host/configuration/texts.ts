/**
 * The network's texts: translations (language/*) and report recommendations (report/*), part of the
 * knowledge base (platform administrators only).
 */
import { contract } from '../../lib/contract';
import { type ReportRecommendation, reportRecommendation } from '../../lib/contract/report';
import { parseJsonColumn } from '../../lib/json-column';
import type { Translation } from '../../lib/contract/language';
import type { Db } from '../core/db';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { notFound } from '../core/errors';
import { implement } from '../core/implement';
import { assertKnowledgeBase, fieldError, isUniqueViolation, pageOf, searchCondition, type SqlValue } from './common';
import { saveConfigurationRow, withConfigurationHistory } from './history';

/** A translation under the contract's names: it needs no conversion. */
const TRANSLATION_SELECT = 'x.translation, x.translation_type AS translationType, x.language_code AS languageCode, x.source, x.text';

function saveTranslation(db: Db, by: number, id: number, b: Omit<Translation, 'translation'>): number {
  try {
    return saveConfigurationRow(
      db,
      by,
      'translation',
      { table: 'translation', key: 'translation', id, what: 'Translation' },
      { translation_type: b.translationType, language_code: b.languageCode, source: b.source, text: b.text },
    );
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('source', 'This text already has a translation of this type in this language');
    throw e;
  }
}

/** A recommendation as RECOMMENDATION_SELECT yields it: the contract's names, its lists as JSON text. */
type RecommendationDb = Omit<ReportRecommendation, 'systems' | 'systemNames' | 'makes'> & {
  systems: string;
  systemNames: string;
  makes: string;
};
const toRecommendation = ({ systems, systemNames, makes, ...r }: RecommendationDb): ReportRecommendation => ({
  ...r,
  systems: parseJsonColumn(reportRecommendation.shape.systems, systems, 'report_recommendation.systems'),
  systemNames: parseJsonColumn(reportRecommendation.shape.systemNames, systemNames, 'report_recommendation.systemNames'),
  makes: parseJsonColumn(reportRecommendation.shape.makes, makes, 'report_recommendation.makes'),
});
const RECOMMENDATION_SELECT = `x.report_recommendation AS reportRecommendation, x.title, x.year_start AS yearStart, x.year_end AS yearEnd,
  x.systems, x.makes, x.content,
  (SELECT json_group_array(c.matrix_item) FROM json_each(x.systems) j JOIN adas_checklist_matrix c ON c.adas_checklist_matrix = j.value) AS systemNames`;

export const textCalls = [
  implement(contract.language.translations, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const where = ['x.translation_type = ?', 'x.language_code = ?'];
    const params: SqlValue[] = [query.translationType, query.languageCode];
    const s = searchCondition(query.searchTerm, ['x.source', 'x.text']);
    if (s) {
      where.push(s.sql);
      params.push(...s.params);
    }
    const order = { source: ['x.source', 'x.translation'], text: ['x.text', 'x.translation'] }[query.orderBy];
    return pageOf(ctx.db, { select: TRANSLATION_SELECT, from: 'translation x', where, params, order, query, map: (r: Translation) => r });
  }),
  implement(contract.language.addTranslation, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    return { id: saveTranslation(ctx.db, caller.user, -1, body) };
  }),
  implement(contract.language.saveTranslation, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    return { id: saveTranslation(ctx.db, caller.user, body.translation, body) };
  }),
  implement(contract.language.deleteTranslation, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    withConfigurationHistory(ctx.db, caller.user, 'translation', query.translation, () => {
      if (!prepared(ctx.db, 'DELETE FROM translation WHERE translation = ?').run(query.translation).changes) throw notFound('Translation');
    });
    return { success: true as const };
  }),

  implement(contract.report.getReportRecommendations, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const s = searchCondition(query.searchTerm, ['x.title', 'x.content', 'x.makes']);
    const order = { title: ['x.title', 'x.report_recommendation'], years: ['x.year_start', 'x.year_end', 'x.report_recommendation'] }[
      query.orderBy
    ];
    return pageOf(ctx.db, {
      select: RECOMMENDATION_SELECT,
      from: 'report_recommendation x',
      where: s ? [s.sql] : [],
      params: s?.params ?? [],
      order,
      query,
      map: toRecommendation,
    });
  }),
  implement(contract.report.saveReportRecommendation, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const { db } = ctx;
    const known = oneRow(
      preparedValue<number>(
        db,
        'SELECT count(*) FROM adas_checklist_matrix WHERE adas_checklist_matrix IN (SELECT value FROM json_each(?))',
      ).get(JSON.stringify(body.systems)),
    );
    if (known !== body.systems.length) throw fieldError('systems', 'Unknown system');
    const values = [body.title, body.yearStart, body.yearEnd, JSON.stringify(body.systems), JSON.stringify(body.makes), body.content];
    const id = withConfigurationHistory(
      db,
      caller.user,
      'reportRecommendation',
      body.reportRecommendation,
      () => {
        if (body.reportRecommendation > 0) {
          const changed = prepared(
            db,
            'UPDATE report_recommendation SET title = ?, year_start = ?, year_end = ?, systems = ?, makes = ?, content = ? WHERE report_recommendation = ?',
          ).run(...values, body.reportRecommendation).changes;
          if (!changed) throw notFound('Report recommendation');
          return body.reportRecommendation;
        }
        return Number(
          prepared(
            db,
            'INSERT INTO report_recommendation (title, year_start, year_end, systems, makes, content) VALUES (?, ?, ?, ?, ?, ?)',
          ).run(...values).lastInsertRowid,
        );
      },
      (saved) => saved,
    );
    return { id };
  }),
  implement(contract.report.removeReportRecommendation, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    withConfigurationHistory(ctx.db, caller.user, 'reportRecommendation', query.reportRecommendation, () => {
      if (!prepared(ctx.db, 'DELETE FROM report_recommendation WHERE report_recommendation = ?').run(query.reportRecommendation).changes)
        throw notFound('Report recommendation');
    });
    return { success: true as const };
  }),
];
