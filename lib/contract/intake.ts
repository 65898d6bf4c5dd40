/**
 * Intake: a shop's estimate file (a PDF printout, text or scanned; a CIECA EMS export, zipped or loose; a
 * BMS XML file; a CSV) or pasted lines, read into lines and shown before anything is stored (docs/intake.md).
 *
 * - intake/read (multipart, field File, one file or the loose files of one EMS export; query adas and, from
 *   an inspection, adasInspection) starts reading off the host's thread and answers the read: `reading`
 *   with its progress (pages read, OCR) until it is `done` (with the preview) or `failed` (with why).
 *   intake/status?read answers the same as it goes on. intake/readText reads pasted or typed lines.
 * - The preview: the lines as read, what the scrub makes of them, the vehicle and header found, what could
 *   not be read and why, the job's VIN, RO, claim number and insurer beside the file's, and, when the job
 *   has an estimate already, what the new one adds, removes and changes and which calibrations that adds
 *   or drops. Reads are kept for READ_KEPT_MINUTES for their reader only.
 * - intake/confirm stores the read as the job's estimate (its lines replace the job's repair lines) and
 *   takes the file's values for the fields in `apply` (the screen asks before overwriting one the job has).
 *   Nothing is written to the job before it.
 * - Limits: ESTIMATE_MAX_BYTES per upload, ESTIMATE_MAX_LINES lines, INTAKE_MAX_PAGES pages (at most
 *   INTAKE_MAX_OCR_PAGES scanned), INTAKE_UPLOADS_PER_WINDOW uploads per user in INTAKE_WINDOW_MINUTES and
 *   INTAKE_READS_AT_ONCE at a time (then 429 with Retry-After); a read that takes too long fails.
 */
import { z } from 'zod';
import { INTAKE_SOURCES, PRINT_LAYOUTS } from '../intake/estimate';
import { ALL_ROLES } from '../roles';
import { MESSAGES } from '../validation/messages';
import { ESTIMATE_MAX_BYTES, ESTIMATE_MAX_PASTE, estimate, scrubbedLine, triggeredCalibration } from './calibrations';
import { defineCall, q } from './define';

export const INTAKE_FIELD = 'File';
export const INTAKE_MAX_FILES = 12;
export const INTAKE_MAX_PAGES = 100;
export const INTAKE_MAX_OCR_PAGES = 20;
export const INTAKE_UPLOADS_PER_WINDOW = 30;
export const INTAKE_WINDOW_MINUTES = 10;
export const INTAKE_READS_AT_ONCE = 2;
export const READ_KEPT_MINUTES = 30;
/** OCR'd lines under this confidence are shown for checking. */
export const OCR_CONFIDENCE_FLOOR = 0.8;

/** The job's fields an estimate file may fill. */
export const JOB_FIELDS = ['vin', 'roNumber', 'claimNumber', 'insurer'] as const;
export type JobField = (typeof JOB_FIELDS)[number];

const base = { access: ALL_ROLES, bff: true } as const;
const positiveId = () => z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required);

export const readLine = z.object({
  lineNum: z.number().int(),
  uniqueSequenceNumber: z.number().int(),
  section: z.string(),
  operation: z.string(),
  operationCode: z.string(),
  description: z.string(),
  partType: z.string(),
  partNumber: z.string(),
  quantity: z.number().nullable(),
  labourType: z.string(),
  hours: z.number().nullable(),
  price: z.number().nullable(),
  confidence: z.number().nullable(),
});

export const readEstimate = z.object({
  source: z.enum(INTAKE_SOURCES),
  layout: z.union([z.enum(PRINT_LAYOUTS), z.literal('')]),
  lines: z.array(readLine),
  vehicle: z.object({ vin: z.string(), vinChecked: z.boolean(), year: z.number().int().nullable(), make: z.string(), model: z.string() }),
  header: z.object({
    roNumber: z.string(),
    claimNumber: z.string(),
    insurer: z.string(),
    version: z.string(),
    supplement: z.number().int().nullable(),
  }),
  problems: z.array(z.object({ where: z.string(), what: z.string() })),
  pages: z.number().int().nullable(),
  confidenceFloor: z.number().nullable(),
});
export type ReadEstimateOut = z.infer<typeof readEstimate>;

