/**
 * The dispatch's push outbox (schema.ts): every step bumps the dispatch's version and says which step it was
 * and which side took it; once the call's transaction committed, `announceDispatchSteps` sends, for each
 * version not announced yet, the step's notice to the other side's users (lib/push/messages.ts
 * DispatchNotice, a toast that links to the inspection or the queue) and a change notice of the dispatch to
 * both sides (open queues refresh), then marks it announced. A step rolled back leaves nothing to announce;
 * a completion made inside the ADAS area's write is announced by that call (api-host/adas/calls.ts).
 */
import { PUSH_TARGETS, type DispatchNotice } from '../../lib/push/messages';
import { RECORDS_CHANGED, type RecordsChanged } from '../../lib/push/changes';
import { stepText, type DispatchSide, type DispatchStep } from '../../lib/dispatch/rules';
import type { HostContext } from '../core/context';
import { prepared } from '../core/sql';
import { usersReaching } from '../core/reach';
import { currentTab } from '../push/service';

interface Pending {
  dispatch: number;
  adas_inspection: number;
  firm: number;
  provider: number;
  shop_name: string;
  provider_name: string;
  vehicle: string;
  version: number;
  last_step: DispatchStep;
  last_side: DispatchSide;
}

const TITLES: Readonly<Record<DispatchStep, string>> = {
  sent: 'Calibration request received',
  changed: 'Date changed',
  cancelled: 'Calibration cancelled',
  accepted: 'Calibration accepted',
  proposed: 'Another date proposed',
  declined: 'Calibration declined',
  completed: 'Calibration completed',
  closed: 'Report accepted',
  redo: 'Redo asked for',
};

/** Announces the steps of the dispatches of `which` (a dispatch, or a job's) not announced yet; `by` took them. */
export function announceDispatchSteps(ctx: HostContext, by: number, which: { dispatch?: number; adas?: number }): void {
  const column = which.dispatch != null ? 'd.dispatch' : 'd.adas';
  const id = which.dispatch ?? which.adas;
  if (id == null) return;
  const pending = prepared<Pending>(
    ctx.db,
    `SELECT d.dispatch, d.adas_inspection, d.firm, d.provider, sf.name AS shop_name, pf.name AS provider_name,
            r.year || ' ' || r.make || ' ' || r.model AS vehicle, d.version, d.last_step, d.last_side
     FROM dispatch d JOIN firm sf ON sf.firm = d.firm JOIN firm pf ON pf.firm = d.provider JOIN calibrate_request r ON r.calibrate_request = d.calibrate_request
     WHERE ${column} = ? AND d.version > d.notified_version`,
  ).all(id);
  if (pending.length === 0) return;
  const mark = prepared(ctx.db, 'UPDATE dispatch SET notified_version = ? WHERE dispatch = ? AND notified_version < ?');
  for (const p of pending) {
    mark.run(p.version, p.dispatch, p.version);
    if (!ctx.push) continue;
    const hears: DispatchSide = p.last_side === 'shop' ? 'provider' : 'shop';
    const users = usersReaching(ctx.db, hears === 'shop' ? p.firm : p.provider);
    const notice: DispatchNotice = {
      dispatch: p.dispatch,
      adasInspection: p.adas_inspection,
      version: p.version,
      side: hears,
      title: TITLES[p.last_step],
      text: stepText(p.last_step, { providerName: p.provider_name, shopName: p.shop_name, vehicle: p.vehicle }),
    };
    // The one who took the step knows; everyone else of the other side hears it.
    ctx.push.send((owner) => users.has(owner.user) && owner.user !== by, PUSH_TARGETS.dispatch, [notice]);
    // Open queues of both sides follow the dispatch: its shop's users and its provider's.
    const both = new Set([...usersReaching(ctx.db, p.firm), ...usersReaching(ctx.db, p.provider)]);
    const tab = currentTab();
    const changed: RecordsChanged = { kind: 'dispatch', ids: [p.dispatch], by, ...(tab && { tab }) };
    ctx.push.send((owner) => both.has(owner.user), RECORDS_CHANGED, [changed]);
  }
}
