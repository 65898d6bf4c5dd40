/**
 * Vehicles and VIN decoding (docs/adas.md#fields, #calls), persisted in SQLite (schema.ts).
 * Every vehicle is scoped to the caller's firms: another firm's vehicle answers the same 404 as an unknown
 * one. Decisions beyond lib/contract/vehicles.ts and lib/contract/decode.ts:
 * - a vehicle's owner (contact) must be a live contact of a firm the caller reaches (else 400 on contact);
 *   moving a vehicle to another location keeps its owner only if the owner is reachable;
 * - the make id is the decoder's make of that name when the caller sends none; one it sends must be a make the
 *   decoder knows (else 400 on makeId);
 * - deleteVehicle refuses (400) a vehicle that an ADAS job uses, naming how many;
 * - decode/neo keeps the last answer per VIN; force decodes again and replaces it.
 */
import { contract } from '../../lib/contract';
import type { VehicleInput } from '../../lib/contract/vehicles';
import { searchContacts } from '../contacts/service';
import type { Db } from '../core/db';
import { type Caller, assertFirm } from '../core/caller';
import { badRequest, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { prepared, preparedValue } from '../core/sql';
import { decodeFor } from './decode';
import { listVehicles, readVehicle } from './query';

const v = contract.vehicles;
const d = contract.decode;

/** The contact if the caller may make it a vehicle's owner; otherwise 400 on `field`. */
export function checkOwner(db: Db, caller: Caller, contact: number | null, field = 'contact'): void {
  if (contact == null) return;
  const row = prepared<{ firm: number }>(db, 'SELECT firm FROM contact WHERE contact = ? AND merged_into IS NULL').get(contact);
  if (!row || !caller.firms.has(row.firm))
    throw badRequest('Invalid body', { [field]: ['Unknown customer: choose a contact of your locations'] });
}

/** The decoder's id of a make name, or null. */
export const makeIdOf = (db: Db, make: string): number | null =>
  preparedValue<number>(db, 'SELECT make_id FROM vehicle_make WHERE name = ?').get(make.trim()) ?? null;

type VehicleFields = Omit<VehicleInput, 'firm'> & {
  year: number;
  contact: number | null;
  makeId: number | null;
  bodystyle: string;
  vin: string;
};

/** A make id the decoder knows; otherwise 400 on `field`. */
function checkMakeId(db: Db, makeId: number | null, field: string): void {
  if (makeId == null || preparedValue<number>(db, 'SELECT 1 FROM vehicle_make WHERE make_id = ?').get(makeId)) return;
  throw badRequest('Invalid body', { [field]: ['Unknown make: choose a make from the list'] });
}

/**
 * Saves a vehicle (new when vehicle <= 0) and answers its id; an existing one must be visible. `firm` is
 * the location of a new vehicle, or where an existing one moves (null: it stays). Used by saveVehicle and
 * by the ADAS job calls, inside their transactions; `fields` prefixes the names of the fields at fault
 * (`vehicle.` where the vehicle is part of a job's body).
 */
export function upsertVehicle(db: Db, caller: Caller, firm: number | null, f: VehicleFields, fields = ''): number {
  checkOwner(db, caller, f.contact, `${fields}contact`);
  checkMakeId(db, f.makeId, `${fields}makeId`);
  const values = {
    firm,
    contact: f.contact,
    year: f.year,
    make: f.make.trim(),
    makeId: f.makeId ?? makeIdOf(db, f.make),
    model: f.model.trim(),
    bodystyle: f.bodystyle,
    vin: f.vin,
  };
  if (f.vehicle > 0) {
    if (!readVehicle(db, caller.firms, f.vehicle)) throw notFound('Vehicle');
    prepared(
      db,
      `UPDATE vehicle SET firm = coalesce(@firm, firm), contact = @contact, year = @year, make = @make, make_id = @makeId, model = @model, bodystyle = @bodystyle, vin = @vin
       WHERE vehicle = @vehicle`,
    ).run({ ...values, vehicle: f.vehicle });
    return f.vehicle;
  }
  if (firm === null) throw new Error('A new vehicle needs a location');
  return Number(
    prepared(
      db,
      'INSERT INTO vehicle (firm, contact, year, make, make_id, model, bodystyle, vin) VALUES (@firm, @contact, @year, @make, @makeId, @model, @bodystyle, @vin)',
    ).run(values).lastInsertRowid,
  );
}

export const vehicleCalls = [
  implement(v.vehicles, ({ query, caller, ctx }) => {
    if (query.firm !== undefined) assertFirm(caller, query.firm, 'Firm');
    return listVehicles(ctx.db, query, caller.firms);
  }),
  implement(v.vehicle, ({ query, caller, ctx }) => {
    const found = readVehicle(ctx.db, caller.firms, query.id);
    if (!found) throw notFound('Vehicle');
    return found;
  }),
  implement(v.ownerVehicles, ({ query, caller, ctx }) => {
    const owner = prepared<{ firm: number }>(ctx.db, 'SELECT firm FROM contact WHERE contact = ? AND merged_into IS NULL').get(
      query.contact,
    );
    if (!owner || !caller.firms.has(owner.firm)) throw notFound('Contact');
    const ids = preparedValue<number>(ctx.db, 'SELECT vehicle FROM vehicle WHERE contact = ? ORDER BY year DESC, vehicle DESC').all(
      query.contact,
    );
    // A vehicle of the customer kept at a location the caller does not reach stays out of sight.
    return ids.map((id) => readVehicle(ctx.db, caller.firms, id)).filter((x) => x !== undefined);
  }),
  implement(v.saveVehicle, ({ body, caller, ctx }) => {
    const db = ctx.db;
    return db.transaction(() => {
      const current = body.vehicle > 0 ? readVehicle(db, caller.firms, body.vehicle) : undefined;
      if (body.vehicle > 0 && !current) throw notFound('Vehicle');
      const firm = body.firm ?? current?.firm ?? caller.firm;
      assertFirm(caller, firm, 'Firm');
      return { id: upsertVehicle(db, caller, firm, body) };
    })();
  }),
  implement(v.deleteVehicle, ({ body, caller, ctx }) => {
    const db = ctx.db;
    return db.transaction(() => {
      const found = readVehicle(db, caller.firms, body.vehicle);
      if (!found) throw notFound('Vehicle');
      if (found.jobs > 0) {
        const message = `This vehicle is used by ${found.jobs === 1 ? 'an ADAS job' : `${found.jobs} ADAS jobs`} and cannot be deleted.`;
        throw badRequest(message, { vehicle: [message] });
      }
      prepared(db, 'DELETE FROM vehicle WHERE vehicle = ?').run(body.vehicle);
      return { success: true as const };
    })();
  }),
  implement(v.ownerSearch, ({ query, caller, ctx }) => {
    if (query.firm !== undefined) assertFirm(caller, query.firm, 'Firm');
    const rows = searchContacts(ctx.db, 'contact', query.searchterm, {
      firms: query.firm !== undefined ? new Set([query.firm]) : caller.firms,
    });
    const firmOf = new Map(
      prepared<{
        contact: number;
        firm: number;
      }>(ctx.db, 'SELECT contact, firm FROM contact WHERE contact IN (SELECT value FROM json_each(?))')
        .all(JSON.stringify(rows.map((r) => r.contact)))
        .map((r) => [r.contact, r.firm]),
    );
    return rows.map((r) => ({
      contact: r.contact,
      firm: firmOf.get(r.contact)!,
      name: r.fileAs,
      phoneNo: r.phoneNo,
      emailAddress: r.email,
    }));
  }),
  implement(v.makes, ({ ctx }) => {
    const rows = prepared<{ make_id: number; make: string; model: string; year_start: number; year_end: number; bodies: string }>(
      ctx.db,
      `SELECT m.make_id, m.name AS make, p.model, min(p.year_start) AS year_start, max(p.year_end) AS year_end, group_concat(DISTINCT p.body_style) AS bodies
       FROM vehicle_make m JOIN vehicle_wmi w ON w.make_id = m.make_id JOIN vehicle_pattern p ON p.wmi = w.wmi
       GROUP BY m.make_id, p.model ORDER BY m.name, p.model`,
    ).all();
    const out = new Map<
      number,
      { makeId: number; make: string; models: { model: string; yearStart: number; yearEnd: number; bodyStyles: string[] }[] }
    >();
    for (const r of rows) {
      const entry = out.get(r.make_id) ?? { makeId: r.make_id, make: r.make, models: [] };
      entry.models.push({ model: r.model, yearStart: r.year_start, yearEnd: r.year_end, bodyStyles: r.bodies.split(',') });
      out.set(r.make_id, entry);
    }
    return [...out.values()];
  }),

  // VIN decoding
  implement(d.decodeAdas, ({ query, caller, ctx }) => decodeFor(ctx.db, d.decodeAdas.path, caller, query.vin)),
  implement(d.neo, ({ query, caller, ctx }) => {
    const db = ctx.db;
    const vin = query.vin.replace(/[\s-]+/g, '').toUpperCase();
    if (!query.force) {
      const hit = prepared<{ answer: string; decoded_at: string }>(db, 'SELECT answer, decoded_at FROM vin_decode_cache WHERE vin = ?').get(
        vin,
      );
      if (hit) return { ...JSON.parse(hit.answer), cached: true, decodedAt: hit.decoded_at };
    }
    const decoded = decodeFor(db, d.neo.path, caller, vin);
    const decodedAt = new Date().toISOString();
    prepared(
      db,
      'INSERT INTO vin_decode_cache (vin, answer, decoded_at) VALUES (?, ?, ?) ON CONFLICT (vin) DO UPDATE SET answer = excluded.answer, decoded_at = excluded.decoded_at',
    ).run(vin, JSON.stringify(decoded), decodedAt);
    return { ...decoded, cached: false, decodedAt };
  }),
];
