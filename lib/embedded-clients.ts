/**
 * The clients the embedded stand-ins accept by default: shared by the app's configuration (lib/config.ts,
 * its defaults) and the reference host (api-host/vehicle-data, api-host/alldata), which may not import the
 * app's server modules (docs/architecture.md "Layers").
 */

/** The client the embedded vehicle-data stand-in accepts by default (api-host/vehicle-data). */
export const EMBEDDED_VEHICLE_DATA_CLIENT = { id: 'adas-desk', secret: 'embedded-vehicle-data-secret' } as const;
/** The client the embedded ALLDATA authorization stand-in accepts by default (api-host/alldata). */
export const EMBEDDED_ALLDATA_CLIENT = { id: 'adas-desk', secret: 'embedded-alldata-secret' } as const;
