/**
 * Where each inspection of a job sent its calibrations, for the shop's list of the job's inspections
 * (docs/dispatch.md#screens). Reads the dispatch table only, so the ADAS area may use it without a cycle.
 */
import type { DispatchSummary } from '../../lib/contract/dispatch';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';

/**
 * The last dispatch of each inspection of the job: the one that stands (or was closed) when there is one, as a
 * request has one standing dispatch at a time and a new one is sent only once the last ended; else the last
 * declined or cancelled. Inspections never sent are absent. The caller reaches the job as its shop (the job's
 * call checked it).
 */
export function dispatchesOfJob(db: Db, adas: number): Map<number, DispatchSummary> {
  const rows = prepared<DispatchSummary & { adasInspection: number }>(
    db,
    `SELECT d.adas_inspection AS adasInspection, d.dispatch, d.status, d.provider, pf.name AS providerName, d.scheduled_date AS scheduledDate
     FROM dispatch d JOIN firm pf ON pf.firm = d.provider WHERE d.adas = ?
     ORDER BY d.dispatch DESC`,
  ).all(adas);
  const byInspection = new Map<number, DispatchSummary>();
  for (const { adasInspection, ...d } of rows) if (!byInspection.has(adasInspection)) byInspection.set(adasInspection, d);
  return byInspection;
}
