/** Lookup group names, without zod so client components can import them. */
export const LOOKUP_GROUPS = [
  'ContactType',
  'Salutation',
  'AddressType',
  'PhoneType',
  'EmailType',
  'StateProvince',
  'Country',
  'RelatedContactType',
  'Language',
  'TimeZone',
  'BlogType',
  'BlogStatus',
] as const;
export type LookupGroup = (typeof LOOKUP_GROUPS)[number];

/**
 * The section (className of lookup/ByGroup) each group is listed under in Administration → Lookups.
 * The blog's type and status values are not shown in the specification: they are lookup groups here.
 */
export const LOOKUP_SECTIONS: Readonly<Record<LookupGroup, string>> = {
  ContactType: 'Contacts',
  Salutation: 'Contacts',
  AddressType: 'Contacts',
  PhoneType: 'Contacts',
  EmailType: 'Contacts',
  RelatedContactType: 'Contacts',
  Country: 'Locale',
  StateProvince: 'Locale',
  Language: 'Locale',
  TimeZone: 'Locale',
  BlogType: 'Blog',
  BlogStatus: 'Blog',
};

/** BlogStatus values the product relies on: only Published posts reach Home. */
export const BLOG_STATUS = { draft: 1, published: 2, archived: 3 } as const;

/**
 * Sent on `window` after a lookup changed, so pages that cached lookup values (the contact forms) read
 * them again on their next use.
 */
export const LOOKUPS_CHANGED_EVENT = 'adas:lookups-changed';

/** Longest lookup value and group name (the contract's limits, for the forms). */
export const LOOKUP_VALUE_MAX = 100;
export const LOOKUP_GROUP_TEXT_MAX = 60;
