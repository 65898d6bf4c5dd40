/**
 * Firms (locations): the list, the network tree, the Location add form, preferences (docs/locations.md#fields,
 * docs/locations.md#calls; docs/locations.md#screens, #limits; docs/shell.md#fields). Where the specification does not show a shape, the decision is
 * written here:
 * - firm/getFirms is the paged list {count, items}; firm/firmAdvancedSearch?searchterm&type is the same
 *   list narrowed by a search term (case-insensitive substring of name, city, postal code, phone, firm
 *   number or CCC id) and an optional firm type. Role 15 (shop) sees only its own location.
 * - firm/locationTree?firm&id&showInactive answers one level of the network: the node `id` (default: the
 *   root `firm`) and its direct children, each with its roll-up — shops below it (not counting itself),
 *   users at or below it (home firm of active users) and open ADAS jobs at or below it (jobs whose status
 *   is not Complete, lib/adas/rules.ts). Inactive firms and everything below them are left out unless
 *   showInactive.
 * - The Location add form's `companyId` is the id of the parent location (the firm this one belongs to)
 *   and `parentName` its name (answered, ignored on save); new firms are sent with firm -1; cccDiag is a
 *   flag (CCC diagnostics on/off); stateProvince and country are lookup ids (StateProvince, Country).
 * - firm/firm?firm answers the record with its names and counts; firm/editFirm?id answers the form.
 * - saveFirm rules: a name (company) is required; the parent must be of a higher type (platform >
 *   franchiser > franchisee > shop) and reachable by the caller; a firm cannot become its own ancestor; a
 *   firm with children cannot become a type at or below theirs; US and Canadian postal codes must exist
 *   (they give the firm its coordinates for the providers' radius search).
 * - removeFirm {firm} refuses (400, naming what is left) a firm that still has users, child locations
 *   or other records; it removes the firm's preferences, storage, opt-ins and provider links with it.
 * - firm/firmSearch/?firm&searchterm (the parent typeahead) answers {firm, firmName, firmType}: reachable
 *   firms by name, without `firm` (the location being edited, -1 for a new one) and its descendants.
 * - firmPreference?firm&category answers the firm's effective preferences of one category: its own
 *   value, else the nearest ancestor's; `firm` of a row names where the value is set. saveFirmPreference
 *   stores one value ('' removes the firm's own value, so it inherits again).
 * - updateFirmSettings {firm, isInactive} sets a location active or inactive (the list's Inactive column;
 *   the add form has no such field).
 * - Who may change firms and preferences: roles 1, 2, 3 (locations-constants.ts); everyone on /locations reads.
 */
import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '../validation/phone';
import { defineCall, ok, optionalText, q, requiredText, savedId } from './define';
import {
  FIRM_EDITOR_ROLES,
  FIRM_TYPES,
  LOCATION_FILTERS,
  LOCATION_SORTS,
  PREFERENCE_CATEGORIES,
  preferenceDef,
  preferenceProblem,
} from './locations-constants';

export { BRAND_KEYS } from './locations-constants';

const LOCATIONS_ROLES = [1, 2, 3, 5, 7, 9, 12, 15] as const;
const EDITORS = FIRM_EDITOR_ROLES;

// ── records ─────────────────────────────────────────────────────────────────────────────────────
const firmType = z.enum(FIRM_TYPES);

export const firmRow = z.object({
  firm: z.number().int(),
  name: z.string(),
  firmType,
  parent: z.number().int().nullable(),
  parentName: z.string().nullable(),
  city: z.string(),
  stateCode: z.string(),
  postalCode: z.string(),
  phoneNo: z.string(),
  users: z.number().int().nonnegative(),
  isInactive: z.boolean(),
});
export type FirmRow = z.infer<typeof firmRow>;
export const firmList = z.object({ count: z.number().int().nonnegative(), items: z.array(firmRow) });
export type FirmList = z.infer<typeof firmList>;

export const treeNode = z.object({
  firm: z.number().int(),
  name: z.string(),
  firmType,
  parent: z.number().int().nullable(),
  city: z.string(),
  stateCode: z.string(),
  isInactive: z.boolean(),
  hasChildren: z.boolean(),
  /** Shops below the node (itself not counted). */
  shops: z.number().int().nonnegative(),
  /** Active users whose home firm is the node or one below it. */
  users: z.number().int().nonnegative(),
  /** ADAS jobs not Complete at the node or one below it. */
  openJobs: z.number().int().nonnegative(),
});
export type TreeNode = z.infer<typeof treeNode>;
export const treeLevel = z.object({ node: treeNode, children: z.array(treeNode) });
export type TreeLevel = z.infer<typeof treeLevel>;

/** The Location add form (docs/locations.md#fields), word for word. */
export const firmForm = z.object({
  firm: z.number().int(),
  company: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  addressLines: z.string(),
  city: z.string(),
  stateProvince: z.number().int().nullable(),
  postalCode: z.string(),
  country: z.number().int().nullable(),
  phoneNo: z.string(),
  email: z.string(),
  firmType,
  companyId: z.number().int().nullable(),
  timezoneId: z.number().int().nullable(),
  languageId: z.number().int().nullable(),
  cccId: z.string(),
  firmNumber: z.string(),
  cccDiag: z.boolean(),
  parentName: z.string(),
});
export type FirmForm = z.infer<typeof firmForm>;

export const firmRecord = firmForm.extend({
  stateCode: z.string(),
  countryName: z.string(),
  isInactive: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  users: z.number().int().nonnegative(),
  children: z.number().int().nonnegative(),
});
export type FirmRecord = z.infer<typeof firmRecord>;

