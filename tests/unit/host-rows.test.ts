/**
 * Host rows the compiler checks (docs/architecture.md#host-rows): every `prepared<Row>(db, sql)`,
 * `preparedValue<Value>(db, sql)` and `db.prepare<Params, Row>(sql)` in api-host/, found and typed by the
 * TypeScript compiler, is prepared on a database built by the host's own migrations and its result columns
 * (better-sqlite3's `stmt.columns()`: name, origin table and column, declared type) are compared with the
 * row type: the same names both ways, a column's declared type agreeing with the property's type, and a
 * column that can be NULL (no NOT NULL, an outer join, an aggregate or subquery that may find nothing)
 * admitting null in the type; a statement that yields no rows is not typed as yielding them.
 */
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../api-host/areas';
import { openDb, type Db } from '../../api-host/core/db';
import { hostStatements, type TsKinds, type TypedStatement } from '../support/host-statements';
import {
  columnReference,
  expressionFacts,
  expressionOf,
  outerJoined,
  requiredNotNull,
  selectList,
  tablesByAlias,
  type ColumnNullable,
} from '../support/sql-columns';

/** What a column yields: the TS kinds its values take (null: not known) and whether it can be NULL (null: not known). */
interface ColumnFacts {
  kinds: string[] | null;
  nullable: boolean | null;
  origin: string;
}

/** The TS kinds a declared SQLite type yields, by SQLite's affinity rules (https://sqlite.org/datatype3.html). */
function affinityKinds(declared: string | null): string[] | null {
  if (!declared) return null;
  const t = declared.toUpperCase();
  if (t.includes('INT')) return ['number', 'bigint'];
  if (/CHAR|CLOB|TEXT/.test(t)) return ['string'];
  if (t.includes('BLOB')) return ['buffer'];
  if (/REAL|FLOA|DOUB/.test(t)) return ['number'];
  // NUMERIC affinity: numbers, and text that does not read as a number (an ISO date).
  return ['number', 'string'];
}

/** Columns declared without NOT NULL that never hold NULL, and why. */
const NOT_NULL_BY_CONSTRUCTION: Record<string, string> = {
  'contact.file_as': 'generated: every branch of its CASE is a NOT NULL column or a concatenation of them',
  'sqlite_master.name': 'SQLite names every schema object',
  'sqlite_master.type': "SQLite's own: table, index, view or trigger",
  'sqlite_master.tbl_name': 'SQLite names the table of every schema object',
  'dbstat.name': 'SQLite names the table or index of every page',
  'schema_migration.name': 'the key openDb writes for every migration it applies (core/db.ts)',
  'slow_query.sql': 'the key the slow-query log writes for every statement it records (dashboard/slow-queries.ts)',
};

type Info = Map<string, { notnull: boolean; pk: boolean; type: string }>;
const tableInfos = new Map<string, Info>();
function tableInfo(db: Db, table: string): Info {
  let info = tableInfos.get(table);
  if (!info) {
    const rows = db.prepare<unknown[], { name: string; notnull: number; pk: number; type: string }>(`PRAGMA table_xinfo("${table}")`).all();
    info = new Map(rows.map((r) => [r.name, { notnull: r.notnull === 1, pk: r.pk > 0, type: r.type }]));
    tableInfos.set(table, info);
  }
  return info;
}

/** Whether `qualifier.column` of a statement can be NULL, from its table's NOT NULL (null when not a plain table column). */
function columnNullable(db: Db, sql: string): ColumnNullable {
  const tables = tablesByAlias(sql);
  const outer = outerJoined(sql);
  return (qualifier, column) => {
    if (outer.has(qualifier)) return true;
    const table = qualifier ? tables.get(qualifier) : tables.size === 1 ? [...tables.values()][0] : undefined;
    const info = table ? tableInfo(db, table).get(column) : undefined;
    if (!info) return null;
    return !(info.notnull || (info.pk && /^INTEGER$/i.test(info.type)));
  };
}

