/** Vehicles, the VIN decoder's reference table and the record of decodes. */
import type { Area } from '../core/area';
import { vehicleCalls } from './calls';
import { VEHICLES_SCHEMA } from './schema';

export const vehicles: Area = { name: 'vehicles', migrations: [VEHICLES_SCHEMA], calls: vehicleCalls };
