/** Insurers with their program codes and agreed calibration prices. */
import type { Area } from '../core/area';
import { insuranceCalls } from './calls';
import { INSURANCE_SCHEMA } from './schema';
import { seedInsurance } from './seed';

export const insurance: Area = { name: 'insurance', migrations: [INSURANCE_SCHEMA], calls: insuranceCalls, seed: seedInsurance };
