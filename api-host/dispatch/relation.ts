/**
 * A dispatch as other areas' writes meet it (exported by service.ts; nothing here reaches an area that uses
 * dispatch, so the areas below can call it in their own transactions): reading one and whose side a caller is
 * on, the shop's providers and how they work, creating a dispatch as a request is sent, the conditional
 * status change every step is (`applyStep`, with its history), the roll-up's hand-back of a completed
 * inspection, a closed request taking its dispatch with it, and the guards on deleting what a dispatch holds.
 */
import { TZDate } from '@date-fns/tz';
import { lightFormat } from 'date-fns';
import type { z } from 'zod';
import type { dispatchChoice } from '../../lib/contract/dispatch';
import type { RepricedLine } from '../../lib/contract/dispatch';
import { STATUS } from '../../lib/adas/rules';
import { formatDate, zoneOf } from '../../lib/dates';
import {
  DEFAULT_CAPACITY,
  DEFAULT_OFFERING,
  DISPATCH_STATUS_TEXT,
  dateProblem,
  mayStep,
  modesOf,
  type DispatchSide,
  type DispatchStatus,
  type DispatchStep,
  type Offering,
} from '../../lib/dispatch/rules';
import type { Caller } from '../core/caller';
import type { Db } from '../core/db';
import { badRequest, conflict, forbidden, notFound } from '../core/errors';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { nowIso } from '../core/time';
import { providersOf } from '../locations/service';
import { withDispatchHistory } from './history';

/** A dispatch as the steps check it. */
export interface DispatchHead {
  dispatch: number;
  calibrate_request: number;
  adas_inspection: number;
  adas: number;
  firm: number;
  provider: number;
  status: DispatchStatus;
  mode: string;
  requested_date: string;
  version: number;
  shop_name: string;
  provider_name: string;
}

export function dispatchHead(db: Db, id: number): DispatchHead | undefined {
  return prepared<DispatchHead>(
    db,
    `SELECT d.dispatch, d.calibrate_request, d.adas_inspection, d.adas, d.firm, d.provider, d.status, d.mode, d.requested_date, d.version,
            sf.name AS shop_name, pf.name AS provider_name
     FROM dispatch d JOIN firm sf ON sf.firm = d.firm JOIN firm pf ON pf.firm = d.provider WHERE d.dispatch = ?`,
  ).get(id);
}

/**
 * The caller's side of a dispatch: the provider's when it reaches the provider (a location on both sides acts
 * as the provider), else the shop's; neither: 404, as for an unknown dispatch.
 */
export function sideOf(caller: Pick<Caller, 'firms'>, d: Pick<DispatchHead, 'firm' | 'provider'>): DispatchSide {
  if (caller.firms.has(d.provider)) return 'provider';
  if (caller.firms.has(d.firm)) return 'shop';
  throw notFound('Dispatch');
}

/** The dispatch, seen by a caller on `side` (404 when the caller is on neither, 403 on the other one only). */
export function visibleDispatch(db: Db, caller: Pick<Caller, 'firms'>, id: number, side?: DispatchSide): DispatchHead {
  const d = dispatchHead(db, id);
  if (!d) throw notFound('Dispatch');
  sideOf(caller, d);
  if (side === 'provider' && !caller.firms.has(d.provider))
    throw forbidden(`Only ${d.provider_name}, the provider this request was sent to, can do this.`);
  if (side === 'shop' && !caller.firms.has(d.firm)) throw forbidden(`Only ${d.shop_name}, the shop that sent this request, can do this.`);
  return d;
}

/** A provider's offering: how it works and how many vehicles a day it takes (defaults without a row of its own). */
export function offeringOf(db: Db, firm: number): { offering: Offering; capacity: number } {
  return (
    prepared<{ offering: Offering; capacity: number }>(db, 'SELECT offering, capacity FROM dispatch_offering WHERE firm = ?').get(firm) ?? {
      offering: DEFAULT_OFFERING,
      capacity: DEFAULT_CAPACITY,
    }
  );
}

/** Vehicles the provider has scheduled (accepted) on a day. */
export const bookedOn = (db: Db, provider: number, day: string) =>
  oneRow(
    preparedValue<number>(db, "SELECT count(*) FROM dispatch WHERE provider = ? AND scheduled_date = ? AND status = 'Accepted'").get(
      provider,
      day,
    ),
  );

