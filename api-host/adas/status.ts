/**
 * The status roll-up (docs/adas.md#states) at the host: after the inspections of a job changed, the job's status
 * follows lib/adas/rules.ts rolledUpStatus. Called inside the transaction that made the change, so the
 * inspection and the job are saved together or not at all.
 */
import { rolledUpStatus } from '../../lib/adas/rules';
import { completeRequestsOf } from '../calibrations/service';
import { syncJob } from '../dashboard/service';
import { completeDispatchesOf } from '../dispatch/service';
import type { Db } from '../core/db';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { nowIso } from '../core/time';

/** Applies the roll-up to job `adas` and answers the job's status afterwards. */
export function rollUp(db: Db, adas: number, user: number): number {
  const job = oneRow(prepared<{ status: number }>(db, 'SELECT status FROM adas WHERE adas = ?').get(adas));
  const statuses = preparedValue<number>(db, 'SELECT status FROM adas_inspection WHERE adas = ?').all(adas);
  const next = rolledUpStatus(job.status, statuses);
  if (next !== job.status) setJobStatus(db, adas, next, user);
  completeRequestsOf(db, adas, user); // a request follows its job (docs/calibrations.md#states)
  completeDispatchesOf(db, adas, user); // a dispatched inspection completed is handed back to its shop
  syncJob(db, adas); // the dashboard's facts and daily roll-ups follow the inspections
  return next;
}

export function setJobStatus(db: Db, adas: number, status: number, user: number): void {
  prepared(db, 'UPDATE adas SET status = ?, status_changed_at = ?, status_changed_by = ? WHERE adas = ?').run(status, nowIso(), user, adas);
}
