/**
 * Calibrations (docs/calibrations.md#fields "Calibration request", "Request note", #calls): the
 * estimate scrub, quote and prediction, calibration requests and their notes, the calibration report, the
 * push to CCC and the evaluation of a scrub. Decisions, since the specification shows no shapes:
 * - Money travels in dollars with 2 decimals (as insurers' agreed prices do); the host keeps cents.
 * - bms/scrub?adas&adasInspection scrubs the job's repair lines (lib/calibrations, docs/scrub.md) and keeps
 *   the answer on the inspection under a `uniqueId`, which admin/getBMS?uniqueId reads back and
 *   bms/lastScrub?adasInspection answers (null before the first scrub). The answer lists every line once
 *   (`lines`): the calibrations it triggers, each with the rule's words, the line's words and why, or why it
 *   triggers nothing, or why it could not be read; `calibrations` groups the triggering lines by system,
 *   `untriggered` and `unread` list the others with their reason. A scrub replacing an earlier one says what
 *   changed since (`changes`), who scrubbed and when.
 * - An estimate is uploaded with bms/upload?adas (beyond the specification), read as intake reads it
 *   (lib/contract/intake.ts, docs/intake.md: a PDF printout, an EMS export, a BMS XML file or a CSV) and
 *   stored at once; the screens use intake's preview and confirmation instead. Or typed or pasted (bms/readEstimate previews the lines as read,
 *   bms/saveEstimate stores them; one line a row: line number, operation, description, part number, price
 *   and hours as the estimating systems print them; a line without an operation in capitals is a section
 *   heading). Its lines replace the job's repair lines; bms/estimate?adas answers them as read, with their
 *   operation and section. Files with a DOCTYPE (entity tricks, "XML bombs") are refused; at most
 *   ESTIMATE_MAX_BYTES, ESTIMATE_MAX_LINES lines and ESTIMATE_MAX_PASTE pasted characters.
 * - adas/quote {adasInspection, lines?, provider?}: without lines, the calibrations of the inspection's last
 *   scrub at the firm's prices; with lines (a draft the user edited), those; with a provider (one of the
 *   firm's calibration providers, else 400), every line at that provider's price (docs/dispatch.md). Each line carries the job's insurer's
 *   agreed price for its calibration type (lookup/insuranceLookup `price` rows) and is flagged when below
 *   it; triggered calibrations left out are listed as missing. The firm's currency is USD, en-US.
 * - adas/predictiveAdas {year, make, model}: the systems the configuration lists for the vehicle, each
 *   with how often inspections of the same make and model (within two model years) at the caller's
 *   locations found it equipped; `basis` says which of the two it rests on.
 * - A calibration request belongs to an inspection (at most one each; a second is 409). adas/request
 *   answers it or null. Its lines, technicians and files may arrive as JSON text or lists (jsonList);
 *   the app always sees lists. Each line keeps its calibration type and price (the dashboard's sales).
 * - Status changes: any of REQUEST_STATUSES; Declined and Cancelled need a reason; Approved and Declined,
 *   deleting a request and deleting another user's note need a managing role (REQUEST_MANAGER_ROLES),
 *   else 403. Notes: at most NOTE_MAX characters; editing is for the author only (403).
 * - adas/requestNotes?calibrateRequest&readBy lists the notes oldest first and marks them read for
 *   `readBy`, which must be the caller (403 otherwise); unread counts are notes of others after the
 *   reader's last read.
 * - report/reportPreference?adasInspection: the inspection's firm's Report preferences (inherited down
 *   the network) — title, footer, reply-to, language and sections. report/calibration?adasInspection is
 *   the PDF itself (binary, beyond the specification's list: the "download"); report/sendCalibration is
 *   "send{report}" for the calibration report: it mails the PDF through the host's mail stand-in to `to`,
 *   else to the firm's users who receive reports. `language` overrides the preference for one report.
 * - adas/pushToCCC?adasInspection sends what the request bills by the one billing rule (docs/dashboard.md
 *   #what-a-request-bills: its quoted lines, else the scrub's, until the inspection is Complete; then only the
 *   calibrations done) to the estimating system and answers its verdict: {accepted, reference, message}; a
 *   refusal is a 200 with accepted false and the service's words (it is the service's answer, not a failed
 *   call). adas/cccPreview shows it first, with the lines left out and why; a push naming the preview's
 *   `digest` is refused (409) when the lines changed since.
 * - admin/evaluateRecords: for administrators (roles 1, 2). The job is named by adas, adasInspection or
 *   vin (its newest job); `repair`, when given, is a repair-line text evaluated instead of the job's lines
 *   (with `operation` and `section` when given). Each step is one system's verdict on one line.
 */
