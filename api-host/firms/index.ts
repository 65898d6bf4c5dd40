/** Firms (locations): the network, preferences (Brand). */
import type { Area } from '../areas';
import { firmCalls } from './calls';
import { FIRMS_SCHEMA } from './schema';
import { seedFirms } from './seed';

export const firms: Area = { name: 'firms', migrations: [FIRMS_SCHEMA], calls: firmCalls, seed: seedFirms };
