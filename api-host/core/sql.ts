/**
 * SQL helpers every area shares: prepared statements cached per database, and the caller's firm scope.
 *
 * A statement's row type is checked against the schema by tests/unit/host-rows.test.ts
 * (docs/architecture.md#host-rows): the row has exactly the SQL's columns by name; a property shares the
 * column's declared kind and is never boolean or optional (SQLite yields 0/1 and null); a column that can be
 * NULL (no NOT NULL, an outer join, an aggregate or scalar subquery that may find nothing) admits null unless
 * the SQL settles it (coalesce, `IS NOT NULL` in the WHERE); a statement of no rows is not typed with one.
 */
import type { Statement } from 'better-sqlite3';
import type { z } from 'zod';
import type { Db } from './db';

const statements = new WeakMap<Db, Map<string, Statement<unknown[], unknown>>>();
function cached(db: Db, key: string, make: () => Statement<unknown[], unknown>): Statement<unknown[], unknown> {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let s = cache.get(key);
  if (!s) {
    s = make();
    if (cache.size > 500) cache.clear();
    cache.set(key, s);
  }
  return s;
}

/**
 * A statement cached per database by its SQL text (the variants are few and bounded), typed by the row it
 * yields: the SQL names its columns as `Row` does (`first_name AS firstName`), so rows need no cast.
 */
export function prepared<Row = unknown, Params extends unknown[] = unknown[]>(db: Db, sql: string): Statement<Params, Row> {
  // The cache holds statements of every row type; the SQL text (its key) decides the row, as the caller typed it.
  return cached(db, sql, () => db.prepare(sql)) as Statement<Params, Row>;
}

/** A statement yielding its first column's value (better-sqlite3's pluck), cached apart from the full-row form. */
export function preparedValue<Value, Params extends unknown[] = unknown[]>(db: Db, sql: string): Statement<Params, Value> {
  return cached(db, `pluck:${sql}`, () => db.prepare(sql).pluck()) as Statement<Params, Value>;
}

/** A row of EXPLAIN QUERY PLAN. */
export interface PlanRow {
  id: number;
  parent: number;
  notused: number;
  detail: string;
}

/**
 * The fields of a contract shape, taken from a row whose SQL also yields columns the call does not answer
 * (a detail read serving a form, a search row serving two calls): `pickFields(firmForm)(record)`.
 */
export function pickFields<Shape extends z.ZodObject>(shape: Shape): (row: z.output<Shape>) => z.output<Shape> {
  const keys = Object.keys(shape.shape);
  return (row) => Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k]])) as z.output<Shape>;
}

/**
 * The row a query always yields: an aggregate without GROUP BY, or a record this call has just checked or
 * written. None means the database broke its own invariant, a server fault rather than bad input.
 */
export function oneRow<Row>(row: Row | undefined): Row {
  if (row === undefined) throw new Error('The query yielded no row where one always exists');
  return row;
}

/** The caller's firm scope as an SQL condition on `alias.firm` ('' when the caller reaches every firm). */
export function firmScope(db: Db, firms: ReadonlySet<number>, alias = 'c'): string {
  if (firms.size === 0) return ' AND 0';
  const all = oneRow(preparedValue<number>(db, 'SELECT count(*) FROM firm').get()) <= firms.size;
  if (all) return '';
  const list = [...firms].filter(Number.isInteger).sort((a, b) => a - b);
  return ` AND ${alias}.firm IN (${list.join(',')})`;
}

/** SQL text literal: for reference data written into migrations (never for request input). */
export const sqlText = (v: string | null) => (v == null ? 'NULL' : `'${v.replace(/'/g, "''")}'`);

/** An FTS5 phrase: the term as one string of characters (with a trigram index: any part of the text). */
export const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;
/** A LIKE prefix pattern, wildcards escaped (use with ESCAPE '\\'). */
export const likePrefix = (term: string) => `${term.replace(/[\\%_]/g, '\\$&')}%`;

/** The words of a search term (letters and digits), at most 8. */
export const searchWords = (term: string): string[] =>
  term
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);

/** An FTS5 expression matching every word as a prefix in the given columns, or null without words. */
export function ftsPrefixMatch(term: string, columns: readonly string[]): string | null {
  const words = searchWords(term);
  if (words.length === 0) return null;
  return `{${columns.join(' ')}} : (${words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' ')})`;
}
