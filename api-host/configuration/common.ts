/**
 * What the configuration area's calls share: who may touch the knowledge base, paged list queries, search
 * conditions, and 400s with field errors for rules the database checks (references, duplicates).
 */
import type { Paged } from '../../lib/contract/list';
import { NETWORK_FIRM } from '../../lib/configuration/constants';
import type { Db } from '../core/db';
import { oneRow, prepared, preparedValue } from '../core/sql';
import type { Caller } from '../core/caller';
import { badRequest, forbidden, notFound } from '../core/errors';

/**
 * The knowledge base is the network's: only administrators who reach the platform firm maintain it (an
 * administrator of part of the network is refused, 403).
 */
export function assertKnowledgeBase(caller: Caller): void {
  if (!caller.firms.has(NETWORK_FIRM)) throw forbidden('Only administrators of the whole network maintain the ADAS knowledge base');
}

export type SqlValue = string | number | null;

export interface PageQuery {
  page: number;
  pageSize: number;
  direction: 'asc' | 'desc';
}

/**
 * One page of rows and the count of all matching rows: `from` and `where` (conditions joined with AND)
 * are shared by both queries; `order` is a list of expressions, each sorted in the query's direction.
 */
export function pageOf<R, T>(
  db: Db,
  o: {
    select: string;
    from: string;
    where: readonly string[];
    params: readonly SqlValue[];
    order: readonly string[];
    query: PageQuery;
    map: (row: R) => T;
  },
): Paged<T> {
  const where = o.where.length ? o.where.join(' AND ') : '1';
  const count = oneRow(preparedValue<number>(db, `SELECT count(*) FROM ${o.from} WHERE ${where}`).get(...o.params));
  const offset = (o.query.page - 1) * o.query.pageSize;
  if (count === 0 || offset >= count) return { count, items: [] };
  const dir = o.query.direction === 'desc' ? ' DESC' : '';
  const sql = `SELECT ${o.select} FROM ${o.from} WHERE ${where} ORDER BY ${o.order.map((e) => e + dir).join(', ')} LIMIT ? OFFSET ?`;
  const rows = prepared<R>(db, sql).all(...o.params, o.query.pageSize, offset);
  return { count, items: rows.map(o.map) };
}

/** LIKE pattern of a term with its wildcards escaped (use with ESCAPE '\'). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** "Every word of the term is in one of the columns" as a condition and its parameters. */
export function searchCondition(term: string, columns: readonly string[]): { sql: string; params: string[] } | null {
  const words = term.split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return null;
  const one = `(${columns.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`;
  return { sql: words.map(() => one).join(' AND '), params: words.flatMap((w) => columns.map(() => likePattern(w))) };
}

/** An FTS5 query matching every word of the term as a prefix; null when the term has no words. */
export function ftsWords(term: string): string | null {
  const words = term
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' ') : null;
}

/** 400 naming the field at fault. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });

/** 400 unless the system (checklist matrix) exists. */
export function assertSystem(db: Db, id: number | null, field = 'adasChecklistMatrix'): void {
  if (id != null && !prepared(db, 'SELECT 1 FROM adas_checklist_matrix WHERE adas_checklist_matrix = ?').get(id))
    throw fieldError(field, 'Unknown system');
}

/** The row, or 404. */
export function mustExist<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw notFound(what);
  return row;
}

/** A SQLite unique-constraint failure. */
export const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === 'SQLITE_CONSTRAINT_UNIQUE';

export const bool = (v: number) => v === 1;
/** A contract row as the SQL yields it (columns aliased to the contract's names): its 0/1 flags as stored. */
export type Flagged<T, K extends keyof T> = Omit<T, K> & Record<K, number>;
export const flag = (v: boolean) => (v ? 1 : 0);

/** "2019–2024" (one year: "2021"; open ends: "2019 on", "to 2024", "All years"). */
export function yearsText(start: number | null, end: number | null): string {
  if (start == null && end == null) return 'All years';
  if (start == null) return `to ${end}`;
  if (end == null) return `${start} on`;
  return start === end ? String(start) : `${start}–${end}`;
}
