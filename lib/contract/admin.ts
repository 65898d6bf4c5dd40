/**
 * Administration calls (docs/configuration.md#calls "ADAS administration"; docs/data.md#calls Import): the ADAS knowledge
 * base — systems (checklist matrices), make matrices, make exceptions, exclusions, info lookups, the
 * no-scrub list and their CSV exports — and the make-matrix-links import. Decisions, since the
 * specification shows no shapes:
 * - Who: roles 1 and 2 only. The knowledge base is the network's, not a firm's: the reference host lets
 *   only administrators who reach the platform firm (1) change or read it (403 otherwise).
 * - Lists take page, pageSize, orderBy, direction, searchTerm and their filters, and answer {count, items}
 *   (lib/contract/list.ts). Save calls answer {id}; deletes answer {success: true}, 404 for an unknown id.
 * - New records are sent with id -1. Keyword lists travel as comma text, normalised by the contract
 *   (lib/configuration/keywords.ts: at most 100 keywords of at most 60 characters).
 * - Systems: getAdasMatrix lists the systems with their items (there is no single-system call); an item
 *   with isRemove is deleted, a system saved with isRemove is deleted like deleteAdasMatrix. A system used
 *   by make matrices, exceptions or info lookups cannot be deleted (400 naming how many).
 * - Make matrices (the specification's "adasChecklistMatrixVehicle"): vehicleModel is the models as one
 *   text ('' = every model of the make), derived from `models`; a model sent with isAdd is added, one with
 *   isDelete removed, the others kept. Two make matrices of the same make, system, years and models are
 *   refused (400). systems, locations, static and dynamic are the other names the OEM gives the system,
 *   its locations, and its static and dynamic calibration procedures (saveAdasMakeMatrixLookups; also
 *   accepted by saveAdasMakeMatrix). sort orders the rows of one make; moveAdasMakeMatrix?id&to moves a
 *   row to position `to` (1 = first) among its make's rows and answers its new position.
 * - getAdasMakeMatrixCategories answers every choice the configuration screen offers: systems, system
 *   types, location types, calibration types, the makes in use, and the firms the caller reaches.
 * - Make exceptions: keywords that do not trigger a system (or any system) for a make, with a reason;
 *   getAdasMakeExclusions?id lists those of system `id` (all without it); getMakeExceptionLookups answers
 *   the keywords and models the make's matrices use, to choose from.
 * - Exclusions: repair-line phrases (REFINISH, BLEND, …) that never trigger a calibration (of one system,
 *   or of any).
 * - Exports answer {fileName, csv, rows}: the CSV text written with lib/csv.ts (formula-like cells
 *   escaped); the screen offers it as a download.
 * - The links import (below): the links file travels as JSON {fileName, content}: the CSV text, at most
 *   LINKS_FILE_MAX_CHARS; columns make, model, yearStart, yearEnd, title, url (a first row naming them is a
 *   header; model empty = every model, years empty = every year); the call answers at once {import,
 *   status: 'queued'}; the rows are stored in the background as ADAS links (alldata.ts), marked new, and
 *   the notice {kind: 'makeMatrixLinks', import, fileName, imported, rejected} goes to roles 1 and 2 only.
 * - The email log (admin/getEmails, admin/getEmail) is described where it is defined, below.
 */
import { z } from 'zod';
import { ALL_ROLES } from '../roles';
import { sectionRoles } from '../routes';
import { MESSAGES } from '../validation/messages';
import {
  CALIBRATION_MODES,
  INFO_LOOKUP_TYPES,
  LINKS_FILE_MAX_CHARS,
  MAKE_MATRIX_LINK_COLUMNS,
  YEAR_RANGE_MESSAGE,
} from '../configuration/constants';

export { LINKS_FILE_MAX_CHARS, MAKE_MATRIX_LINK_COLUMNS };
import { adasSystem, vinDecode } from './decode';
import { defineCall, ok, optionalText, q, requiredText, savedId } from './define';
import {
  httpUrl,
  keywordText,
  modelYear,
  nameList,
  optionalRef,
  recordId,
  requiredRef,
  YEAR_RANGE_RULES,
  yearRange,
} from './config-fields';
import { paged, pagedQuery } from './list';

