/**
 * The dashboard's rules (docs/dashboard.md#screens "Dashboard filters", #limits) in plain code, shared by the screen, the
 * contract and the reference host. No zod, no server code: client components import it.
 *
 * - Periods: presets 1–6 (yesterday … past year) and 7, a custom range; each is a pair of local days
 *   (YYYY-MM-DD, both included) in the user's time zone (periods.ts presetRange, with date-fns: apart,
 *   so that the screen loads it when a preset is picked, not with the page).
 * - The previous period is the one of equal length (in days) that ends the day before the period starts.
 * - A range may not start after it ends nor span more than MAX_RANGE_DAYS.
 * - Technicians' hours are flat-rate book hours per calibration performed (BOOK_HOURS by calibration
 *   mode), as collision repair pays technicians; cost is those hours at the technician's labor rate.
 *
 * Calendar days here are plain arithmetic on UTC noons: a day is a day whatever the zone.
 */

// ── periods ────────────────────────────────────────────────────────────────────────────────────────
export const PERIODS = [
  { id: 1, label: 'yesterday' },
  { id: 2, label: 'this week' },
  { id: 3, label: 'this month' },
  { id: 4, label: 'this qtr' },
  { id: 5, label: 'past 6 months' },
  { id: 6, label: 'past year' },
  { id: 7, label: 'date range' },
] as const;
export type PeriodId = (typeof PERIODS)[number]['id'];
export const PERIOD_IDS: readonly PeriodId[] = PERIODS.map((p) => p.id);
export const CUSTOM_PERIOD = 7;
export const DEFAULT_PERIOD: PeriodId = 3;

/** Three years: enough for year-on-year comparisons, small enough to stay fast. */
export const MAX_RANGE_DAYS = 1096;

export interface DayRange {
  /** YYYY-MM-DD, the first day included. */
  startDate: string;
  /** YYYY-MM-DD, the last day included. */
  endDate: string;
}

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** YYYY-MM-DD of a UTC noon. */
const day = (d: Date) => d.toISOString().slice(0, 10);

/** A YYYY-MM-DD text as a calendar date (UTC noon, so that day arithmetic never crosses a zone change). */
function parseDay(v: string): Date | null {
  const m = DAY.exec(v);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return day(d) === v ? d : null;
}
export const isDay = (v: string) => parseDay(v) !== null;
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS);

/** The number of days of a range, both ends included. */
export function rangeDays(r: DayRange): number {
  const s = parseDay(r.startDate);
  const e = parseDay(r.endDate);
  return s && e ? Math.round((e.getTime() - s.getTime()) / DAY_MS) + 1 : 0;
}

/** The period of equal length that ends the day before `r` starts. */
export function previousRange(r: DayRange): DayRange {
  const s = parseDay(r.startDate)!;
  const n = rangeDays(r);
  return { startDate: day(plusDays(s, -n)), endDate: day(plusDays(s, -1)) };
}

export const RANGE_MESSAGES = {
  startDate: 'Enter the first day as MM/DD/YYYY.',
  endDate: 'Enter the last day as MM/DD/YYYY.',
  order: 'The start date must be on or before the end date.',
  length: `A date range can span at most ${MAX_RANGE_DAYS} days (3 years).`,
} as const;

/** What is wrong with a range, by field, or null when it is fine. */
export function rangeProblems(r: { startDate: string; endDate: string }): { startDate?: string; endDate?: string } | null {
  if (!isDay(r.startDate)) return { startDate: RANGE_MESSAGES.startDate };
  if (!isDay(r.endDate)) return { endDate: RANGE_MESSAGES.endDate };
  if (r.startDate > r.endDate) return { startDate: RANGE_MESSAGES.order };
  if (rangeDays(r) > MAX_RANGE_DAYS) return { endDate: RANGE_MESSAGES.length };
  return null;
}

/** Every day of a range, in order (the timeline's x axis: days without data are zeros, not gaps). */
export function daysOf(r: DayRange): string[] {
  const s = parseDay(r.startDate);
  const n = rangeDays(r);
  return s ? Array.from({ length: n }, (_, i) => day(plusDays(s, i))) : [];
}

/** "MM/DD/YYYY" of a YYYY-MM-DD day. */
/** A CSV export's name: what, of which firm, over which period ("dashboard-brooklyn-collision-glass-2026-10-01-to-2026-10-31"). */
export function exportName(what: string, firmName: string, r: DayRange): string {
  const firm =
    firmName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'all-firms';
  return `${what}-${firm}-${r.startDate}-to-${r.endDate}`;
}

export const showDay = (v: string) => (DAY.test(v) ? `${v.slice(5, 7)}/${v.slice(8, 10)}/${v.slice(0, 4)}` : v);

