/**
 * Each import schema's way into and out of the database: its export query (the import's columns, one
 * record a row) and its writer, which saves a checked row through the owning area's own save code
 * (contacts/calls.ts, vehicles/calls.ts, insurance/calls.ts), so an imported row obeys the rules of a
 * record saved on its screen. Fields a file does not carry keep their stored values on an update.
 */
import type { Cells, ContactRow, ImportRecord, InsuranceRow, SchemaName, VehicleRow } from '../../lib/data/import-schemas';
import { saveAddress, saveContact, saveEmail, savePhone } from '../contacts/calls';
import type { Db } from '../db';
import { saveInsurer } from '../insurance/calls';
import { notFound, type Caller } from '../server';
import { firmScope, prepared } from '../sql';
import { upsertVehicle } from '../vehicles/calls';
import { readVehicle } from '../vehicles/query';

interface Writer {
  /** SELECT list (aliased to the schema's ColumnNames) and FROM of the export; `x` is the record's alias. */
  select: string;
  from: string;
  /** The record's id and live condition on alias x. */
  id: string;
  live: string;
  save(db: Db, caller: Caller, record: ImportRecord): number;
}

function saveContactRow(db: Db, caller: Caller, r: ContactRow): number {
  let body = r.contact;
  if (body.contact > 0) {
    // What the file does not carry stays as it is.
    const kept = prepared(db, 'SELECT salutation, insurance_id, insurance_number, language, timezone, servicetype, is_firm, is_vendor FROM contact WHERE contact = ?').get(body.contact) as
      | Record<string, number | string | null>
      | undefined;
    if (!kept) throw notFound('Contact');
    body = {
      ...body,
      salutation: kept.salutation as number | null,
      insuranceId: kept.insurance_id as number | null,
      insuranceNumber: (kept.insurance_number as string | null) ?? '',
      language: kept.language as number,
      timezone: kept.timezone as number,
      servicetype: kept.servicetype as number | null,
      isFirm: !!kept.is_firm,
      isVendor: !!kept.is_vendor,
    };
  }
  const { id } = saveContact(db, caller, body, false);
  const primary = (table: string, key: string, note: string | null) =>
    prepared(db, `SELECT ${key} AS id${note ? `, ${note} AS note` : ''} FROM ${table} WHERE contact = ? AND is_primary = 1`).get(id) as { id: number; note?: string } | undefined;
  if (r.phone) {
    const p = primary('contact_phone', 'contact_phone', 'phone_note');
    savePhone(db, caller, { ...r.phone, contact: id, contactPhone: p?.id ?? -1, phoneNote: p?.note ?? '' });
  }
  if (r.email) saveEmail(db, caller, { ...r.email, contact: id, contactEmail: primary('contact_email', 'contact_email', null)?.id ?? -1 });
  if (r.address) {
    const a = primary('contact_address', 'contact_address', 'address_note');
    saveAddress(db, caller, { ...r.address, contact: id, contactAddress: a?.id ?? -1, addressNote: a?.note ?? '' });
  }
  return id;
}

function saveVehicleRow(db: Db, caller: Caller, r: VehicleRow): number {
  const current = r.vehicle > 0 ? readVehicle(db, caller.firms, r.vehicle) : undefined;
  if (r.vehicle > 0 && !current) throw notFound('Vehicle');
  // A new vehicle belongs to the importer's location; an existing one keeps its location and owner.
  return upsertVehicle(db, caller, current ? null : caller.firm, { ...r, contact: current?.contact ?? null, makeId: current?.makeId ?? null });
}

const saveInsuranceRow = (db: Db, caller: Caller, r: InsuranceRow): number => saveInsurer(db, caller, { ...r, firm: caller.firm }).id;

