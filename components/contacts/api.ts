/**
 * The contact calls the contacts screen makes, through the BFF (lib/bff/client.ts). Typed by the contract
 * (type imports only: no zod reaches the browser). A contact's addresses, phones and emails are in
 * components/contact-info/api.ts.
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { RelatedContact } from '@/lib/contract/contacts';
import type { BodyOf } from '@/lib/contract/define';

type C = typeof contract.contacts;
export type View = 'contacts' | 'vendors';
export type ContactBody = BodyOf<C['saveContact']>;
type Query = Record<string, string | number | undefined>;
// The search calls' contract paths end in "/" (contact/contactSearch/); Next.js would redirect that slash
// away, so they are asked for without it and the BFF (lib/bff/forward.ts) maps them back.

export const contactApi = {
  list: (view: View, query: Query, signal?: AbortSignal) =>
    bff<C['contacts'] | C['vendors']>('GET', view === 'vendors' ? 'contact/vendors' : 'contact/contacts', { query, signal }),
  get: (view: View, id: number, signal?: AbortSignal) =>
    bff<C['contact'] | C['vendor']>('GET', view === 'vendors' ? 'contact/vendor' : 'contact/contact', { query: { id }, signal }),
  save: (view: View, body: ContactBody) =>
    bff<C['saveContact'] | C['saveVendor']>('POST', view === 'vendors' ? 'contact/saveVendor' : 'contact/saveContact', { body }),
  merge: (ids: string) => bff<C['mergeContacts']>('GET', 'contact/mergeContacts', { query: { ids } }),
  setInactive: (ids: readonly number[]) => bff<C['setInactive']>('GET', 'contact/setInactive', { query: { ids: ids.join(',') } }),

  lookup: (search: string, signal: AbortSignal) => bff<C['lookupContact']>('GET', 'contact/lookupContact', { query: { search }, signal }),
  contactSearch: (searchterm: string, signal: AbortSignal) =>
    bff<C['contactSearch']>('GET', 'contact/contactSearch', { query: { searchterm }, signal }),
  addressSearch: (searchterm: string, signal: AbortSignal) =>
    bff<C['addressSearch']>('GET', 'contact/addressSearch', { query: { searchterm }, signal }),
  phoneSearch: (searchterm: string, signal: AbortSignal) =>
    bff<C['phoneSearch']>('GET', 'contact/phoneSearch', { query: { searchterm }, signal }),
  vendorSearch: (searchterm: string, signal: AbortSignal) =>
    bff<C['vendorSearch']>('GET', 'contact/vendorSearch', { query: { searchterm }, signal }),

  related: (id: number, signal?: AbortSignal) => bff<C['related']>('GET', 'contact/related', { query: { id }, signal }),

  saveRelated: (r: RelatedContact) =>
    bff<C['saveRelated']>('POST', 'contact/saveRelated', {
      body: {
        contactRelated: r.contactRelated,
        contact: r.contact,
        relatedContact: r.relatedContact,
        relatedContactType: r.relatedContactType,
      },
    }),

  deleteRelated: (r: RelatedContact) => bff<C['deleteRelated']>('POST', 'contact/deleteRelated', { query: { id: r.contactRelated } }),
};
