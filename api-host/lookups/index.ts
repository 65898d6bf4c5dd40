/** Lookups: values of named groups, shared by every screen, and their administration. */
import type { Area } from '../core/area';
import { lookupCalls } from './calls';
import { LOOKUP_GROUPS_SCHEMA, LOOKUPS_SCHEMA } from './schema';

export const lookups: Area = { name: 'lookups', migrations: [LOOKUPS_SCHEMA, LOOKUP_GROUPS_SCHEMA], calls: lookupCalls };
