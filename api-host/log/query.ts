/**
 * Reading the application log: pages of records filtered by level, searched by words of the message or
 * machine name, within a time range, sorted — all in SQLite (schema.ts explains the ids and the index):
 * - a search (with or without a level) runs on the search index; sorted by time, the index hands the page
 *   over in order and stops after it; another sort reads the matching ids and sorts them;
 * - without a search, the level index (level, id) or the table itself (id = time) gives the order;
 * - a time range is a range of ids.
 */
import { LOG_LEVELS, MESSAGE_PREVIEW, type LogLevel, type LogListQuery, type LogRecord, type LogRow } from '../../lib/contract/log';
import type { Db } from '../core/db';
import { ftsPrefixMatch, oneRow, prepared, preparedValue, type PlanRow } from '../core/sql';

const ID_PER_MS = 1024;
const SORT_COLUMN: Record<LogListQuery['orderBy'], string | null> = {
  timestamp: null,
  level: 'l.level',
  name: 'l.name',
  machineName: 'l.machine_name',
};

interface RowDb {
  id: number;
  timestamp: string;
  level: number;
  name: string;
  message: string;
  title: string | null;
  machine_name: string;
  has_exception: number;
}
interface RecordDb extends RowDb {
  exception: string | null;
  inner_exception: string | null;
  message_layout: string | null;
}

