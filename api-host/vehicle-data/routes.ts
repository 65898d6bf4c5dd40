/**
 * The vehicle-data stand-in (docs/adas.md#calls "Vehicle-data service", #errors): the third-party service's paths
 * and behaviour on the reference host, so the product's client runs against the embedded default.
 *
 *   POST ADAG/oauth/token                                  client credentials grant (RFC 6749 §4.4), HTTP
 *        Basic client authentication, scope read → {access_token, token_type, expires_in, scope}
 *   GET  ADAG/car-lookup/v3/vins/{vin}                     the cars a VIN may be → {vin, cars: [{carId, …}]}
 *   GET  ADAG/repair/ADConnect/v5/carids/{id}/components/1 the car's driver-assistance components
 *        (group 1), as application/hal+json
 *
 * Tokens really expire (API_HOST_VEHICLE_DATA_TOKEN_TTL seconds); an expired, unknown or missing bearer
 * answers 401 with `WWW-Authenticate: Bearer error="invalid_token"`, as the real service does.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { modelYear, normalizeVin, vinProblem, wmiOf } from '../../lib/vehicle/vin';
import type { Db } from '../core/db';
import type { HostContext } from '../core/context';
import { prepared } from '../core/sql';

export interface VehicleDataOptions {
  clientId: string;
  clientSecret: string;
  /** Token lifetime in seconds. */
  tokenTtl: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The client of an HTTP Basic header (RFC 6749 §2.3.1: form-urlencoded id and secret), or null. */
export function basicClient(header: string | undefined): { id: string; secret: string } | null {
  const [, encoded] = (header && /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header)) || [];
  if (!encoded) return null;
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  const at = text.indexOf(':');
  if (at < 0) return null;
  return {
    id: decodeURIComponent(text.slice(0, at).replace(/\+/g, ' ')),
    secret: decodeURIComponent(text.slice(at + 1).replace(/\+/g, ' ')),
  };
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  if (status === 401) reply.header('www-authenticate', 'Basic realm="ADAG"');
  return reply.status(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

/** True when the request carries a live token of scope read; otherwise answers 401 and false. */
function authorized(db: Db, request: FastifyRequest, reply: FastifyReply): boolean {
  const [, token] = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '') ?? [];
  const row =
    token &&
    prepared<{ scope: string; expires_at: number }>(db, 'SELECT scope, expires_at FROM vehicle_data_token WHERE token_hash = ?').get(
      sha256(token),
    );
  if (row && row.expires_at > Date.now() && row.scope.split(' ').includes('read')) return true;
  const why = !token ? 'A bearer token is required' : row ? 'The access token expired' : 'Unknown access token';
  void reply
    .status(401)
    .header('www-authenticate', `Bearer realm="ADAG", error="invalid_token", error_description="${why}"`)
    .send({ error: 'invalid_token', error_description: why });
  return false;
}

interface CarRow {
  pattern: number;
  make: string;
  model: string;
  body_style: string;
  manufacturer: string;
}

/** carId: the VIN pattern and the model year, as one number. */
const carIdOf = (pattern: number, year: number) => pattern * 10_000 + year;

