/** The app's one vehicle-data client, configured from lib/config.ts (server-side only). */
import 'server-only';
import { config } from '../config';
import { vehicleDataClient, type VehicleDataClient } from './client';

let client: VehicleDataClient | undefined;

export function vehicleData(): VehicleDataClient {
  const c = config();
  client ??= vehicleDataClient({
    url: c.VEHICLE_DATA_URL,
    clientId: c.VEHICLE_DATA_CLIENT_ID,
    clientSecret: c.VEHICLE_DATA_CLIENT_SECRET,
    timeoutMs: c.UPSTREAM_TIMEOUT_MS,
  });
  return client;
}
