/**
 * ADAS calls (docs/adas.md#fields, #calls). Here too: creating a calibration request ("an opportunity"), which
 * notifies the firm's users by push (lib/push/messages.ts). Decisions, since the specification shows no
 * shapes:
 * - the request carries the firm, the vehicle (year, make, model, optional VIN), the reason and its
 *   source, notes, and optionally the inspection it comes from; it starts with statusName 'New';
 * - the caller must reach the firm (else 404, as for any record of another firm);
 * - the calibrations area adds lines, technicians and files (JSON text or lists, lib/contract/calibrations.ts);
 * - the answer is {id}: the request's id, which is also the `opportunity` of the push notice, and `dispatch`:
 *   the dispatch created with it when the body names a provider (`dispatch`, lib/contract/dispatch.ts);
 * - the notice goes to the connections of every user who may access the firm: its own users, the
 *   franchiser/franchisee users above it and the administrators.
 */
import { z } from 'zod';
import {
  ADAS_DEFAULTS,
  ADAS_DEFAULT_YEAR,
  ADAS_SORTS,
  ADAS_TYPES,
  DEFAULT_ADAS_TYPE,
  DEFAULT_INSPECTION_TYPE,
  DEFAULT_STATUS,
  INSPECTION_TYPES,
  RESULTS,
  STATUS_NAMES,
} from '../adas/rules';
import { ALL_ROLES } from '../roles';
import { MESSAGES } from '../validation/messages';
import { makeMatrixModel, makeMatrixModelInput } from './admin';
import { requestParts } from './calibrations';
import { dispatchChoice, dispatchSummary } from './dispatch';
import { adasSystem, vinDecode } from './decode';
import { defineCall, ok, optionalText, q, requiredText, savedId } from './define';
import { vehicleFields } from './vehicles';

/** Newest model year accepted: next year's models are sold this year. */
export const maxModelYear = () => new Date().getFullYear() + 2;

export const createCalibrate = defineCall({
  method: 'POST',
  path: 'adas/createCalibrate',
  body: z.object({
    firm: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required),
    adasInspection: z.number().int().positive().nullable().default(null),
    vin: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-HJ-NPR-Z0-9]{17}$/.test(v), 'A VIN has 17 letters and digits (no I, O or Q)')
      .meta({ pattern: '^\\s*(?:[A-HJ-NPR-Za-hj-npr-z0-9]{17})?\\s*$' })
      .default(''),
    year: z
      .number({ error: MESSAGES.required })
      .int()
      .min(1950, 'A year from 1950')
      .refine((y) => y <= maxModelYear(), 'A year no later than two years from now'),
    make: requiredText(60),
    model: requiredText(80),
    reason: requiredText(200),
    reasonSource: optionalText(100),
    /** The first note of the request's conversation. */
    notes: optionalText(2000),
    ...requestParts,
    /** Sent to a calibration provider as it is created (docs/dispatch.md): both are saved, or neither. */
    dispatch: dispatchChoice.nullable().default(null),
  }),
  response: savedId.extend({ dispatch: z.number().int().nullable().default(null) }),
  access: 'signed-in',
  bff: true,
});

// ── Model variability (docs/configuration.md#calls) ───────────────────────────────────────────────
// The models of one make matrix (admin.ts, "adasChecklistMatrixVehicle"): listed, and changed with the same
// rules as saveAdasMakeMatrix's models (isAdd adds a name, isDelete removes an id, the rest are kept).
// The save answers the models afterwards. Roles 1 and 2, who maintain the knowledge base.
export const vehicleChecklistMatrixVehicleModel = defineCall({
  method: 'GET',
  path: 'adas/vehicleChecklistMatrixVehicleModel',
  query: z.object({ adasChecklistMatrixVehicle: q.id() }),
  response: z.array(makeMatrixModel),
  access: [1, 2],
  bff: true,
});

