/**
 * SQL of the contact lists and searches, shared by the calls (api-host/contacts/calls.ts) and the
 * benchmark (scripts/seed-bench.ts --measure). Everything is filtered, sorted and paged in SQLite:
 * - firm scope: `c.firm IN (…)` with the caller's firms inlined (integers from the database), omitted
 *   when the caller reaches every firm;
 * - search: FTS5 prefix match of every word of the term (contact_fts, see schema.ts);
 * - paging: the page's ids are found first (index-only where possible), then their rows are read.
 * The page query is steered by the count (known before it runs): when the matching rows are dense the
 * sort index is walked in order and filters are checked row by row; when they are sparse the filters'
 * indexes (or the FTS) find them and only those are sorted. Both plans give the same rows.
 */
import type { ContactListQuery, ContactRow, SearchResult } from '../../lib/contract/contacts';
import type { Db } from '../core/db';
import { firmScope, ftsPrefixMatch, oneRow, prepared, preparedValue, searchWords, type PlanRow } from '../core/sql';
import { isoSeconds as iso } from '../core/time';

export type FtsColumn = 'name' | 'phone' | 'email' | 'address';

/** An FTS5 query matching every word of the term as a prefix in the given columns; null when no words. */
export function ftsQuery(term: string, columns: readonly FtsColumn[]): string | null {
  // A phone-like term ("(212) 4", "212-45") is one number: the prefix of the phone's digits token.
  const digits = term.replace(/\D/g, '');
  if (columns.includes('phone') && digits.length >= 3 && /^[\d\s().+-]+$/.test(term)) return `{phone} : "${digits}"*`;
  return ftsPrefixMatch(term, columns);
}

const ORDER: Record<ContactListQuery['orderBy'], string[]> = {
  name: ['c.file_as', 'c.contact'],
  type: ['c.contact_type', 'c.file_as', 'c.contact'],
  phone: ['c.phone_no', 'c.contact'],
  email: ['c.email_address', 'c.contact'],
  created: ['c.created_at', 'c.contact'],
  inactive: ['c.is_inactive', 'c.file_as', 'c.contact'],
};

export interface ListOptions {
  firms: ReadonlySet<number>;
  vendorsOnly: boolean;
  /** Force a plan (benchmarks and tests); normally chosen from the count. */
  plan?: 'sort-index' | 'filter-first';
  now?: number;
}

type ContactFlags = 'isCompany' | 'isVendor' | 'isInactive';
/** A list row as ROW_COLUMNS yields it: the contract's names, its 0/1 flags as stored. */
type RowDb = Omit<ContactRow, ContactFlags> & Record<ContactFlags, number>;

const toRow = ({ isCompany, isVendor, isInactive, ...r }: RowDb): ContactRow => ({
  ...r,
  isCompany: !!isCompany,
  isVendor: !!isVendor,
  isInactive: !!isInactive,
});

const ROW_COLUMNS = `c.contact, c.firm, c.contact_type AS contactType, coalesce(t.value, '') AS contactTypeName, c.is_company AS isCompany,
  c.company_name AS companyName, c.first_name AS firstName, c.last_name AS lastName, c.is_vendor AS isVendor, c.is_inactive AS isInactive,
  c.file_as AS fileAs, c.phone_no AS phoneNo, c.email_address AS emailAddress, c.created_at AS createdAt`;

