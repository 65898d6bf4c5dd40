/**
 * The steps of a dispatch taken through its calls (docs/dispatch.md#states, lib/dispatch/rules.ts STEP_RULES),
 * each one IMMEDIATE transaction: the dispatch's conditional change with its history (relation.ts applyStep),
 * and what follows on the request (its lines re-priced at the provider's or back at the shop's, its status
 * scheduled or unscheduled: the calibrations area's own writes, with the request's history) and on the
 * dashboard's facts. A step that lost a race changes nothing and answers 409 saying what happened.
 */
import type { z } from 'zod';
import type { contract } from '../../lib/contract';
import type { RepricedLine, StepAnswer } from '../../lib/contract/dispatch';
import { mayManageDispatch, mayStep, showDay, type DispatchStatus } from '../../lib/dispatch/rules';
import type { Caller } from '../core/caller';
import type { Db } from '../core/db';
import { badRequest, conflict, forbidden } from '../core/errors';
import { followDispatch, repriceRequest, visibleRequest } from '../calibrations/service';
import { refreshInspection } from '../dashboard/service';
import {
  applyStep,
  bookedOn,
  checkDate,
  createDispatch,
  notNow,
  offeringOf,
  providerTechnicians,
  visibleDispatch,
  type DispatchHead,
} from './relation';

type Calls = typeof contract.dispatch;
type Body<K extends keyof Calls> = Calls[K] extends { body: infer B extends z.ZodType } ? z.output<B> : never;

const writing = <T>(db: Db, fn: () => T): T => db.transaction(fn).immediate();

const answer = (dispatch: number, status: DispatchStatus, repriced: RepricedLine[] = []): StepAnswer => ({ dispatch, status, repriced });

/** 403 unless the caller manages requests (accepting, proposing, declining, accepting a report, asking for a redo). */
function assertManager(caller: Caller, what: string): void {
  if (!mayManageDispatch(caller.role)) throw forbidden(`Only a manager of the location may ${what}.`);
}

export function send(db: Db, caller: Caller, b: Body<'send'>): StepAnswer {
  return writing(db, () => {
    const r = visibleRequest(db, caller, b.calibrateRequest, 'own');
    const sent = createDispatch(db, caller, r, b, () => repriceRequest(db, caller.user, r.calibrate_request, b.provider));
    return answer(sent.dispatch, 'Requested', sent.repriced);
  });
}

export function reschedule(db: Db, caller: Caller, b: Body<'reschedule'>): StepAnswer {
  return writing(db, () => {
    const head = visibleDispatch(db, caller, b.dispatch, 'shop');
    checkDate(db, head.firm, 'requestedDate', b.requestedDate);
    applyStep(db, caller.user, head, {
      step: 'changed',
      status: 'Requested',
      side: 'shop',
      set: { requested_date: b.requestedDate, proposed_date: null, reason: b.note },
    });
    return answer(head.dispatch, 'Requested');
  });
}

/** The work comes back in house (declined, cancelled): the request's lines at the shop's prices, a Scheduled request unscheduled. */
function backInHouse(db: Db, user: number, head: DispatchHead): RepricedLine[] {
  followDispatch(db, user, head.calibrate_request, 'unscheduled');
  const repriced = repriceRequest(db, user, head.calibrate_request, head.firm);
  refreshInspection(db, head.adas_inspection); // a counted inspection (a redo not yet reopened) is priced again (dashboard/billable.ts)
  return repriced;
}

export function cancel(db: Db, caller: Caller, b: Body<'cancel'>): StepAnswer {
  return writing(db, () => {
    const head = visibleDispatch(db, caller, b.dispatch, 'shop');
    applyStep(db, caller.user, head, { step: 'cancelled', status: 'Cancelled', side: 'shop', set: { reason: b.reason } });
    return answer(head.dispatch, 'Cancelled', backInHouse(db, caller.user, head));
  });
}

