/**
 * The calls of a contact's addresses, phones and emails, through the BFF (lib/bff/client.ts): the contacts
 * editor and the user profile's Contact Info tab. Typed by the contract (type imports only).
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { ContactAddress, ContactEmail, ContactPhone } from '@/lib/contract/contacts';

type C = typeof contract.contacts;

export const contactInfoApi = {
  addresses: (id: number, signal?: AbortSignal) => bff<C['contactAddresses']>('GET', 'contact/contactAddresses', { query: { id }, signal }),
  phones: (id: number, signal?: AbortSignal) => bff<C['contactPhones']>('GET', 'contact/contactPhones', { query: { id }, signal }),
  emails: (id: number, signal?: AbortSignal) => bff<C['contactEmails']>('GET', 'contact/contactEmails', { query: { id }, signal }),
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
      body: {
        contactPhone: p.contactPhone,
        contact: p.contact,
        phoneType: p.phoneType,
        phoneNo: p.phoneNo,
        extension: p.extension,
        phoneNote: p.phoneNote,
      },
    }),
  saveEmail: (e: ContactEmail) =>
    bff<C['saveEmail']>('POST', 'contact/saveEmail', {
      body: { contactEmail: e.contactEmail, contact: e.contact, emailType: e.emailType, emailAddress: e.emailAddress },
    }),
  deleteAddress: (a: ContactAddress) =>
    bff<C['deleteAddress']>('POST', 'contact/deleteAddress', { body: { contactAddress: a.contactAddress, contact: a.contact } }),
  deletePhone: (p: ContactPhone) =>
    bff<C['deletePhone']>('POST', 'contact/deletePhone', { body: { contactPhone: p.contactPhone, contact: p.contact } }),
  deleteEmail: (e: ContactEmail) =>
    bff<C['deleteEmail']>('POST', 'contact/deleteEmail', { body: { contactEmail: e.contactEmail, contact: e.contact } }),
  setPrimaryAddress: (id: number, contact: number) =>
    bff<C['setPrimaryAddress']>('GET', 'contact/setPrimaryAddress', { query: { id, contact } }),
  setPrimaryPhone: (id: number, contact: number) => bff<C['setPrimaryPhone']>('GET', 'contact/setPrimaryPhone', { query: { id, contact } }),
  setPrimaryEmail: (id: number, contact: number) => bff<C['setPrimaryEmail']>('GET', 'contact/setPrimaryEmail', { query: { id, contact } }),
};