export const WRITERS: Readonly<Record<SchemaName, Writer>> = {
  contacts: {
    select: `x.contact AS Contact, coalesce(t.value, '') AS ContactType, x.company_name AS CompanyName, x.first_name AS FirstName, x.last_name AS LastName,
      x.notes AS Notes, x.is_inactive AS IsInactive, coalesce(pt.value, '') AS PhoneType, coalesce(p.phone_no, '') AS PhoneNo, coalesce(p.extension, '') AS Extension,
      coalesce(et.value, '') AS EmailType, coalesce(e.email_address, '') AS EmailAddress, coalesce(at.value, '') AS AddressType, coalesce(a.address_lines, '') AS AddressLines,
      coalesce(a.city, '') AS City, coalesce(sp.code, '') AS StateProvince, coalesce(a.postal_code, '') AS PostalCode, coalesce(co.code, '') AS Country`,
    from: `contact x
      LEFT JOIN lookup t ON t.key = 'ContactType' AND t.id = x.contact_type
      LEFT JOIN contact_phone p ON p.contact = x.contact AND p.is_primary = 1 LEFT JOIN lookup pt ON pt.key = 'PhoneType' AND pt.id = p.phone_type
      LEFT JOIN contact_email e ON e.contact = x.contact AND e.is_primary = 1 LEFT JOIN lookup et ON et.key = 'EmailType' AND et.id = e.email_type
      LEFT JOIN contact_address a ON a.contact = x.contact AND a.is_primary = 1 LEFT JOIN lookup at ON at.key = 'AddressType' AND at.id = a.address_type
      LEFT JOIN lookup sp ON sp.key = 'StateProvince' AND sp.id = a.state_province LEFT JOIN lookup co ON co.key = 'Country' AND co.id = a.country`,
    id: 'x.contact',
    live: 'x.merged_into IS NULL',
    save: (db, caller, r) => saveContactRow(db, caller, r.row as ContactRow),
  },
  vehicles: {
    select: 'x.vehicle AS Vehicle, x.year AS Year, x.make AS Make, x.model AS Model, x.bodystyle AS Bodystyle, x.vin AS Vin',
    from: 'vehicle x',
    id: 'x.vehicle',
    live: '1',
    save: (db, caller, r) => saveVehicleRow(db, caller, r.row as VehicleRow),
  },
  insurance: {
    select: 'x.insurance AS Insurance, x.insurance_name AS InsuranceName, x.insurance_contact AS InsuranceContact, x.is_inactive AS IsInactive',
    from: 'insurance x',
    id: 'x.insurance',
    live: '1',
    save: (db, caller, r) => saveInsuranceRow(db, caller, r.row as InsuranceRow),
  },
};

const asCells = (row: Record<string, unknown>): Cells => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v == null ? '' : String(v)]));

/** One page of a schema's export for the caller, after record id `after`, in id order (keyset paging). */
export function exportPage(db: Db, caller: Caller, schema: SchemaName, after: number, limit: number): { last: number; rows: Cells[] } {
  const w = WRITERS[schema];
  const rows = prepared(db, `SELECT ${w.id} AS _id, ${w.select} FROM ${w.from} WHERE ${w.live} AND ${w.id} > ?${firmScope(db, caller.firms, 'x')} ORDER BY ${w.id} LIMIT ?`).all(after, limit) as Record<
    string,
    unknown
  >[];
  return { last: rows.length ? Number(rows[rows.length - 1]._id) : after, rows: rows.map((r) => asCells(Object.fromEntries(Object.entries(r).filter(([k]) => k !== '_id')))) };
}

/** A record's cells as the export writes them, or undefined when the caller cannot see it. */
export function recordCells(db: Db, caller: Caller, schema: SchemaName, id: number): Cells | undefined {
  const w = WRITERS[schema];
  const row = prepared(db, `SELECT ${w.select} FROM ${w.from} WHERE ${w.live} AND ${w.id} = ?${firmScope(db, caller.firms, 'x')}`).get(id) as Record<string, unknown> | undefined;
  return row && asCells(row);
}