export function accept(db: Db, caller: Caller, b: Body<'accept'>): StepAnswer {
  return writing(db, () => {
    const head = visibleDispatch(db, caller, b.dispatch, 'provider');
    assertManager(caller, 'accept work for it');
    if (!mayStep('accepted', head.status)) throw conflict(notNow(db, 'accepted', head));
    checkDate(db, head.firm, 'scheduledDate', b.scheduledDate);
    if (!providerTechnicians(db, head.provider).some((t) => t.user === b.technician)) {
      const message = `The technician must be an active user of ${head.provider_name}.`;
      throw badRequest(message, { technician: [message] });
    }
    const { capacity } = offeringOf(db, head.provider);
    const booked = bookedOn(db, head.provider, b.scheduledDate);
    if (booked >= capacity)
      throw conflict(
        `${head.provider_name} has ${booked} vehicle${booked === 1 ? '' : 's'} scheduled on ${showDay(b.scheduledDate)}, as many as it takes a day (${capacity}): choose another date, or propose one to the shop.`,
      );
    applyStep(db, caller.user, head, {
      step: 'accepted',
      status: 'Accepted',
      side: 'provider',
      version: b.version,
      set: {
        scheduled_date: b.scheduledDate,
        window_start: b.windowStart,
        window_end: b.windowEnd,
        technician: b.technician,
        proposed_date: null,
        accepted_by: caller.user,
        accepted_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      },
    });
    followDispatch(db, caller.user, head.calibrate_request, 'Scheduled');
    return answer(head.dispatch, 'Accepted');
  });
}

export function propose(db: Db, caller: Caller, b: Body<'propose'>): StepAnswer {
  return writing(db, () => {
    const head = visibleDispatch(db, caller, b.dispatch, 'provider');
    assertManager(caller, 'propose another date');
    if (!mayStep('proposed', head.status)) throw conflict(notNow(db, 'proposed', head));
    checkDate(db, head.firm, 'proposedDate', b.proposedDate);
    if (b.proposedDate === head.requested_date) {
      const message = 'That is the date the shop asked for: accept it instead.';
      throw badRequest(message, { proposedDate: [message] });
    }
    applyStep(db, caller.user, head, {
      step: 'proposed',
      status: 'Proposed',
      side: 'provider',
      set: { proposed_date: b.proposedDate, reason: b.reason },
    });
    return answer(head.dispatch, 'Proposed');
  });
}

export function decline(db: Db, caller: Caller, b: Body<'decline'>): StepAnswer {
  return writing(db, () => {
    const head = visibleDispatch(db, caller, b.dispatch, 'provider');
    assertManager(caller, 'decline work for it');
    applyStep(db, caller.user, head, { step: 'declined', status: 'Declined', side: 'provider', set: { reason: b.reason } });
    return answer(head.dispatch, 'Declined', backInHouse(db, caller.user, head));
  });
}

export function acceptReport(db: Db, caller: Caller, b: Body<'acceptReport'>): StepAnswer {
  return writing(db, () => {
    const head = visibleDispatch(db, caller, b.dispatch, 'shop');
    assertManager(caller, 'accept a report');
    applyStep(db, caller.user, head, {
      step: 'closed',
      status: 'Closed',
      side: 'shop',
      set: { closed_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') },
    });
    return answer(head.dispatch, 'Closed');
  });
}

/**
 * A redo gives the provider its work back (Accepted again, with the shop's reason): its users reopen the
 * inspection and record again; completing it hands it back once more (relation.ts completeDispatchesOf).
 */
export function redo(db: Db, caller: Caller, b: Body<'redo'>): StepAnswer {
  return writing(db, () => {
    const head = visibleDispatch(db, caller, b.dispatch, 'shop');
    assertManager(caller, 'ask for a redo');
    applyStep(db, caller.user, head, { step: 'redo', status: 'Accepted', side: 'shop', set: { reason: b.reason, completed_at: null } });
    return answer(head.dispatch, 'Accepted');
  });
}
