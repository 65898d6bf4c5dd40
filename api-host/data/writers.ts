/**
 * Each import schema's way into and out of the database: its export query (the import's columns, one
 * record a row) and its writer, which saves a checked row through the owning area's own save code
 * (contacts/import.ts, vehicles/calls.ts, insurance/calls.ts), so an imported row obeys the rules of a
 * record saved on its screen. Fields a file does not carry keep their stored values on an update.
 */
import { zip } from '../core/lists';
import type { RecordKind } from '../../lib/push/changes';
import type {
  Cells,
  ContactRow,
  ImportRecord,
  InsuranceRow,
  PricingRecord,
  SchemaName,
  UserRow,
  VehicleMatrixRow,
  VehicleRow,
} from '../../lib/data/import-schemas';
import {
  assertKnowledgeBase,
  readMakeMatrix,
  saveMakeMatrix,
  assertPricing,
  importPricing,
  withConfigurationHistory,
} from '../configuration/service';
import { CALIBRATION_MODE_LABELS } from '../../lib/configuration/constants';
import { importContacts } from '../contacts/service';
import type { Db } from '../core/db';
import { saveInsurer } from '../insurance/service';
import type { Caller } from '../core/caller';
import type { HostContext } from '../core/context';
import { HttpError, badRequest, notFound } from '../core/errors';
import { firmScope, prepared } from '../core/sql';
import { activateUsers, writeUser } from '../users/service';
import { upsertVehicle, readVehicle } from '../vehicles/service';

interface Writer {
  /** SELECT list (aliased to the schema's ColumnNames) and FROM of the export; `x` is the record's alias. */
  select: string;
  from: string;
  /** The record's id and live condition on alias x. */
  id: string;
  live: string;
  /** false: network-wide records (no firm column), exported whole to whoever may import them. */
  scoped?: false;
  /** The change notices' kind of its records, when a list follows them (api-host/push/changes.ts). */
  notice?: RecordKind;
  /**
   * Saves a chunk's checked rows in order: each row's record id (counted by comparing the record before and
   * after), or what became of it when the schema has no id column, or why the owning area refused it.
   */
  save(ctx: HostContext, caller: Caller, records: readonly ImportRecord[], importId: string): Saved[];
}
type Saved = number | 'added' | 'updated' | 'unchanged' | HttpError;

/** A writer of one row at a time: each row in a savepoint, so a row refused half-way leaves nothing behind. */
const rowByRow =
  <T>(save: (ctx: HostContext, caller: Caller, row: T, importId: string) => number) =>
  (ctx: HostContext, caller: Caller, records: readonly ImportRecord[], importId: string): Saved[] =>
    records.map((r) => {
      try {
        return ctx.db.transaction(() => save(ctx, caller, r.row as T, importId))();
      } catch (e) {
        if (e instanceof HttpError && e.status < 500) return e;
        throw e;
      }
    });

function saveVehicleRow({ db }: HostContext, caller: Caller, r: VehicleRow): number {
  const current = r.vehicle > 0 ? readVehicle(db, caller.firms, r.vehicle) : undefined;
  if (r.vehicle > 0 && !current) throw notFound('Vehicle');
  // A new vehicle belongs to the importer's location; an existing one keeps its location and owner.
  return upsertVehicle(db, caller, current ? null : caller.firm, {
    ...r,
    contact: current?.contact ?? null,
    makeId: current?.makeId ?? null,
  });
}

const saveInsuranceRow = ({ db }: HostContext, caller: Caller, r: InsuranceRow): number =>
  saveInsurer(db, caller, { ...r, firm: caller.firm }).id;

/**
 * Imported users get no password (a file of passwords is a leak waiting to happen): this stored hash
 * matches none (verifyPassword knows scrypt hashes only), so a new user signs in after choosing a password
 * through "Forgot password".
 */
const NO_PASSWORD = 'none$imported';

function saveUserRow(ctx: HostContext, caller: Caller, r: UserRow): number {
  let body = r.user;
  if (body.user > 0) {
    // What the file does not carry stays as it is (writeUser checks the caller may see and change the user).
    const stored = prepared<{
      username: string;
      role: number | null;
      laborRate: number | null;
      isInactive: number;
      receivesReport: number;
      receivesInvoice: number;
      contactType: number;
      timezone: number;
      language: number;
    }>(
      ctx.db,
      `SELECT u.username, u.role, u.labor_rate AS laborRate, u.is_inactive AS isInactive, u.receives_report AS receivesReport,
              u.receives_invoice AS receivesInvoice, c.contact_type AS contactType, c.timezone, c.language
       FROM user u JOIN contact c ON c.contact = u.contact WHERE u.user = ? AND u.deleted_at IS NULL`,
    ).get(body.user);
    if (!stored) throw notFound('User');
    if (stored.username.toLowerCase() !== body.username.toLowerCase())
      throw badRequest('Invalid body', { username: ['A username is changed on the user’s screen, not by an import'] });
    body = {
      ...body,
      contactType: r.given.contactType ? body.contactType : stored.contactType,
      role: r.given.role ? body.role : stored.role,
      laborRate: r.given.laborRate ? body.laborRate : stored.laborRate,
      timezone: r.given.timezone ? body.timezone : stored.timezone,
      language: r.given.language ? body.language : stored.language,
      receivesReport: !!stored.receivesReport,
      receivesInvoice: !!stored.receivesInvoice,
      isInactive: !!stored.isInactive,
    };
  }
  const { id } = writeUser(ctx, caller, body, NO_PASSWORD);
  // Activation as user/activateUsers does it (token 1 activates, 0 deactivates and ends the sessions).
  if (body.user > 0 && r.active !== null) activateUsers(ctx, caller, [{ username: body.username, token: r.active }]);
  return id;
}

