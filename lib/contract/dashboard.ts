/**
 * Dashboard and administrator statistics (docs/dashboard.md#fields "Dashboard data", #calls "Dashboard and admin
 * statistics", docs/dashboard.md#limits). The specification names the calls but shows no shapes; the decisions:
 *
 * - Periods are local days: `startDate`/`endDate` are YYYY-MM-DD (both included) in the caller's time zone,
 *   computed by the screen (lib/dashboard/rules.ts). A range that starts after it ends, or spans more than
 *   three years, answers 400 on the field at fault.
 * - `firm` is one location the caller reaches (its whole subtree counts); absent or 0 is "all firms": every
 *   firm the caller reaches. A firm outside the caller's reach answers 404, as any other firm's record.
 * - What is counted: an inspection counts on the day it was completed (in its location's time zone); a
 *   calibration is a system of a completed inspection with the result "Calibrated"; its sale is priced by
 *   the rule of docs/dashboard.md (the approved request line's price, else the configured price);
 *   technicians' hours are book hours (lib/dashboard/rules.ts BOOK_HOURS), cost those hours at the
 *   technician's labor rate. Money is in dollars.
 * - dashboard/dashboard answers the chosen analysis as a paged, sorted table (rows {key, label, firm?,
 *   inspections, calibrations, sales, hours, cost}) and its totals. Rows of the analysis "all" are the firm's
 *   children (or, for a location without any, its technicians) and carry `firm` to drill into; "single
 *   location" has one row per day; "all locations (invoicing)" one row per location with billable
 *   calibrations (those are the rows to invoice).
 * - dashboard/dashboardTop answers the headline: the firm's name and path (breadcrumb), the totals of the
 *   period and of the previous period of equal length, and the period's days (zeros included) for the line.
 * - dashboard/adasRecords answers the jobs created in the period with their inspections; the host sends the
 *   inspections as JSON text (docs/dashboard.md#fields) and this contract parses it into a structure.
 * - Administrator statistics (roles 1 and 2): counts of the period, the month's top locations and makes,
 *   the application log's recent errors, the franchisers ("clients") reviewed, their inspections by month
 *   and by status, VIN decodes by call and outcome, failed VINs, and two reports on the reference host's own
 *   SQLite database: page and free-space statistics per table and index (dbstat), and the queries the host
 *   logged as slow whose plan scans a table (candidates for an index).
 * - decode/ai: the assistant. A prompt of at most 2,000 characters about a vehicle and a repair; the
 *   answer says what was understood (vehicle, repair words), the systems to calibrate with their types,
 *   prices and links, and plainly what could not be made out. It never guesses beyond the knowledge base.
 */
import { z } from 'zod';
import { ANALYSIS_IDS, DASHBOARD_DEFAULTS, DASHBOARD_SORTS, DEFAULT_ANALYSIS, RANGE_MESSAGES, rangeProblems } from '../dashboard/rules';
import { ADMIN_ROLES, type RoleId } from '../roles';
import { defineCall, q, requiredText } from './define';

/** The /dashboard route's roles (docs/dashboard.md#screens). */
export const DASHBOARD_ROLES: readonly RoleId[] = [1, 2, 3, 5, 7, 9, 12];

const dayField = (message: string) => z.string({ error: message }).trim().min(1, message).meta({ format: 'date' });

/** A period of local days, checked together (order, length). */
const period = {
  startDate: dayField(RANGE_MESSAGES.startDate),
  endDate: dayField(RANGE_MESSAGES.endDate),
};
/** docs/openapi.json's note of checkPeriod on the object it checks. */
const PERIOD_RULES = { 'x-rules': [RANGE_MESSAGES.order, RANGE_MESSAGES.length] };
function checkPeriod(v: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  const problems = rangeProblems(v);
  for (const [path, message] of Object.entries(problems ?? {})) ctx.addIssue({ code: 'custom', path: [path], message });
}

/** `firm`: one location (0 or absent: all the caller's firms). */
const firmField = q.id().min(0).default(0);

export const periodQuery = z
  .object({ firm: firmField, ...period })
  .superRefine(checkPeriod)
  .meta(PERIOD_RULES);
export type PeriodQuery = z.input<typeof periodQuery>;

const pageFields = {
  page: z.coerce.number({ error: 'Must be a number' }).int().min(1).default(1),
  pageSize: z.coerce.number({ error: 'Must be a number' }).int().min(1).max(500).default(DASHBOARD_DEFAULTS.pageSize),
  direction: z.enum(['asc', 'desc'], { error: 'asc or desc' }).default(DASHBOARD_DEFAULTS.direction),
};

export const dashboardQuery = z
  .object({
    firm: firmField,
    ...period,
    analysis: z.enum(ANALYSIS_IDS, { error: 'Choose what to analyze' }).default(DEFAULT_ANALYSIS),
    ...pageFields,
    orderBy: z.enum(DASHBOARD_SORTS, { error: `One of ${DASHBOARD_SORTS.join(', ')}` }).default(DASHBOARD_DEFAULTS.orderBy),
  })
  .superRefine(checkPeriod)
  .meta(PERIOD_RULES);
