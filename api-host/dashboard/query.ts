/**
 * The dashboard's analyses in SQL over the daily roll-ups (schema.ts): every analysis of a franchiser's year
 * reads at most 366 rows per key of one index range (dashboard_daily's key), whatever its network's size.
 *
 * Scope: `firm` 0 is every firm the caller reaches, seen as its top firms (those whose parent it does not
 * reach: a franchiser user's franchiser, role 1's networks); `firm` X is X's subtree (X must be reached).
 */
import type { z } from 'zod';
import { analysisOf, daysOf, previousRange, type DayRange } from '../../lib/dashboard/rules';
import type { AnalysisRow, dashboardQuery, Measures } from '../../lib/contract/dashboard';
import type { Db } from '../core/db';
import { assertFirm, type Caller } from '../core/caller';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { billableByFirm } from './billable';

type Query = z.output<typeof dashboardQuery>;

/** The caller's top firms: reached firms whose parent is not reached. */
export function topFirms(db: Db, caller: Caller): number[] {
  const rows = prepared<{ firm: number; parent: number | null }>(
    db,
    'SELECT firm, parent FROM firm WHERE firm IN (SELECT value FROM json_each(?)) ORDER BY name COLLATE NOCASE, firm',
  ).all(JSON.stringify([...caller.firms]));
  return rows.filter((r) => r.parent == null || !caller.firms.has(r.parent)).map((r) => r.firm);
}

/** The nodes a query covers (see the module comment); 404 for a firm the caller does not reach. */
export function scopeNodes(db: Db, caller: Caller, firm: number): number[] {
  if (firm === 0) return topFirms(db, caller);
  assertFirm(caller, firm, 'Location');
  return [firm];
}

const measureSql = (t: string) => `
  coalesce(sum(${t}.inspections), 0) AS inspections, coalesce(sum(${t}.calibrations), 0) AS calibrations,
  coalesce(sum(${t}.sales_cents), 0) / 100.0 AS sales, coalesce(sum(${t}.minutes), 0) / 60.0 AS hours, coalesce(sum(${t}.cost_cents), 0) / 100.0 AS cost,
  coalesce(sum(${t}.unrated_minutes), 0) / 60.0 AS unratedHours`;

/** A technician's name as the numbers show it (also the records' drill, records.ts). */
export const techName = (col: string) =>
  `coalesce((SELECT trim(c.first_name || ' ' || c.last_name) FROM user u JOIN contact c ON c.contact = u.contact WHERE u.user = CAST(${col} AS INTEGER)), 'Unassigned')`;

const nodesJson = (nodes: readonly number[]) => JSON.stringify(nodes);

/** A location's name as the numbers show it; `inHouse` for the empty key (work nobody else did). */
const firmName = (col: string, inHouse = '') =>
  `coalesce((SELECT f.name FROM firm f WHERE f.firm = CAST(nullif(${col}, '') AS INTEGER)), ${inHouse ? `'${inHouse}'` : col})`;

/** The label of a grouped row by its key: a technician's name, a location's name, or the key itself. */
const labelOf: Record<'service' | 'make' | 'tech' | 'provider' | 'workShop' | 'workService' | 'workTech', (col: string) => string> = {
  service: (col) => col,
  make: (col) => col,
  tech: techName,
  provider: (col) => firmName(col, 'In house'),
  workShop: (col) => firmName(col),
  workService: (col) => col,
  workTech: techName,
};

/** The groups of one analysis as SQL (columns key, label, firm, drill + the measures) and its parameters. */
function groupsOf(db: Db, q: Query, nodes: readonly number[]): { sql: string; params: unknown[] } {
  const range = [q.startDate, q.endDate];
  const inNodes = 'd.node IN (SELECT value FROM json_each(?))';
  const a = analysisOf(q.analysis);
  switch (a.group) {
    case 'service':
    case 'make':
    case 'tech':
    case 'provider':
    case 'workShop':
    case 'workService':
    case 'workTech':
      return {
        sql: `SELECT g.*, ${labelOf[a.group]('g.key')} AS label FROM (
                SELECT d.key, NULL AS firm, 0 AS drill, ${measureSql('d')} FROM dashboard_daily d
                WHERE ${inNodes} AND d.kind = ? AND d.day BETWEEN ? AND ? GROUP BY d.key) g`,
        params: [nodesJson(nodes), a.group, ...range],
      };
    case 'day':
      return {
        sql: `SELECT d.day AS key, d.day AS label, NULL AS firm, 0 AS drill, ${measureSql('d')} FROM dashboard_daily d
              WHERE ${inNodes} AND d.kind = 'total' AND d.day BETWEEN ? AND ? GROUP BY d.day`,
        params: [nodesJson(nodes), ...range],
      };
    case 'location': {
      // One node: its children, or its technicians when it has none. Several: the nodes themselves.
      const children = nodes.length === 1 ? preparedValue<number>(db, 'SELECT firm FROM firm WHERE parent = ?').all(nodes[0]) : [...nodes];
      if (children.length === 0) return groupsOf(db, { ...q, analysis: 'techHours' }, nodes);
      return {
        sql: `SELECT CAST(f.firm AS TEXT) AS key, f.name AS label, f.firm, 1 AS drill, ${measureSql('d')}
              FROM firm f LEFT JOIN dashboard_daily d ON d.node = f.firm AND d.kind = 'total' AND d.key = '' AND d.day BETWEEN ? AND ?
              WHERE f.firm IN (SELECT value FROM json_each(?)) GROUP BY f.firm`,
        params: [...range, JSON.stringify(children)],
      };
    }
    case 'invoice':
      // Every location of the subtrees with billable calibrations in the period (the sales seam).
      return billableByFirm(nodes, q.startDate, q.endDate);
  }
}