/** The WHERE clause (after `WHERE`) and its parameters of a contact list query. */
function listFilter(db: Db, q: ContactListQuery, opts: ListOptions, forSortScan: boolean) {
  // In a sort-index scan the filters are checked row by row: unary + keeps SQLite from using their indexes.
  const col = (name: string) => (forSortScan ? `+c.${name}` : `c.${name}`);
  const where = ['c.merged_into IS NULL'];
  const params: (string | number)[] = [];
  if (opts.vendorsOnly) where.push('c.is_vendor = 1');
  if (q.filterBy !== 9999) {
    where.push(`${col('contact_type')} = ?`);
    params.push(q.filterBy);
  }
  if (q.retrospectiveDays > 0) {
    where.push(`${col('created_at')} >= ?`);
    params.push(iso((opts.now ?? Date.now()) - q.retrospectiveDays * 86_400_000));
  }
  const match = q.searchTerm ? ftsQuery(q.searchTerm, ['name', 'phone', 'email']) : null;
  if (match) {
    where.push(`${forSortScan ? '+c.contact' : 'c.contact'} IN (SELECT rowid FROM contact_fts WHERE contact_fts MATCH ?)`);
    params.push(match);
  }
  // One firm: `c.firm = n` lets the (firm, sort key) indexes give the order. Several: checked row by row.
  const scope = firmScope(db, opts.firms);
  const sql =
    where.join(' AND ') +
    (opts.firms.size === 1 && scope ? ` AND c.firm = ${[...opts.firms][0]}` : forSortScan ? scope.replace('c.firm', '+c.firm') : scope);
  return { sql, params };
}

/** The number of rows a list query matches, by the cheapest exact route. */
function countList(db: Db, q: ContactListQuery, opts: ListOptions, filter: { sql: string; params: (string | number)[] }): number {
  const onlySearch = q.filterBy === 9999 && q.retrospectiveDays === 0 && !opts.vendorsOnly && firmScope(db, opts.firms) === '';
  if (onlySearch && !q.searchTerm) {
    // Every live contact: the b-tree count of the table less the (few, indexed) merged tombstones.
    return (
      oneRow(preparedValue<number>(db, 'SELECT count(*) FROM contact').get()) -
      oneRow(preparedValue<number>(db, 'SELECT count(*) FROM contact WHERE merged_into IS NOT NULL').get())
    );
  }
  const match = q.searchTerm ? ftsQuery(q.searchTerm, ['name', 'phone', 'email']) : null;
  // The search index holds live contacts only, so a search alone is counted there.
  if (onlySearch && match)
    return oneRow(preparedValue<number>(db, 'SELECT count(*) FROM contact_fts WHERE contact_fts MATCH ?').get(match));
  return oneRow(preparedValue<number>(db, `SELECT count(*) FROM contact c WHERE ${filter.sql}`).get(...filter.params));
}

/**
 * Walking a sort index costs about 1/12 of finding a row by a filter and sorting it (measured at 100k).
 * The walk reads about (offset + pageSize) × total / count index entries when the filter is independent
 * of the order, and up to the whole index when it is not (a search by name sorted by name, "created in the
 * last N days" sorted by created): those are assumed to walk everything.
 */
function choosePlan(q: ContactListQuery, opts: ListOptions, count: number, total: number): 'sort-index' | 'filter-first' {
  if (opts.vendorsOnly && q.orderBy !== 'name') return 'filter-first';
  const correlated = !!q.searchTerm || (q.retrospectiveDays > 0 && q.orderBy === 'created');
  const offset = (q.page - 1) * q.pageSize;
  const walk = correlated ? total : Math.min(total, ((offset + q.pageSize) * total * 4) / count);
  return walk < count * 12 ? 'sort-index' : 'filter-first';
}

