/**
 * Administrator statistics (roles 1 and 2; lib/contract/dashboard.ts says what each answers). Counts read
 * the tables' date indexes; the franchisers ("clients") are those the caller reaches.
 */
import type { z } from 'zod';
import type * as answers from '../../lib/contract/dashboard';
import { LOG_LEVELS } from '../../lib/contract/log-constants';
import { dayStart } from '../../lib/dates';
import { type Db, pragmaNumber } from '../core/db';
import type { Caller } from '../core/caller';
import { oneRow, prepared, preparedValue } from '../core/sql';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const since = (days: number) => iso(Date.now() - days * DAY_MS);

/** The instants of a range of local days in the caller's zone: [from, to). */
function instants(caller: Caller, r: { startDate: string; endDate: string }): [string, string] {
  const z = caller.profile.timezone;
  return [iso(Date.parse(dayStart(r.startDate, z)!)), iso(Date.parse(dayStart(r.endDate, z, 1)!))];
}

export function counts(db: Db, caller: Caller, r: { startDate: string; endDate: string }) {
  const [from, to] = instants(caller, r);
  const n = (sql: string, ...p: unknown[]) => oneRow(preparedValue<number>(db, sql).get(...p));
  return [
    { name: 'ADAS jobs created', count: n('SELECT count(*) FROM adas WHERE created_at >= ? AND created_at < ?', from, to) },
    {
      name: 'Inspections completed',
      count: n('SELECT count(*) FROM dashboard_inspection WHERE day BETWEEN ? AND ?', r.startDate, r.endDate),
    },
    { name: 'Calibrations', count: n('SELECT count(*) FROM dashboard_calibration WHERE day BETWEEN ? AND ?', r.startDate, r.endDate) },
    { name: 'Calibration requests', count: n('SELECT count(*) FROM calibrate_request WHERE created_at >= ? AND created_at < ?', from, to) },
    { name: 'VIN decodes', count: n('SELECT count(*) FROM vin_decode WHERE decoded_at >= ? AND decoded_at < ?', from, to) },
    {
      name: 'Failed VIN decodes',
      count: n('SELECT count(*) FROM vin_decode WHERE is_decoded = 0 AND decoded_at >= ? AND decoded_at < ?', from, to),
    },
  ];
}

export function topStats(db: Db) {
  const from = since(30);
  return {
    since: from,
    locations: prepared<{ firm: number; name: string; jobs: number }>(
      db,
      `SELECT j.firm, f.name, count(*) AS jobs FROM adas j INDEXED BY adas_by_created JOIN firm f ON f.firm = j.firm
       WHERE j.created_at >= ? GROUP BY j.firm ORDER BY jobs DESC, f.name LIMIT 10`,
    ).all(from),
    makes: prepared<{ make: string; jobs: number }>(
      db,
      `SELECT v.make, count(*) AS jobs FROM adas j INDEXED BY adas_by_created JOIN vehicle v ON v.vehicle = j.vehicle
       WHERE j.created_at >= ? GROUP BY v.make ORDER BY jobs DESC, v.make LIMIT 10`,
    ).all(from),
  };
}

export function internalLog(db: Db) {
  const warn = LOG_LEVELS.indexOf('Warn');
  const rows = prepared<{ id: number; timestamp: string; level: number; name: string; message: string; machineName: string }>(
    db,
    `SELECT id, timestamp, level, name, message, machine_name AS machineName FROM app_log WHERE level >= ? ORDER BY id DESC LIMIT 50`,
  ).all(warn);
  return rows.map((r) => ({ ...r, level: LOG_LEVELS[r.level] ?? String(r.level) }));
}

/** The franchisers the caller reaches and every firm under each: t(firm, top). */
const CLIENTS = `WITH RECURSIVE t(firm, top) AS (
    SELECT firm, firm FROM firm WHERE firm_type = 'franchiser' AND firm IN (SELECT value FROM json_each(?))
    UNION SELECT f.firm, t.top FROM firm f JOIN t ON f.parent = t.firm)`;
const reach = (caller: Caller) => JSON.stringify([...caller.firms]);

