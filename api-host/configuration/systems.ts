/**
 * Systems (checklist matrices, admin/getAdasMatrix, saveAdasMatrix, deleteAdasMatrix): the ADAS systems a
 * vehicle can have, with their notice, hints, keywords and checklist items.
 */
import type { z } from 'zod';
import { contract } from '../../lib/contract';
import type { ChecklistMatrix, checklistMatrixInput } from '../../lib/contract/admin';
import type { Db } from '../core/db';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { badRequest, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { assertKnowledgeBase, bool, fieldError, flag, type Flagged, isUniqueViolation, pageOf, searchCondition } from './common';
import { indexKeywords, unindexKeywords } from './keywords';
import { withConfigurationHistory } from './history';

const a = contract.admin;

/** A system as SYSTEM_SELECT yields it: the contract's names, its flags as stored, without its items. */
type SystemDb = Flagged<Omit<ChecklistMatrix, 'items'>, 'isHighlight' | 'isInactive'>;
const SYSTEM_SELECT = `c.adas_checklist_matrix AS adasChecklistMatrix, c.matrix_item AS matrixItem, c.notice, c.hints, c.keywords,
  c.is_highlight AS isHighlight, c.is_inactive AS isInactive, c.sort,
  (SELECT count(*) FROM adas_make_matrix m WHERE m.adas_checklist_matrix = c.adas_checklist_matrix) AS makeMatrices`;

const ORDER = { sort: ['c.sort', 'c.matrix_item'], matrixItem: ['c.matrix_item'], makeMatrices: ['makeMatrices', 'c.sort'] } as const;

function itemsOf(db: Db, ids: readonly number[]) {
  const out = new Map<number, ChecklistMatrix['items']>();
  for (const { system, ...item } of prepared<{ adasChecklistMatrixItem: number; system: number; item: string }>(
    db,
    `SELECT adas_checklist_matrix_item AS adasChecklistMatrixItem, adas_checklist_matrix AS system, item FROM adas_checklist_matrix_item
     WHERE adas_checklist_matrix IN (SELECT value FROM json_each(?)) ORDER BY adas_checklist_matrix_item`,
  ).all(JSON.stringify(ids))) {
    const list = out.get(system) ?? [];
    list.push({ ...item, isRemove: false });
    out.set(system, list);
  }
  return out;
}

/** How many records use a system (they keep it from being deleted). */
function usesOf(db: Db, id: number): { makeMatrices: number; others: number } {
  const n = (sql: string) => oneRow(preparedValue<number>(db, sql).get(id));
  return {
    makeMatrices: n('SELECT count(*) FROM adas_make_matrix WHERE adas_checklist_matrix = ?'),
    others:
      n('SELECT count(*) FROM adas_make_exclusion WHERE adas_checklist_matrix = ?') +
      n('SELECT count(*) FROM adas_exclusion WHERE adas_checklist_matrix = ?') +
      n('SELECT count(*) FROM adas_info_lookup WHERE adas_checklist_matrix = ?'),
  };
}

function deleteSystem(db: Db, id: number): void {
  db.transaction(() => {
    if (!prepared(db, 'SELECT 1 FROM adas_checklist_matrix WHERE adas_checklist_matrix = ?').get(id)) throw notFound('System');
    const { makeMatrices, others } = usesOf(db, id);
    if (makeMatrices + others > 0) {
      const what = [
        makeMatrices && `${makeMatrices} make matri${makeMatrices === 1 ? 'x' : 'ces'}`,
        others &&
          `${others} exception${others === 1 ? '' : 's'}, exclusion${others === 1 ? '' : 's'} or info lookup${others === 1 ? '' : 's'}`,
      ]
        .filter(Boolean)
        .join(' and ');
      throw badRequest(`This system is used by ${what}; change or delete them first, or set the system inactive`);
    }
    prepared(db, 'DELETE FROM adas_checklist_matrix WHERE adas_checklist_matrix = ?').run(id);
    unindexKeywords(db, ['checklist'], id);
  })();
}

function saveSystem(db: Db, b: z.output<typeof checklistMatrixInput>): number {
  return db.transaction(() => {
    let id = b.adasChecklistMatrix;
    const values = [b.matrixItem, b.notice, b.hints, b.keywords, flag(b.isHighlight), flag(b.isInactive), b.sort];
    try {
      if (id > 0) {
        const changed = prepared(
          db,
          'UPDATE adas_checklist_matrix SET matrix_item = ?, notice = ?, hints = ?, keywords = ?, is_highlight = ?, is_inactive = ?, sort = ? WHERE adas_checklist_matrix = ?',
        ).run(...values, id).changes;
        if (!changed) throw notFound('System');
      } else {
        id = Number(
          prepared(
            db,
            'INSERT INTO adas_checklist_matrix (matrix_item, notice, hints, keywords, is_highlight, is_inactive, sort) VALUES (?, ?, ?, ?, ?, ?, ?)',
          ).run(...values).lastInsertRowid,
        );
      }
    } catch (e) {
      if (isUniqueViolation(e)) throw fieldError('matrixItem', `A system named ${b.matrixItem} already exists`);
      throw e;
    }
    for (const item of b.items) {
      if (item.adasChecklistMatrixItem > 0) {
        const sql = item.isRemove
          ? 'DELETE FROM adas_checklist_matrix_item WHERE adas_checklist_matrix_item = ? AND adas_checklist_matrix = ?'
          : 'UPDATE adas_checklist_matrix_item SET item = ? WHERE adas_checklist_matrix_item = ? AND adas_checklist_matrix = ?';
        const args = item.isRemove ? [item.adasChecklistMatrixItem, id] : [item.item, item.adasChecklistMatrixItem, id];
        if (!prepared(db, sql).run(...args).changes)
          throw fieldError('items', `Item ${item.adasChecklistMatrixItem} is not an item of this system`);
      } else if (!item.isRemove) {
        prepared(db, 'INSERT INTO adas_checklist_matrix_item (adas_checklist_matrix, item) VALUES (?, ?)').run(id, item.item);
      }
    }
    indexKeywords(db, 'checklist', id, b.keywords);
    return id;
  })();
}

export const systemCalls = [
  implement(a.getAdasMatrix, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const search = searchCondition(query.searchTerm, ['c.matrix_item', 'c.keywords']);
    const page = pageOf<SystemDb, Omit<ChecklistMatrix, 'items'>>(ctx.db, {
      select: SYSTEM_SELECT,
      from: 'adas_checklist_matrix c',
      where: search ? [search.sql] : [],
      params: search?.params ?? [],
      order: ORDER[query.orderBy],
      query,
      map: ({ isHighlight, isInactive, ...r }) => ({ ...r, isHighlight: bool(isHighlight), isInactive: bool(isInactive) }),
    });
    const items = itemsOf(
      ctx.db,
      page.items.map((s) => s.adasChecklistMatrix),
    );
    return { count: page.count, items: page.items.map((s) => ({ ...s, items: items.get(s.adasChecklistMatrix) ?? [] })) };
  }),
  implement(a.saveAdasMatrix, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const id = body.adasChecklistMatrix;
    if (body.isRemove) {
      withConfigurationHistory(ctx.db, caller.user, 'system', id, () => deleteSystem(ctx.db, id));
      return { id };
    }
    return {
      id: withConfigurationHistory(
        ctx.db,
        caller.user,
        'system',
        id,
        () => saveSystem(ctx.db, body),
        (saved) => saved,
      ),
    };
  }),
  implement(a.deleteAdasMatrix, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    withConfigurationHistory(ctx.db, caller.user, 'system', query.id, () => deleteSystem(ctx.db, query.id));
    return { success: true as const };
  }),
];
