/**
 * Dispatch calls (lib/contract/dispatch.ts has the decisions; docs/dispatch.md the rules). Reads check the
 * caller's side of the dispatch (its shop's or its provider's locations, else 404); every step is one
 * IMMEDIATE transaction (steps.ts) whose notices go out after it committed (notify.ts), with the change
 * notices of the request and the job the step re-priced or rescheduled.
 */
import { contract } from '../../lib/contract';
import { assertFirm, type Caller } from '../core/caller';
import type { HostContext } from '../core/context';
import { badRequest, forbidden, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { prepared } from '../core/sql';
import { announceChange } from '../push/service';
import { mayManageDispatch } from '../../lib/dispatch/rules';
import type { StepAnswer } from '../../lib/contract/dispatch';
import { providerChoices } from './choices';
import { announceDispatchSteps } from './notify';
import { dispatchesOfInspection, listDispatches, readDispatch } from './read';
import { dispatchHead, offeringOf } from './relation';
import * as steps from './steps';

const d = contract.dispatch;

/** After a step committed: its notices, and the shop's request and job rows (their prices and status follow it). */
function stepped(ctx: HostContext, caller: Caller, result: StepAnswer): StepAnswer {
  const head = dispatchHead(ctx.db, result.dispatch);
  if (!head) return result;
  announceDispatchSteps(ctx, caller.user, { adas: head.adas }); // a send may have cancelled the job's earlier dispatch too
  announceChange(ctx, caller.user, 'calibrateRequest', [head.calibrate_request], head.firm);
  announceChange(ctx, caller.user, 'adas', [head.adas], head.firm);
  return result;
}

function offeringAnswer(ctx: HostContext, firm: number) {
  const f = prepared<{ name: string; is_provider: number }>(ctx.db, 'SELECT name, is_provider FROM firm WHERE firm = ?').get(firm);
  if (!f) throw notFound('Location');
  return { firm, name: f.name, isProvider: f.is_provider === 1, ...offeringOf(ctx.db, firm) };
}

export const dispatchCalls = [
  implement(d.providers, ({ query, caller, ctx }) => providerChoices(ctx.db, caller, query.adasInspection, query.date)),
  implement(d.dispatches, ({ query, caller, ctx }) => listDispatches(ctx.db, caller, query)),
  implement(d.dispatch, ({ query, caller, ctx }) => readDispatch(ctx.db, caller, query.dispatch)),
  implement(d.ofInspection, ({ query, caller, ctx }) => dispatchesOfInspection(ctx.db, caller, query.adasInspection)),

  implement(d.send, ({ body, caller, ctx }) => stepped(ctx, caller, steps.send(ctx.db, caller, body))),
  implement(d.reschedule, ({ body, caller, ctx }) => stepped(ctx, caller, steps.reschedule(ctx.db, caller, body))),
  implement(d.cancel, ({ body, caller, ctx }) => stepped(ctx, caller, steps.cancel(ctx.db, caller, body))),
  implement(d.accept, ({ body, caller, ctx }) => stepped(ctx, caller, steps.accept(ctx.db, caller, body))),
  implement(d.propose, ({ body, caller, ctx }) => stepped(ctx, caller, steps.propose(ctx.db, caller, body))),
  implement(d.decline, ({ body, caller, ctx }) => stepped(ctx, caller, steps.decline(ctx.db, caller, body))),
  implement(d.acceptReport, ({ body, caller, ctx }) => stepped(ctx, caller, steps.acceptReport(ctx.db, caller, body))),
  implement(d.redo, ({ body, caller, ctx }) => stepped(ctx, caller, steps.redo(ctx.db, caller, body))),

  implement(d.getOffering, ({ query, caller, ctx }) => {
    assertFirm(caller, query.firm, 'Location');
    return offeringAnswer(ctx, query.firm);
  }),
  implement(d.saveOffering, ({ body, caller, ctx }) => {
    assertFirm(caller, body.firm, 'Location');
    if (!mayManageDispatch(caller.role)) throw forbidden('Only a manager of the location may change how it takes calibration work.');
    const current = offeringAnswer(ctx, body.firm);
    if (!current.isProvider) {
      const message = `${current.name} does not offer calibration to other shops.`;
      throw badRequest(message, { firm: [message] });
    }
    prepared(
      ctx.db,
      'INSERT INTO dispatch_offering (firm, offering, capacity) VALUES (?, ?, ?) ON CONFLICT (firm) DO UPDATE SET offering = excluded.offering, capacity = excluded.capacity',
    ).run(body.firm, body.offering, body.capacity);
    return offeringAnswer(ctx, body.firm);
  }),
];
