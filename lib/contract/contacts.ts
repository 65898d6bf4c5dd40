/**
 * Contacts and vendors (docs/contacts.md#fields, #states, #calls). Where the specification does not show a shape, the
 * decision is written here:
 * - lists answer {count, items}; search calls answer {items};
 * - save calls answer {id} of the saved record; new records are sent with id -1;
 * - mergeContacts?ids is a comma list whose FIRST id is the contact that survives;
 * - delete calls answer {contact, id}: contact -1 means nothing was removed (docs/contacts.md#states);
 * - filterBy 9999 means every contact type, any other value one ContactType id;
 *   retrospectiveDays 0 means any time, N > 0 contacts created in the last N days;
 * - companyName (for companies and vendors) extends the field list of docs/contacts.md#fields.
 * - The calls of a contact's addresses, phones and emails (list, one address, save, delete, set primary)
 *   are open to every signed-in user: the Contact Info tab of a user's own profile is for everyone
 *   (docs/contacts.md#screens). The host lets a caller other than role 1 reach only their own contact with them
 *   (any other contact answers 404, as an unknown one); role 1 reaches every contact of their firms.
 *   Every other contact call is role 1's (the /contacts screen).
 */
import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { EXTENSION_MESSAGE, EXTENSION_PATTERN, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '../validation/phone';
import { defineCall, optionalText, q, requiredText, savedId } from './define';

const CONTACTS_ROLES = [1] as const;

// ── shared field rules ──────────────────────────────────────────────────────────────────────────
const requiredId = z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required);
const optionalId = z.number().int().nullable().default(null);
/** A comma list of positive ids in a query string. */
export const idList = z
  .string()
  .trim()
  .regex(/^\d+(,\d+)*$/, 'A comma-separated list of ids')
  .transform((s) => [...new Set(s.split(',').map(Number))]);

// Defined in lib/validation/phone.ts so client components (the phone mask) can use them without zod.
export { PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '../validation/phone';

// ── records ─────────────────────────────────────────────────────────────────────────────────────
export const contactRecord = z.object({
  contact: z.number().int(),
  firm: z.number().int(),
  contactType: z.number().int(),
  contactTypeName: z.string().default(''),
  isCompany: z.boolean(),
  companyName: z.string(),
  salutation: z.number().int().nullable(),
  insuranceId: z.number().int().nullable(),
  insuranceNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  notes: z.string(),
  language: z.number().int(),
  timezone: z.number().int(),
  servicetype: z.number().int().nullable(),
  isFirm: z.boolean(),
  isVendor: z.boolean(),
  isInactive: z.boolean(),
});
export type ContactRecord = z.infer<typeof contactRecord>;

/** A list row: the contact plus its primary phone and email. isChecked is client state only. */
export const contactRow = contactRecord
  .pick({
    contact: true,
    firm: true,
    contactType: true,
    contactTypeName: true,
    isCompany: true,
    companyName: true,
    firstName: true,
    lastName: true,
    isVendor: true,
    isInactive: true,
  })
  .extend({
    /** Display name: company name, or "Last, First". */
    fileAs: z.string(),
    phoneNo: z.string().nullable(),
    emailAddress: z.string().nullable(),
    createdAt: z.string(),
  });
export type ContactRow = z.infer<typeof contactRow>;

export const listAnswer = z.object({ count: z.number().int().nonnegative(), items: z.array(contactRow) });
export type ContactList = z.infer<typeof listAnswer>;

export const contactAddress = z.object({
  contactAddress: z.number().int(),
  contact: z.number().int(),
  address: z.number().int(),
  addressType: z.number().int(),
  addressTypeName: z.string(),
  addressLines: z.string(),
  city: z.string(),
  stateProvince: z.number().int(),
  stateProvinceName: z.string(),
  postalCode: z.string(),
  country: z.number().int(),
  countryName: z.string(),
  addressNote: z.string(),
  /** "P" marks the primary address. */
  primary: z.string(),
  isPrimary: z.boolean(),
  isShared: z.string(),
});
export type ContactAddress = z.infer<typeof contactAddress>;

export const contactPhone = z.object({
  contactPhone: z.number().int(),
  contact: z.number().int(),
  phone: z.number().int(),
  phoneNo: z.string(),
  extension: z.string(),
  phoneType: z.number().int(),
  phoneTypeName: z.string(),
  phoneNote: z.string(),
  primary: z.string(),
  isPrimary: z.boolean(),
  isShared: z.string(),
});
export type ContactPhone = z.infer<typeof contactPhone>;

export const contactEmail = z.object({
  contactEmail: z.number().int(),
  contact: z.number().int(),
  emailAddress: z.string(),
  emailType: z.number().int(),
  emailTypeName: z.string(),
  primary: z.string(),
  isPrimary: z.boolean(),
});
export type ContactEmail = z.infer<typeof contactEmail>;

export const relatedContact = z.object({
  /** Id of the relation itself. */
  contactRelated: z.number().int(),
  contact: z.number().int(),
  relatedContact: z.number().int(),
  relatedContactType: z.number().int(),
  relatedContactTypeName: z.string(),
  fileAs: z.string(),
  phoneNo: z.string().nullable(),
  emailAddress: z.string().nullable(),
});
export type RelatedContact = z.infer<typeof relatedContact>;

/** Search result (docs/contacts.md#fields). */
export const searchResult = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.number().int(),
  fileAs: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNo: z.string().nullable(),
  email: z.string().nullable(),
  userId: z.number().int().nullable(),
  address: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const vendorSearchResult = z.object({ companyName: z.string(), phoneNo: z.string().nullable(), contact: z.number().int() });

const deleteAnswer = z.object({ contact: z.number().int(), id: z.number().int() });
const countAnswer = z.object({ count: z.number().int().nonnegative() });

// ── inputs ──────────────────────────────────────────────────────────────────────────────────────
export const CONTACT_DEFAULTS = { pageSize: 10, direction: 'asc', filterBy: 9999, retrospectiveDays: 0, orderBy: 'name' } as const;
export const CONTACT_SORTS = ['name', 'type', 'phone', 'email', 'created', 'inactive'] as const;

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(CONTACT_DEFAULTS.pageSize),
  orderBy: z.enum(CONTACT_SORTS).default(CONTACT_DEFAULTS.orderBy),
  direction: z.enum(['asc', 'desc']).default(CONTACT_DEFAULTS.direction),
  filterBy: z.coerce.number().int().default(CONTACT_DEFAULTS.filterBy),
  retrospectiveDays: z.coerce.number().int().min(0).max(36500).default(CONTACT_DEFAULTS.retrospectiveDays),
  searchTerm: q.text(100).default(''),
});
export type ContactListQuery = z.infer<typeof listQuery>;