const lineRef = z.object({ lineNum: z.number().int(), operation: z.string(), description: z.string(), section: z.string() });

export const supplementDiff = z.object({
  /** What the read is compared with, in words ("the job's estimate from CCC-1.pdf, 01/15/2026"). */
  against: z.string(),
  added: z.array(lineRef),
  removed: z.array(lineRef),
  changed: z.array(z.object({ before: lineRef, after: lineRef, what: z.array(z.string()) })),
  unchanged: z.number().int(),
  calibrationsAdded: z.array(z.string()),
  calibrationsDropped: z.array(z.string()),
});
export type SupplementDiff = z.infer<typeof supplementDiff>;

export const jobFieldChoice = z.object({
  field: z.enum(JOB_FIELDS),
  label: z.string(),
  fromFile: z.string(),
  onJob: z.string(),
  /** fill: the job has none; overwrite: the job has another (asked first); same; none: the file has none. */
  action: z.enum(['fill', 'overwrite', 'same', 'none']),
});
export type JobFieldChoice = z.infer<typeof jobFieldChoice>;

export const intakePreview = z.object({
  estimate: readEstimate,
  layoutName: z.string(),
  scrub: z.object({ lines: z.array(scrubbedLine), calibrations: z.array(triggeredCalibration), noScrub: z.string().nullable() }),
  job: z.object({
    adas: z.number().int(),
    vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string(), vin: z.string() }),
    lineCount: z.number().int().nonnegative(),
  }),
  fields: z.array(jobFieldChoice),
  /** The file's vehicle differs from the job's (the scrub uses the job's). */
  vehicleNote: z.string().nullable(),
  supplement: supplementDiff.nullable(),
});
export type IntakePreview = z.infer<typeof intakePreview>;

export const READ_STATES = ['reading', 'done', 'failed'] as const;
export const intakeRead = z.object({
  read: z.string(),
  adas: z.number().int(),
  adasInspection: z.number().int().nullable(),
  fileName: z.string(),
  state: z.enum(READ_STATES),
  progress: z.object({ stage: z.enum(['queued', 'text', 'ocr']), page: z.number().int(), pages: z.number().int() }).nullable(),
  error: z.string().nullable(),
  preview: intakePreview.nullable(),
});
export type IntakeRead = z.infer<typeof intakeRead>;

const target = { adas: q.id(), adasInspection: q.id().optional() };

export const read = defineCall({
  ...base,
  refuses: [413, 429],
  method: 'POST',
  path: 'intake/read',
  transport: 'multipart',
  upload: {
    field: INTAKE_FIELD,
    fileName:
      'any: the file is told by its content (a PDF, a zip, a BMS XML file, a CSV, an EMS dBase table), never by its name; loose EMS files by their extensions (.ENV, .LIN, …)',
    types: ['application/pdf', 'application/zip', 'application/xml', 'text/csv', 'application/x-dbf'],
    maxFiles: INTAKE_MAX_FILES,
    maxBytes: ESTIMATE_MAX_BYTES,
  },
  query: z.object(target),
  response: intakeRead,
});

export const readText = defineCall({
  ...base,
  method: 'POST',
  path: 'intake/readText',
  body: z.object({
    adas: positiveId(),
    adasInspection: positiveId().optional(),
    text: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(ESTIMATE_MAX_PASTE, `At most ${ESTIMATE_MAX_PASTE.toLocaleString('en-US')} characters`),
  }),
  response: intakeRead,
});

const readId = z.string({ error: MESSAGES.required }).uuid('Not a read of this host');

export const status = defineCall({
  ...base,
  method: 'GET',
  path: 'intake/status',
  query: z.object({ read: readId }),
  response: intakeRead,
});

export const confirm = defineCall({
  ...base,
  refuses: [409],
  method: 'POST',
  path: 'intake/confirm',
  body: z.object({ read: readId, apply: z.array(z.enum(JOB_FIELDS)).max(JOB_FIELDS.length).default([]) }),
  response: z.object({ estimate, applied: z.array(z.enum(JOB_FIELDS)) }),
});