import { z } from 'zod';
import { ESTIMATE_MAX_BYTES, ESTIMATE_MAX_PASTE } from './calibrations-constants';
import { CHECK_DECIDER_ROLES, CLOSING_STATUSES, NOTE_MAX, REQUEST_STATUSES, jsonList } from '../calibrations/rules';
import { OPERATIONS } from '../calibrations/vocabulary';
import { TRANSLATION_LANGUAGE_CODES } from '../configuration/constants';
import { ALL_ROLES } from '../roles';
import { MESSAGES } from '../validation/messages';
import { defineCall, ok, optionalText, q, requiredText, savedId } from './define';

export { ESTIMATE_MAX_BYTES, ESTIMATE_MAX_PASTE } from './calibrations-constants';

export { ESTIMATE_MAX_LINES } from '../intake/estimate';
export const ESTIMATE_FIELD = 'File';
export const REPORT_LANGUAGES = ['en', ...TRANSLATION_LANGUAGE_CODES] as const;
export const REPORT_SECTIONS = ['systems', 'lines', 'links', 'recommendations', 'evidence'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

const base = { access: ALL_ROLES, bff: true } as const;
const positiveId = () => z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required);
const money = z.number();

/** A list sent as JSON text or already parsed (docs/calibrations.md#fields); the answer is always the list. */
export const listOrJson = <T extends z.ZodType>(item: T, max = 200) =>
  z.preprocess((v) => jsonList(v) ?? v, z.array(item, { error: 'A list, or JSON text of a list' }).max(max, `At most ${max} entries`));

// ── scrub ─────────────────────────────────────────────────────────────────────────────────────────
export const ESTIMATE_SOURCES = ['lines', 'bms', 'csv', 'paste', 'pdf', 'ocr', 'ems'] as const;
export const TRIGGER_KINDS = ['part', 'sensor', 'work', 'calibration'] as const;

/** Why a line triggers a calibration: the rule's words, the line's words as read, and the explanation. */
export const lineTrigger = z.object({
  adasChecklistMatrix: z.number().int(),
  system: z.string(),
  keyword: z.string(),
  kind: z.enum(TRIGGER_KINDS),
  words: z.string(),
  why: z.string(),
});
export type LineTriggerOut = z.infer<typeof lineTrigger>;

/** One estimate line as the vocabulary read it (lib/calibrations/normalise.ts readLine): the job page and the scrub show the same reading. */
const readEstimateLine = z.object({
  lineNum: z.number().int(),
  /** The operation as written, and as read (null: none given, or not known). */
  operation: z.string(),
  operationRead: z.enum(OPERATIONS).nullable(),
  section: z.string(),
  description: z.string(),
  /** The parts the line names, as read ("front bumper cover"). */
  read: z.array(z.string()),
  notes: z.array(z.string()),
  unread: z.string().nullable(),
});

export const CHECK_DECISIONS = ['confirmed', 'dismissed'] as const;
export type CheckDecision = (typeof CHECK_DECISIONS)[number];

/** The estimator's decision on a check: confirmed (the calibration is required) or dismissed, by whom and when. */
export const checkDecision = z.object({
  decision: z.enum(CHECK_DECISIONS),
  by: z.number().int().nullable(),
  byName: z.string(),
  at: z.string(),
});

/** A system a line may require, which the scrub cannot settle: the estimator confirms or dismisses it. */
export const lineCheck = z.object({
  adasChecklistMatrix: z.number().int(),
  system: z.string(),
  why: z.string(),
  decision: checkDecision.nullable().default(null),
});
export type LineCheckOut = z.infer<typeof lineCheck>;

