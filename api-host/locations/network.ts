/**
 * SQL of the firm network, shared by the calls and the benchmark seed: the locations list, one level of
 * the tree with its roll-up, ancestors and descendants. Everything is filtered, sorted and paged in SQLite;
 * the caller's scope is `f.firm IN (…)` with the caller's firm ids inlined (integers from the database),
 * left out when the caller reaches every firm (api-host/core/sql.ts firmScope).
 */
import type { FirmListQuery, FirmRow, TreeNode } from '../../lib/contract/locations';
import { STATUS } from '../../lib/adas/rules';
import type { Db } from '../core/db';
import { firmScope, oneRow, prepared, preparedValue } from '../core/sql';
import { activeUsersOf } from '../users/service';

const RANK_SQL = `CASE f.firm_type WHEN 'platform' THEN 0 WHEN 'franchiser' THEN 1 WHEN 'franchisee' THEN 2 ELSE 3 END`;
const USERS_SQL = activeUsersOf('f.firm');

const ORDER: Record<FirmListQuery['orderBy'], string[]> = {
  firm: ['f.name COLLATE NOCASE', 'f.firm'],
  type: [RANK_SQL, 'f.name COLLATE NOCASE', 'f.firm'],
  parent: ['p.name COLLATE NOCASE', 'f.name COLLATE NOCASE', 'f.firm'],
  city: ['f.city COLLATE NOCASE', 'f.name COLLATE NOCASE', 'f.firm'],
  phone: ['f.phone_no', 'f.name COLLATE NOCASE', 'f.firm'],
  users: [USERS_SQL, 'f.name COLLATE NOCASE', 'f.firm'],
  inactive: ['f.is_inactive', 'f.name COLLATE NOCASE', 'f.firm'],
};

/** A list row under the contract's names, its flag as stored. */
type RowDb = Omit<FirmRow, 'isInactive'> & { isInactive: number };
const toRow = ({ isInactive, ...r }: RowDb): FirmRow => ({ ...r, isInactive: !!isInactive });

/** A LIKE pattern matching `term` anywhere (lower case, wildcards escaped). */
export const containsPattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** One page of the locations the caller reaches, with the number of all that match. */
export function listFirms(db: Db, q: FirmListQuery, firms: ReadonlySet<number>): { count: number; items: FirmRow[] } {
  const where = ['1'];
  const params: (string | number)[] = [];
  if (q.type !== 'all') {
    where.push('f.firm_type = ?');
    params.push(q.type);
  }
  if (q.searchterm) {
    where.push(`f.search_text LIKE ? ESCAPE '\\'`);
    params.push(containsPattern(q.searchterm));
  }
  const filter = where.join(' AND ') + firmScope(db, firms, 'f');
  const count = oneRow(preparedValue<number>(db, `SELECT count(*) FROM firm f WHERE ${filter}`).get(...params));
  const offset = (q.page - 1) * q.pageSize;
  if (count === 0 || offset >= count) return { count, items: [] };
  const dir = q.direction === 'desc' ? ' DESC' : '';
  const order = ORDER[q.orderBy].map((e) => e + dir).join(', ');
  // The page's ids first (the parent join only when sorting by it), then their rows.
  const pageIds = `SELECT f.firm FROM firm f ${q.orderBy === 'parent' ? 'LEFT JOIN firm p ON p.firm = f.parent' : ''} WHERE ${filter} ORDER BY ${order} LIMIT ? OFFSET ?`;
  const rows = prepared<RowDb>(
    db,
    `SELECT f.firm, f.name, f.firm_type AS firmType, f.parent, p.name AS parentName, f.city, coalesce(sp.code, '') AS stateCode,
            f.postal_code AS postalCode, f.phone_no AS phoneNo, ${USERS_SQL} AS users, f.is_inactive AS isInactive
     FROM (${pageIds}) page JOIN firm f ON f.firm = page.firm
     LEFT JOIN firm p ON p.firm = f.parent
     LEFT JOIN lookup sp ON sp.key = 'StateProvince' AND sp.id = f.state_province
     ORDER BY ${order}`,
  ).all(...params, q.pageSize, offset);
  return { count, items: rows.map(toRow) };
}

/** A tree node as treeLevel's SQL yields it: the contract's names, its flags as stored, before the roll-up's figures. */
type NodeDb = Omit<TreeNode, 'isInactive' | 'hasChildren' | 'shops' | 'users' | 'openJobs'> & { isInactive: number; hasChildren: number };

/**
 * The roll-up of the tops (a JSON array, the first parameter): shops below each, and active users and open
 * ADAS jobs (status not the second parameter, Complete) at or below each. `active` and `scope` are
 * treeLevel's conditions on the descendants `c`.
 */
