/**
 * An inspection as other areas check it before they change something of it (its evidence, its results):
 * visible to the caller's firms (or through a dispatch to one of them, as far as the call needs: the one
 * relation check, api-host/dispatch/access.ts), and open. Apart from adas/calls.ts so that reading it pulls
 * in nothing of the job's writes (which reach calibrations and the dashboard).
 */
import { STATUS } from '../../lib/adas/rules';
import { type Caller } from '../core/caller';
import type { Db } from '../core/db';
import { conflict, notFound } from '../core/errors';
import { prepared } from '../core/sql';
import { userName } from '../users/service';
import { reachInspection, type Need, type Via } from '../dispatch/service';

export interface InspectionHead {
  adas_inspection: number;
  adas: number;
  firm: number;
  status: number;
  status_changed_at: string | null;
  changed_by: string | null;
  /** Reached through the caller's own locations, or a dispatch to one of them. */
  via: Via;
}

export function visibleInspection(db: Db, caller: Caller, id: number, need: Need): InspectionHead {
  const row = prepared<Omit<InspectionHead, 'via'>>(
    db,
    `SELECT i.adas_inspection, i.adas, j.firm, i.status, i.status_changed_at, ${userName('i.status_changed_by')} AS changed_by
     FROM adas_inspection i JOIN adas j ON j.adas = i.adas WHERE i.adas_inspection = ?`,
  ).get(id);
  if (!row) throw notFound('Inspection');
  return { ...row, via: reachInspection(db, caller, row.firm, row.adas_inspection, need) };
}

/** An open inspection, else 409: a Complete one changes only by reopening it. */
export function openInspection(db: Db, caller: Caller, id: number, need: Exclude<Need, 'read'>): InspectionHead {
  const head = visibleInspection(db, caller, id, need);
  if (head.status === STATUS.complete) throw conflict('This inspection is Complete: reopen it to change it.');
  return head;
}