const year = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({ error: 'A year such as 2019' })
    .int('A year such as 2019')
    .min(1950, 'A year from 1950')
    .max(2100, 'A year up to 2100')
    .nullable(),
);

/** One row of a links file, as checked by the importer; rows that fail are counted as rejected. */
export const makeMatrixLinkRow = z
  .object({
    make: requiredText(60),
    model: z.string().trim().max(80, 'At most 80 characters').default(''),
    yearStart: year,
    yearEnd: year,
    title: requiredText(200),
    url: z
      .string()
      .trim()
      .max(2000, 'At most 2000 characters')
      .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'An http(s) address'),
  })
  .refine((r) => r.yearStart == null || r.yearEnd == null || r.yearStart <= r.yearEnd, {
    path: ['yearEnd'],
    message: YEAR_RANGE_MESSAGE,
  });
export type MakeMatrixLinkRow = z.infer<typeof makeMatrixLinkRow>;

export const importMakeMatrixLinks = defineCall({
  method: 'POST',
  path: 'admin/importMakeMatrixLinks',
  body: z.object({
    fileName: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(200, 'At most 200 characters')
      .regex(/^[^/\\\0]+$/, 'A file name without folders'),
    content: z
      .string({ error: MESSAGES.required })
      .min(1, MESSAGES.required)
      .max(LINKS_FILE_MAX_CHARS, `The file is larger than ${LINKS_FILE_MAX_CHARS / 1000} kB`),
  }),
  response: z.object({ import: z.number().int(), status: z.literal('queued') }),
  access: [1, 2],
  bff: true,
});

// ── the ADAS knowledge base ─────────────────────────────────────────────────────────────────────────
const ADMIN = [1, 2] as const;
const base = { access: ADMIN, bff: true } as const;
const idQuery = z.object({ id: q.id() });
/** A select's "all" is 0. */
const optionalIdQuery = () => z.coerce.number({ error: 'Must be a number' }).int().min(0).default(0);
const makeQuery = () => q.text(60).default('');
const flag = (v: boolean) => z.boolean().default(v);

/** Counts of the records that use a record, shown before a delete. */
const uses = z.number().int().nonnegative();

// Systems (checklist matrices) ────────────────────────────────────────────────────────────────────
export const checklistItem = z.object({
  adasChecklistMatrixItem: z.number().int(),
  item: z.string(),
  isRemove: z.boolean().default(false),
});
export type ChecklistItem = z.infer<typeof checklistItem>;

export const checklistMatrix = z.object({
  adasChecklistMatrix: z.number().int(),
  matrixItem: z.string(),
  notice: z.string(),
  hints: z.string(),
  keywords: z.string(),
  isHighlight: z.boolean(),
  isInactive: z.boolean(),
  sort: z.number().int(),
  items: z.array(checklistItem),
  /** Make matrices of this system. */
  makeMatrices: uses,
});
export type ChecklistMatrix = z.infer<typeof checklistMatrix>;

export const CHECKLIST_SORTS = ['sort', 'matrixItem', 'makeMatrices'] as const;
export const getAdasMatrix = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getAdasMatrix',
  query: pagedQuery(CHECKLIST_SORTS, 'sort'),
  response: paged(checklistMatrix),
});

export const checklistMatrixInput = z.object({
  adasChecklistMatrix: recordId(),
  matrixItem: requiredText(100),
  notice: optionalText(2000),
  hints: optionalText(2000),
  keywords: keywordText(),
  isHighlight: flag(false),
  isInactive: flag(false),
  isRemove: flag(false),
  sort: z.number({ error: 'Must be a number' }).int().min(0, 'At least 0').max(9999, 'At most 9999').default(0),
  items: z
    .array(z.object({ adasChecklistMatrixItem: recordId(), item: requiredText(200), isRemove: flag(false) }))
    .max(200, 'At most 200 items')
    .default([]),
});
export const saveAdasMatrix = defineCall({
  ...base,
  method: 'POST',
  path: 'admin/saveAdasMatrix',
  body: checklistMatrixInput,
  response: savedId,
});
export const deleteAdasMatrix = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'admin/deleteAdasMatrix',
  query: idQuery,
  response: ok,
});

