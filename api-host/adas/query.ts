/**
 * SQL of the ADAS job list (adas/adass), shared by the calls and the benchmark (scripts/seed-bench.ts
 * --measure). Everything is filtered, sorted and paged in SQLite:
 * - firm scope: `a.firm IN (…)` with the caller's firms inlined (integers from the database), omitted
 *   when the caller reaches every firm; one firm (`a.firm = n`) lets the (firm, sort key) indexes give
 *   the order;
 * - search: an RO number or VIN, any part of 3+ characters through adas_search (FTS5 trigram), a prefix
 *   below that;
 * - the page's ids are found first (index-only where possible), then their rows are read by id.
 * The count is known before the page query runs and steers it: when the matching rows are dense the sort
 * index is walked in order and the filters are checked row by row (unary + keeps SQLite off their
 * indexes); when they are sparse the filters' indexes (or the search) find them and only those are
 * sorted. A caller of several locations (a franchise network) gets a merge: each location's first rows
 * from its (firm, sort key) index, then the page from their union — RO numbers and location names follow
 * the location, so walking the whole sort index would read mostly other networks' rows. All plans give
 * the same rows.
 */
import type { AdasRow, AdasSort, AdassQuery } from '../../lib/contract/adas';
import type { Db } from '../core/db';
import { firmScope, oneRow, prepared, preparedValue, type PlanRow } from '../core/sql';
import { isoSeconds } from '../core/time';

const ORDER: Record<AdasSort, string[]> = {
  adas: ['a.adas'],
  ronumber: ['a.ronumber', 'a.adas'],
  vehicle: ['a.vehicle_label', 'a.adas'],
  vin: ['a.vin', 'a.adas'],
  insurance: ['a.insurance_name', 'a.adas'],
  status: ['a.status', 'a.adas'],
  inspections: ['a.inspections_complete', 'a.inspections_total', 'a.adas'],
  created: ['a.created_at', 'a.adas'],
  location: ['a.firm_name', 'a.adas'],
};

/** Instants as created_at stores them (second precision, Z). */
export { isoSeconds };

export type AdasPlan = 'sort-index' | 'filter-first' | 'merge';

export interface AdasListOptions {
  firms: ReadonlySet<number>;
  /** Force a plan (benchmarks and tests); normally chosen from the count and the scope. */
  plan?: AdasPlan;
}

/** Locations whose per-location merge beats one walk of the sort index. */
const MERGE_MAX_FIRMS = 64;

interface Filter {
  sql: string;
  params: (string | number)[];
  /** One location only: its (firm, …) indexes apply. */
  oneFirm: number | null;
}

function listFilter(db: Db, q: AdassQuery, opts: AdasListOptions, forSortScan: boolean): Filter | null {
  const col = (name: string) => (forSortScan ? `+a.${name}` : `a.${name}`);
  const where: string[] = [];
  const params: (string | number)[] = [];
  let oneFirm: number | null = null;
  if (q.firm !== undefined) {
    if (!opts.firms.has(q.firm)) return null;
    oneFirm = q.firm;
  } else if (opts.firms.size === 1) oneFirm = [...opts.firms][0] ?? null;
  if (oneFirm !== null) where.push(`a.firm = ${oneFirm}`);
  else {
    const scope = firmScope(db, opts.firms, 'a').replace(/^ AND /, '');
    if (scope) where.push(forSortScan ? scope.replace('a.firm', '+a.firm') : scope);
  }
  if (q.filterBy !== undefined) {
    where.push(`${col('status')} = ?`);
    params.push(q.filterBy);
  }
  if (q.createdFrom) {
    where.push(`${col('created_at')} >= ?`);
    params.push(isoSeconds(q.createdFrom));
  }
  if (q.createdTo) {
    where.push(`${col('created_at')} < ?`);
    params.push(isoSeconds(q.createdTo));
  }
  const term = q.searchTerm.trim();
  if (term.length >= 3) {
    where.push(`${forSortScan ? '+a.adas' : 'a.adas'} IN (SELECT rowid FROM adas_search WHERE adas_search MATCH ?)`);
    params.push(`"${term.replace(/"/g, '""')}"`);
  } else if (term) {
    where.push(`(${col('ronumber')} LIKE ? ESCAPE '\\' OR ${col('vin')} LIKE ? ESCAPE '\\')`);
    const prefix = `${term.replace(/[\\%_]/g, '\\$&')}%`;
    params.push(prefix, prefix.toUpperCase());
  }
  return { sql: where.length ? where.join(' AND ') : '1', params, oneFirm };
}

const totals = new WeakMap<Db, { at: number; n: number }>();
/** Jobs in the database, refreshed every 30 s: only the plan choice depends on it. */
function estimateTotal(db: Db): number {
  const cached = totals.get(db);
  if (cached && Date.now() - cached.at < 30_000) return cached.n;
  const n = oneRow(preparedValue<number>(db, 'SELECT count(*) FROM adas').get());
  totals.set(db, { at: Date.now(), n });
  return n;
}

/** The caller's locations when they are a list (neither one nor every firm): the merge plan's arms. */
function scopeList(db: Db, q: AdassQuery, opts: AdasListOptions): number[] | null {
  if (q.firm !== undefined || opts.firms.size < 2 || opts.firms.size > MERGE_MAX_FIRMS) return null;
  return firmScope(db, opts.firms, 'a') ? [...opts.firms].sort((x, y) => x - y) : null;
}