/**
 * One estimate line as the scrub read it and what came of it: it triggers calibrations, or is a check (a
 * system it may require, for the estimator to confirm or dismiss), or triggers nothing (and why), or it
 * could not be read.
 */
export const scrubbedLine = readEstimateLine.extend({
  triggers: z.array(lineTrigger),
  checks: z.array(lineCheck).default([]),
  nothing: z.string().nullable(),
});
export type ScrubbedLine = z.infer<typeof scrubbedLine>;

export const triggeringLine = z.object({
  lineNum: z.number().int(),
  operation: z.string(),
  description: z.string(),
  keyword: z.string(),
  why: z.string().default(''),
});

export const triggeredCalibration = z.object({
  adasChecklistMatrix: z.number().int(),
  system: z.string(),
  calibrationType: z.string(),
  calibrationTypeId: z.number().int().nullable(),
  /** static, dynamic, static-dynamic or initialization; null when the matrix says none. */
  calibrationMode: z.string().nullable(),
  lines: z.array(triggeringLine),
  triggerNotice: z.string().nullable(),
  url: z.string(),
  price: money.nullable(),
  priceSource: z.enum(['firm', 'network', 'none']),
});
export type TriggeredCalibration = z.infer<typeof triggeredCalibration>;

const lineRef = z.object({ lineNum: z.number().int(), operation: z.string(), description: z.string(), reason: z.string().default('') });

/** What changed since the inspection's previous scrub: calibrations added or gone, and lines whose outcome changed. */
export const scrubChanges = z.object({
  since: z.string(),
  sinceByName: z.string(),
  /** Whether the lines themselves changed (else the change comes from the configuration or the inspection). */
  estimateChanged: z.boolean(),
  added: z.array(z.object({ system: z.string(), lines: z.array(z.number().int()) })),
  removed: z.array(z.object({ system: z.string(), lines: z.array(z.number().int()) })),
  lines: z.array(z.object({ lineNum: z.number().int(), description: z.string(), before: z.string(), after: z.string() })),
  summary: z.string(),
});
export type ScrubChanges = z.infer<typeof scrubChanges>;

export const scrubResult = z.object({
  uniqueId: z.string(),
  adas: z.number().int(),
  adasInspection: z.number().int(),
  source: z.enum(ESTIMATE_SOURCES),
  fileName: z.string(),
  scrubbedAt: z.string(),
  scrubbedBy: z.number().int().nullable().default(null),
  scrubbedByName: z.string().default(''),
  vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string(), vin: z.string() }),
  /** Why the vehicle is not scrubbed (the no-scrub list), or null. */
  noScrub: z.string().nullable(),
  calibrations: z.array(triggeredCalibration),
  /** Every line once, with its outcome. */
  lines: z.array(scrubbedLine).default([]),
  /** Lines that trigger nothing, with why. */
  untriggered: z.array(lineRef),
  /** Every check of every line (a line may hold several: one a candidate system), with its decision. */
  checks: z
    .array(lineRef.extend({ adasChecklistMatrix: z.number().int(), system: z.string(), decision: checkDecision.nullable().default(null) }))
    .default([]),
  /** Lines the normaliser could not read, with why. */
  unread: z.array(lineRef).default([]),
  changes: scrubChanges.nullable().default(null),
});
export type ScrubResult = z.infer<typeof scrubResult>;

const scrubQuery = z.object({ adas: q.id(), adasInspection: q.id() });
export const scrub = defineCall({ writes: true, ...base, method: 'GET', path: 'bms/scrub', query: scrubQuery, response: scrubResult });

/**
 * The estimator confirms a check (the line requires the system: it joins the scrub's calibrations), dismisses
 * it, or opens it again; the kept scrub is answered with the decision, who made it and when.
 */
export const decideCheck = defineCall({
  access: CHECK_DECIDER_ROLES,
  bff: true,
  method: 'POST',
  path: 'bms/decideCheck',
  body: z.object({
    adasInspection: positiveId(),
    lineNum: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required),
    adasChecklistMatrix: positiveId(),
    decision: z.enum([...CHECK_DECISIONS, 'open'], { error: 'confirmed, dismissed or open' }),
  }),
  response: scrubResult,
});

