/**
 * OEM procedure links (alldata/getLinkManage … saveLinksByVehicle) and the make-matrix-links import
 * (admin/importMakeMatrixLinks): one table, make_matrix_link. The import accepts the file at once, stores
 * its rows in the background (as new ADAS links) and, when done, tells the administrators (roles 1, 2) by
 * push.
 */
import Papa from 'papaparse';
import { contract } from '../../lib/contract';
import { MAKE_MATRIX_LINK_COLUMNS, makeMatrixLinkRow } from '../../lib/contract/admin';
import type { AdasLink, LinkInput } from '../../lib/contract/alldata';
import type { LinkType } from '../../lib/configuration/constants';
import { PUSH_TARGETS, type ImportNotice } from '../../lib/push/messages';
import { isAdminRole } from '../../lib/roles';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import type { HostContext } from '../core/context';
import { notFound } from '../core/errors';
import { implement } from '../core/implement';
import { assertKnowledgeBase, bool, type Flagged, pageOf, searchCondition, type SqlValue, yearsText } from './common';
import { withConfigurationHistories, withConfigurationHistory } from './history';

/** A link as LINK_SELECT yields it: the contract's names, its flag as stored, without the years' text. */
type LinkDb = Flagged<Omit<AdasLink, 'year'>, 'isNew'>;
const toLink = ({ isNew, ...r }: LinkDb): AdasLink => ({ ...r, year: yearsText(r.yearStart, r.yearEnd), isNew: bool(isNew) });
const LINK_SELECT = `x.make_matrix_link AS id, x.title, x.url, x.type, x.make, x.model, x.year_start AS yearStart, x.year_end AS yearEnd,
  x.is_new AS isNew, x.created_at AS createdAt`;

const INSERT_LINK =
  'INSERT INTO make_matrix_link (import, type, make, model, year_start, year_end, title, url, is_new) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)';
type Link = Required<Omit<LinkInput, 'type'>> & { type: LinkType };

function insertLink(db: Db, l: Link, importId: number | null = null): number {
  return Number(prepared(db, INSERT_LINK).run(importId, l.type, l.make, l.model, l.yearStart, l.yearEnd, l.title, l.url).lastInsertRowid);
}

/** Rows of ids that exist, for lists of ids in bulk calls: `IN (json_each)`. */
const ids = (list: readonly number[]) => JSON.stringify([...new Set(list)]);

// ── the import ──────────────────────────────────────────────────────────────────────────────────────
/** Rows stored per transaction; the importer yields to the event loop between chunks. */
const CHUNK = 500;
/** Rejected rows whose reasons are kept with the import. */
const KEEP_ERRORS = 50;