function choosePlan(db: Db, q: AdassQuery, opts: AdasListOptions, count: number): AdasPlan {
  if (q.searchTerm.trim().length >= 3) return 'filter-first';
  if (scopeList(db, q, opts)) return 'merge';
  const total = Math.max(count, estimateTotal(db));
  const reach = (q.page - 1) * q.pageSize + q.pageSize;
  // Rows the sort-index walk is expected to read before it has filled the page, against sorting the matches.
  const walk = Math.min(total, (reach * total * 2) / count);
  return walk < count * 8 ? 'sort-index' : 'filter-first';
}

function orderOf(q: AdassQuery, f: Filter, sortScan: boolean): string {
  // In one location the location column is constant: the id orders it.
  const keys = q.orderBy === 'location' && f.oneFirm !== null ? ORDER.adas : ORDER[q.orderBy];
  const dir = q.direction === 'desc' ? ' DESC' : '';
  return keys.map((e) => (sortScan ? e : `+${e}`) + dir).join(', ');
}

/** The ids of the page, in order, by the given plan. */
function pageIds(db: Db, q: AdassQuery, opts: AdasListOptions, plan: AdasPlan, offset: number): number[] {
  const arms = plan === 'merge' ? scopeList(db, q, opts) : null;
  if (arms) {
    const keys = ORDER[q.orderBy];
    const cols = keys.map((k, i) => `${k} AS k${i}`).join(', ');
    const dir = q.direction === 'desc' ? ' DESC' : '';
    const params: (string | number)[] = [];
    const reach = offset + q.pageSize;
    const selects = arms.map((firm) => {
      const f = listFilter(db, { ...q, firm }, { firms: new Set([firm]) }, true)!;
      params.push(...f.params, reach);
      return `SELECT * FROM (SELECT ${cols} FROM adas a WHERE ${f.sql} ORDER BY ${orderOf(q, f, true)} LIMIT ?)`;
    });
    return preparedValue<number>(
      db,
      `SELECT k${keys.length - 1} FROM (${selects.join(' UNION ALL ')}) ORDER BY ${keys.map((_, i) => `k${i}${dir}`).join(', ')} LIMIT ? OFFSET ?`,
    ).all(...params, q.pageSize, offset);
  }
  const sortScan = plan !== 'filter-first';
  const f = listFilter(db, q, opts, sortScan)!;
  return preparedValue<number>(db, `SELECT a.adas FROM adas a WHERE ${f.sql} ORDER BY ${orderOf(q, f, sortScan)} LIMIT ? OFFSET ?`).all(
    ...f.params,
    q.pageSize,
    offset,
  );
}

/** The caller's jobs: {count, items} of one page. */
export function listAdas(db: Db, q: AdassQuery, opts: AdasListOptions): { count: number; items: AdasRow[] } {
  const filter = listFilter(db, q, opts, false);
  if (!filter) return { count: 0, items: [] };
  const count = oneRow(preparedValue<number>(db, `SELECT count(*) FROM adas a WHERE ${filter.sql}`).get(...filter.params));
  const offset = (q.page - 1) * q.pageSize;
  if (count === 0 || offset >= count) return { count, items: [] };

  const ids = pageIds(db, q, opts, opts.plan ?? choosePlan(db, q, opts, count), offset);
  // The page's rows by id, put back in the page's order (joined in one query, SQLite may prefer to walk
  // the whole sort index for the outer ORDER BY).
  const rows = prepared<Omit<AdasRow, 'unreadNotes'>>(
    db,
    `SELECT a.adas, a.firm, a.firm_name AS firmName, a.ronumber, a.adas_type AS adasType, a.vehicle, v.year, v.make, v.model, a.vin,
            a.insurance, a.insurance_name AS insuranceName, a.status, a.inspections_complete AS inspectionsComplete,
            a.inspections_total AS inspectionsTotal, a.created_at AS createdAt
     FROM adas a JOIN vehicle v ON v.vehicle = a.vehicle WHERE a.adas IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids));
  const byId = new Map(rows.map((r) => [r.adas, r]));
  return { count, items: ids.map((id) => byId.get(id)!) };
}

/** EXPLAIN QUERY PLAN of the id query of a list page, as listAdas would run it (benchmarks, tests). */
export function explainAdasList(db: Db, q: AdassQuery, opts: AdasListOptions): string[] {
  const filter = listFilter(db, q, opts, false);
  if (!filter) return ['no rows'];
  const count = oneRow(preparedValue<number>(db, `SELECT count(*) FROM adas a WHERE ${filter.sql}`).get(...filter.params));
  const plan = opts.plan ?? (count ? choosePlan(db, q, opts, count) : 'sort-index');
  const arms = plan === 'merge' ? scopeList(db, q, opts) : null;
  const lines: string[] = [`plan ${plan}`];
  for (const firm of arms ?? [null]) {
    const f =
      firm === null ? listFilter(db, q, opts, plan === 'sort-index')! : listFilter(db, { ...q, firm }, { firms: new Set([firm]) }, true)!;
    const rows = db
      .prepare<unknown[], PlanRow>(
        `EXPLAIN QUERY PLAN SELECT a.adas FROM adas a WHERE ${f.sql} ORDER BY ${orderOf(q, f, plan !== 'filter-first')} LIMIT ? OFFSET ?`,
      )
      .all(...f.params, q.pageSize, 0);
    lines.push(...rows.map((r) => (firm === null ? r.detail : `firm ${firm}: ${r.detail}`)));
  }
  return lines;
}
