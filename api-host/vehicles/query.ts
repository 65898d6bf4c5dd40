/**
 * Reading vehicles: one record by id and the paged list, filtered, sorted and searched in SQL (indexes of
 * schema.ts). The search is a trigram match (vehicleSearchMatch: each word any part of the VIN, make or
 * model) from three characters, a prefix match below that.
 */
import type { VehicleRecord, VehiclesQuery } from '../../lib/contract/vehicles';
import type { Db } from '../core/db';
import { firmScope, ftsPhrase, likePrefix, oneRow, prepared, preparedValue } from '../core/sql';

/** A vehicle under the contract's names (VehicleRecord): it needs no conversion. */
export const VEHICLE_COLUMNS = `v.vehicle, v.firm, f.name AS firmName, v.contact, coalesce(c.file_as, '') AS contactName, v.year, v.make,
  v.make_id AS makeId, v.model, v.bodystyle, v.vin, (SELECT count(*) FROM adas a WHERE a.vehicle = v.vehicle) AS jobs, v.created_at AS createdAt`;
export const VEHICLE_JOINS = 'JOIN firm f ON f.firm = v.firm LEFT JOIN contact c ON c.contact = v.contact';

/** A vehicle the caller may see, or undefined (unknown and other firms' vehicles alike). */
export function readVehicle(db: Db, firms: ReadonlySet<number>, id: number): VehicleRecord | undefined {
  const r = prepared<VehicleRecord>(db, `SELECT ${VEHICLE_COLUMNS} FROM vehicle v ${VEHICLE_JOINS} WHERE v.vehicle = ?`).get(id);
  return r && firms.has(r.firm) ? r : undefined;
}

/**
 * The vehicle_search MATCH of a typed term, or null when no word is long enough for the trigram index
 * (three characters). Every word of three characters or more must occur in the VIN, the make or the model,
 * in any order: "Honda Accord" and "accord honda" find the Accords, "CR-V" stays one word. Shorter words
 * ("Mazda 3") cannot be matched by a trigram and are left out; the year is not searched.
 */
export function vehicleSearchMatch(term: string): string | null {
  const words = term.split(/\s+/u).filter((w) => [...w].length >= 3);
  return words.length > 0 ? words.map(ftsPhrase).join(' AND ') : null;
}

const ORDER: Record<VehiclesQuery['orderBy'], string[]> = {
  vehicle: ['v.vehicle'],
  year: ['v.year', 'v.vehicle'],
  make: ['v.make', 'v.model', 'v.vehicle'],
  model: ['v.model', 'v.vehicle'],
  vin: ['v.vin', 'v.vehicle'],
  created: ['v.created_at', 'v.vehicle'],
};

export function listVehicles(db: Db, q: VehiclesQuery, firms: ReadonlySet<number>): { count: number; items: VehicleRecord[] } {
  const where = ['1'];
  const params: (string | number)[] = [];
  if (q.firm !== undefined) {
    if (!firms.has(q.firm)) return { count: 0, items: [] };
    where.push(`v.firm = ${q.firm}`);
  }
  const term = q.searchTerm.trim();
  const match = vehicleSearchMatch(term);
  if (match) {
    where.push('v.vehicle IN (SELECT rowid FROM vehicle_search WHERE vehicle_search MATCH ?)');
    params.push(match);
  } else if (term) {
    where.push("(v.vin LIKE ? ESCAPE '\\' OR v.make LIKE ? ESCAPE '\\' OR v.model LIKE ? ESCAPE '\\')");
    params.push(likePrefix(term), likePrefix(term), likePrefix(term));
  }
  const sql = where.join(' AND ') + (q.firm === undefined ? firmScope(db, firms, 'v') : '');
  const count = oneRow(preparedValue<number>(db, `SELECT count(*) FROM vehicle v WHERE ${sql}`).get(...params));
  const dir = q.direction === 'desc' ? ' DESC' : '';
  const order = ORDER[q.orderBy].map((c) => c + dir).join(', ');
  const ids = preparedValue<number>(db, `SELECT v.vehicle FROM vehicle v WHERE ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
    ...params,
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  // The page's rows by id, in the page's order.
  const byId = new Map(
    prepared<VehicleRecord>(
      db,
      `SELECT ${VEHICLE_COLUMNS} FROM vehicle v ${VEHICLE_JOINS} WHERE v.vehicle IN (SELECT value FROM json_each(?))`,
    )
      .all(JSON.stringify(ids))
      .map((r) => [r.vehicle, r]),
  );
  return { count, items: ids.map((id) => byId.get(id)!) };
}
