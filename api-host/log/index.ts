/** Log entries and usage records. */
import type { Area } from '../areas';
import { logCalls } from './calls';
import { LOG_SCHEMA } from './schema';

export const log: Area = { name: 'log', migrations: [LOG_SCHEMA], calls: logCalls };