export type DashboardQuery = z.input<typeof dashboardQuery>;

export const measures = z.object({
  inspections: z.number().int(),
  calibrations: z.number().int(),
  /** Dollars. */
  sales: z.number(),
  hours: z.number(),
  /** Dollars: the book hours at the technicians' labor rates, of the hours whose technician has one. */
  cost: z.number(),
  /** The hours of `hours` whose cost is unknown: worked by technicians without a labor rate, or by nobody (Unassigned). */
  unratedHours: z.number(),
});
export type Measures = z.infer<typeof measures>;

export const analysisRow = measures.extend({
  /** The group: a location id, a service, a make, a technician's id or a day (YYYY-MM-DD). */
  key: z.string(),
  label: z.string(),
  /** The location a row stands for (drill-down and invoicing), null for other groups. */
  firm: z.number().int().nullable(),
  /** Whether the row's location has locations or technicians below it to drill into. */
  drill: z.boolean(),
});
export type AnalysisRow = z.infer<typeof analysisRow>;

export const dashboardAnswer = z.object({
  count: z.number().int().nonnegative(),
  items: z.array(analysisRow),
  totals: measures,
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

const crumb = z.object({ firm: z.number().int(), name: z.string() });
export const dashboardTopAnswer = z.object({
  /** The firm analysed (0: all the caller's firms) and the way down to it from the caller's top firms. */
  firm: z.number().int(),
  name: z.string(),
  path: z.array(crumb),
  previous: z.object({ startDate: z.string(), endDate: z.string() }),
  totals: measures,
  previousTotals: measures,
  series: z.array(measures.extend({ day: z.string() })),
});
export type DashboardTop = z.infer<typeof dashboardTopAnswer>;

// ── ADAS records ────────────────────────────────────────────────────────────────────────────────────
export const RECORD_SORTS = ['created', 'ronumber', 'firm', 'vehicle', 'status'] as const;
export const recordsQuery = z
  .object({
    firm: firmField,
    ...period,
    ...pageFields,
    direction: pageFields.direction.default('desc'),
    orderBy: z.enum(RECORD_SORTS).default('created'),
    /**
     * A technician's jobs (the drill from a "by tech" row, docs/dashboard.md#services-and-technicians): instead
     * of the jobs created or counted in the period, those with an inspection the numbers credit to this user
     * (its inspector, else who completed it) completed in the period; 0: those credited to nobody
     * ("Unassigned").
     */
    tech: z.coerce.number().int().min(0).optional(),
  })
  .superRefine(checkPeriod)
  .meta(PERIOD_RULES);
export type RecordsQuery = z.input<typeof recordsQuery>;

export const recordInspection = z.object({
  adasInspection: z.number().int(),
  type: z.number().int(),
  status: z.number().int(),
  inspector: z.string().nullable(),
  completedAt: z.string().nullable(),
  results: z.array(
    z.object({
      system: z.string(),
      result: z.number().int().nullable(),
      /** A system marked Not equipped shows as such, never as "no result". */
      isNotEquipped: z.boolean().default(false),
      calibrationType: z.string(),
    }),
  ),
});
export type RecordInspection = z.infer<typeof recordInspection>;

/** The inspections field: JSON text from the host, a structure for the screens; junk is a clear failure. */
export const inspectionsText = z.string().transform((text, ctx): RecordInspection[] => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'The inspections are not valid JSON' });
    return z.NEVER;
  }
  const parsed = z.array(recordInspection).safeParse(raw);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: `The inspections do not have the expected shape: ${parsed.error.issues[0]?.message}` });
    return z.NEVER;
  }
  return parsed.data;
});

export const adasRecord = z.object({
  adas: z.number().int(),
  firm: z.number().int(),
  firmName: z.string(),
  ronumber: z.string(),
  vehicle: z.string(),
  vin: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  /**
   * What the numbers count for the job in the period (api-host/dashboard/billable.ts, the facts of its
   * inspections completed in it; with `tech`, that technician's): so the columns add up to the numbers.
   */
  completedInspections: z.number().int().nonnegative(),
  calibrations: z.number().int().nonnegative(),
  sales: z.number(),
  inspections: inspectionsText,
});
export type AdasRecord = z.infer<typeof adasRecord>;

// ── administrator statistics ────────────────────────────────────────────────────────────────────────
const ADMIN = { access: ADMIN_ROLES } as const;
const rangeOnly = z.object(period).superRefine(checkPeriod).meta(PERIOD_RULES);

