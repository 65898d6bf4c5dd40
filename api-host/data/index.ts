/** The import/export facility: templates, chunked imports with their idempotency records, exports. */
import type { Area } from '../areas';
import { dataCalls } from './calls';
import { DATA_SCHEMA } from './schema';

export const data: Area = { name: 'data', migrations: [DATA_SCHEMA], calls: dataCalls };