export const rollUpSql = (active: string, scope: string) =>
  `WITH RECURSIVE below(top, firm, firm_type) AS (
     SELECT value, value, NULL FROM json_each(?)
     UNION ALL
     SELECT b.top, c.firm, c.firm_type FROM firm c JOIN below b ON c.parent = b.firm WHERE 1${active}${scope}
   )
   SELECT top,
          sum(firm_type = 'shop') AS shops,
          sum(${activeUsersOf('below.firm')}) AS users,
          sum((SELECT count(*) FROM adas a WHERE a.firm = below.firm AND a.status <> ?)) AS open_jobs
   FROM below GROUP BY top`;

/**
 * One level of the tree: the node and its direct children (inactive ones, and what is below them, only
 * with showInactive), each with its roll-up. Null when the node is unknown, outside the scope, or hidden.
 */
export function treeLevel(
  db: Db,
  id: number,
  firms: ReadonlySet<number>,
  showInactive: boolean,
): { node: TreeNode; children: TreeNode[] } | null {
  // Unary +: the flag is checked row by row, so SQLite walks firm_parent instead of indexing the flag.
  const active = showInactive ? '' : ' AND +c.is_inactive = 0';
  const scope = firmScope(db, firms, 'c');
  const columns = `f.firm, f.name, f.firm_type AS firmType, f.parent, f.city, coalesce(sp.code, '') AS stateCode, f.is_inactive AS isInactive,
    EXISTS (SELECT 1 FROM firm c WHERE c.parent = f.firm${active}${scope}) AS hasChildren`;
  const node = prepared<NodeDb>(
    db,
    `SELECT ${columns} FROM firm f LEFT JOIN lookup sp ON sp.key = 'StateProvince' AND sp.id = f.state_province
     WHERE f.firm = ?${showInactive ? '' : ' AND f.is_inactive = 0'}${firmScope(db, firms, 'f')}`,
  ).get(id);
  if (!node) return null;
  const children = prepared<NodeDb>(
    db,
    `SELECT ${columns} FROM firm f LEFT JOIN lookup sp ON sp.key = 'StateProvince' AND sp.id = f.state_province
     WHERE f.parent = ?${showInactive ? '' : ' AND +f.is_inactive = 0'}${firmScope(db, firms, 'f')}
     ORDER BY ${RANK_SQL}, f.name COLLATE NOCASE, f.firm`,
  ).all(id);

  // Roll-up: every firm below each of these nodes (same visibility), counted per node in one pass; users
  // and open jobs through their (firm, …) indexes.
  const tops = [node.firm, ...children.map((c) => c.firm)];
  const rollUp = prepared<{
    top: number;
    shops: number | null;
    users: number | null;
    open_jobs: number | null;
  }>(db, rollUpSql(active, scope)).all(JSON.stringify(tops), STATUS.complete);
  const figures = new Map(rollUp.map((r) => [r.top, r]));
  const toNode = ({ isInactive, hasChildren, ...r }: NodeDb): TreeNode => ({
    ...r,
    isInactive: !!isInactive,
    hasChildren: !!hasChildren,
    shops: figures.get(r.firm)?.shops ?? 0,
    users: figures.get(r.firm)?.users ?? 0,
    openJobs: figures.get(r.firm)?.open_jobs ?? 0,
  });
  return { node: toNode(node), children: children.map(toNode) };
}

/** The firm's ancestors, nearest first (not the firm itself). */
export function ancestorsOf(db: Db, firm: number): number[] {
  return preparedValue<number>(
    db,
    `WITH RECURSIVE up(firm, depth) AS (
       SELECT parent, 1 FROM firm WHERE firm = ? AND parent IS NOT NULL
       UNION ALL SELECT f.parent, up.depth + 1 FROM firm f JOIN up ON f.firm = up.firm WHERE f.parent IS NOT NULL
     ) SELECT firm FROM up ORDER BY depth`,
  ).all(firm);
}

/** Whether `candidate` is `firm` itself or one of the firms below it. */
export function isSelfOrBelow(db: Db, firm: number, candidate: number): boolean {
  return !!prepared(
    db,
    `WITH RECURSIVE down(firm) AS (SELECT ? UNION ALL SELECT f.firm FROM firm f JOIN down d ON f.parent = d.firm)
     SELECT 1 FROM down WHERE firm = ?`,
  ).get(firm, candidate);
}

/** Whether `url` is a Brand image set on `firm`, a location above `callerFirm` (whose users inherit it). */
export function isInheritedBrandImage(db: Db, callerFirm: number, firm: number, url: string): boolean {
  if (!ancestorsOf(db, callerFirm).includes(firm)) return false;
  return !!prepared(db, "SELECT 1 FROM firm_preference WHERE firm = ? AND type = 'Brand' AND value = ?").get(firm, url);
}