export const contactInput = z
  .object({
    contact: z.number().int(),
    contactType: requiredId,
    isCompany: z.boolean().default(false),
    companyName: optionalText(),
    salutation: optionalId,
    insuranceId: optionalId,
    insuranceNumber: optionalText(50),
    firstName: optionalText(),
    lastName: optionalText(),
    notes: optionalText(500),
    language: requiredId,
    timezone: requiredId,
    servicetype: optionalId,
    isFirm: z.boolean().default(false),
    isVendor: z.boolean().default(false),
    isInactive: z.boolean().default(false),
  })
  .superRefine((c, ctx) => {
    if (c.isCompany && !c.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: MESSAGES.required });
    if (!c.isCompany && !c.lastName) ctx.addIssue({ code: 'custom', path: ['lastName'], message: MESSAGES.required });
  })
  .meta({ 'x-rules': ['companyName: required for a company (isCompany)', 'lastName: required for a person'] });

export const addressInput = z.object({
  contactAddress: z.number().int(),
  contact: z.number().int().positive(),
  addressType: requiredId,
  addressLines: requiredText(200),
  city: requiredText(100),
  stateProvince: requiredId,
  postalCode: requiredText(20),
  country: requiredId,
  addressNote: optionalText(500),
});

export const phoneInput = z.object({
  contactPhone: z.number().int(),
  contact: z.number().int().positive(),
  phoneType: requiredId,
  phoneNo: requiredText(20).regex(PHONE_PATTERN, PHONE_FORMAT_MESSAGE),
  extension: z.string().trim().regex(EXTENSION_PATTERN, EXTENSION_MESSAGE).default(''),
  phoneNote: optionalText(500),
});

export const emailInput = z.object({
  contactEmail: z.number().int(),
  contact: z.number().int().positive(),
  emailType: requiredId,
  emailAddress: z.email(MESSAGES.email).max(200),
});

export const relatedInput = z.object({
  contactRelated: z.number().int(),
  contact: z.number().int().positive(),
  relatedContact: requiredId,
  relatedContactType: requiredId,
});

const itemRef = <K extends string>(key: K) =>
  z.object({ [key]: z.number().int(), contact: z.number().int() } as Record<K | 'contact', z.ZodNumber>);
const primaryQuery = z.object({ id: q.id(), contact: q.id() });
const searchQuery = z.object({
  firmid: q.id().optional(),
  searchterm: q.text(100).pipe(z.string().min(1, 'A search term is required')),
  department: q.text(50).optional(),
  type: q.text(50).optional(),
});

const base = { access: CONTACTS_ROLES, bff: true } as const;
/** A contact's addresses, phones and emails: everyone, for their own contact (see the opening comment). */
const items = { access: 'signed-in', bff: true } as const;

