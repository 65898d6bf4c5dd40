/**
 * dashboard/adasRecords: the records behind the numbers, one page. The jobs of the scope created in the period
 * (local days in the caller's time zone) or with an inspection the numbers count in it (completed in the
 * period: its facts, rollup.ts), each with what the numbers count for it in the period — its inspections
 * completed, calibrations and sales, summed from the same facts as every other figure of the dashboard
 * (billable.ts), so the records' columns add up to the numbers' totals for any period and location
 * (docs/dashboard.md#dashboard-numbers-what-a-sale-is). With `tech`, the jobs of that technician's inspections
 * counted in the period (the drill from a "by tech" row), with that technician's share of them. Each job
 * carries its inspections as JSON text built by SQLite (docs/dashboard.md#fields: the host sends them as text;
 * lib/contract/dashboard.ts parses them).
 */
import type { z } from 'zod';
import type { adasRecord, recordsQuery } from '../../lib/contract/dashboard';
import { dayStart } from '../../lib/dates';
import type { Db } from '../core/db';
import type { Caller } from '../core/caller';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { scopeNodes, techName } from './query';

type Query = z.output<typeof recordsQuery>;

const ORDER: Record<Query['orderBy'], string> = {
  created: 'j.created_at',
  ronumber: 'j.ronumber',
  firm: 'j.firm_name',
  vehicle: 'j.vehicle_label',
  status: 'j.status',
};

const INSPECTIONS_JSON = `(
  SELECT json_group_array(json_object(
    'adasInspection', i.adas_inspection, 'type', i.adas_inspection_type, 'status', i.status,
    'inspector', (SELECT trim(c.first_name || ' ' || c.last_name) FROM user u JOIN contact c ON c.contact = u.contact WHERE u.user = i.inspector),
    'completedAt', i.completed_at,
    'results', (SELECT json_group_array(json_object('system', r.system, 'result', r.result, 'isNotEquipped', json(CASE WHEN r.is_not_equipped THEN 'true' ELSE 'false' END), 'calibrationType', r.calibration_type))
                FROM (SELECT * FROM adas_inspection_result WHERE adas_inspection = i.adas_inspection ORDER BY sort) r)))
  FROM (SELECT * FROM adas_inspection WHERE adas = j.adas ORDER BY adas_inspection) i)`;

const iso = (s: string) => s.replace(/\.\d{3}Z$/, 'Z');

export function adasRecords(db: Db, caller: Caller, q: Query) {
  const nodes = scopeNodes(db, caller, q.firm);
  const zone = caller.profile.timezone;
  const byTech = q.tech !== undefined;
  // sub: the scope's locations; counted: per job, what the numbers count for it in the period (the facts).
  const scope = `WITH RECURSIVE sub(firm) AS (SELECT value FROM json_each(@nodes) UNION SELECT f.firm FROM firm f JOIN sub ON f.parent = sub.firm),
    counted(adas, inspections, calibrations, sales_cents) AS (
      SELECT d.adas, count(*), sum(d.calibrations), sum(d.sales_cents) FROM dashboard_inspection d
      WHERE d.day BETWEEN @startDate AND @endDate AND d.firm IN (SELECT firm FROM sub) ${byTech ? 'AND ifnull(d.tech, 0) = @tech' : ''}
      GROUP BY d.adas),
    listed(adas) AS (
      SELECT adas FROM counted
      ${byTech ? '' : 'UNION SELECT j.adas FROM adas j WHERE j.firm IN (SELECT firm FROM sub) AND j.created_at >= @from AND j.created_at < @to'})`;
  const params = {
    nodes: JSON.stringify(nodes),
    startDate: q.startDate,
    endDate: q.endDate,
    ...(byTech ? { tech: q.tech } : { from: iso(dayStart(q.startDate, zone)!), to: iso(dayStart(q.endDate, zone, 1)!) }),
  };
  const count = oneRow(preparedValue<number>(db, `${scope} SELECT count(*) FROM listed`).get(params));
  const dir = q.direction === 'desc' ? 'DESC' : 'ASC';
  // The row's inspections stay JSON text (the wire form); the contract's adasRecord parses them.
  const items = prepared<z.input<typeof adasRecord>>(
    db,
    `${scope} SELECT j.adas, j.firm, j.firm_name AS firmName, j.ronumber, j.vehicle_label AS vehicle, j.vin, j.status, j.created_at AS createdAt,
       coalesce(c.inspections, 0) AS completedInspections, coalesce(c.calibrations, 0) AS calibrations, coalesce(c.sales_cents, 0) / 100.0 AS sales,
       ${INSPECTIONS_JSON} AS inspections
     FROM listed l JOIN adas j ON j.adas = l.adas LEFT JOIN counted c ON c.adas = j.adas
     ORDER BY ${ORDER[q.orderBy]} ${dir}, j.adas ${dir} LIMIT @limit OFFSET @offset`,
  ).all({ ...params, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  if (!byTech) return { count, items };
  return {
    count,
    items,
    technician: oneRow(preparedValue<string>(db, `SELECT ${techName('?')}`).get(q.tech)),
  };
}