export const firmPreferenceRow = z.object({
  /** Where the value is set: the firm itself, or the ancestor it inherits from. */
  firm: z.number().int(),
  name: z.string(),
  value: z.string().nullable(),
  /** The category, e.g. Brand. */
  type: z.string(),
});
export type FirmPreferenceRow = z.infer<typeof firmPreferenceRow>;

// ── inputs ──────────────────────────────────────────────────────────────────────────────────────
export const LOCATION_DEFAULTS = { pageSize: 10, orderBy: 'firm', direction: 'asc', type: 'all' } as const;

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(LOCATION_DEFAULTS.pageSize),
  orderBy: z.enum(LOCATION_SORTS).default(LOCATION_DEFAULTS.orderBy),
  direction: z.enum(['asc', 'desc']).default(LOCATION_DEFAULTS.direction),
  type: z.enum(LOCATION_FILTERS, { error: 'Unknown location type' }).default(LOCATION_DEFAULTS.type),
});
export type FirmListQuery = z.infer<typeof listQuery> & { searchterm?: string };

const requiredId = z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required);
const optionalId = z.number().int().positive().nullable().default(null);

export const firmInput = z.object({
  firm: z.number().int(),
  company: requiredText(200),
  firstName: optionalText(),
  lastName: optionalText(),
  addressLines: optionalText(),
  city: optionalText(100),
  stateProvince: optionalId,
  postalCode: z.string().trim().max(10, 'At most 10 characters').default(''),
  country: optionalId,
  phoneNo: z.union([z.literal(''), z.string().trim().regex(PHONE_PATTERN, PHONE_FORMAT_MESSAGE)]).default(''),
  email: z.union([z.literal(''), z.email(MESSAGES.email).max(200)]).default(''),
  /** `platform` only for the platform itself (it keeps its type); the host checks the type rules. */
  firmType: z.enum(FIRM_TYPES, { error: MESSAGES.required }),
  /** Required for every firm but the platform (checked by the host, which knows which firm that is). */
  companyId: optionalId,
  timezoneId: requiredId,
  languageId: requiredId,
  cccId: optionalText(50),
  firmNumber: optionalText(50),
  cccDiag: z.boolean().default(false),
  parentName: z.string().optional(),
});
export type FirmInput = z.input<typeof firmInput>;

const firmRef = z.object({ firm: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required) });
const category = z.enum(PREFERENCE_CATEGORIES as [string, ...string[]], { error: 'Unknown preference category' });

export const preferenceInput = z
  .object({
    firm: z.number({ error: MESSAGES.required }).int().positive(),
    firmPreferenceName: z.string().trim().min(1, MESSAGES.required).max(50),
    preference: z.string().trim().max(500, 'At most 500 characters'),
    firmPreferenceCategory: category,
  })
  .superRefine((p, ctx) => {
    const def = preferenceDef(p.firmPreferenceCategory, p.firmPreferenceName);
    if (!def)
      return ctx.addIssue({ code: 'custom', path: ['firmPreferenceName'], message: `Unknown ${p.firmPreferenceCategory} preference` });
    const problem = preferenceProblem(def, p.preference);
    if (problem) ctx.addIssue({ code: 'custom', path: ['preference'], message: problem });
  })
  .meta({
    'x-rules': ['firmPreferenceName: a preference of its category', 'preference: a value that preference takes (the message says which)'],
  });
export type PreferenceInput = z.input<typeof preferenceInput>;

// ── calls ───────────────────────────────────────────────────────────────────────────────────────
const read = { access: LOCATIONS_ROLES, bff: true } as const;
const write = { access: EDITORS, bff: true } as const;

export const getFirms = defineCall({ ...read, method: 'GET', path: 'firm/getFirms', query: listQuery, response: firmList });
export const firmAdvancedSearch = defineCall({
  ...read,
  method: 'GET',
  path: 'firm/firmAdvancedSearch',
  query: listQuery.extend({ searchterm: q.text(100).pipe(z.string().min(1, 'A search term is required')) }),
  response: firmList,
});
export const locationTree = defineCall({
  ...read,
  method: 'GET',
  path: 'firm/locationTree',
  query: z.object({ firm: q.id(), id: q.id().optional(), showInactive: q.flag().default(false) }),
  response: treeLevel,
});
export const firm = defineCall({ ...read, method: 'GET', path: 'firm/firm', query: z.object({ firm: q.id() }), response: firmRecord });
export const editFirm = defineCall({ ...read, method: 'GET', path: 'firm/editFirm', query: z.object({ id: q.id() }), response: firmForm });
export const saveFirm = defineCall({ ...write, method: 'POST', path: 'firm/saveFirm', body: firmInput, response: savedId });
export const removeFirm = defineCall({ ...write, method: 'POST', path: 'firm/removeFirm', body: firmRef, response: ok });
export const firmSearch = defineCall({
  ...read,
  method: 'GET',
  path: 'firm/firmSearch/',
  query: z.object({ firm: q.id(), searchterm: q.text(100).pipe(z.string().min(1, 'A search term is required')) }),
  response: z.array(z.object({ firm: z.number().int(), firmName: z.string(), firmType })),
});

export const firmPreference = defineCall({
  method: 'GET',
  path: 'firm/firmPreference',
  query: z.object({
    firm: q.id(),
    category: category.default('Brand'),
    refresh: q.flag().optional(),
  }),
  response: z.array(firmPreferenceRow),
  access: 'signed-in',
  bff: true,
});
export const saveFirmPreference = defineCall({
  ...write,
  method: 'POST',
  path: 'firm/saveFirmPreference',
  body: preferenceInput,
  response: ok,
});
export const updateFirmSettings = defineCall({
  ...write,
  method: 'POST',
  path: 'firm/updateFirmSettings',
  body: firmRef.extend({ isInactive: z.boolean({ error: MESSAGES.required }) }),
  response: ok,
});
