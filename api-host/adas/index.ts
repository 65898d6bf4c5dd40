/** ADAS jobs, their inspections with systems and results, and repair lines. */
import type { Area } from '../core/area';
import { adasCalls } from './calls';
import { ADAS_SCHEMA, CLIENT_CHANGES, RESULT_RECORDED_BY, RESULT_VERSION } from './schema';
import { seedAdas } from './seed';

export const adas: Area = {
  name: 'adas',
  migrations: [ADAS_SCHEMA, RESULT_RECORDED_BY, RESULT_VERSION, CLIENT_CHANGES],
  calls: adasCalls,
  seed: seedAdas,
};