/** The inspection's kept scrub (shown again when the inspection is opened), or null before the first. */
export const lastScrub = defineCall({
  ...base,
  method: 'GET',
  path: 'bms/lastScrub',
  query: z.object({ adasInspection: q.id() }),
  response: scrubResult.nullable(),
});

export const uploadEstimate = defineCall({
  refuses: [413, 429],
  ...base,
  method: 'POST',
  path: 'bms/upload',
  transport: 'multipart',
  upload: {
    field: ESTIMATE_FIELD,
    fileName: 'any: the estimate is told by its content (a CIECA BMS XML file or a CSV), never by its name',
    types: ['application/xml', 'text/csv'],
    maxFiles: 1,
    maxBytes: ESTIMATE_MAX_BYTES,
  },
  query: z.object({ adas: q.id() }),
  response: z.object({ lines: z.number().int().nonnegative(), source: z.enum(['bms', 'csv', 'pdf', 'ocr', 'ems']), fileName: z.string() }),
});

/** One line of a job's estimate as read (the job page shows each with its operation and section). */
export const estimateLine = readEstimateLine.extend({
  uniqueSequenceNumber: z.number().int(),
  partNumber: z.string(),
  isNotEquipped: z.boolean(),
});
export type EstimateLine = z.infer<typeof estimateLine>;

export const estimate = z.object({
  adas: z.number().int(),
  source: z.enum(ESTIMATE_SOURCES),
  fileName: z.string(),
  /** What the file's header said (lib/intake): RO, claim number, insurer and version; empty for typed lines. */
  header: z.object({ roNumber: z.string(), claimNumber: z.string(), insurer: z.string(), version: z.string() }).optional(),
  uploadedAt: z.string().nullable(),
  uploadedByName: z.string(),
  lines: z.array(estimateLine),
});
export type Estimate = z.infer<typeof estimate>;

/** The job's estimate: its lines as read, with where they came from. */
export const getEstimate = defineCall({
  ...base,
  method: 'GET',
  path: 'bms/estimate',
  query: z.object({ adas: q.id() }),
  response: estimate,
});

const pastedLines = z.object({
  adas: positiveId(),
  text: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, 'Paste or type at least one estimate line')
    .max(ESTIMATE_MAX_PASTE, `At most ${ESTIMATE_MAX_PASTE.toLocaleString('en-US')} characters`),
});

/** Pasted or typed lines read as the scrub reads them, without storing them (the preview). */
export const readEstimate = defineCall({ ...base, method: 'POST', path: 'bms/readEstimate', body: pastedLines, response: estimate });
/** Pasted or typed lines stored as the job's estimate (they replace its repair lines). */
export const saveEstimate = defineCall({ ...base, method: 'POST', path: 'bms/saveEstimate', body: pastedLines, response: estimate });

export const getBMS = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getBMS',
  query: z.object({ uniqueId: z.uuid({ error: 'Not a scrub id' }) }),
  response: scrubResult,
});

// ── quote and prediction ───────────────────────────────────────────────────────────────────────────
export const quoteLineInput = z.object({
  adasChecklistMatrix: positiveId(),
  price: z
    .number({ error: 'A price such as 149.50' })
    .min(0, 'The price cannot be below zero')
    .max(99_999.99, 'At most 99,999.99')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most 2 decimals')
    .meta({ multipleOf: 0.01 })
    .nullable(),
});

/** A calibration of a system with its price and the price agreed for it: what a quote proposes and a request keeps. */
const pricedCalibration = z.object({
  adasChecklistMatrix: z.number().int(),
  system: z.string(),
  calibrationType: z.string(),
  calibrationMode: z.string().nullable(),
  price: money.nullable(),
  agreedPrice: money.nullable(),
});

export const quoteLine = pricedCalibration.extend({ underAgreed: z.boolean() });
export type QuoteLine = z.infer<typeof quoteLine>;

