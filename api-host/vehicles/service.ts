/** What other areas may use of vehicles: saving and reading a vehicle, its search match, VIN decoding, and the demo vehicles. */
export { upsertVehicle } from './calls';
export { vehicleGenerator, type GenVehicle } from './data';
export { decodeFor, decodeValidVin } from './decode';
export { readVehicle, vehicleSearchMatch } from './query';
