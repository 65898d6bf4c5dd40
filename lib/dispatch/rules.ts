/**
 * Dispatch rules in plain code (client-safe, no zod): a shop sends a calibration request's work to one of its
 * calibration providers, who accepts it (a date, a time window, a technician), proposes another date or
 * declines; once accepted the provider works on that inspection only, and hands it back on completion
 * (docs/dispatch.md#states). The host, the contract and the screens read the same tables here.
 */

/** A dispatch's statuses, in the order work goes. */
export const DISPATCH_STATUSES = ['Requested', 'Proposed', 'Accepted', 'Completed', 'Closed', 'Declined', 'Cancelled'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];

/** What each status means, as both sides read it. */
export const DISPATCH_STATUS_TEXT: Readonly<Record<DispatchStatus, string>> = {
  Requested: 'Sent to the provider, waiting for an answer',
  Proposed: 'The provider proposed another date',
  Accepted: 'Accepted and scheduled',
  Completed: 'Calibrated and handed back: the shop reviews the report',
  Closed: 'Report accepted by the shop',
  Declined: 'Declined by the provider',
  Cancelled: 'Cancelled by the shop',
};

/** A dispatch that ended: a request has at most one dispatch that is not Declined or Cancelled. */
export const REFUSED_STATUSES: readonly DispatchStatus[] = ['Declined', 'Cancelled'];
/** Statuses that are over: nothing more happens to the dispatch. */
export const ENDED_STATUSES: readonly DispatchStatus[] = ['Closed', 'Declined', 'Cancelled'];
export const isEnded = (s: string) => (ENDED_STATUSES as readonly string[]).includes(s);
/** The dispatch stands: the provider still has something to do, or the shop to review. */
export const isStanding = (s: string) => (DISPATCH_STATUSES as readonly string[]).includes(s) && !isEnded(s);

/**
 * THE ACCESS RULE: what the provider's users may do with the dispatched inspection, by the dispatch's status.
 * `work`: read it and record results, notes per system and evidence, and complete it; `read`: read it (the
 * report) without changing it; null: nothing (before acceptance the provider sees the request in its queue,
 * not the job; after the report is accepted, declined or cancelled, nothing).
 */
export const PROVIDER_ACCESS: Readonly<Record<DispatchStatus, 'work' | 'read' | null>> = {
  Requested: null,
  Proposed: null,
  Accepted: 'work',
  Completed: 'read',
  Closed: null,
  Declined: null,
  Cancelled: null,
};
export const providerAccess = (s: string): 'work' | 'read' | null => PROVIDER_ACCESS[s as DispatchStatus] ?? null;

/** Where the provider calibrates: at the shop (a mobile provider) or in its own bay (the car is brought there). */
export const DISPATCH_MODES = ['on-site', 'in-bay'] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];
export const MODE_LABELS: Readonly<Record<DispatchMode, string>> = { 'on-site': 'On site (mobile)', 'in-bay': 'In its bay' };
/** What a provider offers: one way or both. */
export const OFFERINGS = ['on-site', 'in-bay', 'both'] as const;
export type Offering = (typeof OFFERINGS)[number];
export const OFFERING_LABELS: Readonly<Record<Offering, string>> = {
  'on-site': 'On site (mobile)',
  'in-bay': 'In its bay',
  both: 'On site or in its bay',
};
export const modesOf = (o: Offering): DispatchMode[] => (o === 'both' ? ['on-site', 'in-bay'] : [o]);
/** A provider without an offering of its own: in its bay, this many vehicles a day. */
export const DEFAULT_OFFERING: Offering = 'in-bay';
export const DEFAULT_CAPACITY = 4;
export const CAPACITY_MAX = 200;

/** Which side of a dispatch a caller stands on: the shop that sent it, or the provider it was sent to. */
export type DispatchSide = 'shop' | 'provider';

/** Every step of a dispatch, as the history and the push notices name it. */
export const DISPATCH_STEPS = ['sent', 'changed', 'cancelled', 'accepted', 'proposed', 'declined', 'completed', 'closed', 'redo'] as const;
export type DispatchStep = (typeof DISPATCH_STEPS)[number];

/** Who takes each step, and from which statuses (the host refuses any other with DISPATCH_REFUSALS). */
export const STEP_RULES: Readonly<Record<DispatchStep, { side: DispatchSide | 'either'; from: readonly DispatchStatus[] }>> = {
  sent: { side: 'shop', from: [] },
  changed: { side: 'shop', from: ['Requested', 'Proposed'] },
  cancelled: { side: 'shop', from: ['Requested', 'Proposed', 'Accepted'] },
  accepted: { side: 'provider', from: ['Requested', 'Proposed'] },
  proposed: { side: 'provider', from: ['Requested', 'Proposed'] },
  declined: { side: 'provider', from: ['Requested', 'Proposed', 'Accepted'] },
  completed: { side: 'either', from: ['Accepted'] },
  closed: { side: 'shop', from: ['Completed'] },
  redo: { side: 'shop', from: ['Completed'] },
};
export const mayStep = (step: DispatchStep, status: string) => (STEP_RULES[step].from as readonly string[]).includes(status);