// ── calls ───────────────────────────────────────────────────────────────────────────────────────
export const contacts = defineCall({ ...base, method: 'GET', path: 'contact/contacts', query: listQuery, response: listAnswer });
export const contact = defineCall({
  ...base,
  method: 'GET',
  path: 'contact/contact',
  query: z.object({ id: q.id() }),
  response: contactRecord,
});
export const saveContact = defineCall({ ...base, method: 'POST', path: 'contact/saveContact', body: contactInput, response: savedId });
export const mergeContacts = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'contact/mergeContacts',
  query: z.object({ ids: idList.refine((ids) => ids.length >= 2, 'Choose two or more contacts to merge') }),
  response: z.object({ contact: z.number().int(), merged: z.number().int() }),
});
export const setInactive = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'contact/setInactive',
  query: z.object({ ids: idList }),
  response: countAnswer,
});
export const lookupContact = defineCall({
  ...base,
  method: 'GET',
  path: 'contact/lookupContact',
  query: z.object({ search: q.text(100).pipe(z.string().min(1, 'A search term is required')) }),
  response: z.object({ items: z.array(searchResult) }),
});
export const contactSearch = defineCall({
  ...base,
  method: 'GET',
  path: 'contact/contactSearch/',
  query: searchQuery,
  response: z.object({ items: z.array(searchResult) }),
});
export const addressSearch = defineCall({
  ...base,
  method: 'GET',
  path: 'contact/addressSearch/',
  query: searchQuery,
  response: z.object({ items: z.array(searchResult) }),
});
export const phoneSearch = defineCall({
  ...base,
  method: 'GET',
  path: 'contact/phoneSearch/',
  query: searchQuery,
  response: z.object({ items: z.array(searchResult) }),
});
export const vendorSearch = defineCall({
  ...base,
  method: 'GET',
  path: 'contact/vendorSearch/',
  query: searchQuery,
  response: z.object({ items: z.array(vendorSearchResult) }),
});

export const contactAddressOne = defineCall({
  ...items,
  method: 'GET',
  path: 'contact/contactAddress',
  query: z.object({ id: q.id() }),
  response: contactAddress,
});
export const contactAddresses = defineCall({
  ...items,
  method: 'GET',
  path: 'contact/contactAddresses',
  query: z.object({ id: q.id() }),
  response: z.array(contactAddress),
});
export const contactPhones = defineCall({
  ...items,
  method: 'GET',
  path: 'contact/contactPhones',
  query: z.object({ id: q.id() }),
  response: z.array(contactPhone),
});
export const contactEmails = defineCall({
  ...items,
  method: 'GET',
  path: 'contact/contactEmails',
  query: z.object({ id: q.id() }),
  response: z.array(contactEmail),
});

export const saveAddress = defineCall({ ...items, method: 'POST', path: 'contact/saveAddress', body: addressInput, response: savedId });
export const savePhone = defineCall({ ...items, method: 'POST', path: 'contact/savePhone', body: phoneInput, response: savedId });
export const saveEmail = defineCall({ ...items, method: 'POST', path: 'contact/saveEmail', body: emailInput, response: savedId });
export const deleteAddress = defineCall({
  ...items,
  method: 'POST',
  path: 'contact/deleteAddress',
  body: itemRef('contactAddress'),
  response: deleteAnswer,
});
export const deletePhone = defineCall({
  ...items,
  method: 'POST',
  path: 'contact/deletePhone',
  body: itemRef('contactPhone'),
  response: deleteAnswer,
});
export const deleteEmail = defineCall({
  ...items,
  method: 'POST',
  path: 'contact/deleteEmail',
  body: itemRef('contactEmail'),
  response: deleteAnswer,
});
export const setPrimaryAddress = defineCall({
  writes: true,
  ...items,
  method: 'GET',
  path: 'contact/setPrimaryAddress',
  query: primaryQuery,
  response: countAnswer,
});
export const setPrimaryPhone = defineCall({
  writes: true,
  ...items,
  method: 'GET',
  path: 'contact/setPrimaryPhone',
  query: primaryQuery,
  response: countAnswer,
});
export const setPrimaryEmail = defineCall({
  writes: true,
  ...items,
  method: 'GET',
  path: 'contact/setPrimaryEmail',
  query: primaryQuery,
  response: countAnswer,
});

export const related = defineCall({
  ...base,
  method: 'GET',
  path: 'contact/related',
  query: z.object({ id: q.id() }),
  response: z.array(relatedContact),
});
export const saveRelated = defineCall({ ...base, method: 'POST', path: 'contact/saveRelated', body: relatedInput, response: savedId });
export const deleteRelated = defineCall({
  ...base,
  method: 'POST',
  path: 'contact/deleteRelated',
  query: z.object({ id: q.id() }),
  response: deleteAnswer,
});

export const vendor = defineCall({
  ...base,
  method: 'GET',
  path: 'contact/vendor',
  query: z.object({ id: q.id() }),
  response: contactRecord,
});
export const vendors = defineCall({ ...base, method: 'GET', path: 'contact/vendors', query: listQuery, response: listAnswer });
export const saveVendor = defineCall({ ...base, method: 'POST', path: 'contact/saveVendor', body: contactInput, response: savedId });