export const saveVehicleChecklistMatrixVehicleModel = defineCall({
  method: 'POST',
  path: 'adas/saveVehicleChecklistMatrixVehicleModel',
  body: z.object({
    adasChecklistMatrixVehicle: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required),
    models: z.array(makeMatrixModelInput).max(200, 'At most 200 models'),
  }),
  response: z.array(makeMatrixModel),
  access: [1, 2],
  bff: true,
});

// ── ADAS jobs and inspections ────────────────────────────────────────────────────────────────────
// Decisions, since the specification shows no shapes (docs/adas.md#fields, #states, #calls, #limits):
// - statuses, job types, inspection types and results are the fixed lists of lib/adas/rules.ts; status 1
//   is the default and 2 is Complete for jobs and inspections alike;
// - a job (Adas) belongs to a location (firm) and has one vehicle (docs/adas.md#fields), new (vehicle -1, year
//   2010 by default) or an existing one of the location; its customer is the vehicle's `contact`;
// - adas/adass is a page {count, items}: 10 rows, newest job first (docs/adas.md#limits), `filterBy` the status (none by
//   default, docs/adas.md#limits "ADAS null"), `firm` one location, `createdFrom`/`createdTo` instants (the screen turns the
//   user's local dates into them), `searchTerm` an RO number or a VIN, whole or any part of it;
// - adas/adas answers the job with its vehicle and the users of its location who may inspect it;
// - createAdas answers {id, adasInspection}: with `inspection` it starts the job and its first
//   inspection in one step (the ADAS Systems Overview); saveAdas changes a job and answers {id};
// - an inspection's systems are the knowledge base's systems for the job's vehicle when it is created
//   (one row each, `adasInspectionResult`, holding the result and "not equipped"); a system marked not
//   equipped can be removed and added back (notInstalledOnInspection lists what can be added back);
// - the inspector must be a user of the job's location; a Complete inspection is read-only until it is
//   reopened; completing needs a result (or "not equipped") for every system;
// - status changes of inspections roll up to the job in the same transaction (lib/adas/rules.ts
//   rolledUpStatus) and answer both statuses; asking for the status a record already has (a second
//   "Complete" that lost a race) answers 409 with who changed it and when;
// - repair lines are the job's estimate lines (lineNum, uniqueSequenceNumber, operation, description,
//   isNotEquipped); saveEquipped marks one line not equipped, saveResultEquipped one system's result.
const ADAS_ROLES = { access: ALL_ROLES, bff: true } as const;

const positiveId = () => z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required);
const oneOf = (names: Readonly<Record<number, string>>, what: string) =>
  z
    .number({ error: MESSAGES.required })
    .int()
    .refine((v) => v in names, `Unknown ${what}`);
export const statusField = () => oneOf(STATUS_NAMES, 'status');

const jobVehicle = z.object({
  vehicle: z.number().int(),
  firm: z.number().int(),
  contact: z.number().int().nullable(),
  contactName: z.string(),
  year: z.number().int(),
  make: z.string(),
  makeId: z.number().int().nullable(),
  model: z.string(),
  bodystyle: z.string(),
  vin: z.string(),
});

export const adasRow = z.object({
  adas: z.number().int(),
  firm: z.number().int(),
  firmName: z.string(),
  ronumber: z.string(),
  adasType: z.number().int(),
  vehicle: z.number().int(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  vin: z.string(),
  insurance: z.number().int().nullable(),
  insuranceName: z.string(),
  status: z.number().int(),
  inspectionsComplete: z.number().int().nonnegative(),
  inspectionsTotal: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** Notes of others on the job's calibration requests that the caller has not read (docs/calibrations.md#screens "Request"). */
  unreadNotes: z.number().int().nonnegative().optional(),
});
export type AdasRow = z.infer<typeof adasRow>;

export const adasRecord = adasRow.omit({ year: true, make: true, model: true, vin: true, vehicle: true }).extend({
  notes: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
  vehicle: jobVehicle,
  /** Users of the job's location: who may be its inspectors. */
  inspectors: z.array(z.object({ user: z.number().int(), name: z.string() })),
});
export type AdasRecord = z.infer<typeof adasRecord>;

export { ADAS_DEFAULTS, ADAS_SORTS, type AdasSort } from '../adas/rules';

const instant = () => z.iso.datetime({ offset: true, error: 'A date and time such as 2026-01-31T00:00:00Z' });

export const adassQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(ADAS_DEFAULTS.pageSize),
  orderBy: z.enum(ADAS_SORTS).default(ADAS_DEFAULTS.orderBy),
  direction: z.enum(['asc', 'desc']).default(ADAS_DEFAULTS.direction),
  /** A status; none: every status. */
  filterBy: z.coerce
    .number()
    .int()
    .refine((v) => v in STATUS_NAMES, 'Unknown status')
    .optional(),
  firm: q.id().optional(),
  createdFrom: instant().optional(),
  createdTo: instant().optional(),
  searchTerm: q.text(40).default(''),
});
export type AdassQuery = z.infer<typeof adassQuery>;

