/**
 * SQL of the user list (user/users), shared by the call and the benchmark (scripts/seed-bench.ts). Scope,
 * filters, search, sort and paging all happen in SQLite:
 * - scope: the users whose location (user.firm) the caller reaches, inlined as integers from the database;
 * - search: every word a prefix of the first or last name (the contacts' FTS index, name column only), or
 *   the term the start of the username (its unique NOCASE index);
 * - the page's ids are found first, joining only what the sort needs, then those rows are read in full.
 */
import type { UserListQuery, UserRow } from '../../lib/contract/users';
import { ftsQuery } from '../contacts/service';
import type { Db } from '../core/db';
import { firmScope, oneRow, prepared, preparedValue, type PlanRow } from '../core/sql';

/** Sort keys per orderBy; ties broken by id. */
const ORDER: Record<UserListQuery['orderBy'], { keys: string[]; joins: ('c' | 'r' | 'f')[] }> = {
  id: { keys: ['u.user'], joins: [] },
  name: { keys: ['c.file_as', 'u.user'], joins: ['c'] },
  username: { keys: ['u.username', 'u.user'], joins: [] },
  role: { keys: ['r.name COLLATE NOCASE', 'u.user'], joins: ['r'] },
  location: { keys: ['f.name COLLATE NOCASE', 'u.user'], joins: ['f'] },
  inactive: { keys: ['u.is_inactive', 'c.file_as', 'u.user'], joins: ['c'] },
  reports: { keys: ['u.receives_report', 'c.file_as', 'u.user'], joins: ['c'] },
};

const JOIN_SQL = {
  c: 'JOIN contact c ON c.contact = u.contact',
  r: 'LEFT JOIN role r ON r.role = u.role',
  f: 'JOIN firm f ON f.firm = u.firm',
} as const;

/**
 * SQL: the number of active users of the firm named by `firmColumn` (a column of the outer query). A
 * deleted user is inactive too; saying `deleted_at IS NULL` lets the partial index user_live_firm answer it
 * (without it every firm scans the user table: 6.7 s for 5,000 locations and 10,000 users).
 */
export const activeUsersOf = (firmColumn: string) =>
  `(SELECT count(*) FROM user u WHERE u.firm = ${firmColumn} AND u.is_inactive = 0 AND u.deleted_at IS NULL)`;

export interface UserListOptions {
  firms: ReadonlySet<number>;
}

/** The WHERE clause (after WHERE), its parameters, and the joins it needs. */
function listFilter(db: Db, q: UserListQuery, opts: UserListOptions) {
  const where = ['u.deleted_at IS NULL'];
  const params: (string | number)[] = [];
  const joins = new Set<'c' | 'r' | 'f'>();
  if (q.filterBy !== 9999) {
    where.push('u.role = ?');
    params.push(q.filterBy);
  }
  if (q.firm > 0) {
    // A location the caller does not reach lists nothing (and reveals nothing).
    if (!opts.firms.has(q.firm)) where.push('0');
    where.push('u.user IN (SELECT l.user FROM user_firm l WHERE l.firm = ?)');
    params.push(q.firm);
  }
  if (q.inactive !== 'all') where.push(`u.is_inactive = ${q.inactive === 'inactive' ? 1 : 0}`);
  if (q.searchTerm) {
    const match = ftsQuery(q.searchTerm, ['name']);
    const prefix = `${q.searchTerm.replace(/[\\%_]/g, '\\$&')}%`;
    if (match) {
      joins.add('c');
      where.push(`(c.contact IN (SELECT rowid FROM contact_fts WHERE contact_fts MATCH ?) OR u.username LIKE ? ESCAPE '\\')`);
      params.push(match, prefix);
    } else {
      where.push(`u.username LIKE ? ESCAPE '\\'`);
      params.push(prefix);
    }
  }
  return { sql: where.join(' AND ') + firmScope(db, opts.firms, 'u'), params, joins };
}

/** A row as the page's SELECT yields it: the contract's names, the two flags still SQLite's 0/1. */
type RowDb = Omit<UserRow, 'roleName' | 'isInactive' | 'receivesReport'> & {
  roleName: string | null;
  isInactive: number;
  receivesReport: number;
};

const toRow = ({ roleName, isInactive, receivesReport, ...r }: RowDb): UserRow => ({
  ...r,
  roleName: roleName ?? '',
  isInactive: !!isInactive,
  receivesReport: !!receivesReport,
});

function pageSql(q: UserListQuery, filter: ReturnType<typeof listFilter>): string {
  const order = ORDER[q.orderBy];
  const joins = new Set([...filter.joins, ...order.joins]);
  const dir = q.direction === 'desc' ? ' DESC' : '';
  return `SELECT u.user FROM user u ${[...joins].map((j) => JOIN_SQL[j]).join(' ')}
    WHERE ${filter.sql} ORDER BY ${order.keys.map((k) => k + dir).join(', ')} LIMIT ? OFFSET ?`;
}

/** One page of the caller's users: {count, items}. */
export function listUsers(db: Db, q: UserListQuery, opts: UserListOptions): { count: number; items: UserRow[] } {
  const filter = listFilter(db, q, opts);
  const countJoins = [...filter.joins].map((j) => JOIN_SQL[j]).join(' ');
  const count = oneRow(preparedValue<number>(db, `SELECT count(*) FROM user u ${countJoins} WHERE ${filter.sql}`).get(...filter.params));
  const offset = (q.page - 1) * q.pageSize;
  if (count === 0 || offset >= count) return { count, items: [] };
  const dir = q.direction === 'desc' ? ' DESC' : '';
  const rows = prepared<RowDb>(
    db,
    `SELECT u.user, u.contact, u.firm, f.name AS firmName, u.username, c.first_name AS firstName, c.last_name AS lastName, c.file_as AS fileAs,
            u.role, r.name AS roleName, u.is_inactive AS isInactive, u.receives_report AS receivesReport,
            (SELECT count(*) FROM user_firm l WHERE l.user = u.user) AS locations
     FROM (${pageSql(q, filter)}) p
     JOIN user u ON u.user = p.user ${JOIN_SQL.c} ${JOIN_SQL.r} ${JOIN_SQL.f}
     ORDER BY ${ORDER[q.orderBy].keys.map((k) => k + dir).join(', ')}`,
  ).all(...filter.params, q.pageSize, offset);
  return { count, items: rows.map(toRow) };
}

/** EXPLAIN QUERY PLAN of a list page's id query (benchmarks, tests). */
export function explainUsers(db: Db, q: UserListQuery, opts: UserListOptions): string[] {
  const filter = listFilter(db, q, opts);
  return db
    .prepare<unknown[], PlanRow>(`EXPLAIN QUERY PLAN ${pageSql(q, filter)}`)
    .all(...filter.params, q.pageSize, 0)
    .map((r) => r.detail);
}