/** The provider's active users: whom it may schedule as the technician. */
export const providerTechnicians = (db: Db, provider: number) =>
  prepared<{ user: number; name: string }>(
    db,
    `SELECT u.user, trim(c.first_name || ' ' || c.last_name) AS name FROM user_firm uf JOIN user u ON u.user = uf.user
     JOIN contact c ON c.contact = u.contact WHERE uf.firm = ? AND u.is_inactive = 0 AND u.deleted_at IS NULL ORDER BY c.last_name, c.first_name, u.user`,
  ).all(provider);

/** Today (YYYY-MM-DD) at a location: the day its dates are asked for in. */
export function todayAt(db: Db, firm: number): string {
  const zone = preparedValue<number | null>(db, 'SELECT timezone FROM firm WHERE firm = ?').get(firm) ?? null;
  return lightFormat(new TZDate(Date.now(), zoneOf(zone)), 'yyyy-MM-dd');
}

/** 400 on `field` unless `day` may be asked for, proposed or scheduled at the shop (lib/dispatch/rules.ts dateProblem). */
export function checkDate(db: Db, shop: number, field: string, day: string): void {
  const problem = dateProblem(day, todayAt(db, shop));
  if (problem) throw badRequest(problem, { [field]: [problem] });
}

const firmName = (db: Db, firm: number) => preparedValue<string>(db, 'SELECT name FROM firm WHERE firm = ?').get(firm);

/**
 * 400 unless `provider` is one of the shop's providers (firm/providers: chosen, or of its network) and works the
 * way asked for; answers its name.
 */
export function assertShopProvider(db: Db, shop: number, provider: number, mode?: string): string {
  const name = firmName(db, provider);
  if (!providersOf(db, shop).has(provider)) {
    const message = `${name ?? `Location ${provider}`} is not one of ${firmName(db, shop)}'s calibration providers: choose one of its providers, or add it on the Providers page first.`;
    throw badRequest(message, { provider: [message] });
  }
  if (mode !== undefined) {
    const { offering } = offeringOf(db, provider);
    if (!(modesOf(offering) as string[]).includes(mode)) {
      const message = `${name} calibrates ${offering === 'on-site' ? 'on site only' : 'in its bay only'}.`;
      throw badRequest(message, { mode: [message] });
    }
  }
  return name!;
}

const STEP_VERBS: Readonly<Record<DispatchStep, string>> = {
  sent: 'send it',
  changed: 'change its date',
  cancelled: 'cancel it',
  accepted: 'accept it',
  proposed: 'propose another date',
  declined: 'decline it',
  completed: 'complete it',
  closed: 'accept the report',
  redo: 'ask for a redo',
};

/** Why a step cannot be taken from the dispatch's status now (the 409's message). */
export function notNow(db: Db, step: DispatchStep, head: DispatchHead): string {
  const r = oneRow(
    prepared<{ at: string; reason: string; tz: number | null }>(
      db,
      'SELECT d.status_changed_at AS at, d.reason, f.timezone AS tz FROM dispatch d JOIN firm f ON f.firm = d.firm WHERE d.dispatch = ?',
    ).get(head.dispatch),
  );
  const why = r.reason && (head.status === 'Cancelled' || head.status === 'Declined') ? ` (${r.reason})` : '';
  return `This calibration is ${head.status} since ${formatDate(r.at, r.tz)}${why}: ${DISPATCH_STATUS_TEXT[head.status].toLowerCase()}. You cannot ${STEP_VERBS[step]} now; nothing was changed.`;
}

export interface StepChange {
  step: DispatchStep;
  status: DispatchStatus;
  side: DispatchSide;
  /** Other columns the step sets (names are the host's, never input). */
  set?: Record<string, string | number | null>;
  /** The version the caller saw (an accept): another step since loses. */
  version?: number;
}

/**
 * A step's change of the dispatch, with its history, in the caller's transaction: a conditional update on the
 * statuses the step starts from and the version read, so a step that lost a race changes nothing and answers
 * 409 saying what the dispatch is now.
 */