// Make matrices ───────────────────────────────────────────────────────────────────────────────────
export const makeMatrixModel = z.object({
  id: z.number().int(),
  name: z.string(),
  isAdd: z.boolean().default(false),
  isDelete: z.boolean().default(false),
});
export type MakeMatrixModel = z.infer<typeof makeMatrixModel>;

export const makeMatrixRow = z.object({
  adasChecklistMatrixVehicle: z.number().int(),
  adasChecklistMatrix: z.number().int(),
  /** The system's name (the checklist matrix's matrixItem). */
  matrixItem: z.string(),
  vehicleMake: z.string(),
  /** The models as one text; '' = every model of the make. */
  vehicleModel: z.string(),
  yearStart: z.number().int(),
  yearEnd: z.number().int(),
  /** The OEM's name of the system and where it sits. */
  system: z.string(),
  location: z.string(),
  /** Remove-and-replace / remove-and-install of the part triggers a calibration. */
  isRR: z.boolean(),
  isRI: z.boolean(),
  systemType: z.number().int().nullable(),
  systemTypeName: z.string(),
  locationType: z.number().int().nullable(),
  locationTypeName: z.string(),
  calibrationType: z.number().int().nullable(),
  calibrationTypeName: z.string(),
  calibrationMode: z.enum(CALIBRATION_MODES).nullable(),
  url: z.string(),
  source: z.string(),
  triggerNotice: z.boolean(),
  triggerNoticeText: z.string(),
  cccLocationKeywords: z.string(),
  cccLineKeywords: z.string(),
  cccSubletKeywords: z.string(),
  isInactive: z.boolean(),
  sort: z.number().int(),
});
export type MakeMatrixRow = z.infer<typeof makeMatrixRow>;

export const makeMatrixRecord = makeMatrixRow.extend({
  models: z.array(makeMatrixModel),
  systems: z.array(z.string()),
  locations: z.array(z.string()),
  static: z.array(z.string()),
  dynamic: z.array(z.string()),
});
export type MakeMatrixRecord = z.infer<typeof makeMatrixRecord>;

export const MAKE_MATRIX_SORTS = ['make', 'system', 'years'] as const;
export const makeMatrixListQuery = pagedQuery(MAKE_MATRIX_SORTS, 'make', {
  vehicleMake: makeQuery(),
  adasChecklistMatrix: optionalIdQuery(),
  /** A model year the rows must cover (0 = any). */
  year: optionalIdQuery(),
  vehicleModel: q.text(80).default(''),
});
export type MakeMatrixListQuery = z.infer<typeof makeMatrixListQuery>;
export const getAdasMakeMatrices = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getAdasMakeMatrices',
  query: makeMatrixListQuery,
  response: paged(makeMatrixRow),
});
export const getAdasMakeMatrix = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getAdasMakeMatrix',
  query: idQuery,
  response: makeMatrixRecord,
});

const names = () => nameList(50, 200);
export const makeMatrixModelInput = z.object({
  id: recordId(),
  name: requiredText(80).refine((v) => !v.includes(','), 'A model name cannot hold a comma'),
  isAdd: flag(false),
  isDelete: flag(false),
});
export const makeMatrixInput = z
  .object({
    adasChecklistMatrixVehicle: recordId(),
    adasChecklistMatrix: requiredRef(),
    vehicleMake: requiredText(60),
    yearStart: modelYear(),
    yearEnd: modelYear(),
    system: optionalText(200),
    location: optionalText(200),
    isRR: flag(false),
    isRI: flag(false),
    systemType: optionalRef(),
    locationType: optionalRef(),
    calibrationType: optionalRef(),
    url: httpUrl(),
    source: optionalText(200),
    triggerNotice: flag(false),
    triggerNoticeText: optionalText(2000),
    cccLocationKeywords: keywordText(),
    cccLineKeywords: keywordText(),
    cccSubletKeywords: keywordText(),
    isInactive: flag(false),
    models: z.array(makeMatrixModelInput).max(200, 'At most 200 models').default([]),
    systems: names().optional(),
    locations: names().optional(),
    static: names().optional(),
    dynamic: names().optional(),
  })
  .superRefine(yearRange)
  .meta(YEAR_RANGE_RULES)
  .superRefine((v, ctx) => {
    if (v.triggerNotice && !v.triggerNoticeText)
      ctx.addIssue({ code: 'custom', path: ['triggerNoticeText'], message: 'The notice needs its text' });
  })
  .meta({ 'x-rules': ['triggerNoticeText: The notice needs its text (when triggerNotice is set)'] });
