/** Contacts and vendors with their addresses, phones, emails and related contacts. */
import type { Area } from '../core/area';
import { contactCalls } from './calls';
import { CONTACTS_SCHEMA } from './schema';
import { seedContacts } from './seed';

export const contacts: Area = { name: 'contacts', migrations: [CONTACTS_SCHEMA], calls: contactCalls, seed: seedContacts };
