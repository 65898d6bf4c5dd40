/**
 * The vehicle-data service client (docs/adas.md#calls, #errors), server-side only: its credentials and tokens never
 * reach the browser. openid-client (panva) performs the OAuth 2.0 client credentials grant (scope read,
 * HTTP Basic client authentication); the access token is kept in this server process until shortly
 * before it expires. An answer of 401 clears it, and the call is made once more with a new token.
 */
import * as oauth from 'openid-client';
import { carComponents, carLookup, type CarComponents, type CarLookup, type VehicleComponents } from './schema';

export interface VehicleDataSettings {
  /** Base URL of the service, ending in ADAG/. */
  url: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

export type VehicleDataFailure = 'unreachable' | 'unauthorized' | 'not-found' | 'bad-request' | 'contract' | 'failed';

export class VehicleDataError extends Error {
  constructor(
    readonly kind: VehicleDataFailure,
    message: string,
  ) {
    super(message);
    this.name = 'VehicleDataError';
  }
}

/** Renew a token this long before the service says it expires. */
const EXPIRY_MARGIN_MS = 30_000;

export function vehicleDataClient(s: VehicleDataSettings) {
  const base = new URL(s.url.endsWith('/') ? s.url : `${s.url}/`);
  const server: oauth.ServerMetadata = { issuer: base.origin, token_endpoint: new URL('oauth/token', base).href };
  const oauthConfig = new oauth.Configuration(server, s.clientId, undefined, oauth.ClientSecretBasic(s.clientSecret));
  oauthConfig.timeout = Math.ceil(s.timeoutMs / 1000);
  // The embedded stand-in speaks plain http on the loopback interface; a real service is https.
  if (base.protocol === 'http:') oauth.allowInsecureRequests(oauthConfig);

  /** The cached token, or the grant in flight (concurrent callers share one request). */
  let token: Promise<{ value: string; expiresAt: number }> | null = null;

  async function grant() {
    try {
      const answer = await oauth.clientCredentialsGrant(oauthConfig, { scope: 'read' });
      const lifetime = (answer.expiresIn() ?? 300) * 1000;
      return { value: answer.access_token, expiresAt: Date.now() + Math.max(0, lifetime - EXPIRY_MARGIN_MS) };
    } catch (e) {
      token = null;
      const status = (e as { status?: number }).status;
      if (status === 401 || status === 400) throw new VehicleDataError('unauthorized', 'The vehicle-data service refused our credentials.');
      throw new VehicleDataError('unreachable', "The vehicle-data service can't be reached right now.");
    }
  }

  async function accessToken(): Promise<string> {
    const current = token && (await token.catch(() => null));
    if (current && current.expiresAt > Date.now()) return current.value;
    token = grant();
    return (await token).value;
  }

  async function get(path: string, accept: string, retried = false): Promise<unknown> {
    const bearer = await accessToken();
    let res: Response;
    try {
      res = await fetch(new URL(path, base), {
        headers: { authorization: `Bearer ${bearer}`, accept },
        cache: 'no-store',
        signal: AbortSignal.timeout(s.timeoutMs),
      });
    } catch {
      throw new VehicleDataError('unreachable', "The vehicle-data service can't be reached right now.");
    }
    if (res.status === 401) {
      // docs/adas.md#errors: the service refused the token — forget it, and try once more with a new one.
      token = null;
      if (retried) throw new VehicleDataError('unauthorized', 'The vehicle-data service refused a fresh token.');
      return get(path, accept, true);
    }
    if (res.status === 404) throw new VehicleDataError('not-found', 'The vehicle-data service has no data for this vehicle.');
    if (res.status === 400) throw new VehicleDataError('bad-request', 'The vehicle-data service did not accept this VIN.');
    if (!res.ok) throw new VehicleDataError('failed', `The vehicle-data service failed (HTTP ${res.status}).`);
    return res.json().catch(() => undefined);
  }

  function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new VehicleDataError('contract', `The vehicle-data service answered ${what} with data this application does not understand.`);
    return parsed.data;
  }

  const lookupVin = async (vin: string): Promise<CarLookup> =>
    parse(carLookup, await get(`car-lookup/v3/vins/${encodeURIComponent(vin)}`, 'application/json'), 'the car lookup');

  const components = async (carId: number): Promise<CarComponents> =>
    parse(carComponents, await get(`repair/ADConnect/v5/carids/${carId}/components/1`, 'application/hal+json'), 'the components');

  return {
    lookupVin,
    components,
    /** The first car the VIN names and its driver-assistance components. */
    async vehicleComponents(vin: string): Promise<VehicleComponents> {
      const [car] = (await lookupVin(vin)).cars;
      if (!car) return { car: null, components: [] };
      const found = await components(car.carId);
      return { car, components: found._embedded.components };
    },
  };
}

export type VehicleDataClient = ReturnType<typeof vehicleDataClient>;
