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
] as const;
export type LookupGroup = (typeof LOOKUP_GROUPS)[number];
