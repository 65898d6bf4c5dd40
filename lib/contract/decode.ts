/**
 * VIN decoding (docs/adas.md#calls "VIN decoding"; docs/adas.md#calls decode/neoadas). Decisions, since the
 * specification shows no shapes:
 * - every decode answers the same record: the year from position 10, the make and manufacturer from the
 *   WMI (positions 1–3), model and body style from the reference host's table of VIN patterns; `isDecoded`
 *   is true when year, make and model are all known, and `reason` says what is missing otherwise;
 * - a VIN that breaks a rule (lib/vehicle/vin.ts) answers 400 with the rule's message on `vin`; the host
 *   keeps every decode that failed, for the administrators' statistics (admin/failedVINs);
 * - decode/adas is the plain decode; decode/neo goes through the host's decode cache (`force` decodes
 *   again and refreshes it) and says whether the answer came from it; decode/adascdk adds the ADAS
 *   systems the knowledge base lists for the decoded vehicle;
 * - decode/neoadas (POST) answers the systems of a vehicle given either by VIN or, for vehicles chosen on
 *   "Choose Vehicle", by year, make and model.
 * Any signed-in user may decode (the ADAS Systems Overview is open to every signed-in user).
 */
import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { defineCall, q, requiredText } from './define';
import { modelYearField } from './vehicles';

export const vinDecode = z.object({
  vin: z.string(),
  isDecoded: z.boolean(),
  year: z.number().int().nullable(),
  make: z.string(),
  makeId: z.number().int().nullable(),
  model: z.string(),
  bodystyle: z.string(),
  manufacturer: z.string(),
  country: z.string(),
  /** pattern: make and model from the VIN-pattern table; wmi: the make only; none: neither. */
  source: z.enum(['pattern', 'wmi', 'none']),
  /** What could not be decoded ('' when everything was). */
  reason: z.string(),
});
export type VinDecode = z.infer<typeof vinDecode>;

/** One ADAS system of a vehicle, as the knowledge base (the configuration's make matrices) describes it. */
export const adasSystem = z.object({
  adasChecklistMatrix: z.number().int(),
  /** The system, e.g. "Forward Camera". */
  system: z.string(),
  /** The manufacturer's name of it. */
  oemName: z.string(),
  location: z.string(),
  calibrationType: z.string(),
  /** static, dynamic, both, or null when no calibration is listed. */
  calibrationMode: z.string().nullable(),
  staticNames: z.array(z.string()),
  dynamicNames: z.array(z.string()),
  /** The trigger notice shown to the technician, '' when none. */
  notice: z.string(),
  hints: z.string(),
  isHighlight: z.boolean(),
  /** The OEM procedure link. */
  url: z.string(),
});
export type AdasSystem = z.infer<typeof adasSystem>;

const vinQuery = z.object({ vin: q.text(40).pipe(z.string().min(1, MESSAGES.required)) });
const base = { access: 'signed-in', bff: true } as const;

export const decodeAdas = defineCall({ ...base, method: 'GET', path: 'decode/adas', query: vinQuery, response: vinDecode });
export const neo = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'decode/neo',
  query: vinQuery.extend({ force: q.flag().default(false) }),
  response: vinDecode.extend({ cached: z.boolean(), decodedAt: z.string() }),
});
export const adascdk = defineCall({
  ...base,
  method: 'GET',
  path: 'decode/adascdk',
  query: vinQuery,
  response: z.object({ decode: vinDecode, systems: z.array(adasSystem) }),
});

export const neoAdasInput = z.union(
  [
    z.object({ vin: z.string().trim().min(1, MESSAGES.required).max(40) }),
    z.object({ year: modelYearField(new Date().getFullYear()), make: requiredText(60), model: requiredText(80) }),
  ],
  { error: 'Give a VIN, or a year, make and model' },
);
export const neoadas = defineCall({
  ...base,
  method: 'POST',
  path: 'decode/neoadas',
  body: neoAdasInput,
  response: z.object({
    vehicle: z.object({ year: z.number().int(), make: z.string(), model: z.string(), bodystyle: z.string(), vin: z.string() }),
    systems: z.array(adasSystem),
  }),
});