/** Roles that answer for a location: accept, propose and decline work; accept a report or ask for a redo (the request managers). */
export const DISPATCH_MANAGER_ROLES: readonly number[] = [1, 2, 3, 4, 8];
export const mayManageDispatch = (role: number | null | undefined) => role != null && DISPATCH_MANAGER_ROLES.includes(role);

export const REASON_MAX = 500;
/** How far ahead a date may be asked for or proposed. */
export const DATE_AHEAD_DAYS = 366;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A YYYY-MM-DD text that is a real calendar day. */
export function isDay(v: string): boolean {
  const m = DAY.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}
export const isTime = (v: string) => TIME.test(v);
const dayNumber = (v: string) => Date.UTC(Number(v.slice(0, 4)), Number(v.slice(5, 7)) - 1, Number(v.slice(8, 10))) / 86_400_000;

/**
 * What is wrong with a date asked for or proposed, given the location's today (YYYY-MM-DD), or null: a real
 * day, not before today and at most DATE_AHEAD_DAYS ahead.
 */
export function dateProblem(v: string, today: string): string | null {
  if (!isDay(v)) return 'Enter a date such as 06/15/2026.';
  if (v < today) return 'Choose today or a later date.';
  if (dayNumber(v) - dayNumber(today) > DATE_AHEAD_DAYS) return 'Choose a date within a year.';
  return null;
}

/** What is wrong with a time window (HH:MM, 24 hours), or null. */
export function windowProblem(start: string, end: string): { windowStart?: string; windowEnd?: string } | null {
  if (!isTime(start)) return { windowStart: 'Enter a time such as 08:00.' };
  if (!isTime(end)) return { windowEnd: 'Enter a time such as 12:00.' };
  if (end <= start) return { windowEnd: 'The window must end after it starts.' };
  return null;
}

/** "06/15/2026" of a YYYY-MM-DD day. */
export const showDay = (v: string | null | undefined) => (v && DAY.test(v) ? `${v.slice(5, 7)}/${v.slice(8, 10)}/${v.slice(0, 4)}` : '');

/** "08:00 AM" of "08:00" (times show as hh:mm a: docs/shell.md#limits). */
export function showTime(v: string | null | undefined): string {
  if (!v || !isTime(v)) return '';
  const [h, m] = v.split(':').map(Number) as [number, number];
  return `${String(((h + 11) % 12) + 1).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "06/15/2026, 08:00 AM – 12:00 PM" of a scheduled visit ('' without a date). */
export const showVisit = (date: string | null | undefined, start?: string | null, end?: string | null) =>
  !date ? '' : start && end ? `${showDay(date)}, ${showTime(start)} – ${showTime(end)}` : showDay(date);

/** The dispatch list's sorts and defaults (docs/dispatch.md#limits). */
export const DISPATCH_SORTS = ['dispatch', 'requested', 'scheduled', 'status', 'shop', 'provider', 'vehicle'] as const;
export type DispatchSort = (typeof DISPATCH_SORTS)[number];
export const DISPATCH_DEFAULTS = { pageSize: 10, orderBy: 'dispatch', direction: 'desc' } as const;
/** The list's views: work sent to the caller's locations, or sent by them. */
export const DISPATCH_VIEWS = ['received', 'sent'] as const;
export type DispatchView = (typeof DISPATCH_VIEWS)[number];
/** The status filter: every status, the standing ones, or one status. */
export const DISPATCH_FILTERS = ['all', 'open', ...DISPATCH_STATUSES] as const;
export type DispatchFilter = (typeof DISPATCH_FILTERS)[number];

/** What the push notice of a step says to the other side (the shop hears the provider's steps, the provider the shop's). */
export function stepText(step: DispatchStep, d: { providerName: string; shopName: string; vehicle: string }): string {
  switch (step) {
    case 'sent':
      return `${d.shopName} sent you the calibration of a ${d.vehicle}.`;
    case 'changed':
      return `${d.shopName} changed the date asked for the ${d.vehicle}.`;
    case 'cancelled':
      return `${d.shopName} cancelled the calibration of the ${d.vehicle}.`;
    case 'accepted':
      return `${d.providerName} accepted the calibration of the ${d.vehicle}.`;
    case 'proposed':
      return `${d.providerName} proposed another date for the ${d.vehicle}.`;
    case 'declined':
      return `${d.providerName} declined the calibration of the ${d.vehicle}.`;
    case 'completed':
      return `${d.providerName} completed the calibration of the ${d.vehicle}: the report is ready to review.`;
    case 'closed':
      return `${d.shopName} accepted your report on the ${d.vehicle}.`;
    case 'redo':
      return `${d.shopName} asked you to redo the calibration of the ${d.vehicle}.`;
  }
}
