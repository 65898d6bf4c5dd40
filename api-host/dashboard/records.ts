/**
 * dashboard/adasRecords: the jobs created in the period (local days in the caller's time zone) within the
 * scope — or, with `tech`, the jobs of that technician's inspections completed in the period as the numbers
 * count them (the drill from a "by tech" row) — one page, each with its inspections as JSON text built by
 * SQLite (docs/dashboard.md#fields: the host sends them as text; lib/contract/dashboard.ts parses them). The page's jobs come from the (firm, created_at) index.
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
    'results', (SELECT json_group_array(json_object('system', r.system, 'result', r.result, 'calibrationType', r.calibration_type))
                FROM (SELECT * FROM adas_inspection_result WHERE adas_inspection = i.adas_inspection ORDER BY sort) r)))
  FROM (SELECT * FROM adas_inspection WHERE adas = j.adas ORDER BY adas_inspection) i)`;

export function adasRecords(db: Db, caller: Caller, q: Query) {
  const nodes = scopeNodes(db, caller, q.firm);
  const zone = caller.profile.timezone;
  const from = dayStart(q.startDate, zone)!;
  const to = dayStart(q.endDate, zone, 1)!;
  const scope = `WITH RECURSIVE sub(firm) AS (SELECT value FROM json_each(?) UNION SELECT f.firm FROM firm f JOIN sub ON f.parent = sub.firm)`;
  // A technician's jobs: those the numbers count for them in the period (their facts, rollup.ts), else the jobs created in it.
  const byTech = q.tech !== undefined;
  const where = byTech
    ? `j.firm IN (SELECT firm FROM sub) AND j.adas IN (SELECT d.adas FROM dashboard_inspection d WHERE d.day BETWEEN ? AND ? AND ifnull(d.tech, 0) = ? AND d.firm IN (SELECT firm FROM sub))`
    : 'j.firm IN (SELECT firm FROM sub) AND j.created_at >= ? AND j.created_at < ?';
  const params = byTech
    ? [JSON.stringify(nodes), q.startDate, q.endDate, q.tech]
    : [JSON.stringify(nodes), from.replace(/\.\d{3}Z$/, 'Z'), to.replace(/\.\d{3}Z$/, 'Z')];
  const count = oneRow(preparedValue<number>(db, `${scope} SELECT count(*) FROM adas j WHERE ${where}`).get(...params));
  const dir = q.direction === 'desc' ? 'DESC' : 'ASC';
  // The row's inspections stay JSON text (the wire form); the contract's adasRecord parses them.
  const items = prepared<z.input<typeof adasRecord>>(
    db,
    `${scope} SELECT j.adas, j.firm, j.firm_name AS firmName, j.ronumber, j.vehicle_label AS vehicle, j.vin, j.status, j.created_at AS createdAt,
       ${INSPECTIONS_JSON} AS inspections
     FROM adas j WHERE ${where} ORDER BY ${ORDER[q.orderBy]} ${dir}, j.adas ${dir} LIMIT ? OFFSET ?`,
  ).all(...params, q.pageSize, (q.page - 1) * q.pageSize);
  if (!byTech) return { count, items };
  return {
    count,
    items,
    technician: oneRow(preparedValue<string>(db, `SELECT ${techName('?')}`).get(q.tech)),
  };
}