/** Contacts (or vendors) of the caller's firms: {count, items} of one page. */
export function listContacts(db: Db, q: ContactListQuery, opts: ListOptions): { count: number; items: ContactRow[] } {
  const filter = listFilter(db, q, opts, false);
  const count = countList(db, q, opts, filter);
  const offset = (q.page - 1) * q.pageSize;
  if (count === 0 || offset >= count) return { count, items: [] };

  // Vendors are a small share of the contacts: only their name index holds vendors alone.
  const total = opts.vendorsOnly ? count : Math.max(count, estimateTotal(db));
  const sortScan = (opts.plan ?? choosePlan(q, opts, count, total)) === 'sort-index';
  const f = sortScan ? listFilter(db, q, opts, true) : filter;
  const dir = q.direction === 'desc' ? ' DESC' : '';
  const order = ORDER[q.orderBy].map((e) => (sortScan ? e : `+${e}`) + dir).join(', ');
  const orderOuter = ORDER[q.orderBy].map((e) => e + dir).join(', ');
  const sql = `
    SELECT ${ROW_COLUMNS}
    FROM (SELECT c.contact FROM contact c WHERE ${f.sql} ORDER BY ${order} LIMIT ? OFFSET ?) p
    JOIN contact c ON c.contact = p.contact
    LEFT JOIN lookup t ON t.key = 'ContactType' AND t.id = c.contact_type
    ORDER BY ${orderOuter}`;
  const rows = prepared<RowDb>(db, sql).all(...f.params, q.pageSize, offset);
  return { count, items: rows.map(toRow) };
}

const totals = new WeakMap<Db, { at: number; n: number }>();
/** Live contacts in the database, refreshed every 30 s: only the plan choice depends on it. */
function estimateTotal(db: Db): number {
  const cached = totals.get(db);
  if (cached && Date.now() - cached.at < 30_000) return cached.n;
  const n = oneRow(
    preparedValue<number>(db, 'SELECT count(*) FROM contact c INDEXED BY contact_by_created WHERE c.merged_into IS NULL').get(),
  );
  totals.set(db, { at: Date.now(), n });
  return n;
}