// ── scrubbing ──────────────────────────────────────────────────────────────────────────────────────
const SCRUBS: readonly [RegExp, string][] = [
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  [/\b(Bearer\s+)[\w.~+/-]+=*/gi, '$1[hidden]'],
  [/\b(password|passwd|pwd|secret|token|api[_-]?key)(["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi, '$1$2[hidden]'],
  [/\b([\w.%+-])[\w.%+-]*@([\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,})\b/g, '$1***@$2'],
];
/** Masks email addresses and hides tokens and passwords in a log text. */
export function scrub(text: string): string;
export function scrub(text: string | null): string | null;
export function scrub(text: string | null): string | null {
  if (text == null) return null;
  return SCRUBS.reduce((t, [re, to]) => t.replace(re, to), text);
}

/** A stored level (0 Trace … 5 Fatal, the order of LOG_LEVELS) by its name. */
function levelName(level: number): LogLevel {
  const name = LOG_LEVELS[level];
  if (!name) throw new Error(`Stored log level ${level} is outside 0…5`);
  return name;
}

const toRow = (r: RowDb, clean: boolean): LogRow => ({
  id: r.id,
  timestamp: r.timestamp,
  level: levelName(r.level),
  name: r.name,
  message: clean ? scrub(r.message) : r.message,
  title: clean ? scrub(r.title) : r.title,
  machineName: r.machine_name,
  hasException: !!r.has_exception,
});

const ROW_COLUMNS = `l.id, l.timestamp, l.level, l.name, substr(l.message, 1, ${MESSAGE_PREVIEW}) AS message, l.title, l.machine_name,
  (l.exception IS NOT NULL OR l.inner_exception IS NOT NULL) AS has_exception`;

/** The ids of the range [from, to] (ISO instants, both included). */
function idRange(q: LogListQuery): [number, number] | null {
  if (!q.from || !q.to) return null;
  return [Date.parse(q.from) * ID_PER_MS, (Date.parse(q.to) + 1) * ID_PER_MS - 1];
}

/** The search index expression of a query, or null when it has no words to search. */
function matchOf(q: LogListQuery): string | null {
  const words = q.searchTerm ? ftsPrefixMatch(q.searchTerm, ['message', 'machine_name']) : null;
  if (!words) return null;
  return q.level ? `${words} AND lvl : "lvl${LOG_LEVELS.indexOf(q.level)}"` : words;
}

/** One page of records and the number matching. */
export function listLog(db: Db, q: LogListQuery, { scrubbed }: { scrubbed: boolean }): { count: number; items: LogRow[] } {
  const dir = q.direction === 'desc' ? 'DESC' : 'ASC';
  const offset = (q.page - 1) * q.pageSize;
  const range = idRange(q);
  const match = matchOf(q);
  const column = SORT_COLUMN[q.orderBy];
  let count: number;
  let ids: number[];

  if (match) {
    const rangeSql = range ? ' AND rowid BETWEEN ? AND ?' : '';
    const args = [match, ...(range ?? [])];
    count = oneRow(preparedValue<number>(db, `SELECT count(*) FROM app_log_fts WHERE app_log_fts MATCH ?${rangeSql}`).get(...args));
    if (count === 0 || offset >= count) return { count, items: [] };
    ids = column
      ? preparedValue<number>(
          db,
          `SELECT l.id FROM app_log l WHERE l.id IN (SELECT rowid FROM app_log_fts WHERE app_log_fts MATCH ?${rangeSql})
           ORDER BY ${column} ${dir}, l.id ${dir} LIMIT ? OFFSET ?`,
        ).all(...args, q.pageSize, offset)
      : preparedValue<number>(
          db,
          `SELECT rowid FROM app_log_fts WHERE app_log_fts MATCH ?${rangeSql} ORDER BY rowid ${dir} LIMIT ? OFFSET ?`,
        ).all(...args, q.pageSize, offset);
  } else {
    const where: string[] = [];
    const args: number[] = [];
    if (q.level) {
      where.push('l.level = ?');
      args.push(LOG_LEVELS.indexOf(q.level));
    }
    if (range) {
      where.push('l.id BETWEEN ? AND ?');
      args.push(...range);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    count = oneRow(preparedValue<number>(db, `SELECT count(*) FROM app_log l ${whereSql}`).get(...args));
    if (count === 0 || offset >= count) return { count, items: [] };
    // Sorted by level within one level is sorted by time: the level index serves both.
    const order = column && !(q.orderBy === 'level' && q.level) ? `${column} ${dir}, l.id ${dir}` : `l.id ${dir}`;
    ids = preparedValue<number>(db, `SELECT l.id FROM app_log l ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
      ...args,
      q.pageSize,
      offset,
    );
  }

  if (ids.length === 0) return { count, items: [] };
  const rows = prepared<RowDb>(db, `SELECT ${ROW_COLUMNS} FROM app_log l WHERE l.id IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(ids),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // An id past the largest safe integer (a record written before log/saveRecord bounded its time) reads
  // back rounded and matches no row: the page goes on without it rather than failing.
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRow(row, scrubbed)] : [];
  });
  return { count, items };
}

/** One whole record, or undefined. */
export function logRecord(db: Db, id: number, { scrubbed }: { scrubbed: boolean }): LogRecord | undefined {
  const r = prepared<RecordDb>(
    db,
    `SELECT ${ROW_COLUMNS.replace(`substr(l.message, 1, ${MESSAGE_PREVIEW}) AS message`, 'l.message')}, l.exception, l.inner_exception, l.message_layout FROM app_log l WHERE l.id = ?`,
  ).get(id);
  if (!r) return undefined;
  return {
    ...toRow(r, scrubbed),
    exception: scrubbed ? scrub(r.exception) : r.exception,
    innerException: scrubbed ? scrub(r.inner_exception) : r.inner_exception,
    messageLayout: r.message_layout,
  };
}

/** EXPLAIN QUERY PLAN of a list page's id query (benchmarks). */
export function explainLog(db: Db, q: LogListQuery): string[] {
  const match = matchOf(q);
  const sql = match
    ? `SELECT rowid FROM app_log_fts WHERE app_log_fts MATCH ? ORDER BY rowid LIMIT 10`
    : `SELECT l.id FROM app_log l ${q.level ? 'WHERE l.level = ?' : ''} ORDER BY l.id LIMIT 10`;
  const args = match ? [match] : q.level ? [LOG_LEVELS.indexOf(q.level)] : [];
  return db
    .prepare<unknown[], PlanRow>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...args)
    .map((r) => r.detail);
}