export function mountVehicleData(app: FastifyInstance, ctx: HostContext, opts: VehicleDataOptions): void {
  const { db } = ctx;
  void app.register(
    async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      scope.post('/oauth/token', async (request, reply) => {
        const client = basicClient(request.headers.authorization);
        if (!client || !sameText(client.id, opts.clientId) || !sameText(client.secret, opts.clientSecret))
          return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
        const form = (request.body ?? {}) as Record<string, string>;
        if (form.grant_type !== 'client_credentials')
          return oauthError(reply, 400, 'unsupported_grant_type', 'Only client_credentials is supported');
        const scopes = (form.scope ?? 'read').split(' ').filter(Boolean);
        if (!scopes.every((s) => s === 'read')) return oauthError(reply, 400, 'invalid_scope', 'Only the read scope is granted');
        const token = randomBytes(32).toString('base64url');
        const now = Date.now();
        prepared(db, 'DELETE FROM vehicle_data_token WHERE expires_at < ?').run(now - 24 * 3600_000);
        prepared(db, 'INSERT INTO vehicle_data_token (token_hash, client_id, scope, issued_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
          sha256(token),
          client.id,
          'read',
          now,
          now + opts.tokenTtl * 1000,
        );
        return reply
          .header('cache-control', 'no-store')
          .send({ access_token: token, token_type: 'Bearer', expires_in: opts.tokenTtl, scope: 'read' });
      });

      scope.get<{ Params: { vin: string } }>('/car-lookup/v3/vins/:vin', async (request, reply) => {
        if (!authorized(db, request, reply)) return reply;
        const vin = normalizeVin(request.params.vin);
        const problem = vinProblem(vin);
        if (problem) return reply.status(400).send({ error: 'invalid_vin', error_description: problem.message });
        const year = modelYear(vin) ?? 0;
        const cars = prepared<CarRow>(
          db,
          `SELECT p.pattern, m.name AS make, p.model, p.body_style, w.manufacturer
           FROM vehicle_pattern p JOIN vehicle_wmi w ON w.wmi = p.wmi JOIN vehicle_make m ON m.make_id = w.make_id
           WHERE p.wmi = @wmi AND p.vds IN (substr(@vin, 4, 5), substr(@vin, 4, 4), substr(@vin, 4, 3)) AND p.year_start <= @year AND p.year_end >= @year
           ORDER BY length(p.vds) DESC`,
        ).all({ wmi: wmiOf(vin), vin, year });
        return {
          vin,
          cars: cars.map((c) => ({
            carId: carIdOf(c.pattern, year),
            manufacturer: c.manufacturer,
            make: c.make,
            model: c.model,
            modelYear: year,
            bodyType: c.body_style,
          })),
        };
      });

      scope.get<{ Params: { id: string; group: string } }>('/repair/ADConnect/v5/carids/:id/components/:group', async (request, reply) => {
        if (!authorized(db, request, reply)) return reply;
        const id = Number(request.params.id);
        const pattern = Math.floor(id / 10_000);
        const year = id % 10_000;
        const car =
          Number.isSafeInteger(id) && id > 0
            ? prepared<{ make: string; model: string; body_style: string }>(
                db,
                'SELECT m.name AS make, p.model, p.body_style FROM vehicle_pattern p JOIN vehicle_wmi w ON w.wmi = p.wmi JOIN vehicle_make m ON m.make_id = w.make_id WHERE p.pattern = ?',
              ).get(pattern)
            : undefined;
        if (!car) return reply.status(404).send({ error: 'not_found', error_description: `No car ${request.params.id}` });
        if (request.params.group !== '1')
          return reply.status(404).send({ error: 'not_found', error_description: `No component group ${request.params.group}` });
        const rows = prepared<{ component: number; name: string; location: string; calibration: string; body_styles: string }>(
          db,
          'SELECT component, name, location, calibration, body_styles FROM vehicle_data_component WHERE make = ? AND year_start <= ? ORDER BY component',
        ).all(car.make, year);
        const self = `/ADAG/repair/ADConnect/v5/carids/${id}/components/1`;
        return reply.type('application/hal+json').send({
          carId: id,
          description: `${year} ${car.make} ${car.model}`,
          _links: { self: { href: self } },
          _embedded: {
            components: rows
              .filter((r) => !r.body_styles || r.body_styles.split(',').includes(car.body_style))
              .map((r) => ({
                componentId: r.component,
                name: r.name,
                location: r.location,
                calibration: r.calibration,
                _links: { self: { href: `${self}#${r.component}` } },
              })),
          },
        });
      });
    },
    { prefix: '/ADAG' },
  );
}
