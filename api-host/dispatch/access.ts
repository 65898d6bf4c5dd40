/**
 * THE DISPATCH RELATION, checked on every call of a provider's user (docs/dispatch.md#states "Access"): the
 * host's visibility functions (adas/inspection-head.ts visibleInspection and openInspection, adas/calls.ts
 * visibleJob, calibrations/scrub.ts inspectionJob, calibrations/calls.ts visibleJobId, calibrations/requests.ts
 * visibleRequest) let a caller who does not reach a record's firm through here, and nowhere else: a dispatch
 * of that inspection (job, request) to one of the caller's locations, whose status gives that access
 * (lib/dispatch/rules.ts PROVIDER_ACCESS). What the call needs decides:
 * - `read`: the provider reads while the dispatch is Accepted or Completed;
 * - `work`: the provider changes only while it is Accepted (recording results, evidence, completing);
 * - `own`: only the shop (its job's and request's own business: editing the job, the estimate, the request).
 * A caller with no dispatch of the record gets the same 404 as for an unknown record; one whose dispatch does
 * not give what the call needs gets a 403 saying why (not accepted yet, handed back, ended), and nothing is
 * written. Indexed reads: dispatch_inspection, dispatch_job, dispatch_request.
 */
import { formatDate } from '../../lib/dates';
import { providerAccess, type DispatchStatus } from '../../lib/dispatch/rules';
import type { Caller } from '../core/caller';
import type { Db } from '../core/db';
import { forbidden, notFound } from '../core/errors';
import { prepared } from '../core/sql';

/** What a call needs of a record (the module head). */
export type Need = 'read' | 'work' | 'own';
/** How the caller reaches it: through its own locations, or a dispatch to one of them. */
export type Via = 'own' | 'dispatch';

interface Relation {
  dispatch: number;
  status: DispatchStatus;
  shopName: string;
  providerName: string;
  changedAt: string;
  timezone: number | null;
}

const COLUMN = { inspection: 'adas_inspection', job: 'adas', request: 'calibrate_request' } as const;
type Kind = keyof typeof COLUMN;

/** The newest dispatch of the record to one of `firms` (the caller's locations), if any. */
function relationOf(db: Db, firms: ReadonlySet<number>, kind: Kind, id: number): Relation | undefined {
  if (firms.size === 0) return undefined;
  return prepared<Relation>(
    db,
    `SELECT d.dispatch, d.status, sf.name AS shopName, pf.name AS providerName, d.status_changed_at AS changedAt, sf.timezone
     FROM dispatch d JOIN firm sf ON sf.firm = d.firm JOIN firm pf ON pf.firm = d.provider
     WHERE d.${COLUMN[kind]} = ? AND d.provider IN (SELECT value FROM json_each(?)) ORDER BY d.dispatch DESC LIMIT 1`,
  ).get(id, JSON.stringify([...firms]));
}

/** What the provider may do with the request itself (its lines and conversation): while the dispatch stands. */
const requestAccess = (s: DispatchStatus): 'work' | 'read' | null =>
  s === 'Requested' || s === 'Proposed' || s === 'Accepted' ? 'work' : s === 'Completed' ? 'read' : null;

/** Why the relation does not give what the call needs (the 403's message). */
function refusal(r: Relation, need: Need, kind: Kind): string {
  const on = formatDate(r.changedAt, r.timezone);
  if (need === 'own')
    return `Only ${r.shopName} can do this: your location works on this ${kind === 'request' ? 'request' : 'inspection'} through its dispatch.`;
  switch (r.status) {
    case 'Requested':
    case 'Proposed':
      return `Your location has not accepted this calibration for ${r.shopName} yet: accept it in the dispatch queue to work on the inspection.`;
    case 'Completed':
      return `${r.providerName} handed this work back to ${r.shopName} on ${on}: the inspection is read-only for your location.`;
    case 'Closed':
      return `${r.shopName} accepted the report on ${on}: your location's access to this job ended.`;
    case 'Declined':
      return `Your location declined this calibration for ${r.shopName} on ${on}: its access to this job ended.`;
    case 'Cancelled':
      return `${r.shopName} cancelled this calibration on ${on}: your location's access to this job ended.`;
    default:
      return 'Your location has no access to this job.';
  }
}

/**
 * How the caller reaches record `id` of firm `firm` for what the call needs: 'own' when it reaches the firm,
 * 'dispatch' when a dispatch to one of its locations allows it; else 404 (no relation) or 403 (why not).
 */
function reach(db: Db, caller: Pick<Caller, 'firms'>, kind: Kind, firm: number, id: number, need: Need, what: string): Via {
  if (caller.firms.has(firm)) return 'own';
  const r = relationOf(db, caller.firms, kind, id);
  if (!r) throw notFound(what);
  const access = kind === 'request' ? requestAccess(r.status) : providerAccess(r.status);
  if (need !== 'own' && (access === 'work' || (access === 'read' && need === 'read'))) return 'dispatch';
  throw forbidden(refusal(r, need, kind));
}

export const reachInspection = (db: Db, caller: Pick<Caller, 'firms'>, firm: number, id: number, need: Need, what = 'Inspection') =>
  reach(db, caller, 'inspection', firm, id, need, what);
export const reachJob = (db: Db, caller: Pick<Caller, 'firms'>, firm: number, id: number, need: Need, what = 'ADAS job') =>
  reach(db, caller, 'job', firm, id, need, what);
export const reachRequest = (db: Db, caller: Pick<Caller, 'firms'>, firm: number, id: number, need: Need, what = 'Calibration request') =>
  reach(db, caller, 'request', firm, id, need, what);
