/** Locations (firms in the contract's calls and the tables): the network, the Location add form, preferences, storage, opt-in programs and providers. */
import type { Area } from '../core/area';
import { firmCalls } from './calls';
import { partnerCalls } from './partners';
import { FIRMS_SCHEMA, FIRMS_SCHEMA_2 } from './schema';
import { seedFirms } from './seed';
import { storageCalls } from './storage';

export const locations: Area = {
  name: 'locations',
  recordedAs: 'firms',
  migrations: [FIRMS_SCHEMA, FIRMS_SCHEMA_2],
  calls: [...firmCalls, ...storageCalls, ...partnerCalls],
  seed: seedFirms,
};
