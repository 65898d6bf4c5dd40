/** Calibration requests ("opportunities"), announced to the firm's users by push. */
import type { Area } from '../areas';
import { calibrationCalls } from './calls';
import { CALIBRATIONS_SCHEMA } from './schema';

export const calibrations: Area = { name: 'calibrations', migrations: [CALIBRATIONS_SCHEMA], calls: calibrationCalls };
