/**
 * A dispatch as its history sees it (docs/history.md#what-is-recorded, docs/dispatch.md#states): every step is
 * a change of its fields — status, provider, mode, the date asked for, the date proposed, the visit scheduled
 * (date, window, technician), the reason given, and when it was accepted, completed and closed — recorded in
 * the step's transaction with who took it and when. Its calibrations and their prices at the provider are one
 * field, so a re-pricing shows too. The record's firm is the shop; the provider's users read it as well
 * (api-host/history/calls.ts `alsoReadBy`).
 */
import { MODE_LABELS, showTime, showDay, type DispatchMode } from '../../lib/dispatch/rules';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { shown, withHistory, type Snapshot } from '../history/service';
import { userName } from '../users/service';

interface Row {
  firm: number;
  shop: string;
  provider: string;
  status: string;
  mode: DispatchMode;
  requested_date: string;
  proposed_date: string | null;
  scheduled_date: string | null;
  window_start: string | null;
  window_end: string | null;
  technician: string | null;
  reason: string;
  accepted_at: string | null;
  completed_at: string | null;
  closed_at: string | null;
  calibrations: string | null;
}

/** The dispatch as its history compares it; null when there is no such dispatch. */
export function dispatchSnapshot(db: Db, id: number): Snapshot | null {
  const r = prepared<Row>(
    db,
    `SELECT d.firm, sf.name AS shop, pf.name AS provider, d.status, d.mode, d.requested_date, d.proposed_date, d.scheduled_date,
            d.window_start, d.window_end, ${userName('d.technician')} AS technician, d.reason, d.accepted_at, d.completed_at, d.closed_at,
            (SELECT group_concat(x, '; ') FROM (SELECT l.system || ' ' || CASE WHEN l.price_cents IS NULL THEN '(unpriced)'
               ELSE printf('$%.2f', l.price_cents / 100.0) END AS x
             FROM calibrate_request_line l WHERE l.calibrate_request = d.calibrate_request ORDER BY l.calibrate_request_line)) AS calibrations
     FROM dispatch d JOIN firm sf ON sf.firm = d.firm JOIN firm pf ON pf.firm = d.provider WHERE d.dispatch = ?`,
  ).get(id);
  if (!r) return null;
  return {
    firm: r.firm,
    fields: {
      Shop: r.shop,
      Provider: r.provider,
      Status: r.status,
      Where: MODE_LABELS[r.mode],
      'Date asked for': showDay(r.requested_date),
      'Date proposed': shown(showDay(r.proposed_date)),
      Scheduled: shown(showDay(r.scheduled_date)),
      Window: r.window_start && r.window_end ? `${showTime(r.window_start)} – ${showTime(r.window_end)}` : null,
      Technician: shown(r.technician),
      Reason: shown(r.reason),
      Calibrations: shown(r.calibrations),
      Accepted: shown(r.accepted_at),
      Completed: shown(r.completed_at),
      Closed: shown(r.closed_at),
    },
  };
}

/** Runs a write of dispatch `id` (null: the write creates it, `created` names it) and records what it changed, in the caller's transaction. */
export function withDispatchHistory<T>(db: Db, by: number, id: number | null, write: () => T, created?: (result: T) => number): T {
  return withHistory(db, { kind: 'dispatch', by }, id, dispatchSnapshot, write, created);
}
