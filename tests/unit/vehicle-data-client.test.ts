/**
 * The vehicle-data client's token rules (docs/adas.md#calls, #errors) against the reference host's stand-in on a
 * loopback port: one client-credentials grant serves many calls; a token the service expired answers 401,
 * is cleared and replaced once; bad credentials give a clear error, not a loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { EMBEDDED_VEHICLE_DATA_CLIENT } from '../../lib/embedded-clients';
import { VehicleDataError, vehicleDataClient } from '../../lib/vehicle-data/client';
import { startTestHost, type TestHost } from '../../testkit/host';

let host: TestHost;
let url: string;
const VIN = '5FNYF6HC8MY671746'; // 2021 Honda Pilot, a pattern of the host's vehicle table

beforeAll(async () => {
  host = await startTestHost();
  await host.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(host.app.server.address() as AddressInfo).port}/ADAG/`;
});
afterAll(() => host?.close());

const tokens = () => host.db.prepare('SELECT count(*) FROM vehicle_data_token').pluck().get() as number;
const client = (secret: string = EMBEDDED_VEHICLE_DATA_CLIENT.secret) =>
  vehicleDataClient({ url, clientId: EMBEDDED_VEHICLE_DATA_CLIENT.id, clientSecret: secret, timeoutMs: 5000 });

describe('vehicle-data token cache', () => {
  it('asks for one token and reuses it for every call until it expires', async () => {
    const before = tokens();
    const c = client();
    const first = await c.vehicleComponents(VIN);
    expect(first.car).toMatchObject({ make: 'Honda', model: 'Pilot', modelYear: 2021 });
    expect(first.components.map((x) => x.name)).toContain('Forward-facing camera');
    await Promise.all([c.lookupVin(VIN), c.lookupVin(VIN), c.components(first.car!.carId)]);
    expect(tokens() - before).toBe(1);
  });

  it('clears a token the service refuses (401) and retries once with a new one', async () => {
    const c = client();
    await c.lookupVin(VIN);
    const before = tokens();
    // The service expires every token it issued; the client still holds its own copy.
    host.db.prepare('UPDATE vehicle_data_token SET expires_at = ?').run(Date.now() - 1000);
    const again = await c.vehicleComponents(VIN);
    expect(again.components.length).toBeGreaterThan(0);
    expect(tokens() - before).toBe(1);
  });

  it('gives up with a clear error when the credentials are refused', async () => {
    const c = client('not-the-secret');
    await expect(c.lookupVin(VIN)).rejects.toThrow(VehicleDataError);
    await expect(c.lookupVin(VIN)).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});