const jobFields = {
  /** The job's location; a new job without one belongs to the caller's sign-in location. */
  firm: z.number().int().positive().optional(),
  adasType: oneOf(ADAS_TYPES, 'ADAS type').default(DEFAULT_ADAS_TYPE),
  ronumber: requiredText(30),
  insurance: z.number().int().positive().nullable().default(null),
  notes: optionalText(2000),
  vehicle: z.object(vehicleFields(ADAS_DEFAULT_YEAR), { error: MESSAGES.required }),
};

export const inspectionStart = z.object({
  adasInspectionType: oneOf(INSPECTION_TYPES, 'inspection type').default(DEFAULT_INSPECTION_TYPE),
  inspector: z.number().int().positive().nullable().default(null),
});

export const createAdasInput = z.object({ ...jobFields, inspection: inspectionStart.nullable().default(null) });
export type CreateAdasInput = z.input<typeof createAdasInput>;
export const saveAdasInput = z.object({ adas: positiveId(), ...jobFields });
export type SaveAdasInput = z.input<typeof saveAdasInput>;

export const inspectionRow = z.object({
  adasInspection: z.number().int(),
  adas: z.number().int(),
  firm: z.number().int(),
  adasInspectionType: z.number().int(),
  inspector: z.number().int().nullable(),
  inspectorName: z.string(),
  insurance: z.number().int().nullable(),
  insuranceName: z.string(),
  ronumber: z.string(),
  notes: z.string(),
  vehicle: z.number().int(),
  status: z.number().int(),
  /** When the inspection took place (null until set). */
  inspectionDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedByName: z.string(),
  systemsTotal: z.number().int().nonnegative(),
  systemsPending: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type InspectionRow = z.infer<typeof inspectionRow>;
/** A job's inspection as its job lists it: with where its calibration went (docs/dispatch.md#screens). */
export const jobInspectionRow = inspectionRow.extend({ dispatch: dispatchSummary.nullable().default(null) });
export type JobInspectionRow = z.infer<typeof jobInspectionRow>;

export const inspectionResult = z.object({
  adasInspectionResult: z.number().int(),
  adasInspection: z.number().int(),
  adasChecklistMatrix: z.number().int(),
  system: z.string(),
  result: z.number().int().nullable(),
  isNotEquipped: z.boolean(),
  notes: z.string(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string(),
  /** Who set the result and when (null and '' when none is set, or it was set before this was recorded). */
  resultAt: z.string().nullable(),
  resultByName: z.string(),
  /** Raised by every change of the row (docs/adas.md#states "Result versions"); an upstream without versions answers none. */
  version: z.number().int().positive().default(1),
});
export type InspectionResult = z.infer<typeof inspectionResult>;

export const inspectionItem = adasSystem.extend({
  adasInspectionResult: z.number().int(),
  adasInspection: z.number().int(),
  sort: z.number().int(),
});
export type InspectionItem = z.infer<typeof inspectionItem>;

export const inspectionRecord = inspectionRow.extend({ results: z.array(inspectionResult) });
export type InspectionRecord = z.infer<typeof inspectionRecord>;

/**
 * The device's own key of a change (the offline queue): sent again with the same key, the host answers what
 * it answered the first time and applies nothing twice (api-host/adas/once.ts).
 */
export const clientKey = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'Letters, digits and dashes (8 to 64)')
  .optional();

export const saveInspectionInput = z.object({
  adasInspection: z.number({ error: MESSAGES.required }).int(),
  adas: positiveId(),
  adasInspectionType: oneOf(INSPECTION_TYPES, 'inspection type').default(DEFAULT_INSPECTION_TYPE),
  inspector: z.number().int().positive().nullable().default(null),
  insurance: z.number().int().positive().nullable().default(null),
  ronumber: optionalText(30),
  notes: optionalText(2000),
  inspectionDate: instant().nullable().default(null),
  status: statusField().default(DEFAULT_STATUS),
  clientKey,
});
export type SaveInspectionInput = z.input<typeof saveInspectionInput>;

export const resultInput = z.object({
  adasChecklistMatrix: positiveId(),
  result: oneOf(RESULTS, 'result').nullable().default(null),
  isNotEquipped: z.boolean().default(false),
  notes: optionalText(500),
  /**
   * The row's version the change was made against (docs/adas.md#states). When the row has changed since and
   * holds something else, nothing is saved: 409 with `results.{i}.baseVersion` naming the systems, so the
   * technician chooses. Without it the change counts as made against the row as created (version 1): a
   * client that does not say what it saw never overwrites a change made since.
   */
  baseVersion: z.number().int().positive().optional(),
});

export const repairLine = z.object({
  adasRepairLine: z.number().int(),
  adas: z.number().int(),
  lineNum: z.number().int(),
  uniqueSequenceNumber: z.number().int(),
  operation: z.string(),
  description: z.string(),
  partNumber: z.string(),
  isNotEquipped: z.boolean(),
});
export type RepairLine = z.infer<typeof repairLine>;

/** Both statuses after a change: the screens show them at once. */
export const statusAnswer = z.object({
  adas: z.number().int(),
  adasStatus: z.number().int(),
  adasInspection: z.number().int().nullable(),
  status: z.number().int().nullable(),
});
export type StatusAnswer = z.infer<typeof statusAnswer>;

const inspectionQuery = z.object({ adasInspection: q.id() });
const adasQuery = z.object({ adas: q.id() });

export const adass = defineCall({
  ...ADAS_ROLES,
  method: 'GET',
  path: 'adas/adass',
  query: adassQuery,
  response: z.object({ count: z.number().int().nonnegative(), items: z.array(adasRow) }),
});
export const adas = defineCall({ ...ADAS_ROLES, method: 'GET', path: 'adas/adas', query: adasQuery, response: adasRecord });
export const createAdas = defineCall({
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/createAdas',
  body: createAdasInput,
  response: z.object({ id: z.number().int(), adasInspection: z.number().int().nullable() }),
});
export const saveAdas = defineCall({ ...ADAS_ROLES, method: 'POST', path: 'adas/saveAdas', body: saveAdasInput, response: savedId });
export const updateStatusAdas = defineCall({
  refuses: [409],
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/updateStatusAdas',
  body: z.object({ adas: positiveId(), status: statusField() }),
  response: statusAnswer,
});
export const updateStatusAdasInspection = defineCall({
  refuses: [409],
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/updateStatusAdasInspection',
  body: z.object({ adasInspection: positiveId(), status: statusField(), clientKey }),
  response: statusAnswer,
});
export const adasInspections = defineCall({
  ...ADAS_ROLES,
  method: 'GET',
  path: 'adas/adasInspections',
  query: adasQuery,
  response: z.array(jobInspectionRow),
});
export const adasInspection = defineCall({
  ...ADAS_ROLES,
  method: 'GET',
  path: 'adas/adasInspection',
  query: inspectionQuery,
  response: inspectionRecord,
});
export const saveAdasInspection = defineCall({
  refuses: [409],
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/saveAdasInspection',
  body: saveInspectionInput,
  response: statusAnswer,
});
export const deleteInspection = defineCall({
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/deleteInspection',
  body: z.object({ adasInspection: positiveId() }),
  response: statusAnswer,
});
export const adasInspectionItems = defineCall({
  ...ADAS_ROLES,
  method: 'GET',
  path: 'adas/adasInspectionItems',
  query: inspectionQuery,
  response: z.array(inspectionItem),
});
export const adasInspectionResults = defineCall({
  ...ADAS_ROLES,
  method: 'GET',
  path: 'adas/adasInspectionResults',
  query: inspectionQuery,
  response: z.array(inspectionResult),
});
export const saveAdasInspectionResults = defineCall({
  refuses: [409],
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/saveAdasInspectionResults',
  body: z.object({
    adasInspection: positiveId(),
    results: z.array(resultInput).min(1, 'No results to save').max(100, 'At most 100 results at once'),
    clientKey,
  }),
  /** versions: each sent system's version after the save (docs/adas.md#states "Result versions"). */
  response: z.object({
    count: z.number().int().nonnegative(),
    versions: z.array(z.object({ adasChecklistMatrix: z.number().int(), version: z.number().int() })).default([]),
  }),
});
export const saveEquipped = defineCall({
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/saveEquipped',
  body: z.object({
    adas: positiveId(),
    uniqueSequenceNumber: z.number({ error: MESSAGES.required }).int(),
    isNotEquipped: z.boolean({ error: MESSAGES.required }),
  }),
  response: ok,
});
export const saveResultEquipped = defineCall({
  refuses: [409],
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/saveResultEquipped',
  body: z.object({ adasInspectionResult: positiveId(), isNotEquipped: z.boolean({ error: MESSAGES.required }) }),
  response: ok,
});
export const notInstalledOnInspection = defineCall({
  ...ADAS_ROLES,
  method: 'GET',
  path: 'adas/notInstalledOnInspection',
  query: inspectionQuery,
  response: z.array(adasSystem),
});
export const addSystemToInspection = defineCall({
  refuses: [409],
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/addSystemToInspection',
  body: z.object({ adasInspection: positiveId(), adasChecklistMatrix: positiveId() }),
  response: savedId,
});
export const removeSystemFromInspection = defineCall({
  refuses: [409],
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/removeSystemFromInspection',
  body: z.object({ adasInspection: positiveId(), adasChecklistMatrix: positiveId() }),
  response: ok,
});
export const repairLines = defineCall({
  ...ADAS_ROLES,
  method: 'GET',
  path: 'adas/repairLines',
  query: adasQuery,
  response: z.array(repairLine),
});
export const decode = defineCall({
  ...ADAS_ROLES,
  method: 'POST',
  path: 'adas/decode',
  body: z.object({ adas: positiveId() }),
  response: vinDecode,
});
/**
 * Beyond the specification: the insurers a job of location `firm` (default: the caller's own) may name
 * (api-host/adas/insurers.ts): the active insurers of that location and of every firm above it in the
 * network, by name. A location the caller does not reach answers 404. lookup/insurance belongs to the
 * administration's roles; every ADAS role needs these.
 */
export const insurers = defineCall({
  ...ADAS_ROLES,
  method: 'GET',
  path: 'adas/insurers',
  query: z.object({ firm: q.id().optional() }),
  response: z.array(z.object({ insurance: z.number().int(), insuranceName: z.string(), firmName: z.string() })),
});
/**
 * Beyond the specification: the locations whose jobs the caller sees (the list's location filter, the new
 * job's location). firm/getFirms belongs to the locations screen's roles; every ADAS role needs these.
 */
export const locations = defineCall({
  ...ADAS_ROLES,
  method: 'GET',
  path: 'adas/locations',
  /** In tree order (each location followed by those under it); depth 0 is a top location the caller reaches. */
  response: z.array(z.object({ firm: z.number().int(), name: z.string(), firmType: z.string(), depth: z.number().int().nonnegative() })),
});
