/**
 * Dispatch: a shop sends a calibration request's work to one of its calibration providers (docs/dispatch.md).
 * Beyond the specification, which has no such calls; the decisions:
 * - A dispatch belongs to a calibration request of an inspection (the request's `firm` is the shop) and names
 *   the provider: one of the shop's providers (firm/providers: chosen, or of its own network), else 400 on
 *   `provider`. A request has at most one dispatch that was not declined or cancelled.
 * - The shop's side (whoever reaches the shop) sends, reschedules and cancels, accepts the handed-back
 *   report or asks for a redo; the provider's side (whoever reaches the provider) accepts with a date, a
 *   time window and a technician of the provider, proposes another date, or declines. Accepting, proposing,
 *   declining, accepting a report and asking for a redo need a managing role (lib/dispatch/rules.ts
 *   DISPATCH_MANAGER_ROLES), else 403. A step the status does not allow answers 409 saying what happened.
 * - A dispatched request's lines are priced at the provider's prices (its own pricing, else its network's);
 *   back in house (declined, cancelled) at the shop's own again. The answer of a step that re-prices lists
 *   each line's old and new price (`repriced`), which the screen shows as a notice. adas/quote with a
 *   `provider` shows the same prices before the request is sent; adas/createCalibrate with `dispatch`
 *   creates the request and its dispatch in one transaction.
 * - While a dispatch is Accepted the provider's users work on that inspection (lib/dispatch/rules.ts
 *   PROVIDER_ACCESS); once Completed they read it; otherwise they see only the queue's row and its detail.
 * - dispatch/dispatches is the queue: `view` received (sent to the caller's locations) or sent (by them),
 *   paged, sorted, filtered by status, searched by VIN, RO number, vehicle, shop or provider name.
 * - Dates asked for, proposed and scheduled are local days (YYYY-MM-DD) of the shop's location; windows are
 *   HH:MM on the 24-hour clock. Money is in dollars.
 */
import { z } from 'zod';
import {
  CAPACITY_MAX,
  DISPATCH_DEFAULTS,
  DISPATCH_FILTERS,
  DISPATCH_MODES,
  DISPATCH_SORTS,
  DISPATCH_STATUSES,
  DISPATCH_VIEWS,
  OFFERINGS,
  REASON_MAX,
  isDay,
  windowProblem,
} from '../dispatch/rules';
import { ALL_ROLES } from '../roles';
import { MESSAGES } from '../validation/messages';
import { defineCall, q } from './define';
import { listOrJson } from './calibrations';
import { paged, pagedQuery } from './list';

const access = ALL_ROLES;
const positiveId = () => z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required);
const day = (message = 'Enter a date such as 06/15/2026.') =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).refine(isDay, message);
const reason = () => z.string({ error: MESSAGES.required }).trim().min(1, 'Say why').max(REASON_MAX, `At most ${REASON_MAX} characters`);
const note = () => z.string().trim().max(REASON_MAX, `At most ${REASON_MAX} characters`).default('');

export const dispatchStatus = z.enum(DISPATCH_STATUSES);
export const dispatchMode = z.enum(DISPATCH_MODES, { error: 'On site or in its bay' });
export const offering = z.enum(OFFERINGS, { error: 'On site, in its bay, or both' });

/** The provider a request is sent to, when and how: createCalibrate's `dispatch` and dispatch/send's. */
export const dispatchChoice = z.object({
  provider: positiveId(),
  requestedDate: day(),
  mode: dispatchMode,
  /** A word for the provider (it joins the request's notes). */
  note: note(),
});

/** A price a step changed: a line's old and new price, or null for unpriced. */
export const repricedLine = z.object({ system: z.string(), from: z.number().nullable(), to: z.number().nullable() });
export type RepricedLine = z.infer<typeof repricedLine>;

// ── providers to choose from ───────────────────────────────────────────────────────────────────
export const providerPrice = z.object({
  adasChecklistMatrix: z.number().int(),
  system: z.string(),
  calibrationType: z.string(),
  /** The provider's price for this calibration (its own, else its network's); null when it has none. */
  price: z.number().nullable(),
  priceSource: z.enum(['firm', 'network', 'none']),
});

export const providerChoice = z.object({
  provider: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  /** Miles from the shop; null when either has no coordinates. */
  distance: z.number().nullable(),
  /** 5 chosen on the Providers page; 1–3 of the shop's own network (docs/locations.md#fields). */
  relationship: z.number().int(),
  offering,
  modes: z.array(dispatchMode),
  /** Vehicles a day it takes, and how many are scheduled on the date asked about. */
  capacity: z.number().int(),
  booked: z.number().int(),
  lines: z.array(providerPrice),
  total: z.number(),
  unpriced: z.number().int(),
});
export type ProviderChoice = z.infer<typeof providerChoice>;