export function applyStep(db: Db, user: number, head: DispatchHead, c: StepChange): void {
  if (!mayStep(c.step, head.status)) throw conflict(notNow(db, c.step, head));
  if (c.version !== undefined && c.version !== head.version)
    throw conflict(`This calibration changed since you opened it (it is ${head.status} now): look at it again. Nothing was changed.`);
  withDispatchHistory(db, user, head.dispatch, () => {
    const set = c.set ?? {};
    const columns = Object.keys(set)
      .map((k) => `, ${k} = @${k}`)
      .join('');
    const changed = prepared(
      db,
      `UPDATE dispatch SET status = @status, last_step = @step, last_side = @side, status_changed_by = @user, status_changed_at = @now,
         version = version + 1${columns}
       WHERE dispatch = @id AND status IN (SELECT value FROM json_each(@from)) AND version = @version`,
    ).run({
      ...set,
      status: c.status,
      step: c.step,
      side: c.side,
      user,
      now: nowIso(),
      id: head.dispatch,
      from: JSON.stringify((['Requested', 'Proposed', 'Accepted', 'Completed'] as const).filter((s) => mayStep(c.step, s))),
      version: head.version,
    }).changes;
    if (changed !== 1) throw conflict(notNow(db, c.step, dispatchHead(db, head.dispatch)!));
  });
}

/** The request a dispatch is created for, as its area checked it for the caller. */
export interface SentRequest {
  calibrate_request: number;
  firm: number;
  adas_inspection: number | null;
  status_name: string;
}

/**
 * Creates the dispatch of a request the caller sends to a provider (dispatch/send, or adas/createCalibrate
 * with `dispatch`), in the caller's transaction: the provider must be one of the shop's and work the way asked
 * for, the date one the shop may ask for; a dispatch of the request still waiting for an answer is cancelled
 * first (the shop chose another provider), one accepted or done refuses (409). `reprice` (the request's own
 * area) prices its lines at the provider's before the dispatch is recorded, so that it is created with them.
 */
