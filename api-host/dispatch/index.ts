/**
 * Dispatch: a shop sends a calibration request's work to one of its calibration providers, who accepts,
 * schedules, calibrates on the shop's inspection (and nothing else of the shop's) and hands back the report
 * (docs/dispatch.md). Its queue, steps, push notices and history; its seed sends demo requests in every state.
 */
import type { Area } from '../core/area';
import { dispatchCalls } from './calls';
import { DISPATCH_SCHEMA } from './schema';
import { seedDispatch } from './seed';

export const dispatch: Area = { name: 'dispatch', migrations: [DISPATCH_SCHEMA], calls: dispatchCalls, seed: seedDispatch };