export const providers = defineCall({
  access,
  bff: true,
  method: 'GET',
  path: 'dispatch/providers',
  query: z.object({ adasInspection: q.id(), date: q.text(10).optional() }),
  response: z.object({
    adasInspection: z.number().int(),
    shop: z.number().int(),
    shopName: z.string(),
    /** The shop's own prices of the same calibrations (in house). */
    inHouse: z.object({ lines: z.array(providerPrice), total: z.number(), unpriced: z.number().int() }),
    /** Nearest first. */
    providers: z.array(providerChoice),
  }),
});

// ── the dispatch ───────────────────────────────────────────────────────────────────────────────
export const dispatchLine = z.object({
  calibrateRequestLine: z.number().int(),
  adasChecklistMatrix: z.number().int(),
  system: z.string(),
  calibrationType: z.string(),
  calibrationMode: z.string().nullable(),
  price: z.number().nullable(),
});

export const dispatchRow = z.object({
  dispatch: z.number().int(),
  status: dispatchStatus,
  /** The caller's side of it (a location on both sides sees its provider's side). */
  side: z.enum(['shop', 'provider']),
  mode: dispatchMode,
  calibrateRequest: z.number().int(),
  adasInspection: z.number().int(),
  firm: z.number().int(),
  shopName: z.string(),
  provider: z.number().int(),
  providerName: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  vin: z.string(),
  ronumber: z.string(),
  systems: listOrJson(z.string()),
  requestedDate: z.string(),
  proposedDate: z.string().nullable(),
  scheduledDate: z.string().nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  technician: z.number().int().nullable(),
  technicianName: z.string(),
  reason: z.string(),
  total: z.number(),
  statusChangedAt: z.string(),
});
export type DispatchRow = z.infer<typeof dispatchRow>;

/**
 * An inspection's dispatch as its job's list of inspections shows it to the shop: the one that stands (or was
 * closed), else the last declined or cancelled one; null when its work was never sent to a provider.
 */
export const dispatchSummary = dispatchRow.pick({ dispatch: true, status: true, provider: true, providerName: true, scheduledDate: true });
export type DispatchSummary = z.infer<typeof dispatchSummary>;

export const dispatchDetail = dispatchRow.extend({
  lines: z.array(dispatchLine),
  /** What the provider's users may do with the inspection now (lib/dispatch/rules.ts PROVIDER_ACCESS). */
  access: z.enum(['work', 'read']).nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  statusChangedByName: z.string(),
  acceptedAt: z.string().nullable(),
  acceptedByName: z.string(),
  completedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The provider's active users, for its side (the technician to schedule); [] for the shop's. */
  technicians: z.array(z.object({ user: z.number().int(), name: z.string() })),
  /** Vehicles a day the provider takes. */
  capacity: z.number().int(),
  /** Changes with every step: an accept sent with an older version lost a race (409). */
  version: z.number().int(),
  /**
   * Once handed back: what the work bills by the one billing rule (docs/dashboard.md) — each calibration
   * performed at its agreed price, and the total — and the calibrations asked for that it leaves out, with
   * their recorded result (Failed, Passed, none). Null before.
   */
  billed: z
    .object({
      lines: z.array(z.object({ system: z.string(), calibrationType: z.string(), price: z.number() })),
      total: z.number(),
      leftOut: z.array(z.object({ system: z.string(), result: z.string() })),
    })
    .nullable(),
});
export type DispatchDetail = z.infer<typeof dispatchDetail>;

const listQuery = pagedQuery(DISPATCH_SORTS, DISPATCH_DEFAULTS.orderBy, {
  view: z.enum(DISPATCH_VIEWS, { error: 'received or sent' }).default('received'),
  status: z.enum(DISPATCH_FILTERS, { error: `One of ${DISPATCH_FILTERS.join(', ')}` }).default('all'),
});
export type DispatchListQuery = z.input<typeof listQuery>;

export const dispatches = defineCall({
  access,
  bff: true,
  method: 'GET',
  path: 'dispatch/dispatches',
  query: listQuery,
  response: paged(dispatchRow),
});

export const dispatch = defineCall({
  access,
  bff: true,
  method: 'GET',
  path: 'dispatch/dispatch',
  query: z.object({ dispatch: q.id() }),
  response: dispatchDetail,
});