/**
 * A vehicle-matrix row is saved by the configuration's make-matrix save (its rules: a known system, known
 * types, no duplicate make/system/years/models). On an update what the file does not carry stays (the
 * keywords, the trigger notice, the OEM names, RR/RI, the system and location texts) and the models become
 * the file's. A make matrix the upload adds is recorded under the import, for data/removeVehicleMatrix.
 */
function saveVehicleMatrixRow({ db }: HostContext, caller: Caller, r: VehicleMatrixRow, importId: string): number {
  assertKnowledgeBase(caller);
  if (r.adasChecklistMatrixVehicle <= 0) {
    const id = withConfigurationHistory(
      db,
      caller.user,
      'makeMatrix',
      null,
      () => saveMakeMatrix(db, r),
      (saved) => saved,
    );
    prepared(db, 'INSERT INTO data_vehicle_matrix_row (import_id, make_matrix, user) VALUES (?, ?, ?)').run(importId, id, caller.user);
    return id;
  }
  const stored = readMakeMatrix(db, r.adasChecklistMatrixVehicle);
  const wanted = new Set(r.models.map((m) => m.name.toLowerCase()));
  const have = new Set(stored.models.map((m) => m.name.toLowerCase()));
  const models = [
    ...stored.models.filter((m) => !wanted.has(m.name.toLowerCase())).map((m) => ({ ...m, isDelete: true })),
    ...r.models.filter((m) => !have.has(m.name.toLowerCase())),
  ];
  const update = {
    ...r,
    system: stored.system,
    location: stored.location,
    isRR: stored.isRR,
    isRI: stored.isRI,
    triggerNotice: stored.triggerNotice,
    triggerNoticeText: stored.triggerNoticeText,
    cccLocationKeywords: stored.cccLocationKeywords,
    cccLineKeywords: stored.cccLineKeywords,
    cccSubletKeywords: stored.cccSubletKeywords,
    models,
  };
  return withConfigurationHistory(db, caller.user, 'makeMatrix', r.adasChecklistMatrixVehicle, () => saveMakeMatrix(db, update));
}

const PRICING_OUTCOME = { new: 'added', update: 'updated', unchanged: 'unchanged' } as const;

/**
 * Pricing rows go through the configuration's own pricing import (configuration/pricing.ts importPricing,
 * its 'valid' mode: the rows without errors are applied), one call per location of the chunk, under the
 * configuration's access rule (network prices: the platform's administrators; a location's: who reaches it).
 */
function savePricing(ctx: HostContext, caller: Caller, records: readonly ImportRecord[]): Saved[] {
  const out: Saved[] = new Array(records.length);
  const byFirm = new Map<number | null, { at: number; cells: PricingRecord['cells'] }[]>();
  records.forEach((r, at) => {
    const { firm, cells } = r.row as PricingRecord;
    byFirm.set(firm, [...(byFirm.get(firm) ?? []), { at, cells }]);
  });
  for (const [firm, group] of byFirm) {
    try {
      assertPricing(caller, firm ?? undefined);
    } catch (e) {
      if (!(e instanceof HttpError) || e.status >= 500) throw e;
      for (const { at } of group) out[at] = e;
      continue;
    }
    const result = importPricing(ctx.db, caller.user, {
      apply: 'valid',
      firm: firm ?? undefined,
      rows: group.map((g) => g.cells),
    });
    zip(result.rows, group).forEach(([row, { at }]) => {
      out[at] =
        row.status === 'error'
          ? badRequest('Invalid body', Object.fromEntries(Object.entries(row.errors).map(([column, message]) => [column, [message]])))
          : PRICING_OUTCOME[row.status];
    });
  }
  return out;
}

