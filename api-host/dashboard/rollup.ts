/**
 * Keeps the dashboard's facts and daily roll-ups (schema.ts) in step with the inspections. One entry point,
 * `syncInspection`, called by the ADAS calls in the transaction that creates, changes the status of or
 * deletes an inspection: it takes back what the inspection counted for, then, if it is Complete now,
 * records it again (its billable lines priced now, on the day it was completed in its location's zone).
 * `rebuildDashboard` recomputes everything from the inspections (the seed, the bench seed, a repair).
 */
import { TZDate } from '@date-fns/tz';
import { lightFormat } from 'date-fns';
import { STATUS } from '../../lib/adas/rules';
import { zoneOf } from '../../lib/dates';
import type { Db } from '../core/db';
import { prepared, preparedValue } from '../core/sql';
import { billableLines } from './billable';
import { SUMS } from './schema';
import { PROVIDER_OF_INSPECTION } from '../dispatch/service';

const onConflict = `ON CONFLICT (node, kind, day, key) DO UPDATE SET ${SUMS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`;

/** Every firm from each source location up to its network's top: up(firm, node). */
const up = (source: string) => `up(firm, node) AS (
    SELECT DISTINCT firm, firm FROM ${source}
    UNION SELECT up.firm, f.parent FROM up JOIN firm f ON f.firm = up.node WHERE f.parent IS NOT NULL)`;

/** Adds (sign 1) or takes back (sign -1) the facts matching `where` to the daily roll-ups. */
function roll(db: Db, sign: 1 | -1, where: string, ...params: unknown[]): void {
  prepared(
    db,
    `WITH RECURSIVE src AS (SELECT * FROM dashboard_inspection WHERE ${where}), ${up('src')}
     INSERT INTO dashboard_daily (node, kind, day, key, ${SUMS.join(', ')})
     SELECT up.node, k.kind, s.day, CASE k.kind WHEN 'make' THEN s.make WHEN 'tech' THEN ifnull(CAST(s.tech AS TEXT), '')
       WHEN 'provider' THEN ifnull(CAST(s.provider AS TEXT), '') ELSE '' END,
       ${sign} * count(*), ${sign} * sum(s.calibrations), ${sign} * sum(s.sales_cents), ${sign} * sum(s.minutes), ${sign} * sum(s.cost_cents),
       ${sign} * sum(s.unrated_minutes)
     FROM src s JOIN up ON up.firm = s.firm
     JOIN (SELECT 'total' AS kind UNION ALL SELECT 'make' UNION ALL SELECT 'tech' UNION ALL SELECT 'own' UNION ALL SELECT 'provider') k
     WHERE k.kind <> 'own' OR up.node = s.firm GROUP BY 1, 2, 3, 4 ${onConflict}`,
  ).run(...params);
  prepared(
    db,
    `WITH RECURSIVE src AS (SELECT * FROM dashboard_calibration WHERE ${where}), ${up('src')}
     INSERT INTO dashboard_daily (node, kind, day, key, ${SUMS.join(', ')})
     SELECT up.node, 'service', c.day, c.system,
       ${sign} * count(DISTINCT c.adas_inspection), ${sign} * count(*), ${sign} * sum(c.sales_cents), ${sign} * sum(c.minutes), ${sign} * sum(c.cost_cents),
       ${sign} * sum(c.unrated_minutes)
     FROM src c JOIN up ON up.firm = c.firm
     WHERE true GROUP BY 1, 2, 3, 4 ${onConflict}`,
  ).run(...params);
  // The providers' side (docs/dispatch.md#numbers): the work each did for other shops, on its own nodes.
  prepared(
    db,
    `WITH RECURSIVE src AS (SELECT * FROM dashboard_calibration WHERE (${where}) AND provider IS NOT NULL),
       up(firm, node) AS (SELECT DISTINCT provider, provider FROM src
         UNION SELECT up.firm, f.parent FROM up JOIN firm f ON f.firm = up.node WHERE f.parent IS NOT NULL)
     INSERT INTO dashboard_daily (node, kind, day, key, ${SUMS.join(', ')})
     SELECT up.node, k.kind, c.day,
       CASE k.kind WHEN 'workShop' THEN CAST(c.firm AS TEXT) WHEN 'workService' THEN c.system ELSE ifnull(CAST(c.technician AS TEXT), '') END,
       ${sign} * count(DISTINCT c.adas_inspection), ${sign} * count(*), ${sign} * sum(c.sales_cents), ${sign} * sum(c.minutes), ${sign} * sum(c.cost_cents),
       ${sign} * sum(c.unrated_minutes)
     FROM src c JOIN up ON up.firm = c.provider JOIN (SELECT 'workShop' AS kind UNION ALL SELECT 'workService' UNION ALL SELECT 'workTech') k
     WHERE true GROUP BY 1, 2, 3, 4 ${onConflict}`,
  ).run(...params);
}