export const quoteAnswer = z.object({
  adasInspection: z.number().int(),
  currency: z.literal('USD'),
  locale: z.string(),
  insurance: z.number().int().nullable(),
  insuranceName: z.string(),
  /** Whether the insurer has agreed prices (an opt-in program's price list). */
  hasAgreedPrices: z.boolean(),
  lines: z.array(quoteLine),
  total: money,
  unpriced: z.number().int(),
  missing: z.array(z.object({ adasChecklistMatrix: z.number().int(), system: z.string(), calibrationType: z.string() })),
  flagged: z.boolean(),
  /** The calibration provider whose prices the lines carry (docs/dispatch.md); null: the location's own. */
  provider: z.object({ provider: z.number().int(), name: z.string() }).nullable().default(null),
});
export type QuoteAnswer = z.infer<typeof quoteAnswer>;

export const quote = defineCall({
  ...base,
  method: 'POST',
  path: 'adas/quote',
  body: z.object({
    adasInspection: positiveId(),
    lines: z.array(quoteLineInput).max(100, 'At most 100 lines').optional(),
    /** One of the location's calibration providers: the lines are priced at its prices, whatever prices are sent. */
    provider: z.number().int().positive().nullable().default(null),
  }),
  response: quoteAnswer,
});

export const prediction = z.object({
  vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string() }),
  jobsConsidered: z.number().int().nonnegative(),
  basis: z.string(),
  systems: z.array(
    z.object({
      adasChecklistMatrix: z.number().int(),
      system: z.string(),
      likelihood: z.number().min(0).max(1),
      seen: z.number().int().nonnegative(),
      equipped: z.number().int().nonnegative(),
      basis: z.enum(['configuration', 'recorded']),
    }),
  ),
});
export type Prediction = z.infer<typeof prediction>;

export const predictiveAdas = defineCall({
  ...base,
  method: 'POST',
  path: 'adas/predictiveAdas',
  body: z.object({
    year: z.number({ error: MESSAGES.required }).int().min(1950, 'A year from 1950').max(2100, 'A year no later than 2100'),
    make: requiredText(60),
    model: requiredText(80),
  }),
  response: prediction,
});

// ── requests ─────────────────────────────────────────────────────────────────────────────────────
export const requestLineInput = z.object({
  adasChecklistMatrix: positiveId(),
  system: requiredText(200),
  calibrationType: optionalText(100),
  calibrationMode: z.string().trim().max(30).nullable().default(null),
  price: quoteLineInput.shape.price.default(null),
  agreedPrice: quoteLineInput.shape.price.default(null),
  repairLines: z.array(z.number().int()).max(300).default([]),
});
export const requestLine = pricedCalibration.extend({
  calibrateRequestLine: z.number().int(),
  repairLines: z.array(z.number().int()),
});
export type RequestLine = z.infer<typeof requestLine>;

export const requestTechnician = z.object({ user: z.number().int(), name: z.string() });
export const requestFile = z.object({ name: z.string(), url: z.string() });
const fileInput = z.object({ name: requiredText(200), url: requiredText(500) });

export const requestStatus = z.enum(REQUEST_STATUSES, { error: `One of ${REQUEST_STATUSES.join(', ')}` });

/** A calibration as billed (sent to CCC, counted in a request's total). */
export const billedLine = z.object({
  adasChecklistMatrix: z.number().int(),
  system: z.string(),
  calibrationType: z.string(),
  price: money.nullable(),
});
/**
 * What a request bills by the one billing rule (docs/dashboard.md#what-a-request-bills): `performed` once
 * its inspection is Complete (the Calibrated systems; quoted calibrations not done are left out with why),
 * `quoted` before (the quote as it stands), `refused` for a Declined or Cancelled request (nothing).
 */
export const requestBilling = z.object({
  basis: z.enum(['performed', 'quoted', 'refused']),
  lines: z.array(billedLine),
  leftOut: z.array(billedLine.extend({ why: z.string() })),
  total: money,
});
export type RequestBilling = z.infer<typeof requestBilling>;