function columnFacts(db: Db, column: Database.ColumnDefinition, item: string | undefined, sql: string): ColumnFacts {
  const expression = item === undefined ? undefined : expressionOf(item);
  const nullableColumn = columnNullable(db, sql);
  // A column of a table in the schema (not of a CTE, whose columns SQLite reports as a table's without its constraints).
  if (column.table && column.column && tableInfo(db, column.table).size) {
    const info = tableInfo(db, column.table).get(column.column);
    // An INTEGER PRIMARY KEY is the rowid, never NULL; so is the rowid of a table that names none (an FTS table's).
    const rowid = info ? info.pk && /^INTEGER$/i.test(info.type) : /^(rowid|oid|_rowid_)$/i.test(column.column);
    let nullable = !(info?.notnull || rowid);
    const ref = expression === undefined ? null : columnReference(expression);
    const joined = outerJoined(sql);
    if (NOT_NULL_BY_CONSTRUCTION[`${column.table}.${column.column}`]) nullable = false;
    if (ref && joined.has(ref.qualifier || column.table.toLowerCase())) nullable = true;
    if (nullable && requiredNotNull(sql, ref?.qualifier ?? '', column.column)) nullable = false;
    // An expression over a column (a CTE's or subquery's) keeps the column's origin but not its nullability.
    if (expression !== undefined && !ref) return { ...expressionFacts(expression, sql, nullableColumn), origin: expression };
    return { kinds: affinityKinds(column.type), nullable, origin: `${column.table}.${column.column} ${column.type ?? ''}`.trim() };
  }
  if (expression === undefined) return { kinds: null, nullable: null, origin: column.name };
  return { ...expressionFacts(expression, sql, nullableColumn), origin: expression };
}

/** What the check could tell of the columns it compared (HOST_ROWS_REPORT=file writes it, with the problems). */
const tally = { columns: 0, kindUnknown: 0, nullUnknown: 0, unsure: new Set<string>() };

/** How a TS type disagrees with a column: wrong kind, or no null where the column can be NULL. */
function disagreement(name: string, ts: TsKinds, facts: ColumnFacts): string[] {
  if (ts.any) return [];
  tally.columns++;
  if (!facts.kinds) tally.kindUnknown++;
  if (facts.nullable === null) tally.nullUnknown++;
  if (facts.nullable === null && !ts.null) tally.unsure.add(`${name}: ${ts.text} for ${facts.origin.replace(/\s+/g, ' ').slice(0, 160)}`);
  const out: string[] = [];
  if (ts.kinds.has('boolean')) out.push(`${name}: ${ts.text}, but SQLite yields 0/1 for ${facts.origin}, never a boolean`);
  // A type wider than the column (string | number for an INTEGER) makes its reader handle more; one that
  // shares no kind with it (string for an INTEGER) is a claim the SQL breaks.
  const kinds = [...ts.kinds].filter((k) => k !== 'boolean');
  if (facts.kinds && kinds.length && !kinds.some((k) => facts.kinds!.includes(k)))
    out.push(`${name}: ${ts.text}, but ${facts.origin} yields ${facts.kinds.join(' | ')}`);
  if (facts.nullable === true && !ts.null) out.push(`${name}: ${ts.text}, but ${facts.origin} can be NULL`);
  if (ts.undefined) out.push(`${name}: ${ts.text} admits undefined, but a row always has its columns (NULL is null)`);
  return out;
}

/** What is wrong with one statement, read in each of its SQL texts. */
export function problemsOf(db: Db, s: TypedStatement): string[] {
  const out: string[] = [];
  for (const sql of s.sqls) {
    let stmt: Database.Statement;
    try {
      stmt = db.prepare(sql);
    } catch (error) {
      // A stand-in makes some variants invalid SQL; a statement read in full must prepare in every variant.
      if (!s.standIns.length) out.push(`does not prepare: ${(error as Error).message}\n${sql}`);
      continue;
    }
    if (!stmt.reader) {
      if (!s.row.any) out.push(`yields no rows, but is typed ${s.row.text}`);
      continue;
    }
    if (s.row.any) continue; // unknown rows: the caller narrows them, the compiler sees to that
    const columns = stmt.columns();
    const items = selectList(sql);
    const aligned = items?.length === columns.length ? items : null;
    if (s.plucked) {
      const first = columns[0];
      if (!first) out.push('plucks a statement without columns');
      else out.push(...disagreement('value', s.row, columnFacts(db, first, aligned?.[0], sql)));
      continue;
    }
    if (s.row.each) {
      for (const [i, column] of columns.entries())
        out.push(...disagreement(column.name, s.row.each, columnFacts(db, column, aligned?.[i], sql)));
      continue;
    }
    if (!s.row.properties) {
      out.push(`a row typed ${s.row.text}, not an object of its columns`);
      continue;
    }
    const names = columns.map((c) => c.name);
    const duplicate = names.find((n, i) => names.indexOf(n) !== i);
    if (duplicate) out.push(`yields column ${duplicate} twice (the row keeps only the last)`);
    const properties = new Map(s.row.properties.map((p) => [p.name, p]));
    for (const p of properties.keys()) if (!names.includes(p)) out.push(`${p}: the row type has it, the SQL yields no such column`);
    for (const [i, column] of columns.entries()) {
      const p = properties.get(column.name);
      if (!p) {
        out.push(`${column.name}: the SQL yields it, the row type does not have it`);
        continue;
      }
      out.push(...disagreement(p.name, p, columnFacts(db, column, aligned?.[i], sql)));
    }
  }
  return [...new Set(out)];
}

