/**
 * The import screen's knowledge-base calls (lib/contract/data.ts): make-matrix keywords imported onto every
 * make matrix of a make, and the links of one vehicle exported in the links import's layout. Both are the
 * network's knowledge base: the platform's administrators (configuration/common.ts assertKnowledgeBase).
 */
import Papa from 'papaparse';
import { contract } from '../../lib/contract';
import { MAKE_MATRIX_LINK_COLUMNS } from '../../lib/contract/admin';
import { CSV_OPTIONS } from '../../lib/csv';
import { joinKeywords, keywordProblem, splitKeywords } from '../../lib/configuration/keywords';
import { assertKnowledgeBase, fieldError, indexKeywords, today, withConfigurationHistories } from '../configuration/service';
import { implement } from '../core/implement';
import { prepared } from '../core/sql';

const d = contract.data;
const KEYWORD_COLUMN = { line: 'ccc_line_keywords', location: 'ccc_location_keywords', sublet: 'ccc_sublet_keywords' } as const;

export const knowledgeCalls = [
  implement(d.importMakeMatrixKeywords, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const db = ctx.db;
    const column = KEYWORD_COLUMN[body.kind];
    const rows = prepared<{ id: number; make: string; keywords: string }>(
      db,
      `SELECT make_matrix AS id, vehicle_make AS make, ${column} AS keywords FROM adas_make_matrix WHERE vehicle_make = ? AND (? = 0 OR adas_checklist_matrix = ?)`,
    ).all(body.vehicleMake, body.adasChecklistMatrix, body.adasChecklistMatrix);
    if (!rows.length)
      throw fieldError(
        'vehicleMake',
        body.adasChecklistMatrix ? 'This make has no make matrix of this system' : 'This make has no make matrices',
      );
    return withConfigurationHistories(
      db,
      caller.user,
      'makeMatrix',
      rows.map((r) => r.id),
      () => {
        let count = 0;
        for (const r of rows) {
          const list = splitKeywords(body.replace ? body.keywords : [r.keywords, body.keywords]);
          const problem = keywordProblem(list);
          if (problem) throw fieldError('keywords', problem);
          const text = joinKeywords(list);
          if (text === r.keywords) continue;
          // As the make-matrix form saves them: the comma text on the record, each keyword in the index.
          prepared(db, `UPDATE adas_make_matrix SET ${column} = ? WHERE make_matrix = ?`).run(text, r.id);
          indexKeywords(db, body.kind, r.id, text, r.make);
          count++;
        }
        return { count };
      },
    );
  }),

  implement(d.exportLinksByVehicle, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const types = body.type ? [body.type, body.type] : ['adas', 'general'];
    const model = body.model.replace(/\s+/g, ' ').trim();
    const rows = prepared<{
      make: string;
      model: string;
      year_start: number | null;
      year_end: number | null;
      title: string;
      url: string;
    }>(
      ctx.db,
      `SELECT make, model, year_start, year_end, title, url FROM make_matrix_link
       WHERE type IN (?, ?) AND make = ? AND model IN ('', ?) AND (year_start IS NULL OR year_start <= ?) AND (year_end IS NULL OR year_end >= ?)
       ORDER BY type, model DESC, title`,
    ).all(...types, body.make, model, body.year, body.year);
    const csv = Papa.unparse(
      {
        fields: [...MAKE_MATRIX_LINK_COLUMNS],
        data: rows.map((r) => [r.make, r.model, r.year_start ?? '', r.year_end ?? '', r.title, r.url]),
      },
      CSV_OPTIONS,
    );
    const name = [body.make, model, body.year]
      .filter(Boolean)
      .join('-')
      .replace(/[^A-Za-z0-9-]+/g, '_');
    return { fileName: `links-${name}-${today()}.csv`, csv, rows: rows.length };
  }),
];