export const saveAdasMakeMatrix = defineCall({
  ...base,
  method: 'POST',
  path: 'admin/saveAdasMakeMatrix',
  body: makeMatrixInput,
  response: savedId,
});
export const deleteAdasMakeMatrix = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'admin/deleteAdasMakeMatrix',
  query: idQuery,
  response: ok,
});

export const saveAdasMakeMatrixLookups = defineCall({
  ...base,
  method: 'POST',
  path: 'admin/saveAdasMakeMatrixLookups',
  body: z.object({
    adasChecklistMatrix: requiredRef(),
    adasChecklistMatrixVehicle: requiredRef(),
    systems: names(),
    locations: names(),
    static: names(),
    dynamic: names(),
  }),
  response: ok,
});

const choice = z.object({ id: z.number().int(), name: z.string() });
export const makeMatrixCategories = z.object({
  systems: z.array(z.object({ adasChecklistMatrix: z.number().int(), matrixItem: z.string(), isInactive: z.boolean() })),
  systemTypes: z.array(choice),
  locationTypes: z.array(choice),
  calibrationTypes: z.array(
    z.object({ calibrationType: z.number().int(), name: z.string(), systemType: z.number().int(), mode: z.enum(CALIBRATION_MODES) }),
  ),
  makes: z.array(z.string()),
  firms: z.array(z.object({ firm: z.number().int(), name: z.string() })),
});
export type MakeMatrixCategories = z.infer<typeof makeMatrixCategories>;
export const getAdasMakeMatrixCategories = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getAdasMakeMatrixCategories',
  response: makeMatrixCategories,
});

export const moveAdasMakeMatrix = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'admin/moveAdasMakeMatrix',
  query: z.object({ id: q.id(), to: q.id().pipe(z.number().min(1, 'A position from 1')) }),
  response: z.object({ id: z.number().int(), sort: z.number().int() }),
});

// Make exceptions and exclusions ────────────────────────────────────────────────────────────────
export const makeException = z.object({
  adasMakeExclusion: z.number().int(),
  vehicleMake: z.string(),
  /** null: every system of the make. */
  adasChecklistMatrix: z.number().int().nullable(),
  matrixItem: z.string(),
  keywords: z.string(),
  reason: z.string(),
  isInactive: z.boolean(),
});
export type MakeException = z.infer<typeof makeException>;
export const MAKE_EXCEPTION_SORTS = ['make', 'system'] as const;
export const getAdasMakeExclusions = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getAdasMakeExclusions',
  query: pagedQuery(MAKE_EXCEPTION_SORTS, 'make', { id: optionalIdQuery(), vehicleMake: makeQuery() }),
  response: paged(makeException),
});
export const saveAdasMakeExclusion = defineCall({
  ...base,
  method: 'POST',
  path: 'admin/saveAdasMakeExclusion',
  body: z.object({
    adasMakeExclusion: recordId(),
    vehicleMake: requiredText(60),
    adasChecklistMatrix: optionalRef(),
    keywords: keywordText().refine((k) => k !== '', 'At least one keyword'),
    reason: optionalText(500),
    isInactive: flag(false),
  }),
  response: savedId,
});
export const deleteAdasMakeExclusion = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'admin/deleteAdasMakeExclusion',
  query: idQuery,
  response: ok,
});
export const getMakeExceptionLookups = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getMakeExceptionLookups',
  query: z.object({ make: q.text(60).pipe(z.string().min(1, 'A make is required')), adasChecklistMatrix: optionalIdQuery() }),
  response: z.object({ keywords: z.array(z.string()), models: z.array(z.string()) }),
});