export function createDispatch(
  db: Db,
  caller: Caller,
  r: SentRequest,
  choice: z.output<typeof dispatchChoice>,
  reprice: () => RepricedLine[],
): { dispatch: number; repriced: RepricedLine[] } {
  if (r.adas_inspection == null) {
    const message = 'Only the request of an inspection can be sent to a provider: the provider works on the inspection.';
    throw badRequest(message, { calibrateRequest: [message] });
  }
  if (r.status_name === 'Completed' || r.status_name === 'Declined' || r.status_name === 'Cancelled')
    throw conflict(`This request is ${r.status_name}: it can no longer be sent to a provider. Nothing was changed.`);
  const inspection = oneRow(
    prepared<{ adas: number; status: number }>(db, 'SELECT adas, status FROM adas_inspection WHERE adas_inspection = ?').get(
      r.adas_inspection,
    ),
  );
  if (inspection.status === STATUS.complete)
    throw conflict('This inspection is Complete: there is nothing left to send to a provider. Nothing was changed.');
  const providerName = assertShopProvider(db, r.firm, choice.provider, choice.mode);
  checkDate(db, r.firm, 'requestedDate', choice.requestedDate);
  const standing = preparedValue<number>(
    db,
    "SELECT dispatch FROM dispatch WHERE calibrate_request = ? AND status NOT IN ('Declined', 'Cancelled')",
  ).get(r.calibrate_request);
  if (standing !== undefined) {
    const head = dispatchHead(db, standing)!;
    if (head.provider === choice.provider)
      throw conflict(`This request is already sent to ${providerName}: change its date instead. Nothing was changed.`);
    if (head.status !== 'Requested' && head.status !== 'Proposed')
      throw conflict(
        head.status === 'Accepted'
          ? `${head.provider_name} accepted this calibration: cancel it before sending it to another provider. Nothing was changed.`
          : `${head.provider_name} calibrated this request already: it can no longer go to another provider. Nothing was changed.`,
      );
    applyStep(db, caller.user, head, {
      step: 'cancelled',
      status: 'Cancelled',
      side: 'shop',
      set: { reason: `Sent to ${providerName} instead` },
    });
  }
  const repriced = reprice();
  const dispatch = withDispatchHistory(
    db,
    caller.user,
    null,
    () =>
      Number(
        prepared(
          db,
          `INSERT INTO dispatch (calibrate_request, adas_inspection, adas, firm, provider, mode, requested_date, reason, created_by, status_changed_by)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          r.calibrate_request,
          r.adas_inspection,
          inspection.adas,
          r.firm,
          choice.provider,
          choice.mode,
          choice.requestedDate,
          choice.note,
          caller.user,
          caller.user,
        ).lastInsertRowid,
      ),
    (created) => created,
  );
  return { dispatch, repriced };
}

/**
 * The roll-up's hook (api-host/adas/status.ts, in the transaction that changed the job's inspections): an
 * Accepted dispatch whose inspection was completed since it was accepted (or a redo asked for) is Completed —
 * handed back to the shop — by whoever completed it (the provider's side when that user reaches the
 * provider); one still waiting for the provider is Cancelled, the shop having completed the work itself.
 */
export function completeDispatchesOf(db: Db, adas: number, user: number): void {
  const done = prepared<{ dispatch: number; status: DispatchStatus }>(
    db,
    `SELECT d.dispatch, d.status FROM dispatch d JOIN adas_inspection i ON i.adas_inspection = d.adas_inspection
     WHERE d.adas = ? AND d.status IN ('Requested', 'Proposed', 'Accepted') AND i.status = ${STATUS.complete} AND i.completed_at >= d.status_changed_at`,
  ).all(adas);
  for (const { dispatch, status } of done) {
    const head = dispatchHead(db, dispatch)!;
    if (status !== 'Accepted') {
      applyStep(db, user, head, {
        step: 'cancelled',
        status: 'Cancelled',
        side: 'shop',
        set: { reason: 'The shop completed the inspection itself' },
      });
      continue;
    }
    const providerSide = !!prepared(
      db,
      `WITH RECURSIVE down(firm) AS (SELECT firm FROM user_firm WHERE user = ? UNION SELECT f.firm FROM firm f JOIN down ON f.parent = down.firm)
       SELECT 1 FROM down WHERE firm = ?`,
    ).get(user, head.provider);
    applyStep(db, user, head, {
      step: 'completed',
      status: 'Completed',
      side: providerSide ? 'provider' : 'shop',
      set: { completed_at: nowIso() },
    });
  }
}

/**
 * A request the shop closed (Declined or Cancelled on the request itself, calibrations' saveRequestStatus)
 * takes its dispatch with it, in the same transaction: one still waiting or accepted is Cancelled with the
 * request's reason, so the provider can no longer accept it or work on the job. Answers the dispatches ended.
 */
export function endDispatchesOfRequest(db: Db, user: number, requestId: number, reason: string): number[] {
  const standing = preparedValue<number>(
    db,
    "SELECT dispatch FROM dispatch WHERE calibrate_request = ? AND status IN ('Requested', 'Proposed', 'Accepted')",
  ).all(requestId);
  for (const id of standing)
    applyStep(db, user, dispatchHead(db, id)!, {
      step: 'cancelled',
      status: 'Cancelled',
      side: 'shop',
      set: { reason: `Request closed: ${reason}` },
    });
  return standing;
}

/** 409 when the inspection has a dispatch that stands (deleting it would take the provider's work away). */
export function assertNotDispatched(db: Db, adasInspection: number): void {
  const standing = prepared<{ provider: string; status: string }>(
    db,
    `SELECT pf.name AS provider, d.status FROM dispatch d JOIN firm pf ON pf.firm = d.provider
     WHERE d.adas_inspection = ? AND d.status IN ('Requested', 'Proposed', 'Accepted', 'Completed', 'Closed')`,
  ).get(adasInspection);
  if (standing)
    throw conflict(
      standing.status === 'Closed'
        ? `This inspection was calibrated by ${standing.provider}, whose report was accepted: it is kept.`
        : `This inspection is dispatched to ${standing.provider} (${standing.status}): cancel the dispatch before deleting it.`,
    );
}

/** 409 when the request has a dispatch that stands or was closed (deleting it would take the provider's record away). */
export function assertRequestNotDispatched(db: Db, requestId: number): void {
  const kept = prepared<{ provider: string; status: string }>(
    db,
    `SELECT pf.name AS provider, d.status FROM dispatch d JOIN firm pf ON pf.firm = d.provider
     WHERE d.calibrate_request = ? AND d.status NOT IN ('Declined', 'Cancelled')`,
  ).get(requestId);
  if (kept)
    throw conflict(
      kept.status === 'Closed'
        ? `This request was calibrated by ${kept.provider}, whose report was accepted: it is kept.`
        : `This request is dispatched to ${kept.provider} (${kept.status}): cancel the dispatch before deleting the request.`,
    );
}
