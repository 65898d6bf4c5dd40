/** The history of every change (docs/history.md#states): written by the areas through service.ts, read by calls.ts. */
import type { Area } from '../core/area';
import { historyCalls } from './calls';
import { HISTORY_SCHEMA } from './schema';

export const history: Area = { name: 'history', migrations: [HISTORY_SCHEMA], calls: historyCalls };
