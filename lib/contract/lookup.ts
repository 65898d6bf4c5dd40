/** Lookups (operations §3, §7): values of named groups such as ContactType or Country. */
import { z } from 'zod';
import { KEYWORD_TYPES } from '../configuration/constants';
import { modelYear, recordId } from './config-fields';
import { defineCall, optionalText, q, requiredText, savedId } from './define';
import { paged, pagedQuery } from './list';
import { driveType } from './testdrive';
import { LOOKUP_GROUPS } from './lookup-groups';

export { LOOKUP_GROUPS, type LookupGroup } from './lookup-groups';

export const lookupItem = z.object({
  /** The group, e.g. ContactType. */
  key: z.string(),
  id: z.number().int(),
  value: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  type3: z.string().nullable(),
  isInactive: z.boolean(),
});
export type LookupItem = z.infer<typeof lookupItem>;

/** Answer (not shown in the specification): a flat list; each item names its group in `key`. */
export const byKeys = defineCall({
  method: 'POST',
  path: 'lookup/ByKeys',
  body: z.object({
    keys: z.array(z.enum(LOOKUP_GROUPS, { error: 'Unknown lookup group' })).min(1, 'This field is required').max(20),
    firm: z.number().int().optional(),
    showInactive: z.boolean().optional(),
  }),
  response: z.array(lookupItem),
  access: 'signed-in',
  bff: true,
});


// ── ADAS configuration lookups (issue 12) ──────────────────────────────────────────────────────────
// lookup/keywords?types&vehicleMake (operations §7): the keywords in use, for the keyword chips' choices.
// types is a comma list of KEYWORD_TYPES (the make matrices' CCC line/location/sublet keywords, the
// systems' (checklist), info lookups' and make exceptions' keywords; none = the three CCC kinds);
// vehicleMake narrows to one make ('' = every make). The answer: at most 500 keywords, most used first.
//
// lookup/testdriveResultType and lookup/saveTestdriveResultType (administration §3 "Test-drive result
// type", §7, §9): how a test drive ended (code and name) per drive type, optionally for one make and model
// year. A new one belongs to firm 1 unless another firm is given; the caller must reach the firm (404).
// The GET answers a paged list (like every list) of one firm's types; with ?testdriveResultType it answers
// the list holding just that one. There is no delete: a result type is set inactive.
const CONFIG_ADMIN = [1, 2] as const;

export const keywords = defineCall({
  method: 'GET',
  path: 'lookup/keywords',
  query: z.object({
    types: z
      .string()
      .trim()
      .default('')
      .transform((t) => t.split(',').map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(z.enum(KEYWORD_TYPES, { error: `Types are ${KEYWORD_TYPES.join(', ')}` }))),
    vehicleMake: q.text(60).default(''),
  }),
  response: z.array(z.string()),
  access: CONFIG_ADMIN,
  bff: true,
});

export const testdriveResultTypeRow = z.object({
  testdriveResultType: z.number().int(),
  firm: z.number().int(),
  isInactive: z.boolean(),
  sort: z.number().int(),
  /** A model year, or null for every year. */
  year: z.number().int().nullable(),
  /** '' = every make. */
  vehicleMake: z.string(),
  driveType: z.number().int(),
  driveTypeName: z.string(),
  testdriveResultTypeName: z.string(),
  testdriveResultCode: z.string(),
});
export type TestdriveResultTypeRow = z.infer<typeof testdriveResultTypeRow>;

export const RESULT_TYPE_SORTS = ['sort', 'name', 'code'] as const;
export const testdriveResultType = defineCall({
  method: 'GET',
  path: 'lookup/testdriveResultType',
  query: pagedQuery(RESULT_TYPE_SORTS, 'sort', {
    testdriveResultType: q.id().optional(),
    firm: q.id().default(1),
    showInactive: q.flag().default(true),
  }),
  response: paged(testdriveResultTypeRow),
  access: CONFIG_ADMIN,
  bff: true,
});

export const saveTestdriveResultType = defineCall({
  method: 'POST',
  path: 'lookup/saveTestdriveResultType',
  body: z.object({
    testdriveResultType: recordId(),
    firm: z.number().int().positive().default(1),
    isInactive: z.boolean().default(false),
    sort: z.number({ error: 'Must be a number' }).int().min(0, 'At least 0').max(9999, 'At most 9999').default(0),
    year: modelYear().nullable().default(null),
    vehicleMake: optionalText(60),
    driveType: driveType(),
    testdriveResultTypeName: requiredText(100),
    testdriveResultCode: requiredText(20),
  }),
  response: savedId,
  access: CONFIG_ADMIN,
  bff: true,
});