/** EXPLAIN QUERY PLAN of the id query of a list page, as listContacts would run it (benchmarks, tests). */
export function explainList(db: Db, q: ContactListQuery, opts: ListOptions): string[] {
  const filter = listFilter(db, q, opts, false);
  const count = countList(db, q, opts, filter);
  const total = opts.vendorsOnly ? count : Math.max(count, estimateTotal(db));
  const plan = opts.plan ?? (count ? choosePlan(q, opts, count, total) : 'sort-index');
  const f = listFilter(db, q, opts, plan === 'sort-index');
  const dir = q.direction === 'desc' ? ' DESC' : '';
  const order = ORDER[q.orderBy].map((e) => (plan === 'sort-index' ? e : `+${e}`) + dir).join(', ');
  const rows = db
    .prepare<unknown[], PlanRow>(`EXPLAIN QUERY PLAN SELECT c.contact FROM contact c WHERE ${f.sql} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...f.params, q.pageSize, 0);
  return [`plan ${plan}`, ...rows.map((r) => r.detail)];
}

// ── search calls ────────────────────────────────────────────────────────────────────────────────
export type SearchKind = 'contact' | 'address' | 'phone' | 'vendor';

export interface SearchOptions {
  firms: ReadonlySet<number>;
  /** ContactType id, or its name (case-insensitive). */
  type?: string;
  limit?: number;
}

/** A typeahead row: the contract's search result, and the company name the vendor search answers. */
export type SearchRow = SearchResult & { companyName: string };

/** The full one-line address of contact_address `a`: "lines, city, ST postal" (+ ", country" outside the US). */
export const ADDRESS_TEXT = `a.address_lines || ', ' || a.city || ', ' || coalesce(sp.code, '') || ' ' || a.postal_code
  || CASE WHEN a.country = 1 THEN '' ELSE ', ' || coalesce(co.value, '') END`;
const ADDRESS_JOINS = `LEFT JOIN lookup sp ON sp.key = 'StateProvince' AND sp.id = a.state_province
  LEFT JOIN lookup co ON co.key = 'Country' AND co.id = a.country`;

const FTS_COLUMNS: Record<SearchKind, FtsColumn[]> = {
  contact: ['name', 'phone', 'email'],
  address: ['address'],
  phone: ['phone'],
  vendor: ['name', 'phone'],
};

/**
 * Typeahead searches over active, live contacts of the given firms, ordered by name, at most `limit`
 * (20) rows: one per contact ('contact', 'vendor'), one per matching address or phone ('address', 'phone').
 */
export function searchContacts(db: Db, kind: SearchKind, term: string, opts: SearchOptions): SearchRow[] {
  const match = ftsQuery(term, FTS_COLUMNS[kind]);
  if (!match) return [];
  const limit = opts.limit ?? 20;
  const where = ['c.merged_into IS NULL', 'c.is_inactive = 0', 'c.contact IN (SELECT rowid FROM contact_fts WHERE contact_fts MATCH ?)'];
  const params: (string | number)[] = [match];
  if (kind === 'vendor') where.push('c.is_vendor = 1');
  if (opts.type) {
    if (/^\d+$/.test(opts.type)) {
      where.push('c.contact_type = ?');
      params.push(Number(opts.type));
    } else {
      where.push(`c.contact_type IN (SELECT id FROM lookup WHERE key = 'ContactType' AND value = ? COLLATE NOCASE)`);
      params.push(opts.type);
    }
  }
  const scope = firmScope(db, opts.firms);
  const user = '(SELECT min(u.user) FROM user u WHERE u.contact = c.contact) AS userId';
  const names =
    'c.file_as AS name, c.contact, c.file_as AS fileAs, c.first_name AS firstName, c.last_name AS lastName, c.company_name AS companyName';

  if (kind === 'address' || kind === 'phone') {
    // One row per address (or phone) of the matching contacts that itself holds every word.
    const words = searchWords(term);
    const digits = term.replace(/\D/g, '');
    const itemWhere =
      kind === 'address'
        ? words.map(() => `(a.address_lines || ' ' || a.city || ' ' || a.postal_code) LIKE ? ESCAPE '\\'`).join(' AND ')
        : digits
          ? `p.digits LIKE ?`
          : '1';
    const itemParams = kind === 'address' ? words.map((w) => `%${w.replace(/[\\%_]/g, '\\$&')}%`) : digits ? [`%${digits}%`] : [];
    // The first contacts by name (a few more than needed), then their matching addresses or phones.
    const candidates = `SELECT c.contact FROM contact c WHERE ${where.join(' AND ')}${scope} ORDER BY c.file_as, c.contact LIMIT ${limit * 3}`;
    const sql =
      kind === 'address'
        ? `SELECT a.contact_address AS id, ${names}, c.phone_no AS phoneNo, c.email_address AS email, ${user},
                  ${ADDRESS_TEXT} AS address
           FROM (${candidates}) m JOIN contact c ON c.contact = m.contact JOIN contact_address a ON a.contact = c.contact ${ADDRESS_JOINS}
           WHERE ${itemWhere}
           ORDER BY c.file_as, c.contact, a.is_primary DESC, a.contact_address LIMIT ?`
        : `SELECT p.contact_phone AS id, ${names}, p.phone_no AS phoneNo, c.email_address AS email, ${user},
                  (SELECT ${ADDRESS_TEXT} FROM contact_address a ${ADDRESS_JOINS} WHERE a.contact = c.contact AND a.is_primary = 1) AS address
           FROM (${candidates}) m JOIN contact c ON c.contact = m.contact JOIN contact_phone p ON p.contact = c.contact
           WHERE ${itemWhere}
           ORDER BY c.file_as, c.contact, p.is_primary DESC, p.contact_phone LIMIT ?`;
    return prepared<SearchRow>(db, sql).all(...params, ...itemParams, limit);
  }

  const sql = `
    SELECT c.contact AS id, ${names}, c.phone_no AS phoneNo, c.email_address AS email, ${user},
           (SELECT ${ADDRESS_TEXT} FROM contact_address a ${ADDRESS_JOINS} WHERE a.contact = c.contact AND a.is_primary = 1) AS address
    FROM (SELECT c.contact FROM contact c WHERE ${where.join(' AND ')}${scope} ORDER BY c.file_as, c.contact LIMIT ?) m
    JOIN contact c ON c.contact = m.contact
    ORDER BY c.file_as, c.contact`;
  return prepared<SearchRow>(db, sql).all(...params, limit);
}
