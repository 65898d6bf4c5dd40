/**
 * Lookups (docs/lookups.md#fields, #calls, #errors): values of named groups such as ContactType or Country, grouped in
 * sections for Administration → Lookups. Where the specification does not show a shape, decided here:
 * - lookup/ByKeys answers one flat list; each item names its group in `key`;
 * - lookup/ByGroup?className&group answers the groups (optionally one section, one group) with their
 *   sectionName and children, inactive children included and flagged;
 * - lookup/Upsert saves one value of the platform (firm 1, which applies to every firm) and answers {id};
 *   id -1 adds one. `sort` is the value's position in its group: the others move to make room. A value
 *   is at most 100 characters and unique in its group (case-insensitive);
 * - lookup/Delete sets isInactive (it never removes a row: records keep pointing at it) and answers a
 *   list of results; the FIRST result's `Results` lists why it could not be done, and the delete counts
 *   as done only when that list is empty (docs/lookups.md#errors). Refused: the default values new records rely
 *   on (time zone 12, language 1, country 1, blog status Draft and Published) and a group's last active value;
 * - lookup/UpsertGroup {id, text} renames group `id` and answers {id, reason}. The change applied only when
 *   the answered id equals the id sent (docs/lookups.md#errors); a name another group already has answers that
 *   group's id and the reason;
 * - lookup/Countries, TimeZones, Languages answer the active values of their group; lookup/StateProvince?id
 *   the states and provinces of country `id`; lookup/onboardLookups all four for the onboarding wizard.
 */
import { z } from 'zod';
import { KEYWORD_TYPES } from '../configuration/constants';
import { sectionRoles } from '../routes';
import { MESSAGES } from '../validation/messages';
import { modelYear, recordId } from './config-fields';
import { defineCall, optionalText, q, requiredText, savedId } from './define';
import { paged, pagedQuery } from './list';
import { LOOKUP_GROUP_TEXT_MAX, LOOKUP_GROUPS, LOOKUP_VALUE_MAX } from './lookups-groups';
import { driveType } from './testdrive';

export {
  BLOG_STATUS,
  LOOKUP_GROUP_TEXT_MAX,
  LOOKUP_GROUPS,
  LOOKUP_SECTIONS,
  LOOKUP_VALUE_MAX,
  LOOKUPS_CHANGED_EVENT,
  type LookupGroup,
} from './lookups-groups';

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

export const lookupGroup = z.object({
  id: z.number().int(),
  key: z.enum(LOOKUP_GROUPS),
  /** The group's display name (renamed with UpsertGroup). */
  text: z.string(),
  sectionName: z.string(),
  children: z.array(lookupItem),
});
export type LookupGroupRecord = z.infer<typeof lookupGroup>;

const groupKey = z.enum(LOOKUP_GROUPS, { error: 'Unknown lookup group' });
const optionalCode = z
  .string()
  .trim()
  .max(20, 'At most 20 characters')
  .nullish()
  .transform((v) => v || null);
const ADMINS = sectionRoles('lookups');

/** Answer (not shown in the specification): a flat list; each item names its group in `key`. */
export const byKeys = defineCall({
  method: 'POST',
  path: 'lookup/ByKeys',
  body: z.object({
    keys: z.array(groupKey).min(1, 'This field is required').max(20),
    firm: z.number().int().optional(),
    showInactive: z.boolean().optional(),
  }),
  response: z.array(lookupItem),
  access: 'signed-in',
  bff: true,
});

export const byGroup = defineCall({
  method: 'GET',
  path: 'lookup/ByGroup',
  query: z.object({ className: q.text(60).optional(), group: groupKey.optional() }),
  response: z.array(lookupGroup),
  access: 'signed-in',
  bff: true,
});

export const lookupInput = z.object({
  key: groupKey,
  id: z.number().int(),
  value: requiredText(LOOKUP_VALUE_MAX),
  code: optionalCode,
  type3: optionalCode,
  /** Position in the group (0 first); omitted keeps a saved value's place and puts a new one last. */
  sort: z.number().int().min(0).max(10_000).optional(),
  isInactive: z.boolean().default(false),
});

export const upsert = defineCall({
  method: 'POST',
  path: 'lookup/Upsert',
  body: lookupInput,
  response: z.object({ id: z.number().int() }),
  access: ADMINS,
  bff: true,
});

export const deleteResult = z.object({ key: z.string(), id: z.number().int(), Results: z.array(z.string()) });
export type LookupDeleteResult = z.infer<typeof deleteResult>;

export const remove = defineCall({
  method: 'POST',
  path: 'lookup/Delete',
  body: z.object({ key: groupKey, id: z.number({ error: MESSAGES.required }).int() }),
  response: z.array(deleteResult),
  access: ADMINS,
  bff: true,
});

export const upsertGroup = defineCall({
  method: 'POST',
  path: 'lookup/UpsertGroup',
  body: z.object({ id: z.number({ error: MESSAGES.required }).int(), text: requiredText(LOOKUP_GROUP_TEXT_MAX) }),
  response: z.object({ id: z.number().int(), reason: z.string().nullable() }),
  access: ADMINS,
  bff: true,
});

export const countries = defineCall({
  method: 'GET',
  path: 'lookup/Countries',
  response: z.array(lookupItem),
  access: 'signed-in',
  bff: true,
});
export const timeZones = defineCall({
  method: 'GET',
  path: 'lookup/TimeZones',
  response: z.array(lookupItem),
  access: 'signed-in',
  bff: true,
});
export const languages = defineCall({
  method: 'GET',
  path: 'lookup/Languages',
  response: z.array(lookupItem),
  access: 'signed-in',
  bff: true,
});
export const stateProvince = defineCall({
  method: 'GET',
  path: 'lookup/StateProvince',
  query: z.object({ id: q.id() }),
  response: z.array(lookupItem),
  access: 'signed-in',
  bff: true,
});

/** The onboarding wizard's choices in one answer (anonymous: the wizard runs before any sign-in). */
export const onboardLookups = defineCall({
  method: 'GET',
  path: 'lookup/onboardLookups',
  response: z.object({
    countries: z.array(lookupItem),
    stateProvinces: z.array(lookupItem),
    timeZones: z.array(lookupItem),
    languages: z.array(lookupItem),
  }),
  access: 'anonymous',
});

// ── ADAS configuration lookups ─────────────────────────────────────────────────────────────────────
// lookup/keywords?types&vehicleMake (docs/lookups.md#calls): the keywords in use, for the keyword chips' choices.
// types is a comma list of KEYWORD_TYPES (the make matrices' CCC line/location/sublet keywords, the
// systems' (checklist), info lookups' and make exceptions' keywords; none = the three CCC kinds);
// vehicleMake narrows to one make ('' = every make). The answer: at most 500 keywords, most used first.
//
// lookup/testdriveResultType and lookup/saveTestdriveResultType (docs/configuration.md#fields "Test-drive result
// type", docs/configuration.md#calls, #limits): how a test drive ended (code and name) per drive type, optionally for one make and model
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
      .transform((t) =>
        t
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
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