export const adasExclusion = z.object({
  adasExclusion: z.number().int(),
  keyword: z.string(),
  adasChecklistMatrix: z.number().int().nullable(),
  matrixItem: z.string(),
  reason: z.string(),
  isInactive: z.boolean(),
});
export type AdasExclusion = z.infer<typeof adasExclusion>;
export const EXCLUSION_SORTS = ['keyword', 'system'] as const;
export const getAdasExclusions = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getAdasExclusions',
  query: pagedQuery(EXCLUSION_SORTS, 'keyword'),
  response: paged(adasExclusion),
});
export const saveAdasExclusion = defineCall({
  ...base,
  method: 'POST',
  path: 'admin/saveAdasExclusion',
  body: z.object({
    adasExclusion: recordId(),
    keyword: requiredText(60).refine((v) => !v.includes(','), 'One phrase, without commas'),
    adasChecklistMatrix: optionalRef(),
    reason: optionalText(500),
    isInactive: flag(false),
  }),
  response: savedId,
});
export const deleteAdasExclusion = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'admin/deleteAdasExclusion',
  query: idQuery,
  response: ok,
});

// Info lookups ───────────────────────────────────────────────────────────────────────────────────
export const infoLookup = z.object({
  adasChecklistMatrixInfoLookup: z.number().int(),
  adasChecklistMatrix: z.number().int().nullable(),
  matrixItem: z.string(),
  vehicleMake: z.string(),
  yearStart: z.number().int(),
  yearEnd: z.number().int(),
  keywords: z.string(),
  lookupType: z.enum(INFO_LOOKUP_TYPES),
  url: z.string(),
  isInactive: z.boolean(),
  sort: z.number().int(),
  source: z.string(),
  /** Added to the calibration report. */
  isReportAdd: z.boolean(),
  description: z.string(),
});
export type InfoLookup = z.infer<typeof infoLookup>;
export const INFO_LOOKUP_SORTS = ['make', 'type', 'years', 'sort'] as const;
export const getAdasMatrixInfoLookups = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getAdasMatrixInfoLookups',
  query: pagedQuery(INFO_LOOKUP_SORTS, 'make', {
    vehicleMake: makeQuery(),
    lookupType: z.union([z.enum(INFO_LOOKUP_TYPES), z.literal('')], { error: `One of ${INFO_LOOKUP_TYPES.join(', ')}` }).default(''),
    source: q.text(200).default(''),
  }),
  response: paged(infoLookup),
});
export const getAdasMatrixInfoLookup = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getAdasMatrixInfoLookup',
  query: idQuery,
  response: infoLookup,
});
export const saveAdasMatrixInfoLookup = defineCall({
  ...base,
  method: 'POST',
  path: 'admin/saveAdasMatrixInfoLookup',
  body: z
    .object({
      adasChecklistMatrixInfoLookup: recordId(),
      adasChecklistMatrix: optionalRef(),
      vehicleMake: requiredText(60),
      yearStart: modelYear(),
      yearEnd: modelYear(),
      keywords: keywordText(),
      lookupType: z.enum(INFO_LOOKUP_TYPES, { error: 'This field is required' }),
      url: httpUrl(),
      isInactive: flag(false),
      sort: z.number({ error: 'Must be a number' }).int().min(0).max(9999).default(0),
      source: optionalText(200),
      isReportAdd: flag(false),
      description: requiredText(2000),
    })
    .superRefine(yearRange)
    .meta(YEAR_RANGE_RULES),
  response: savedId,
});
export const deleteAdasMatrixInfoLookup = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'admin/deleteAdasMatrixInfoLookup',
  query: idQuery,
  response: ok,
});

// No-scrub list ──────────────────────────────────────────────────────────────────────────────────
export const noScrubItem = z.object({
  adasNoScrubList: z.number().int(),
  vehicleMake: z.string(),
  /** '' = every model of the make. */
  vehicleModel: z.string(),
  yearStart: z.number().int(),
  yearEnd: z.number().int(),
  isInactive: z.boolean(),
  reason: z.string(),
});
export type NoScrubItem = z.infer<typeof noScrubItem>;
export const NO_SCRUB_SORTS = ['make', 'years'] as const;
export const getAdasNoScrubList = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/getAdasNoScrubList',
  query: pagedQuery(NO_SCRUB_SORTS, 'make'),
  response: paged(noScrubItem),
});
export const saveAdasNoScrubList = defineCall({
  ...base,
  method: 'POST',
  path: 'admin/saveAdasNoScrubList',
  body: z
    .object({
      adasNoScrubList: recordId(),
      vehicleMake: requiredText(60),
      vehicleModel: optionalText(80),
      yearStart: modelYear(),
      yearEnd: modelYear(),
      isInactive: flag(false),
      reason: requiredText(500),
    })
    .superRefine(yearRange)
    .meta(YEAR_RANGE_RULES),
  response: savedId,
});
export const deleteAdasNoScrubList = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'admin/deleteAdasNoScrubList',
  query: idQuery,
  response: ok,
});