/**
 * Typed calls whose SQL the compiler cannot read (a parameter, a select list or table built at run time), by
 * file and the part it cannot read, each with why its row type holds. Calls typed `unknown` need no entry:
 * they assert nothing.
 */
const DYNAMIC: Record<string, string> = {
  'api-host/adas/query.ts: keys.length - 1':
    'the page ids of the per-firm arms: the last sort key of each arm is its adas, the INTEGER PRIMARY KEY the value type says',
  'api-host/configuration/common.ts: o.from':
    "pagedRows, shared by the configuration lists: its callers' select/from/where are theirs, the row is each caller's R (read by its integration test)",
  'api-host/configuration/make-matrices.ts: ids.sql':
    'listIdsSql: `SELECT m.make_matrix …` over one of ORDER’s joins, a plucked INTEGER PRIMARY KEY',
  'api-host/configuration/history.ts: r.firm':
    'a configuration table’s snapshot: each TableRecord names its own columns; the row is a record of string | number | null, what any column yields',
  'api-host/configuration/systems.ts: sql':
    'the count helper of usesOf: its callers pass `SELECT count(*) …` literals, a number never NULL',
  'api-host/dashboard/query.ts: sql':
    'over groupsOf’s query (one select list per analysis): totals are coalesce(sum(…), 0) and count(*); rows are read by the dashboard integration tests through the contract’s parser',
  'api-host/dashboard/slow-queries.ts: sql':
    'EXPLAIN QUERY PLAN of a recorded statement: PlanRow is what EXPLAIN QUERY PLAN yields for any statement',
  'api-host/dashboard/stats.ts: sql': 'the count helper of counts(): its callers pass `SELECT count(*) …` literals, a number never NULL',
  'api-host/locations/calls.ts: table':
    'a count(*) over each table that refers to a firm (read from the schema at run time): a number never NULL',
  'api-host/push/changes.ts: key': 'TABLES[kind] names a record table and its INTEGER PRIMARY KEY; every such table has a NOT NULL firm',
  'api-host/contacts/calls.ts: kind.identity':
    'identity is the kind’s identity expression (ADDRESS, PHONE, EMAIL): a concatenation or lower() of the record’s text, a string',
};

/** A call's entry in DYNAMIC: its file and the first part of its SQL the compiler cannot read (rather than one its type enumerates). */
const dynamicKey = (s: TypedStatement) =>
  `${s.at.replace(/:\d+$/, '')}: ${s.dynamic ?? s.standIns.find((p) => !p.endsWith('by its type)')) ?? s.standIns[0] ?? ''}`;

/** Whether the statement's SQL cannot be read: not enumerable, or no variant of it prepares. */
function unreadable(db: Db, s: TypedStatement): boolean {
  if (s.dynamic) return true;
  return !s.sqls.some((sql) => {
    try {
      db.prepare(sql);
      return true;
    } catch {
      return false;
    }
  });
}

let db: Db;
let statements: TypedStatement[];

beforeAll(() => {
  db = openDb(':memory:', MIGRATIONS);
  statements = hostStatements();
}, 180_000);
afterAll(() => db?.close());

