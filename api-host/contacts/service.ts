/** What other areas may use of contacts: contact search, the contacts import, and the demo data's generators. */
export { prng, stateId } from './data';
export { importContacts } from './import';
export { ftsQuery, searchContacts } from './query';
