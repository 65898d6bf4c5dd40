/** Lookups: values of named groups, shared by every screen. */
import type { Area } from '../areas';
import { lookupCalls } from './calls';
import { LOOKUPS_SCHEMA } from './schema';

export const lookups: Area = { name: 'lookups', migrations: [LOOKUPS_SCHEMA], calls: lookupCalls };