// Exports ────────────────────────────────────────────────────────────────────────────────────────
export const csvFile = z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int().nonnegative() });
export type CsvFile = z.infer<typeof csvFile>;
export const checklistMatrixVehicleKeywordsTriggersExport = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/checklistMatrixVehicleKeywordsTriggersExport',
  query: z.object({ vehicleMake: makeQuery(), adasChecklistMatrix: optionalIdQuery() }),
  response: csvFile,
});
export const checklistMatrixAdasInfoExport = defineCall({
  ...base,
  method: 'GET',
  path: 'admin/checklistMatrixAdasInfoExport',
  query: z.object({ source: q.text(200).default(''), isInactive: q.flag().optional(), vehicleMake: makeQuery() }),
  response: csvFile,
});

// ── Email log (docs/log.md#calls admin/getEmails) ──────────────────────────────────────────────────────
/**
 * The mails the product sent (password resets, reports, onboarding), kept by the reference host's mail
 * stand-in (api-host/mail). admin/getEmails?email answers {count, items} of one page, newest first;
 * `email` finds recipients containing the text (case-insensitive); admin/getEmail?id (an extension) is
 * one mail with its body and the names, types and sizes of its attachments.
 */
export const EMAIL_SORTS = ['sentAt', 'recipient', 'subject'] as const;
export const EMAIL_DEFAULTS = { pageSize: 10, orderBy: 'sentAt', direction: 'desc' } as const;

export const emailRow = z.object({
  mail: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  firm: z.number().int().nullable(),
  firmName: z.string().nullable(),
  attachmentCount: z.number().int(),
});
export type EmailRow = z.infer<typeof emailRow>;

export const emailRecord = emailRow.extend({
  body: z.string(),
  attachments: z.array(z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() })),
});
export type EmailRecord = z.infer<typeof emailRecord>;

const EMAIL_ADMINS = sectionRoles('emails');

export const getEmails = defineCall({
  method: 'GET',
  path: 'admin/getEmails',
  query: z.object({
    email: q.text(200).default(''),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(EMAIL_DEFAULTS.pageSize),
    orderBy: z.enum(EMAIL_SORTS).default(EMAIL_DEFAULTS.orderBy),
    direction: z.enum(['asc', 'desc']).default(EMAIL_DEFAULTS.direction),
  }),
  response: z.object({ count: z.number().int().nonnegative(), items: z.array(emailRow) }),
  access: EMAIL_ADMINS,
  bff: true,
});

export const getEmail = defineCall({
  method: 'GET',
  path: 'admin/getEmail',
  query: z.object({ id: q.id() }),
  response: emailRecord,
  access: EMAIL_ADMINS,
  bff: true,
});

// ── The decoded checklist of an ADAS job (docs/adas.md#calls) ──────────────────────────────────────
// admin/getAdasChecklistMappedToDecoded?id: `id` is the job. The knowledge base's systems for the job's
// vehicle as its VIN decodes (the saved year, make and model when it has no VIN or does not decode), each
// mapped to the job's inspections: on how many it is, whether one marks it not equipped, and the results.
// Any ADAS role, for a job it sees (another firm's: 404).
export const decodedChecklistItem = adasSystem.extend({
  inspections: z.number().int().nonnegative(),
  notEquipped: z.boolean(),
  results: z.array(z.object({ adasInspection: z.number().int(), result: z.number().int().nullable() })),
});
export type DecodedChecklistItem = z.infer<typeof decodedChecklistItem>;

export const getAdasChecklistMappedToDecoded = defineCall({
  method: 'GET',
  path: 'admin/getAdasChecklistMappedToDecoded',
  query: z.object({ id: q.id() }),
  response: z.object({
    adas: z.number().int(),
    vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string(), vin: z.string() }),
    /** The VIN's decode, null for a vehicle without a VIN. */
    decode: vinDecode.nullable(),
    items: z.array(decodedChecklistItem),
  }),
  access: ALL_ROLES,
  bff: true,
});
