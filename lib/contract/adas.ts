/**
 * ADAS calls (operations §3, §7). This issue: creating a calibration request ("an opportunity"), which
 * notifies the firm's users by push (lib/push/messages.ts). Decisions, since the specification shows no
 * shapes:
 * - the request carries the firm, the vehicle (year, make, model, optional VIN), the reason and its
 *   source, notes, and optionally the inspection it comes from; it starts with statusName 'New';
 * - the caller must reach the firm (else 404, as for any record of another firm);
 * - the answer is {id}: the request's id, which is also the `opportunity` of the push notice;
 * - the notice goes to the connections of every user who may access the firm: its own users, the
 *   franchiser/franchisee users above it and the administrators.
 */
import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { makeMatrixModel, makeMatrixModelInput } from './admin';
import { defineCall, optionalText, q, requiredText, savedId } from './define';

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
    notes: optionalText(2000),
  }),
  response: savedId,
  access: 'signed-in',
  bff: true,
});

// ── Model variability (administration §7; issue 12) ───────────────────────────────────────────────
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
