/**
 * Vehicles (docs/adas.md#fields "Vehicle", #calls "Vehicles"). Where the specification does not show a shape, the
 * decision is written here:
 * - a vehicle belongs to a location (firm) and optionally to a customer (`contact`, a contact of that
 *   location's firms); new vehicles are sent with vehicle -1 and default to model year 2007 (docs/adas.md#limits);
 * - the VIN is optional (old vehicles have none) but when given it must be a valid 17-character VIN with
 *   the North-American check digit (lib/vehicle/vin.ts); it is stored in upper case;
 * - vehicle/vehicles is a page {count, items}, newest first by default, sorted on the host by id, year,
 *   make, model, VIN or creation, and searched by any part of the VIN, make or model;
 * - saveVehicle answers {id}; deleteVehicle answers {success} and refuses (400) a vehicle that an ADAS
 *   job uses;
 * - two calls beyond the specification serve the screens of roles 1–17, who cannot use the contacts
 *   area's searches (role 1 only): vehicle/ownerSearch?searchterm finds customers of the caller's
 *   locations to own a vehicle, and vehicle/makes lists the makes and models the decoder knows (the
 *   "Choose Vehicle" screen and the make/model pickers).
 */
import { z } from 'zod';
import { ALL_ROLES } from '../roles';
import { VEHICLE_DEFAULTS, VEHICLE_DEFAULT_YEAR, VEHICLE_SORTS } from '../adas/rules';
import { MESSAGES } from '../validation/messages';
import { normalizeVin, vinProblem } from '../vehicle/vin';
import { MIN_MODEL_YEAR, maxModelYear } from '../vehicle/year';
import { defineCall, ok, optionalText, q, requiredText, savedId } from './define';

const base = { access: ALL_ROLES, bff: true } as const;

// ── shared field rules (also used by adas.ts and decode.ts) ──────────────────────────────────────
/** A VIN as sent: 17 letters and digits (never I, O or Q), any case, spaces and dashes ignored (docs/openapi.json). */
const VIN_TEXT = '(?:[A-HJ-NPR-Za-hj-npr-z0-9][\\s-]*){17}';
const VIN_RULES = ['A VIN has 17 letters and digits, never I, O or Q', 'Its 9th character is the check digit of the others (0–9 or X)'];

/** A VIN that must be valid: the message names the rule it breaks. */
export const vinField = () =>
  z
    .string({ error: MESSAGES.required })
    .transform(normalizeVin)
    .superRefine((v, ctx) => {
      if (!v) return void ctx.addIssue({ code: 'custom', message: MESSAGES.required });
      const p = vinProblem(v);
      if (p) ctx.addIssue({ code: 'custom', message: p.message });
    })
    .meta({ pattern: `^[\\s-]*${VIN_TEXT}$`, 'x-rules': VIN_RULES });

/** An optional VIN: empty, or valid. */
export const optionalVinField = () =>
  z
    .string()
    .transform(normalizeVin)
    .superRefine((v, ctx) => {
      const p = v ? vinProblem(v) : null;
      if (p) ctx.addIssue({ code: 'custom', message: p.message });
    })
    .meta({ pattern: `^[\\s-]*(?:${VIN_TEXT})?$`, 'x-rules': VIN_RULES })
    .default('');

export const modelYearField = (def: number) =>
  z
    .number({ error: 'Enter the model year as four digits, such as 2019.' })
    .int('Enter the model year as four digits, such as 2019.')
    .min(MIN_MODEL_YEAR, `Enter a model year from ${MIN_MODEL_YEAR}.`)
    // The message names this year's limit; docs/openapi.json says the rule (a text that does not change every year).
    .superRefine((y, ctx) => {
      if (y > maxModelYear()) ctx.addIssue({ code: 'custom', message: `Enter a model year up to ${maxModelYear()}.` });
    })
    .meta({ 'x-rules': ['A model year no later than two years from now'] })
    .default(def);