/** The inspection's dispatches the caller may see: the standing (or closed) one, and those declined or cancelled before. */
export const ofInspection = defineCall({
  access,
  bff: true,
  method: 'GET',
  path: 'dispatch/ofInspection',
  query: z.object({ adasInspection: q.id() }),
  response: z.object({ current: dispatchDetail.nullable(), past: z.array(dispatchRow) }),
});

// ── steps ──────────────────────────────────────────────────────────────────────────────────────
export const stepAnswer = z.object({
  dispatch: z.number().int(),
  status: dispatchStatus,
  /** Lines whose price the step changed (sent to a provider, back in house). */
  repriced: z.array(repricedLine),
});
export type StepAnswer = z.infer<typeof stepAnswer>;

const one = { dispatch: positiveId() };

/** Sends the request to a provider (a dispatch Requested); one still waiting for an answer is replaced. */
export const send = defineCall({
  refuses: [409],
  access,
  bff: true,
  method: 'POST',
  path: 'dispatch/send',
  body: dispatchChoice.extend({ calibrateRequest: positiveId() }),
  response: stepAnswer,
});
/** The shop asks for another date (also: takes the date the provider proposed). */
export const reschedule = defineCall({
  refuses: [409],
  access,
  bff: true,
  method: 'POST',
  path: 'dispatch/reschedule',
  body: z.object({ ...one, requestedDate: day(), note: note() }),
  response: stepAnswer,
});
export const cancel = defineCall({
  refuses: [409],
  access,
  bff: true,
  method: 'POST',
  path: 'dispatch/cancel',
  body: z.object({ ...one, reason: reason() }),
  response: stepAnswer,
});
export const accept = defineCall({
  refuses: [409],
  access,
  bff: true,
  method: 'POST',
  path: 'dispatch/accept',
  body: z
    .object({
      ...one,
      scheduledDate: day(),
      windowStart: z.string({ error: MESSAGES.required }).trim(),
      windowEnd: z.string({ error: MESSAGES.required }).trim(),
      technician: positiveId(),
      /** The version the provider saw; another step since answers 409. */
      version: z.number().int().positive().optional(),
    })
    .superRefine((b, ctx) => {
      for (const [path, message] of Object.entries(windowProblem(b.windowStart, b.windowEnd) ?? {}))
        ctx.addIssue({ code: 'custom', path: [path], message });
    })
    .meta({
      'x-rules': [
        'windowStart: Enter a time such as 08:00 (HH:MM)',
        'windowEnd: Enter a time such as 12:00 (HH:MM); the window must end after it starts',
      ],
    }),
  response: stepAnswer,
});
export const propose = defineCall({
  refuses: [409],
  access,
  bff: true,
  method: 'POST',
  path: 'dispatch/propose',
  body: z.object({ ...one, proposedDate: day(), reason: note() }),
  response: stepAnswer,
});
export const decline = defineCall({
  refuses: [409],
  access,
  bff: true,
  method: 'POST',
  path: 'dispatch/decline',
  body: z.object({ ...one, reason: reason() }),
  response: stepAnswer,
});
/** The shop accepts the handed-back report: the dispatch is Closed. */
export const acceptReport = defineCall({
  refuses: [409],
  access,
  bff: true,
  method: 'POST',
  path: 'dispatch/acceptReport',
  body: z.object(one),
  response: stepAnswer,
});
/** The shop asks for a redo: the inspection is reopened and the dispatch Accepted again. */
export const redo = defineCall({
  refuses: [409],
  access,
  bff: true,
  method: 'POST',
  path: 'dispatch/redo',
  body: z.object({ ...one, reason: reason() }),
  response: stepAnswer,
});

// ── the provider's offering ────────────────────────────────────────────────────────────────────
export const offeringAnswer = z.object({
  firm: z.number().int(),
  name: z.string(),
  isProvider: z.boolean(),
  offering,
  capacity: z.number().int(),
});

export const getOffering = defineCall({
  access,
  bff: true,
  method: 'GET',
  path: 'dispatch/offering',
  query: z.object({ firm: q.id() }),
  response: offeringAnswer,
});

export const saveOffering = defineCall({
  access,
  bff: true,
  method: 'POST',
  path: 'dispatch/saveOffering',
  body: z.object({
    firm: positiveId(),
    offering,
    capacity: z
      .number({ error: 'A number of vehicles a day' })
      .int('A whole number of vehicles')
      .min(1, 'At least 1 vehicle a day')
      .max(CAPACITY_MAX, `At most ${CAPACITY_MAX} vehicles a day`),
  }),
  response: offeringAnswer,
});
