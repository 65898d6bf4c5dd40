/** SQL helpers every area shares: prepared statements cached per database, and the caller's firm scope. */
import type { Statement } from 'better-sqlite3';
import type { Db } from './db';

const statements = new WeakMap<Db, Map<string, Statement>>();
/** Prepared statements cached per database by their SQL text (the variants are few and bounded). */
export function prepared(db: Db, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    if (cache.size > 500) cache.clear();
    cache.set(sql, s);
  }
  return s;
}

/** The caller's firm scope as an SQL condition on `alias.firm` ('' when the caller reaches every firm). */
export function firmScope(db: Db, firms: ReadonlySet<number>, alias = 'c'): string {
  if (firms.size === 0) return ' AND 0';
  const all = (prepared(db, 'SELECT count(*) FROM firm').pluck().get() as number) <= firms.size;
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
