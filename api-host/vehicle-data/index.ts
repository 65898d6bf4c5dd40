/**
 * The vehicle-data stand-in: the third-party service's OAuth token endpoint, car lookup and components
 * (routes.ts) on the reference host. Configured from the host's environment:
 *   API_HOST_VEHICLE_DATA_CLIENT_ID      the client it accepts (default adas-desk)
 *   API_HOST_VEHICLE_DATA_CLIENT_SECRET  its secret (default the embedded default's, as the app's own default)
 *   API_HOST_VEHICLE_DATA_TOKEN_TTL      access-token lifetime in seconds (default 3600)
 */
import { z } from 'zod';
import { EMBEDDED_VEHICLE_DATA_CLIENT } from '../../lib/embedded-clients';
import type { Area } from '../core/area';
import { mountVehicleData } from './routes';
import { VEHICLE_DATA_SCHEMA } from './schema';

const env = z.object({
  API_HOST_VEHICLE_DATA_CLIENT_ID: z.string().min(1).default(EMBEDDED_VEHICLE_DATA_CLIENT.id),
  API_HOST_VEHICLE_DATA_CLIENT_SECRET: z.string().min(8).default(EMBEDDED_VEHICLE_DATA_CLIENT.secret),
  API_HOST_VEHICLE_DATA_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(3600),
});

export const vehicleData: Area = {
  name: 'vehicle-data',
  migrations: [VEHICLE_DATA_SCHEMA],
  calls: [],
  routes(app, ctx) {
    const e = env.parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
    mountVehicleData(app, ctx, {
      clientId: e.API_HOST_VEHICLE_DATA_CLIENT_ID,
      clientSecret: e.API_HOST_VEHICLE_DATA_CLIENT_SECRET,
      tokenTtl: e.API_HOST_VEHICLE_DATA_TOKEN_TTL,
    });
  },
};
