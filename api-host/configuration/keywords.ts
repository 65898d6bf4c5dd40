/**
 * The keyword index (adas_keyword): every keyword list of the knowledge base, one row per keyword, kept
 * with the record that owns it so lookup/keywords can answer from an index. Owners: a make matrix (kinds
 * line, location, sublet), a system (checklist), an info lookup (info), a make exception (exception).
 */
import type { KeywordType } from '../../lib/configuration/constants';
import { splitKeywords } from '../../lib/configuration/keywords';
import type { Db } from '../core/db';
import { prepared, preparedValue } from '../core/sql';

/** Replaces the keywords of one owner and kind (call inside the record's transaction). */
export function indexKeywords(db: Db, kind: KeywordType, owner: number, text: string, vehicleMake = ''): void {
  prepared(db, 'DELETE FROM adas_keyword WHERE kind = ? AND owner = ?').run(kind, owner);
  const insert = prepared(db, 'INSERT OR IGNORE INTO adas_keyword (kind, owner, keyword, vehicle_make) VALUES (?, ?, ?, ?)');
  for (const k of splitKeywords(text)) insert.run(kind, owner, k, vehicleMake);
}

/** Removes an owner's keywords of the given kinds. */
export function unindexKeywords(db: Db, kinds: readonly KeywordType[], owner: number): void {
  for (const kind of kinds) prepared(db, 'DELETE FROM adas_keyword WHERE kind = ? AND owner = ?').run(kind, owner);
}

/** The keywords in use of some kinds (with a make: that make's and those of every make), most used first (lookup/keywords). */
export function keywordsInUse(db: Db, kinds: readonly KeywordType[], vehicleMake: string, limit = 500): string[] {
  const list = JSON.stringify(kinds);
  const sql = vehicleMake
    ? `SELECT keyword FROM adas_keyword WHERE vehicle_make IN (?, '') AND kind IN (SELECT value FROM json_each(?))
       GROUP BY keyword COLLATE NOCASE ORDER BY count(*) DESC, keyword LIMIT ?`
    : `SELECT keyword FROM adas_keyword WHERE kind IN (SELECT value FROM json_each(?))
       GROUP BY keyword COLLATE NOCASE ORDER BY count(*) DESC, keyword LIMIT ?`;
  const keywords = preparedValue<string>(db, sql);
  return vehicleMake ? keywords.all(vehicleMake, list, limit) : keywords.all(list, limit);
}
