/**
 * Calibrations: the estimate scrub, quote and prediction, calibration requests ("opportunities", announced
 * to the firm's users by push) with notes, the calibration report PDF and its sending, the CCC stand-in
 * and the evaluation of a scrub.
 */
import type { Area } from '../core/area';
import { calibrationCalls } from './calls';
import {
  CALIBRATIONS_SCHEMA,
  CALIBRATIONS_SCHEMA_2,
  CALIBRATIONS_SCHEMA_3,
  CALIBRATIONS_SCHEMA_4,
  CALIBRATIONS_SCHEMA_5,
  CALIBRATIONS_SCHEMA_6,
  CALIBRATIONS_SCHEMA_7,
} from './schema';
import { seedCalibrations } from './seed';

export const calibrations: Area = {
  name: 'calibrations',
  migrations: [
    CALIBRATIONS_SCHEMA,
    CALIBRATIONS_SCHEMA_2,
    CALIBRATIONS_SCHEMA_3,
    CALIBRATIONS_SCHEMA_4,
    CALIBRATIONS_SCHEMA_5,
    CALIBRATIONS_SCHEMA_6,
    CALIBRATIONS_SCHEMA_7,
  ],
  calls: calibrationCalls,
  seed: seedCalibrations,
};