describe('host rows', () => {
  it('finds the typed statements of every area', () => {
    expect(statements.length).toBeGreaterThan(600);
    const areas = new Set(statements.map((s) => s.at.split('/')[1]));
    expect(areas.size).toBeGreaterThan(20);
  });

  it('reads the SQL of every typed statement, or says why its row type holds', () => {
    const typed = statements.filter((s) => !s.row.any);
    const unread = typed.filter((s) => unreadable(db, s)).map(dynamicKey);
    expect(unread.filter((k) => !DYNAMIC[k])).toEqual([]);
    // Every entry still names a typed call (an entry outliving its call would excuse the next one).
    const keys = new Set(typed.map(dynamicKey));
    expect(Object.keys(DYNAMIC).filter((k) => !keys.has(k))).toEqual([]);
  });

  describe('fails a row the SQL does not yield as typed', () => {
    const ts = (kinds: string[], extra: Partial<TsKinds> = {}): TsKinds => ({
      kinds: new Set(kinds),
      any: false,
      null: false,
      undefined: false,
      literals: null,
      text: [...kinds, ...(extra.null ? ['null'] : [])].join(' | '),
      ...extra,
    });
    const nullable = (kind: string) => ts([kind], { null: true });
    const statement = (sql: string, row: Record<string, TsKinds> | TsKinds, plucked = false): TypedStatement => ({
      at: 'planted.ts:1',
      helper: plucked ? 'preparedValue' : 'prepared',
      plucked,
      row:
        'kinds' in row && row.kinds instanceof Set
          ? { ...(row as TsKinds), properties: null }
          : {
              ...ts(['object']),
              properties: Object.entries(row as Record<string, TsKinds>).map(([name, k]) => ({ name, optional: false, ...k })),
            },
      sqls: [sql],
      dynamic: null,
      standIns: [],
    });
    const JOINED = `SELECT f.firm, f.name, f.parent, p.name AS parentName, count(*) AS n, max(f.name) AS last
      FROM firm f LEFT JOIN firm p ON p.firm = f.parent`;
    const right = {
      firm: ts(['number']),
      name: ts(['string']),
      parent: nullable('number'),
      parentName: nullable('string'),
      n: ts(['number']),
      last: nullable('string'),
    };

    it('passes the row as the schema yields it', () => {
      expect(problemsOf(db, statement(JOINED, right))).toEqual([]);
      expect(problemsOf(db, statement('SELECT count(*) FROM firm', ts(['number']), true))).toEqual([]);
      expect(problemsOf(db, statement('DELETE FROM firm WHERE firm = ?', ts([], { any: true })))).toEqual([]);
    });

    it.each([
      ['a column of another type', { ...right, firm: ts(['string']) }, /firm: string, but firm.firm INTEGER yields/],
      ['a boolean', { ...right, n: ts(['boolean']) }, /n: boolean, but SQLite yields 0\/1/],
      [
        'no null for a column without NOT NULL',
        { ...right, parent: ts(['number']) },
        /parent: number, but firm.parent INTEGER can be NULL/,
      ],
      [
        'no null for an outer-joined column',
        { ...right, parentName: ts(['string']) },
        /parentName: string, but firm.name TEXT can be NULL/,
      ],
      ['no null for an aggregate over no rows', { ...right, last: ts(['string']) }, /last: string, but max\(f.name\) can be NULL/],
      ['undefined for a column', { ...right, parent: ts(['number'], { null: true, undefined: true }) }, /parent: .* admits undefined/],
      [
        'a property the SQL does not yield',
        { ...right, postalCode: ts(['string']) },
        /postalCode: the row type has it, the SQL yields no such column/,
      ],
      [
        'a column the row type lacks',
        { firm: right.firm, name: right.name, parent: right.parent, parentName: right.parentName, n: right.n },
        /last: the SQL yields it/,
      ],
    ])('%s', (_, row, problem) => {
      expect(problemsOf(db, statement(JOINED, row)).join('\n')).toMatch(problem);
    });

    it('a plucked value of another type, and a statement of no rows typed as rows', () => {
      expect(problemsOf(db, statement('SELECT name FROM firm', ts(['number']), true)).join('\n')).toMatch(
        /value: number, but firm.name TEXT yields string/,
      );
      expect(problemsOf(db, statement('SELECT parent FROM firm', ts(['number']), true)).join('\n')).toMatch(/can be NULL/);
      expect(problemsOf(db, statement('UPDATE firm SET name = ?', { firm: ts(['number']) })).join('\n')).toMatch(/yields no rows/);
      expect(problemsOf(db, statement('SELECT nope FROM firm', right)).join('\n')).toMatch(/does not prepare: no such column: nope/);
    });
  });

  it('types every row as the schema yields it', () => {
    const checked = statements.filter((s) => !DYNAMIC[dynamicKey(s)]);
    const problems = checked.flatMap((s) => problemsOf(db, s).map((p) => `${s.at}: ${p}`));
    if (process.env.HOST_ROWS_REPORT) {
      const typed = checked.filter((s) => !s.row.any);
      const summary = [
        `${statements.length} typed statement calls, ${statements.reduce((n, s) => n + s.sqls.length, 0)} SQL texts`,
        `${typed.length} assert a row or value type and are checked; ${checked.length - typed.length} yield unknown (assert nothing); ${statements.length - checked.length} listed in DYNAMIC`,
        `${tally.columns} columns compared; kind unknown (an expression) for ${tally.kindUnknown}, nullability unknown for ${tally.nullUnknown}`,
      ];
      const unsure = ['', 'Typed without null, nullability not known to this reading:', ...[...tally.unsure].sort()];
      writeFileSync(process.env.HOST_ROWS_REPORT, [...summary, ...problems, ...unsure].join('\n'));
    }
    expect(problems).toEqual([]);
  });
});
