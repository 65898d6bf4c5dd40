/**
 * A firm's insurance opt-in programs and calibration providers (docs/locations.md#fields "Opt-in program and
 * provider", docs/locations.md#states, #calls, #limits; docs/locations.md#validation). Both lists hold entries of the same shape. Decisions:
 * - Opt-in programs are insurers' direct-repair programs (firm2 = the program's id, firmClass
 *   "Insurance"); a firm's saved programs have relationship 5. Providers are other firms that offer
 *   calibration (firm2 = that firm's id, firmClass its type).
 * - firm/providers?firm&isSave answers the firm's chosen providers (relationship 5) and, unless isSave,
 *   the providers of its own network (relationship 1 = its franchise's upper locations, 2 = another
 *   location of the same franchisee, 3 = another location of the same franchiser). Only chosen ones are
 *   saved. firm/optInPrograms?firm&isSave answers the firm's programs; programs have no network entries,
 *   so isSave changes nothing there (accepted for symmetry).
 * - searchForOptInPrograms/?firm&search: programs whose name holds the search, case-insensitively (at
 *   most 50, by name); a program already in the firm's list comes with its isOptIn.
 * - searchForProviders/?firm&search&postalcode&radius: active providers (any network: the directory is
 *   public) within `radius` miles (1–500, default 50) of the postal code (default: the firm's own), whose
 *   name holds `search` when given; ordered by great-circle distance, answered in miles (`distance`, one
 *   decimal); at most 100. An unknown postal code is a 400 on `postalcode`.
 * - Saves send the entries with their flags: isAdd (new, opted in) adds, isRemove removes, other entries
 *   are left as they are; all in one transaction. saveProviders accepts relationship 5 only.
 */
import { z } from 'zod';
import { defineCall, ok, q } from './define';
import { RADIUS_DEFAULT, RADIUS_MAX, RADIUS_MESSAGE, RADIUS_MIN, RELATIONSHIP } from './locations-constants';

const INSURANCE_ROLES = Array.from({ length: 13 }, (_, i) => i + 1);

export const partnerEntry = z.object({
  firm: z.number().int(),
  firm2: z.number().int(),
  firmName: z.string(),
  license: z.string(),
  postalCode: z.string(),
  addressLines: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  isOptIn: z.boolean(),
  isAdd: z.boolean(),
  isRemove: z.boolean(),
  relationship: z.number().int(),
  firmClass: z.string(),
  isMCP: z.boolean(),
  /** Miles from the searched postal code (search answers only). */
  distance: z.number().nullable().default(null),
});
export type PartnerEntry = z.infer<typeof partnerEntry>;

const saveEntry = z.object({
  firm2: z.number().int().positive(),
  isOptIn: z.boolean(),
  isAdd: z.boolean().default(false),
  isRemove: z.boolean().default(false),
  relationship: z.number().int().default(RELATIONSHIP.chosen),
});

const listQuery = z.object({ firm: q.id(), isSave: q.flag().default(false) });
const saveBody = <K extends string>(key: K) =>
  z.object({ firm: z.number().int().positive(), [key]: z.array(saveEntry).max(500) } as { firm: z.ZodNumber } & Record<
    K,
    z.ZodArray<typeof saveEntry>
  >);

export const optInPrograms = defineCall({
  method: 'GET',
  path: 'firm/optInPrograms',
  query: listQuery,
  response: z.array(partnerEntry),
  access: INSURANCE_ROLES,
  bff: true,
});
export const searchForOptInPrograms = defineCall({
  method: 'GET',
  path: 'firm/searchForOptInPrograms/',
  query: z.object({ firm: q.id(), search: q.text(100).pipe(z.string().min(1, 'A search term is required')) }),
  response: z.array(partnerEntry),
  access: INSURANCE_ROLES,
  bff: true,
});
export const saveOptInPrograms = defineCall({
  method: 'POST',
  path: 'firm/saveOptInPrograms',
  body: saveBody('programs'),
  response: ok,
  access: INSURANCE_ROLES,
  bff: true,
});

export const providers = defineCall({
  method: 'GET',
  path: 'firm/providers',
  query: listQuery,
  response: z.array(partnerEntry),
  access: 'signed-in',
  bff: true,
});
export const searchForProviders = defineCall({
  method: 'GET',
  path: 'firm/searchForProviders/',
  query: z.object({
    firm: q.id(),
    search: q.text(100).default(''),
    postalcode: q.text(10).default(''),
    radius: z.coerce
      .number({ error: RADIUS_MESSAGE })
      .min(RADIUS_MIN, RADIUS_MESSAGE)
      .max(RADIUS_MAX, RADIUS_MESSAGE)
      .default(RADIUS_DEFAULT),
  }),
  response: z.array(partnerEntry),
  access: 'signed-in',
  bff: true,
});
export const saveProviders = defineCall({
  method: 'POST',
  path: 'firm/saveProviders',
  body: saveBody('providers')
    .superRefine((b, ctx) => {
      b.providers.forEach((p, i) => {
        if (p.relationship !== RELATIONSHIP.chosen)
          ctx.addIssue({
            code: 'custom',
            path: ['providers', i, 'relationship'],
            message: 'Only chosen providers (relationship 5) are saved',
          });
      });
    })
    .meta({ 'x-rules': ['providers[].relationship: only chosen providers (relationship 5) are saved'] }),
  response: ok,
  access: 'signed-in',
  bff: true,
});