const modeLabel = `CASE x.mode ${Object.entries(CALIBRATION_MODE_LABELS)
  .map(([mode, label]) => `WHEN '${mode}' THEN '${label}'`)
  .join(' ')} ELSE '' END`;

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
    notice: 'contact',
    save: (ctx, caller, records) =>
      importContacts(
        ctx.db,
        caller,
        records.map((r) => r.row as ContactRow),
      ),
  },
  vehicles: {
    select: 'x.vehicle AS Vehicle, x.year AS Year, x.make AS Make, x.model AS Model, x.bodystyle AS Bodystyle, x.vin AS Vin',
    from: 'vehicle x',
    id: 'x.vehicle',
    live: '1',
    save: rowByRow(saveVehicleRow),
  },
  users: {
    select: `x.user AS User, x.username AS Username, c.first_name AS FirstName, c.last_name AS LastName, coalesce(ct.value, '') AS ContactType,
      coalesce(r.name, '') AS Role, coalesce(x.labor_rate, '') AS LaborRate, x.firm AS Location, coalesce(tz.value, '') AS TimeZone,
      coalesce(lang.value, '') AS Language, 1 - x.is_inactive AS Active`,
    from: `user x JOIN contact c ON c.contact = x.contact
      LEFT JOIN lookup ct ON ct.key = 'ContactType' AND ct.id = c.contact_type LEFT JOIN role r ON r.role = x.role
      LEFT JOIN lookup tz ON tz.key = 'TimeZone' AND tz.id = c.timezone LEFT JOIN lookup lang ON lang.key = 'Language' AND lang.id = c.language`,
    id: 'x.user',
    live: 'x.deleted_at IS NULL',
    notice: 'user',
    save: rowByRow(saveUserRow),
  },
  insurance: {
    select:
      'x.insurance AS Insurance, x.insurance_name AS InsuranceName, x.insurance_contact AS InsuranceContact, x.is_inactive AS IsInactive',
    from: 'insurance x',
    id: 'x.insurance',
    live: '1',
    save: rowByRow(saveInsuranceRow),
  },
  // The network prices (a location's own prices are exported from its Pricing tab).
  pricing: {
    select: `s.name AS SystemType, x.name AS Calibration, ${modeLabel} AS Mode, printf('%.2f', x.price_cents / 100.0) AS Price, '' AS Location`,
    from: 'adas_calibration_type x JOIN adas_system_type s ON s.system_type = x.system_type',
    id: 'x.calibration_type',
    live: 'x.price_cents IS NOT NULL',
    scoped: false,
    save: savePricing,
  },
  vehicleMatrix: {
    select: `x.make_matrix AS MakeMatrix, x.vehicle_make AS Make, x.year_start AS YearStart, x.year_end AS YearEnd, x.models_text AS Models, c.matrix_item AS System,
      coalesce(st.name, '') AS SystemType, coalesce(lt.name, '') AS LocationType, coalesce(x.calibration_type, '') AS CalibrationType, x.url AS Url, x.source AS Source,
      x.is_inactive AS IsInactive`,
    from: `adas_make_matrix x JOIN adas_checklist_matrix c ON c.adas_checklist_matrix = x.adas_checklist_matrix
      LEFT JOIN adas_system_type st ON st.system_type = x.system_type LEFT JOIN adas_location_type lt ON lt.location_type = x.location_type`,
    id: 'x.make_matrix',
    live: '1',
    scoped: false,
    save: rowByRow(saveVehicleMatrixRow),
  },
};

const asCells = (row: Record<string, unknown>): Cells =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v == null ? '' : String(v)]));

/** One page of a schema's export for the caller, after record id `after`, in id order (keyset paging). */
export function exportPage(db: Db, caller: Caller, schema: SchemaName, after: number, limit: number): { last: number; rows: Cells[] } {
  const w = WRITERS[schema];
  const rows = prepared<Record<string, unknown>>(
    db,
    `SELECT ${w.id} AS _id, ${w.select} FROM ${w.from} WHERE ${w.live} AND ${w.id} > ?${w.scoped === false ? '' : firmScope(db, caller.firms, 'x')} ORDER BY ${w.id} LIMIT ?`,
  ).all(after, limit);
  const lastRow = rows.at(-1);
  return {
    last: lastRow ? Number(lastRow._id) : after,
    rows: rows.map((r) => asCells(Object.fromEntries(Object.entries(r).filter(([k]) => k !== '_id')))),
  };
}

/** Records' cells as the export writes them, by id (one query for a chunk); ids the caller cannot see are absent. */
export function recordsCells(db: Db, caller: Caller, schema: SchemaName, ids: readonly number[]): Map<number, string> {
  if (!ids.length) return new Map();
  const w = WRITERS[schema];
  const rows = prepared<Record<string, unknown>>(
    db,
    `SELECT ${w.id} AS _id, ${w.select} FROM ${w.from} WHERE ${w.live} AND ${w.id} IN (SELECT value FROM json_each(?))${w.scoped === false ? '' : firmScope(db, caller.firms, 'x')}`,
  ).all(JSON.stringify(ids));
  return new Map(rows.map(({ _id, ...r }) => [Number(_id), JSON.stringify(asCells(r))]));
}