interface Completed {
  adas_inspection: number;
  adas: number;
  firm: number;
  /** The provider that performed it (an accepted dispatch), else null. */
  provider: number | null;
  completed_at: string;
  tech: number | null;
  make: string;
  timezone: number | null;
  labor_rate: number | null;
}

const COMPLETED_SQL = `
  SELECT i.adas_inspection, i.adas, j.firm, ${PROVIDER_OF_INSPECTION('i.adas_inspection')} AS provider,
    coalesce(i.completed_at, i.status_changed_at, i.created_at) AS completed_at,
    coalesce(i.inspector, i.completed_by) AS tech, v.make, f.timezone, u.labor_rate
  FROM adas_inspection i JOIN adas j ON j.adas = i.adas JOIN vehicle v ON v.vehicle = j.vehicle JOIN firm f ON f.firm = j.firm
  LEFT JOIN user u ON u.user = coalesce(i.inspector, i.completed_by)
  WHERE i.status = ${STATUS.complete}`;

/** The local day (YYYY-MM-DD) of an instant in a firm's time zone. */
const localDay = (iso: string, zone: number | null) => lightFormat(new TZDate(Date.parse(iso), zoneOf(zone)), 'yyyy-MM-dd');

/** Writes the facts of one Complete inspection (not yet rolled up). */
function writeFacts(db: Db, c: Completed): void {
  const day = localDay(c.completed_at, c.timezone);
  // No rate (or nobody credited): the cost of those minutes is unknown, not 0; unrated_minutes says how many (schema.ts).
  const rate = c.labor_rate ?? 0;
  const lines = billableLines(db, c.adas_inspection, c.firm).map((l) => ({
    ...l,
    cost: Math.round((l.minutes / 60) * rate * 100),
    unrated: rate > 0 ? 0 : l.minutes,
  }));
  const sum = (f: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + f(l), 0);
  prepared(
    db,
    `INSERT INTO dashboard_inspection (adas_inspection, adas, firm, provider, day, make, tech, calibrations, sales_cents, minutes, cost_cents, unrated_minutes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    c.adas_inspection,
    c.adas,
    c.firm,
    c.provider,
    day,
    c.make,
    c.tech,
    lines.length,
    sum((l) => l.cents),
    sum((l) => l.minutes),
    sum((l) => l.cost),
    sum((l) => l.unrated),
  );
  const line = prepared(
    db,
    `INSERT INTO dashboard_calibration (calibrate_request_line, adas_inspection_result, adas_inspection, firm, provider, technician, day, system, calibration_type, sales_cents, minutes, cost_cents, unrated_minutes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const l of lines)
    line.run(
      l.requestLine,
      l.inspectionResult,
      c.adas_inspection,
      c.firm,
      l.provider,
      l.technician,
      day,
      l.system,
      l.calibrationType,
      l.cents,
      l.minutes,
      l.cost,
      l.unrated,
    );
}

/**
 * Brings the dashboard in step with inspection `id`: a Complete inspection not yet counted is recorded; a
 * counted one that is no longer Complete (reopened, deleted) is taken back; one still Complete keeps the
 * facts recorded when it was completed, unless `refresh` (refreshInspection) records them again.
 */
export function syncInspection(db: Db, id: number, refresh = false): void {
  const old = prepared<{ firm: number; provider: number | null; day: string }>(
    db,
    'SELECT firm, provider, day FROM dashboard_inspection WHERE adas_inspection = ?',
  ).get(id);
  const now = prepared<Completed>(db, `${COMPLETED_SQL} AND i.adas_inspection = ?`).get(id);
  if (old && now && !refresh) return;
  if (old) {
    roll(db, -1, 'adas_inspection = ?', id);
    prepared(db, 'DELETE FROM dashboard_calibration WHERE adas_inspection = ?').run(id);
    prepared(db, 'DELETE FROM dashboard_inspection WHERE adas_inspection = ?').run(id);
    // Rows that came to nothing go, so that empty groups do not show as zeros (the provider's nodes too).
    const emptied = prepared(
      db,
      `WITH RECURSIVE up(node) AS (SELECT ? UNION SELECT f.parent FROM up JOIN firm f ON f.firm = up.node WHERE f.parent IS NOT NULL)
       DELETE FROM dashboard_daily WHERE node IN (SELECT node FROM up) AND day = ? AND inspections = 0 AND calibrations = 0`,
    );
    emptied.run(old.firm, old.day);
    if (old.provider != null) emptied.run(old.provider, old.day);
  }
  if (now) {
    writeFacts(db, now);
    roll(db, 1, 'adas_inspection = ?', id);
  }
}

/**
 * Re-books inspection `id` after what it bills changed without its status changing (billable.ts: its
 * calibration request created, deleted, closed or reopened): a counted inspection is taken back and
 * recorded again with its lines as they are now, on the same day. Run inside the transaction of the change.
 */
export function refreshInspection(db: Db, id: number): void {
  syncInspection(db, id, true);
}

/**
 * The write hook (api-host/adas/status.ts rollUp, which every change of a job's inspections goes through):
 * syncs every inspection of job `adas`, those deleted included. Run inside the transaction of the change.
 */
export function syncJob(db: Db, adas: number): void {
  const ids = preparedValue<number>(
    db,
    'SELECT adas_inspection FROM adas_inspection WHERE adas = ? UNION SELECT adas_inspection FROM dashboard_inspection WHERE adas = ?',
  ).all(adas, adas);
  for (const id of ids) syncInspection(db, id);
}

/** Recomputes every fact and roll-up from the inspections, in chunks (one transaction). */
export function rebuildDashboard(db: Db, chunk = 20_000): void {
  db.transaction(() => {
    db.exec('DELETE FROM dashboard_daily; DELETE FROM dashboard_calibration; DELETE FROM dashboard_inspection;');
    const page = db.prepare<unknown[], Completed>(`${COMPLETED_SQL} AND i.adas_inspection > ? ORDER BY i.adas_inspection LIMIT ?`);
    for (let after = 0; ;) {
      const rows = page.all(after, chunk);
      const last = rows.at(-1);
      if (!last) break;
      for (const c of rows) writeFacts(db, c);
      after = last.adas_inspection;
    }
    roll(db, 1, 'true');
  })();
}

/**
 * What a completed inspection bills, as its facts hold it (billable.ts wrote them when it completed): each
 * sold calibration with its price in cents, in the systems' order. Empty for an inspection not Complete.
 */
export function billedOf(
  db: Db,
  adasInspection: number,
): { adasChecklistMatrix: number | null; system: string; calibrationType: string; cents: number }[] {
  return prepared<{ adasChecklistMatrix: number | null; system: string; calibrationType: string; cents: number }>(
    db,
    `SELECT r.adas_checklist_matrix AS adasChecklistMatrix, c.system, c.calibration_type AS calibrationType, c.sales_cents AS cents
     FROM dashboard_calibration c LEFT JOIN adas_inspection_result r ON r.adas_inspection_result = c.adas_inspection_result
     WHERE c.adas_inspection = ? ORDER BY c.dashboard_calibration`,
  ).all(adasInspection);
}
