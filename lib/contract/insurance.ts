/**
 * Insurers and their lookups (docs/insurance.md#fields Insurance, #validation, #calls, #limits). The paths are under lookup/ as the
 * specification names them. Where it does not show a shape, decided here:
 * - lookup/insurance?firm (GET) answers {count, items} of one page; `firm` narrows to one firm (it must be
 *   one the caller reaches), none means every firm the caller reaches; `searchTerm` is a case-insensitive
 *   substring of the name (docs/insurance.md#validation);
 * - lookup/insurance (POST) saves one insurer and answers {id}; insurance -1 adds one. A new insurer's firm
 *   defaults to 1 (docs/insurance.md#limits), the platform, whose insurers every location of the network uses;
 * - lookup/removeInsurance?id removes an insurer with its lookups; one that contacts still name is refused
 *   (set it inactive instead). Answers {success}.
 * - Insurer lookups (lookup/insuranceLookup…) are of two kinds:
 *   · `program`: a program code the insurer issues (e.g. a direct-repair program), `code` required;
 *   · `price`: the AGREED price of one calibration type, `calibrationType` (the configuration's calibration
 *     type name, matched case-insensitively) and `price` (USD, 2 decimals) required. The quote's price
 *     check (docs/calibrations.md#decisions) reads the active `price` rows of the job's insurer with
 *     lookup/insuranceLookup?insurance and flags a quote line priced below `price` for its calibrationType.
 *   lookup/removeInsuranceLookup?id removes one and answers {success}.
 */
import { z } from 'zod';
import { sectionRoles } from '../routes';
import { MESSAGES } from '../validation/messages';
import { defineCall, ok, optionalText, q, requiredText, savedId } from './define';

/** docs/insurance.md#limits: a new insurance defaults to firm 1. */
export const INSURANCE_DEFAULT_FIRM = 1;
export const INSURANCE_SORTS = ['insuranceName', 'firmName', 'isInactive'] as const;
export const INSURANCE_DEFAULTS = { pageSize: 10, orderBy: 'insuranceName', direction: 'asc' } as const;
export const INSURANCE_LOOKUP_TYPES = ['program', 'price'] as const;
export type InsuranceLookupType = (typeof INSURANCE_LOOKUP_TYPES)[number];

export const insuranceRecord = z.object({
  insurance: z.number().int(),
  insuranceName: z.string(),
  firm: z.number().int(),
  firmName: z.string(),
  isInactive: z.boolean(),
  /** The person or desk to contact at the insurer (name, phone, email as one text). */
  insuranceContact: z.string(),
});
export type InsuranceRecord = z.infer<typeof insuranceRecord>;

export const insuranceLookupRecord = z.object({
  insuranceLookup: z.number().int(),
  insurance: z.number().int(),
  lookupType: z.enum(INSURANCE_LOOKUP_TYPES),
  code: z.string(),
  description: z.string(),
  calibrationType: z.string(),
  /** Agreed price in USD for `price` rows; null for program codes. */
  price: z.number().nullable(),
  isInactive: z.boolean(),
});
export type InsuranceLookupRecord = z.infer<typeof insuranceLookupRecord>;

const STAFF = sectionRoles('insurance');
const base = { access: STAFF, bff: true } as const;

export const listQuery = z.object({
  firm: q.id().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(INSURANCE_DEFAULTS.pageSize),
  orderBy: z.enum(INSURANCE_SORTS).default(INSURANCE_DEFAULTS.orderBy),
  direction: z.enum(['asc', 'desc']).default(INSURANCE_DEFAULTS.direction),
  searchTerm: q.text(100).default(''),
});

export const insurance = defineCall({
  ...base,
  method: 'GET',
  path: 'lookup/insurance',
  query: listQuery,
  response: z.object({ count: z.number().int().nonnegative(), items: z.array(insuranceRecord) }),
});

export const insuranceInput = z.object({
  insurance: z.number().int(),
  insuranceName: requiredText(100),
  firm: z.number().int().positive().default(INSURANCE_DEFAULT_FIRM),
  isInactive: z.boolean().default(false),
  insuranceContact: optionalText(200),
});

export const saveInsurance = defineCall({ ...base, method: 'POST', path: 'lookup/insurance', body: insuranceInput, response: savedId });
export const removeInsurance = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'lookup/removeInsurance',
  query: z.object({ id: q.id() }),
  response: ok,
});

export const insuranceLookup = defineCall({
  ...base,
  method: 'GET',
  path: 'lookup/insuranceLookup',
  query: z.object({ insurance: q.id() }),
  response: z.array(insuranceLookupRecord),
});

/** Money: a number of dollars with at most 2 decimals, from 0 to 99,999.99. */
const price = z
  .number({ error: 'A price such as 149.50' })
  .min(0, 'The price cannot be below zero')
  .max(99_999.99, 'At most 99,999.99')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most 2 decimals')
  .meta({ multipleOf: 0.01 });

export const insuranceLookupInput = z
  .object({
    insuranceLookup: z.number().int(),
    insurance: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required),
    lookupType: z.enum(INSURANCE_LOOKUP_TYPES, { error: MESSAGES.required }),
    code: optionalText(40),
    description: optionalText(200),
    calibrationType: optionalText(100),
    price: price.nullable().default(null),
    isInactive: z.boolean().default(false),
  })
  .superRefine((l, ctx) => {
    if (l.lookupType === 'program' && !l.code) ctx.addIssue({ code: 'custom', path: ['code'], message: MESSAGES.required });
    if (l.lookupType === 'price') {
      if (!l.calibrationType) ctx.addIssue({ code: 'custom', path: ['calibrationType'], message: MESSAGES.required });
      if (l.price == null) ctx.addIssue({ code: 'custom', path: ['price'], message: MESSAGES.required });
    }
  })
  .meta({
    'x-rules': ['code: required for a program (lookupType program)', 'calibrationType and price: required for a price (lookupType price)'],
  });

export const saveInsuranceLookup = defineCall({
  ...base,
  method: 'POST',
  path: 'lookup/insuranceLookup',
  body: insuranceLookupInput,
  response: savedId,
});
export const removeInsuranceLookup = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'lookup/removeInsuranceLookup',
  query: z.object({ id: q.id() }),
  response: ok,
});