export function clientReview(db: Db, caller: Caller) {
  return prepared<z.infer<typeof answers.clientReviewAnswer>[number]>(
    db,
    `${CLIENTS}
     SELECT c.firm, c.name,
       (SELECT count(*) - 1 FROM t WHERE t.top = c.firm) AS locations,
       (SELECT count(DISTINCT uf.user) FROM t JOIN user_firm uf ON uf.firm = t.firm WHERE t.top = c.firm) AS users,
       (SELECT count(*) FROM t JOIN adas j ON j.firm = t.firm WHERE t.top = c.firm AND j.created_at >= ?) AS jobs,
       (SELECT max(j.created_at) FROM t JOIN adas j ON j.firm = t.firm WHERE t.top = c.firm) AS lastJobAt
     FROM firm c WHERE c.firm IN (SELECT DISTINCT top FROM t) ORDER BY c.name COLLATE NOCASE`,
  ).all(reach(caller), since(30));
}

/** Inspections completed per franchiser and month, the last 6 months (from the daily roll-ups). */
export function clientInspections(db: Db, caller: Caller) {
  const from = since(183).slice(0, 7) + '-01';
  return prepared<z.infer<typeof answers.clientInspectionsAnswer>[number]>(
    db,
    `SELECT c.firm, c.name, substr(d.day, 1, 7) AS month, sum(d.inspections) AS inspections
     FROM firm c JOIN dashboard_daily d ON d.node = c.firm AND d.kind = 'total' AND d.day >= ?
     WHERE c.firm_type = 'franchiser' AND c.firm IN (SELECT value FROM json_each(?))
     GROUP BY c.firm, month ORDER BY c.name COLLATE NOCASE, month`,
  ).all(from, reach(caller));
}

export function clientBreakdown(db: Db, caller: Caller) {
  return prepared<z.infer<typeof answers.clientBreakdownAnswer>[number]>(
    db,
    `${CLIENTS}
     SELECT c.firm, c.name, i.status, count(*) AS inspections
     FROM t JOIN adas j ON j.firm = t.firm JOIN adas_inspection i ON i.adas = j.adas JOIN firm c ON c.firm = t.top
     GROUP BY c.firm, i.status ORDER BY c.name COLLATE NOCASE, i.status`,
  ).all(reach(caller));
}

export function decodeStats(db: Db) {
  return prepared<z.infer<typeof answers.decodeStatsAnswer>[number]>(
    db,
    `SELECT call, sum(is_decoded) AS decoded, sum(1 - is_decoded) AS failed FROM vin_decode WHERE decoded_at >= ? GROUP BY call ORDER BY call`,
  ).all(since(30));
}

export function failedVins(db: Db, caller: Caller, r: { startDate: string; endDate: string }) {
  const [from, to] = instants(caller, r);
  return prepared<z.infer<typeof answers.failedVinsAnswer>[number]>(
    db,
    `SELECT d.vin, d.reason, d.call, f.name AS firmName, d.decoded_at AS decodedAt FROM vin_decode d INDEXED BY vin_decode_failed
     LEFT JOIN firm f ON f.firm = d.firm WHERE d.is_decoded = 0 AND d.decoded_at >= ? AND d.decoded_at < ? ORDER BY d.decoded_at DESC LIMIT 500`,
  ).all(from, to);
}

/**
 * Page statistics of every table and index of the host's database (SQLite's dbstat): pages, bytes, unused
 * bytes, and fragmentation: the share of a b-tree's pages that do not follow the previous one in the file.
 */
export function indexFragmentation(db: Db) {
  const objects = db
    .prepare<
      unknown[],
      {
        name: string;
        kind: 'table' | 'index';
        table: string;
        pages: number;
        bytes: number;
        unusedBytes: number;
        fragmentation: number;
      }
    >(
      `WITH pages AS (
         SELECT name, pageno, pgsize, unused, lag(pageno) OVER (PARTITION BY name ORDER BY path) AS prev FROM dbstat)
       SELECT p.name, s.type AS kind, s.tbl_name AS "table", count(*) AS pages, sum(p.pgsize) AS bytes, sum(p.unused) AS unusedBytes,
         round(1.0 * sum(CASE WHEN p.prev IS NOT NULL AND p.pageno <> p.prev + 1 THEN 1 ELSE 0 END) / count(*), 4) AS fragmentation
       FROM pages p JOIN sqlite_schema s ON s.name = p.name WHERE s.type IN ('table', 'index')
       GROUP BY p.name ORDER BY bytes DESC, p.name`,
    )
    .all();
  return {
    pageSize: pragmaNumber(db, 'page_size'),
    pages: pragmaNumber(db, 'page_count'),
    freePages: pragmaNumber(db, 'freelist_count'),
    objects,
  };
}