export const countsAnswer = z.array(z.object({ name: z.string(), count: z.number().int() }));
export const topStatsAnswer = z.object({
  since: z.string(),
  locations: z.array(z.object({ firm: z.number().int(), name: z.string(), jobs: z.number().int() })),
  makes: z.array(z.object({ make: z.string(), jobs: z.number().int() })),
});
export const internalLogAnswer = z.array(
  z.object({
    id: z.number().int(),
    timestamp: z.string(),
    level: z.string(),
    name: z.string(),
    message: z.string(),
    machineName: z.string(),
  }),
);
export const clientReviewAnswer = z.array(
  z.object({
    firm: z.number().int(),
    name: z.string(),
    locations: z.number().int(),
    users: z.number().int(),
    jobs: z.number().int(),
    lastJobAt: z.string().nullable(),
  }),
);
export const clientInspectionsAnswer = z.array(
  z.object({ firm: z.number().int(), name: z.string(), month: z.string(), inspections: z.number().int() }),
);
export const clientBreakdownAnswer = z.array(
  z.object({ firm: z.number().int(), name: z.string(), status: z.number().int(), inspections: z.number().int() }),
);
export const decodeStatsAnswer = z.array(z.object({ call: z.string(), decoded: z.number().int(), failed: z.number().int() }));
export const failedVinsAnswer = z.array(
  z.object({ vin: z.string(), reason: z.string(), call: z.string(), firmName: z.string().nullable(), decodedAt: z.string() }),
);
export const fragmentationAnswer = z.object({
  pageSize: z.number().int(),
  pages: z.number().int(),
  freePages: z.number().int(),
  objects: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['table', 'index']),
      table: z.string(),
      pages: z.number().int(),
      bytes: z.number().int(),
      unusedBytes: z.number().int(),
      fragmentation: z.number(),
    }),
  ),
});
export const missingIndexesAnswer = z.array(
  z.object({
    sql: z.string(),
    table: z.string(),
    plan: z.string(),
    count: z.number().int(),
    averageMs: z.number(),
    maxMs: z.number(),
    lastAt: z.string(),
  }),
);

export const dashboard = defineCall({
  access: DASHBOARD_ROLES,
  bff: true,
  method: 'GET',
  path: 'dashboard/dashboard',
  query: dashboardQuery,
  response: dashboardAnswer,
});
export const dashboardTop = defineCall({
  access: DASHBOARD_ROLES,
  method: 'GET',
  path: 'dashboard/dashboardTop',
  query: periodQuery,
  response: dashboardTopAnswer,
});
export const adasRecords = defineCall({
  access: DASHBOARD_ROLES,
  bff: true,
  method: 'GET',
  path: 'dashboard/adasRecords',
  query: recordsQuery,
  /** `technician`: the name of the technician asked for (`tech`), as the numbers show it. */
  response: z.object({ count: z.number().int().nonnegative(), items: z.array(adasRecord), technician: z.string().optional() }),
});
export const counts = defineCall({ ...ADMIN, method: 'GET', path: 'dashboard/counts', query: rangeOnly, response: countsAnswer });
export const topStats = defineCall({ ...ADMIN, method: 'GET', path: 'dashboard/topStats', response: topStatsAnswer });
export const internalLog = defineCall({ ...ADMIN, method: 'GET', path: 'dashboard/internalLog', response: internalLogAnswer });
export const clientReview = defineCall({ ...ADMIN, method: 'GET', path: 'dashboard/clientReview', response: clientReviewAnswer });
export const clientInspections = defineCall({
  ...ADMIN,
  method: 'GET',
  path: 'dashboard/clientInspections',
  response: clientInspectionsAnswer,
});
export const clientBreakdown = defineCall({ ...ADMIN, method: 'GET', path: 'dashboard/clientBreakdown', response: clientBreakdownAnswer });
export const decodeStats = defineCall({ ...ADMIN, method: 'GET', path: 'dashboard/decodeStats', response: decodeStatsAnswer });
export const failedVins = defineCall({ ...ADMIN, method: 'GET', path: 'admin/failedVINs', query: rangeOnly, response: failedVinsAnswer });
export const indexFragmentation = defineCall({
  ...ADMIN,
  method: 'GET',
  path: 'admin/getIndexFragmentation',
  response: fragmentationAnswer,
});
export const missingIndexes = defineCall({ ...ADMIN, method: 'GET', path: 'admin/getMissingIndexes', response: missingIndexesAnswer });

// ── the assistant ───────────────────────────────────────────────────────────────────────────────────
export const PROMPT_MAX = 2000;
export const aiInput = z.object({ prompt: requiredText(PROMPT_MAX) });
export const aiAnswer = z.object({
  /** The answer in plain sentences. */
  answer: z.string(),
  vehicle: z.object({ vin: z.string(), year: z.number().int().nullable(), make: z.string(), model: z.string() }).nullable(),
  /** The repair words found in the prompt. */
  repairs: z.array(z.string()),
  systems: z.array(
    z.object({
      system: z.string(),
      calibrationType: z.string(),
      calibrationMode: z.string().nullable(),
      price: z.number().nullable(),
      url: z.string(),
      because: z.string(),
    }),
  ),
  links: z.array(z.object({ title: z.string(), url: z.string() })),
  /** What could not be made out of the prompt, in words. */
  unknown: z.array(z.string()),
});
export type AiAnswer = z.infer<typeof aiAnswer>;
export const ai = defineCall({ access: DASHBOARD_ROLES, bff: true, method: 'POST', path: 'decode/ai', body: aiInput, response: aiAnswer });