const isHeader = (cells: string[]) =>
  cells.length === MAKE_MATRIX_LINK_COLUMNS.length &&
  MAKE_MATRIX_LINK_COLUMNS.every((k, i) => cells[i]?.trim().toLowerCase() === k.toLowerCase());

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Checks and stores the rows of one links file, then notifies the administrators. */
export async function runMakeMatrixLinkImport(ctx: HostContext, id: number, fileName: string, content: string): Promise<ImportNotice> {
  const { db } = ctx;
  let imported = 0;
  let rejected = 0;
  const errors: { line: number; reason: string }[] = [];
  const reject = (line: number, reason: string) => {
    rejected++;
    if (errors.length < KEEP_ERRORS) errors.push({ line, reason });
  };
  let status: 'done' | 'failed' = 'done';
  // The links it adds are the importing administrator's changes (their history's Created rows).
  const by = db.prepare('SELECT user FROM make_matrix_link_import WHERE import = ?').pluck().get(id) as number;
  try {
    const rows = Papa.parse<string[]>(content.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' }).data;
    const [first] = rows;
    const start = first && isHeader(first) ? 1 : 0;
    for (let from = start; from < rows.length; from += CHUNK) {
      withConfigurationHistories(
        db,
        by,
        'link',
        [],
        () => {
          const added: number[] = [];
          for (const [k, cells] of rows.slice(from, from + CHUNK).entries()) {
            const line = from + k + 1;
            if (cells.length !== MAKE_MATRIX_LINK_COLUMNS.length) {
              reject(line, `Expected ${MAKE_MATRIX_LINK_COLUMNS.length} columns, found ${cells.length}`);
              continue;
            }
            const parsed = makeMatrixLinkRow.safeParse(Object.fromEntries(MAKE_MATRIX_LINK_COLUMNS.map((k, j) => [k, cells[j]])));
            if (!parsed.success) {
              reject(line, parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; '));
              continue;
            }
            added.push(insertLink(db, { ...parsed.data, type: 'adas' }, id));
            imported++;
          }
          return added;
        },
        (added) => added,
      );
      await nextTick();
    }
  } catch (e) {
    status = 'failed';
    console.error(`[api-host] make-matrix-link import ${id} failed:`, e);
  }
  db.prepare(
    "UPDATE make_matrix_link_import SET status = ?, imported = ?, rejected = ?, errors = ?, finished_at = strftime('%Y-%m-%dT%H:%M:%SZ','now') WHERE import = ?",
  ).run(status, imported, rejected, JSON.stringify(errors), id);
  const notice: ImportNotice = { kind: 'makeMatrixLinks', import: id, fileName, imported, rejected };
  ctx.push?.send((owner) => isAdminRole(owner.role), PUSH_TARGETS.importNotice, [notice]);
  return notice;
}

// ── the calls ───────────────────────────────────────────────────────────────────────────────────────
const l = contract.alldata;

export const linkCalls = [
  implement(contract.admin.importMakeMatrixLinks, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const id = Number(
      ctx.db.prepare('INSERT INTO make_matrix_link_import (file_name, user) VALUES (?, ?)').run(body.fileName, caller.user).lastInsertRowid,
    );
    setImmediate(() => void runMakeMatrixLinkImport(ctx, id, body.fileName, body.content));
    return { import: id, status: 'queued' as const };
  }),
  implement(l.getLinkManage, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const where = ['x.type = ?'];
    const params: SqlValue[] = [query.adaslinks ? 'adas' : 'general'];
    if (query.make) {
      where.push('x.make = ?');
      params.push(query.make);
    }
    if (query.isNew) where.push('x.is_new = 1');
    const s = searchCondition(query.searchTerm, ['x.title', 'x.make', 'x.model', 'x.url']);
    if (s) {
      where.push(s.sql);
      params.push(...s.params);
    }
    const order = {
      title: ['x.title', 'x.make_matrix_link'],
      make: ['x.make', 'x.model', 'x.make_matrix_link'],
      years: ['x.year_start', 'x.year_end', 'x.make_matrix_link'],
      created: ['x.created_at', 'x.make_matrix_link'],
    }[query.orderBy];
    return pageOf(ctx.db, { select: LINK_SELECT, from: 'make_matrix_link x', where, params, order, query, map: toLink });
  }),
  implement(l.createAdasLinks, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const add = () => body.links.map((link) => insertLink(ctx.db, link));
    return { ids: withConfigurationHistories(ctx.db, caller.user, 'link', [], add, (ids) => ids) };
  }),
  implement(l.saveAdasLinks, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const id = withConfigurationHistory(
      ctx.db,
      caller.user,
      'link',
      body.id,
      () => {
        if (body.id <= 0) return insertLink(ctx.db, body);
        const changed = prepared(
          ctx.db,
          'UPDATE make_matrix_link SET type = ?, make = ?, model = ?, year_start = ?, year_end = ?, title = ?, url = ?, is_new = 0 WHERE make_matrix_link = ?',
        ).run(body.type, body.make, body.model, body.yearStart, body.yearEnd, body.title, body.url, body.id).changes;
        if (!changed) throw notFound('Link');
        return body.id;
      },
      (saved) => saved,
    );
    return { id };
  }),
  implement(l.updateAdasLinks, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const set = [body.isNew !== undefined && 'is_new = ?', body.type !== undefined && 'type = ?'].filter(Boolean).join(', ');
    const values = [...(body.isNew !== undefined ? [body.isNew ? 1 : 0] : []), ...(body.type !== undefined ? [body.type] : [])];
    const count = withConfigurationHistories(
      ctx.db,
      caller.user,
      'link',
      body.ids,
      () =>
        prepared(ctx.db, `UPDATE make_matrix_link SET ${set} WHERE make_matrix_link IN (SELECT value FROM json_each(?))`).run(
          ...values,
          ids(body.ids),
        ).changes,
    );
    return { count };
  }),
  implement(l.removeLinksManage, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    return {
      count: withConfigurationHistories(
        ctx.db,
        caller.user,
        'link',
        body.ids,
        () =>
          prepared(ctx.db, 'DELETE FROM make_matrix_link WHERE make_matrix_link IN (SELECT value FROM json_each(?))').run(ids(body.ids))
            .changes,
      ),
    };
  }),
  implement(l.saveLinksByVehicle, ({ body, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const { db } = ctx;
    const vehicle = [body.type, body.make, body.model, body.yearStart, body.yearEnd] as const;
    const WHERE = 'type = ? AND make = ? AND model = ? AND year_start IS ? AND year_end IS ?';
    // The vehicle's links are replaced: the old ones' history says Deleted, the new ones' Created.
    const replaced = prepared<{ make_matrix_link: number }>(db, `SELECT make_matrix_link FROM make_matrix_link WHERE ${WHERE}`)
      .all(...vehicle)
      .map((r) => r.make_matrix_link);
    const added = withConfigurationHistories(
      db,
      caller.user,
      'link',
      replaced,
      () => {
        prepared(db, `DELETE FROM make_matrix_link WHERE ${WHERE}`).run(...vehicle);
        return body.links.map((link) =>
          insertLink(db, {
            ...link,
            type: body.type,
            make: body.make,
            model: body.model,
            yearStart: body.yearStart,
            yearEnd: body.yearEnd,
          }),
        );
      },
      (ids) => ids,
    );
    return { count: added.length };
  }),
];