export const calibrateRequest = z.object({
  calibrateRequest: z.number().int(),
  /** The push notice's "opportunity": the same id. */
  opportunity: z.number().int(),
  firm: z.number().int(),
  adas: z.number().int().nullable(),
  adasInspection: z.number().int().nullable(),
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  statusName: requestStatus,
  reason: z.string(),
  reasonSource: z.string(),
  /** What the request bills now, by the one billing rule (`billing.total`); the quoted lines' sum is `quotedTotal`. */
  total: money,
  quotedTotal: money.optional(),
  billing: requestBilling.nullable().default(null),
  lines: listOrJson(requestLine),
  notes: listOrJson(z.object({ calibrateRequestNote: z.number().int(), note: z.string(), userName: z.string(), createdAt: z.string() })),
  technicians: listOrJson(requestTechnician),
  files: listOrJson(requestFile),
  unreadNotes: z.number().int().nonnegative(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  statusChangedAt: z.string().nullable(),
  /** Who approved it and when (a manager's "Approved"); null while it was never approved. */
  approvedAt: z.string().nullable().default(null),
  approvedByName: z.string().default(''),
  /** Who set its current status and when. */
  statusChangedByName: z.string().default(''),
});
export type CalibrateRequest = z.infer<typeof calibrateRequest>;

/** The extra fields createCalibrate takes (lib/contract/adas.ts): JSON text or lists. */
export const requestParts = {
  lines: listOrJson(requestLineInput, 100).default([]),
  technicians: listOrJson(z.number().int().positive(), 20).default([]),
  files: listOrJson(fileInput, 20).default([]),
};

export const request = defineCall({
  ...base,
  method: 'GET',
  path: 'adas/request',
  query: z.object({ adasInspection: q.id() }),
  response: calibrateRequest.nullable(),
});

export const deleteRequest = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'adas/deleteRequest',
  query: z.object({ calibrateRequest: q.id() }),
  response: ok,
});

export const saveRequestStatus = defineCall({
  ...base,
  method: 'POST',
  path: 'adas/saveRequestStatus',
  body: z
    .object({ calibrateRequest: positiveId(), statusName: requestStatus, reason: optionalText(200), reasonSource: optionalText(100) })
    .superRefine((b, ctx) => {
      if ((CLOSING_STATUSES as readonly string[]).includes(b.statusName) && !b.reason)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: `Say why the request is ${b.statusName.toLowerCase()}` });
    })
    .meta({ 'x-rules': [`reason: required when statusName is ${CLOSING_STATUSES.join(' or ')}`] }),
  response: z.object({ calibrateRequest: z.number().int(), statusName: requestStatus }),
});

// ── notes ────────────────────────────────────────────────────────────────────────────────────────
export const requestNote = z.object({
  calibrateRequestNote: z.number().int(),
  calibrateRequest: z.number().int(),
  note: z.string(),
  user: z.number().int(),
  userName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  /** Whether the reader had not read it before this call. */
  isNew: z.boolean(),
});
export type RequestNote = z.infer<typeof requestNote>;

export const requestNotes = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'adas/requestNotes',
  query: z.object({ calibrateRequest: q.id(), readBy: q.id() }),
  response: z.array(requestNote),
});

export const saveRequestNote = defineCall({
  ...base,
  method: 'POST',
  path: 'adas/saveRequestNote',
  body: z.object({
    /** -1 (or 0) adds a note. */
    calibrateRequestNote: z.number().int().default(-1),
    calibrateRequest: positiveId(),
    note: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(NOTE_MAX, `A note has at most ${NOTE_MAX.toLocaleString('en-US')} characters`),
  }),
  response: savedId,
});

export const deleteRequestNote = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'adas/deleteRequestNote',
  query: z.object({ calibrateRequestNote: q.id() }),
  response: ok,
});

// ── report ───────────────────────────────────────────────────────────────────────────────────────
export const reportPreference = z.object({
  firm: z.number().int(),
  title: z.string(),
  footer: z.string(),
  replyTo: z.string(),
  language: z.enum(REPORT_LANGUAGES),
  sections: z.array(z.enum(REPORT_SECTIONS)),
  /** Who gets the report when no recipient is named: the location's users who receive reports. */
  recipients: z.array(z.string()),
});
export type ReportPreference = z.infer<typeof reportPreference>;

