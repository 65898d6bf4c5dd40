/** The import/export facility: templates (demo ones seeded), chunked imports with their idempotency records, exports. */
import type { Area } from '../core/area';
import { dataCalls } from './calls';
import { knowledgeCalls } from './knowledge';
import { DATA_SCHEMA, DATA_VEHICLE_MATRIX_SCHEMA } from './schema';
import { seedData } from './seed';

export const data: Area = {
  name: 'data',
  migrations: [DATA_SCHEMA, DATA_VEHICLE_MATRIX_SCHEMA],
  calls: [...dataCalls, ...knowledgeCalls],
  seed: seedData,
};
