/**
 * The contact calls a client component makes, through the BFF (lib/bff/client.ts). Typed by the contract
 * (type imports only: no zod reaches the browser).
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { ContactAddress, ContactEmail, ContactPhone, RelatedContact } from '@/lib/contract/contact';
import type { BodyOf } from '@/lib/contract/define';

type C = typeof contract.contact;
export type View = 'contacts' | 'vendors';
export type ContactBody = BodyOf<C['saveContact']>;
type Query = Record<string, string | number | undefined>;
// The search calls' contract paths end in "/" (contact/contactSearch/); Next.js would redirect that slash
// away, so they are asked for without it and the BFF (lib/bff/forward.ts) maps them back.

export const contactApi = {
  list: (view: View, query: Query, signal?: AbortSignal) =>
    bff<C['contacts']>('GET', view === 'vendors' ? 'contact/vendors' : 'contact/contacts', { query, signal }),
  get: (view: View, id: number, signal?: AbortSignal) => bff<C['contact']>('GET', view === 'vendors' ? 'contact/vendor' : 'contact/contact', { query: { id }, signal }),
  save: (view: View, body: ContactBody) => bff<C['saveContact']>('POST', view === 'vendors' ? 'contact/saveVendor' : 'contact/saveContact', { body }),
  merge: (ids: string) => bff<C['mergeContacts']>('GET', 'contact/mergeContacts', { query: { ids } }),
  setInactive: (ids: readonly number[]) => bff<C['setInactive']>('GET', 'contact/setInactive', { query: { ids: ids.join(',') } }),

  lookup: (search: string, signal: AbortSignal) => bff<C['lookupContact']>('GET', 'contact/lookupContact', { query: { search }, signal }),
  contactSearch: (searchterm: string, signal: AbortSignal) => bff<C['contactSearch']>('GET', 'contact/contactSearch', { query: { searchterm }, signal }),
  addressSearch: (searchterm: string, signal: AbortSignal) => bff<C['addressSearch']>('GET', 'contact/addressSearch', { query: { searchterm }, signal }),
  phoneSearch: (searchterm: string, signal: AbortSignal) => bff<C['phoneSearch']>('GET', 'contact/phoneSearch', { query: { searchterm }, signal }),
  vendorSearch: (searchterm: string, signal: AbortSignal) => bff<C['vendorSearch']>('GET', 'contact/vendorSearch', { query: { searchterm }, signal }),

  addresses: (id: number, signal?: AbortSignal) => bff<C['contactAddresses']>('GET', 'contact/contactAddresses', { query: { id }, signal }),
  phones: (id: number, signal?: AbortSignal) => bff<C['contactPhones']>('GET', 'contact/contactPhones', { query: { id }, signal }),
  emails: (id: number, signal?: AbortSignal) => bff<C['contactEmails']>('GET', 'contact/contactEmails', { query: { id }, signal }),
  related: (id: number, signal?: AbortSignal) => bff<C['related']>('GET', 'contact/related', { query: { id }, signal }),

  saveAddress: (a: ContactAddress) =>
    bff<C['saveAddress']>('POST', 'contact/saveAddress', {
      body: {
        contactAddress: a.contactAddress,
        contact: a.contact,
        addressType: a.addressType,
        addressLines: a.addressLines,
        city: a.city,
        stateProvince: a.stateProvince,
        postalCode: a.postalCode,
        country: a.country,
        addressNote: a.addressNote,
      },
    }),
  savePhone: (p: ContactPhone) =>
    bff<C['savePhone']>('POST', 'contact/savePhone', {
      body: { contactPhone: p.contactPhone, contact: p.contact, phoneType: p.phoneType, phoneNo: p.phoneNo, extension: p.extension, phoneNote: p.phoneNote },
    }),
  saveEmail: (e: ContactEmail) =>
    bff<C['saveEmail']>('POST', 'contact/saveEmail', { body: { contactEmail: e.contactEmail, contact: e.contact, emailType: e.emailType, emailAddress: e.emailAddress } }),
  saveRelated: (r: RelatedContact) =>
    bff<C['saveRelated']>('POST', 'contact/saveRelated', {
      body: { contactRelated: r.contactRelated, contact: r.contact, relatedContact: r.relatedContact, relatedContactType: r.relatedContactType },
    }),

  deleteAddress: (a: ContactAddress) => bff<C['deleteAddress']>('POST', 'contact/deleteAddress', { body: { contactAddress: a.contactAddress, contact: a.contact } }),
  deletePhone: (p: ContactPhone) => bff<C['deletePhone']>('POST', 'contact/deletePhone', { body: { contactPhone: p.contactPhone, contact: p.contact } }),
  deleteEmail: (e: ContactEmail) => bff<C['deleteEmail']>('POST', 'contact/deleteEmail', { body: { contactEmail: e.contactEmail, contact: e.contact } }),
  deleteRelated: (r: RelatedContact) => bff<C['deleteRelated']>('POST', 'contact/deleteRelated', { query: { id: r.contactRelated } }),

  setPrimaryAddress: (id: number, contact: number) => bff<C['setPrimaryAddress']>('GET', 'contact/setPrimaryAddress', { query: { id, contact } }),
  setPrimaryPhone: (id: number, contact: number) => bff<C['setPrimaryPhone']>('GET', 'contact/setPrimaryPhone', { query: { id, contact } }),
  setPrimaryEmail: (id: number, contact: number) => bff<C['setPrimaryEmail']>('GET', 'contact/setPrimaryEmail', { query: { id, contact } }),
};