const reportQuery = z.object({
  adasInspection: q.id(),
  language: z.enum(REPORT_LANGUAGES, { error: `One of ${REPORT_LANGUAGES.join(', ')}` }).optional(),
});

export const getReportPreference = defineCall({
  ...base,
  method: 'GET',
  path: 'report/reportPreference',
  query: z.object({ adasInspection: q.id() }),
  response: reportPreference,
});

export const calibrationReport = defineCall({
  ...base,
  method: 'GET',
  path: 'report/calibration',
  transport: 'binary',
  produces: ['application/pdf'],
  query: reportQuery,
  response: z.unknown(),
});

export const sendCalibrationReport = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'report/sendCalibration',
  query: reportQuery.extend({ to: z.email({ error: 'Required, formatted email address' }).max(200).optional() }),
  response: z.object({ mail: z.number().int(), to: z.array(z.string()), fileName: z.string(), size: z.number().int() }),
});

// ── CCC and evaluation ───────────────────────────────────────────────────────────────────────────
export const cccAnswer = z.object({
  accepted: z.boolean(),
  reference: z.string().nullable(),
  message: z.string(),
  lines: z.number().int().nonnegative(),
});
export type CccAnswer = z.infer<typeof cccAnswer>;

/**
 * What adas/pushToCCC would send now (beyond the specification): the billed lines, the quoted ones left out
 * with why, the total, what CCC is expected to refuse (`problems`), and a `digest` of the lines that the push
 * names so that it sends exactly what was shown.
 */
export const cccPreview = z.object({
  adasInspection: z.number().int(),
  roNumber: z.string(),
  vin: z.string(),
  requestStatus: requestStatus.nullable(),
  billing: requestBilling,
  problems: z.array(z.string()),
  digest: z.string(),
});
export type CccPreview = z.infer<typeof cccPreview>;

export const previewCCC = defineCall({
  ...base,
  method: 'GET',
  path: 'adas/cccPreview',
  query: z.object({ adasInspection: q.id() }),
  response: cccPreview,
});

export const pushToCCC = defineCall({
  refuses: [409],
  writes: true,
  ...base,
  method: 'GET',
  path: 'adas/pushToCCC',
  /** `digest`: the preview's; lines changed since answer 409 and nothing is sent. */
  query: z.object({
    adasInspection: q.id(),
    digest: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'A preview digest')
      .optional(),
  }),
  response: cccAnswer,
});

export const evaluationStep = z.object({
  lineNum: z.number().int(),
  description: z.string(),
  system: z.string(),
  keyword: z.string(),
  kind: z.enum(['line', 'sublet']),
  outcome: z.enum(['triggered', 'check', 'exception', 'exclusion', 'operation', 'zone', 'without', 'other-part', 'not-equipped']),
  rule: z.string(),
});

export const evaluateRecords = defineCall({
  access: [1, 2],
  bff: true,
  method: 'GET',
  path: 'admin/evaluateRecords',
  query: z
    .object({
      adas: q.id().optional(),
      adasInspection: q.id().optional(),
      vin: q.text(17).optional(),
      repair: q.text(300).optional(),
      operation: q.text(30).optional(),
      section: q.text(100).optional(),
    })
    .refine((v) => v.adas != null || v.adasInspection != null || !!v.vin, {
      message: 'Name a job: adas, adasInspection or vin',
      path: ['adas'],
    }),
  response: z.object({
    adas: z.number().int(),
    vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string(), vin: z.string() }),
    noScrub: z.string().nullable(),
    systems: z.array(
      z.object({
        adasChecklistMatrix: z.number().int(),
        system: z.string(),
        keywords: z.object({ line: z.array(z.string()), location: z.array(z.string()), sublet: z.array(z.string()) }),
        exceptKeywords: z.array(z.string()),
      }),
    ),
    lines: z.array(scrubbedLine),
    steps: z.array(evaluationStep),
    triggered: z.array(z.string()),
  }),
});