type Row = Omit<AnalysisRow, 'drill'> & { drill: number };

export function analysis(db: Db, caller: Caller, q: Query): { count: number; items: AnalysisRow[]; totals: Measures } {
  const nodes = scopeNodes(db, caller, q.firm);
  const { sql, params } = groupsOf(db, q, nodes);
  const totals = oneRow(
    prepared<Measures & { count: number }>(
      db,
      `SELECT count(*) AS count, coalesce(sum(inspections), 0) AS inspections, coalesce(sum(calibrations), 0) AS calibrations,
       coalesce(sum(sales), 0) AS sales, coalesce(sum(hours), 0) AS hours, coalesce(sum(cost), 0) AS cost,
       coalesce(sum(unratedHours), 0) AS unratedHours FROM (${sql})`,
    ).get(...params),
  );
  const dir = q.direction === 'desc' ? 'DESC' : 'ASC';
  const order = q.orderBy === 'firm' ? `label COLLATE NOCASE ${dir}, key ${dir}` : `${q.orderBy} ${dir}, label COLLATE NOCASE, key`;
  const rows = prepared<Row>(db, `SELECT * FROM (${sql}) ORDER BY ${order} LIMIT ? OFFSET ?`).all(
    ...params,
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  const { count, ...sums } = totals;
  return { count, items: rows.map((r) => ({ ...r, key: String(r.key), drill: r.drill === 1, ...rounded(r) })), totals: rounded(sums) };
}

/** Money to cents and hours to hundredths, as the screen shows them (sums of floats drift). */
function rounded(m: Measures): Measures {
  const r = (v: number) => Math.round(v * 100) / 100;
  return {
    inspections: m.inspections,
    calibrations: m.calibrations,
    sales: r(m.sales),
    hours: r(m.hours),
    cost: r(m.cost),
    unratedHours: r(m.unratedHours),
  };
}

const EMPTY: Measures = { inspections: 0, calibrations: 0, sales: 0, hours: 0, cost: 0, unratedHours: 0 };

function totalsOf(db: Db, nodes: readonly number[], r: DayRange): Measures {
  const row = oneRow(
    prepared<Measures>(
      db,
      `SELECT ${measureSql('d')} FROM dashboard_daily d WHERE d.node IN (SELECT value FROM json_each(?)) AND d.kind = 'total' AND d.day BETWEEN ? AND ?`,
    ).get(nodesJson(nodes), r.startDate, r.endDate),
  );
  return rounded(row);
}

/** The way from the caller's top firms down to `firm` (the breadcrumb), `firm` last. */
function pathTo(db: Db, caller: Caller, firm: number): { firm: number; name: string }[] {
  const chain = prepared<{ firm: number; name: string }>(
    db,
    `WITH RECURSIVE up(firm, depth) AS (SELECT ?, 0 UNION SELECT f.parent, up.depth + 1 FROM up JOIN firm f ON f.firm = up.firm WHERE f.parent IS NOT NULL)
     SELECT f.firm, f.name FROM up JOIN firm f ON f.firm = up.firm ORDER BY up.depth DESC`,
  ).all(firm);
  return chain.filter((c) => caller.firms.has(c.firm));
}

export function headline(db: Db, caller: Caller, q: DayRange & { firm: number }) {
  const nodes = scopeNodes(db, caller, q.firm);
  const previous = previousRange(q);
  const byDay = new Map(
    prepared<Measures & { day: string }>(
      db,
      `SELECT d.day, ${measureSql('d')} FROM dashboard_daily d
         WHERE d.node IN (SELECT value FROM json_each(?)) AND d.kind = 'total' AND d.day BETWEEN ? AND ? GROUP BY d.day`,
    )
      .all(nodesJson(nodes), q.startDate, q.endDate)
      .map((r) => [r.day, rounded(r)]),
  );
  const path = q.firm === 0 ? [] : pathTo(db, caller, q.firm);
  return {
    firm: q.firm,
    name: q.firm === 0 ? 'All locations' : (path.at(-1)?.name ?? ''),
    path,
    previous,
    totals: totalsOf(db, nodes, q),
    previousTotals: totalsOf(db, nodes, previous),
    series: daysOf(q).map((day) => ({ day, ...(byDay.get(day) ?? EMPTY) })),
  };
}