// ── analyses ───────────────────────────────────────────────────────────────────────────────────────
export const ANALYSES = [
  { id: 'serviceCounts', label: 'by service (counts)', group: 'service', measure: 'calibrations' },
  { id: 'serviceSales', label: 'by service (sales)', group: 'service', measure: 'sales' },
  { id: 'makeCounts', label: 'by vehicle make (counts)', group: 'make', measure: 'calibrations' },
  { id: 'makeSales', label: 'by vehicle make (sales)', group: 'make', measure: 'sales' },
  { id: 'techHours', label: 'by tech (hours)', group: 'tech', measure: 'hours' },
  { id: 'techCost', label: 'by tech (cost)', group: 'tech', measure: 'cost' },
  { id: 'all', label: 'all', group: 'location', measure: 'calibrations' },
  { id: 'location', label: 'single location', group: 'day', measure: 'calibrations' },
  { id: 'invoicing', label: 'all locations (invoicing)', group: 'invoice', measure: 'sales' },
  // Dispatch (docs/dispatch.md#numbers): who calibrated the location's work, and the work it did for other shops.
  { id: 'providerSales', label: 'by provider', group: 'provider', measure: 'sales' },
  { id: 'workShop', label: 'work for other shops: by shop', group: 'workShop', measure: 'sales' },
  { id: 'workService', label: 'work for other shops: by service', group: 'workService', measure: 'calibrations' },
  { id: 'workTech', label: 'work for other shops: by tech', group: 'workTech', measure: 'calibrations' },
] as const;
export type AnalysisId = (typeof ANALYSES)[number]['id'];
export type Analysis = (typeof ANALYSES)[number];
export const ANALYSIS_IDS = ANALYSES.map((a) => a.id) as [AnalysisId, ...AnalysisId[]];
export const DEFAULT_ANALYSIS: AnalysisId = 'all';
export const analysisOf = (id: AnalysisId): Analysis => ANALYSES.find((a) => a.id === id)!;
export type Measure = Analysis['measure'];

/** The analysis table's sorts (docs/dashboard.md#limits: order by firm asc, page size 10); `firm` is the row's name. */
export const DASHBOARD_SORTS = ['firm', 'inspections', 'calibrations', 'sales', 'hours', 'cost'] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];
export const DASHBOARD_DEFAULTS = { pageSize: 10, orderBy: 'firm', direction: 'asc' } as const;

/** Flat-rate book hours of one calibration by its mode; unknown modes count as an initialization. */
const INITIALIZATION_HOURS = 0.5;
export const BOOK_HOURS: Readonly<Record<string, number>> = {
  static: 1.5,
  dynamic: 1,
  'static-dynamic': 2.5,
  both: 2.5,
  initialization: INITIALIZATION_HOURS,
};
export const bookMinutes = (mode: string | null | undefined) => Math.round((BOOK_HOURS[mode ?? ''] ?? INITIALIZATION_HOURS) * 60);

// ── comparison ─────────────────────────────────────────────────────────────────────────────────────
/** The change from `previous` to `current` as a fraction (0.25 = +25 %), or null when there was nothing before. */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}

/** "+25%", "−10%", "no change", or "new" when the previous period had nothing. */
export function changeText(current: number, previous: number): string {
  const c = change(current, previous);
  if (c === null) return current === 0 ? 'no change' : 'new';
  const pct = Math.round(c * 100);
  if (pct === 0) return 'no change';
  return `${pct > 0 ? '+' : '−'}${Math.abs(pct)}%`;
}

// ── what a request bills (api-host/dashboard/billable.ts requestBilling; docs/dashboard.md#what-a-request-bills) ──
/** How a request's billed lines were chosen: the work done (inspection Complete), the quote (not yet), or nothing (the request was refused). */
export type BillingBasis = 'performed' | 'quoted' | 'refused';

/** A system's recorded outcome, as the billing rule reads it. */
export interface RecordedOutcome {
  /** lib/adas/rules.ts RESULT, or null when nothing was recorded. */
  result: number | null;
  isNotEquipped: boolean;
}

/**
 * Why a quoted calibration is not billed once the inspection is Complete, in the words the preview and the
 * request show: only a Calibrated system is a calibration done. `outcome` undefined: the system is no longer on
 * the inspection (removed as not installed).
 */
export function leftOutWhy(outcome: RecordedOutcome | undefined): string {
  if (!outcome) return 'Not on the inspection: the system was removed, so no calibration was done.';
  if (outcome.isNotEquipped) return 'Not equipped: the vehicle does not have this system.';
  switch (outcome.result) {
    case 1:
      return 'Passed: the system needed no calibration.';
    case 2:
      return 'Calibration required: it was not performed.';
    case 4:
      return 'Failed: the calibration did not succeed.';
    case 5:
      return 'Not applicable: no calibration was done.';
    case 3:
      return 'Calibrated, but counted once: another line bills this system.';
    default:
      return 'No result recorded: nothing says the calibration was done.';
  }
}

/** Why nothing of a Declined or Cancelled request is billed. */
export const refusedWhy = (status: string) => `The request is ${status}: nothing of it is billed.`;