/** The vehicle fields of a form (docs/adas.md#fields), with the year's default given by the screen's entity. */
export const vehicleFields = (defaultYear: number) => ({
  vehicle: z.number({ error: MESSAGES.required }).int(),
  contact: z.number().int().positive().nullable().default(null),
  year: modelYearField(defaultYear),
  make: requiredText(60),
  makeId: z.number().int().positive().nullable().default(null),
  model: requiredText(80),
  bodystyle: optionalText(60),
  vin: optionalVinField(),
});

// ── records ─────────────────────────────────────────────────────────────────────────────────────
export const vehicleRecord = z.object({
  vehicle: z.number().int(),
  firm: z.number().int(),
  firmName: z.string(),
  contact: z.number().int().nullable(),
  /** The owner's display name ('' without one). */
  contactName: z.string(),
  year: z.number().int(),
  make: z.string(),
  makeId: z.number().int().nullable(),
  model: z.string(),
  bodystyle: z.string(),
  vin: z.string(),
  /** ADAS jobs that use the vehicle (a used vehicle cannot be deleted). */
  jobs: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type VehicleRecord = z.infer<typeof vehicleRecord>;

export { VEHICLE_DEFAULTS, VEHICLE_SORTS } from '../adas/rules';

export const vehiclesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(VEHICLE_DEFAULTS.pageSize),
  orderBy: z.enum(VEHICLE_SORTS).default(VEHICLE_DEFAULTS.orderBy),
  direction: z.enum(['asc', 'desc']).default(VEHICLE_DEFAULTS.direction),
  /** One location; none: every location of the caller. */
  firm: q.id().optional(),
  searchTerm: q.text(100).default(''),
});
export type VehiclesQuery = z.infer<typeof vehiclesQuery>;

export const vehicleInput = z.object({
  ...vehicleFields(VEHICLE_DEFAULT_YEAR),
  /** The vehicle's location; a new vehicle without one belongs to the caller's sign-in location. */
  firm: z.number().int().positive().optional(),
});
export type VehicleInput = z.input<typeof vehicleInput>;

export const owner = z.object({
  contact: z.number().int(),
  firm: z.number().int(),
  name: z.string(),
  phoneNo: z.string().nullable(),
  emailAddress: z.string().nullable(),
});
export type Owner = z.infer<typeof owner>;

export const makeModels = z.object({
  makeId: z.number().int(),
  make: z.string(),
  models: z.array(z.object({ model: z.string(), yearStart: z.number().int(), yearEnd: z.number().int(), bodyStyles: z.array(z.string()) })),
});
export type MakeModels = z.infer<typeof makeModels>;

// ── calls ───────────────────────────────────────────────────────────────────────────────────────
export const vehicles = defineCall({
  ...base,
  method: 'GET',
  path: 'vehicle/vehicles',
  query: vehiclesQuery,
  response: z.object({ count: z.number().int().nonnegative(), items: z.array(vehicleRecord) }),
});
export const vehicle = defineCall({
  ...base,
  method: 'GET',
  path: 'vehicle/vehicle',
  query: z.object({ id: q.id() }),
  response: vehicleRecord,
});
export const ownerVehicles = defineCall({
  ...base,
  method: 'GET',
  path: 'vehicle/ownerVehicles',
  query: z.object({ contact: q.id() }),
  response: z.array(vehicleRecord),
});
export const saveVehicle = defineCall({ ...base, method: 'POST', path: 'vehicle/saveVehicle', body: vehicleInput, response: savedId });
export const deleteVehicle = defineCall({
  ...base,
  method: 'POST',
  path: 'vehicle/deleteVehicle',
  body: z.object({ vehicle: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required) }),
  response: ok,
});
export const ownerSearch = defineCall({
  ...base,
  method: 'GET',
  path: 'vehicle/ownerSearch',
  query: z.object({ searchterm: q.text(100).pipe(z.string().min(1, 'A search term is required')), firm: q.id().optional() }),
  response: z.array(owner),
});
export const makes = defineCall({ method: 'GET', path: 'vehicle/makes', response: z.array(makeModels), access: 'signed-in', bff: true });
