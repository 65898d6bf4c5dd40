/**
 * The contacts import's save (docs/data.md#validation): one chunk of checked rows at once, under the rules of the
 * contact screen's saves in calls.ts (the same lookup checks with the same messages, the same visibility
 * rule, the same primary rules, a new contact in the caller's sign-in firm), with the statements a row
 * needs cut to its writes: lookup ids are checked once per chunk, the existing contacts and their primary
 * phone, email and address are read in one query per kind for the whole chunk, and a sub-record whose
 * values do not change is not written (its triggers would only rebuild the same search row).
 *
 * What a file does not carry keeps its stored value on an update: salutation, insurance, language, time
 * zone, service type, the firm/vendor flags, and the notes of the primary phone and address.
 */
import type { ContactRow } from '../../lib/data/import-schemas';
import type { Db } from '../core/db';
import { assertFirm, type Caller } from '../core/caller';
import { HttpError, notFound } from '../core/errors';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { LOOKUP_CHECKS, checkLookups, checkStateInCountry, contactValues, lookupExists, maySee } from './calls';

interface StoredContact {
  contact: number;
  firm: number;
  contact_type: number;
  is_company: number;
  company_name: string;
  first_name: string;
  last_name: string;
  notes: string;
  is_inactive: number;
  salutation: number | null;
  insurance_id: number | null;
  insurance_number: string | null;
  language: number;
  timezone: number;
  servicetype: number | null;
  is_firm: number;
  is_vendor: number;
}
type Stored = Record<string, string | number | null> & { contact: number; id: number };

const ids = (rows: readonly number[]) => JSON.stringify(rows);

const SUB = {
  phone: { table: 'contact_phone', key: 'contact_phone', columns: ['phone_type', 'phone_no', 'extension', 'phone_note'] },
  email: { table: 'contact_email', key: 'contact_email', columns: ['email_type', 'email_address'] },
  address: {
    table: 'contact_address',
    key: 'contact_address',
    columns: ['address_type', 'address_lines', 'city', 'state_province', 'postal_code', 'country', 'address_note'],
  },
} as const;
type SubKind = keyof typeof SUB;

/** The primary record of `kind` of each contact in `contacts`, by contact id. */
function primaries(db: Db, kind: SubKind, contacts: readonly number[]): Map<number, Stored> {
  const { table, key, columns } = SUB[kind];
  const rows = prepared<Stored>(
    db,
    `SELECT contact, ${key} AS id, ${columns.join(', ')} FROM ${table} WHERE is_primary = 1 AND contact IN (SELECT value FROM json_each(?))`,
  ).all(ids(contacts));
  return new Map(rows.map((r) => [r.contact, r]));
}

/**
 * Saves the chunk's rows in order: the contact's id for each saved row, or the HttpError the contact
 * screen's save would answer (400 with field errors, 404 for an id the caller cannot see). Runs inside
 * the caller's transaction; a refused row writes nothing (its checks all come before its writes).
 */
export function importContacts(db: Db, caller: Caller, rows: readonly ContactRow[]): (number | HttpError)[] {
  const known = new Map<string, boolean>();
  const exists = (key: string, id: number | null) => {
    const k = `${key}:${id}`;
    let hit = known.get(k);
    if (hit === undefined) known.set(k, (hit = lookupExists(db, key, id)));
    return hit;
  };
  const existingIds = rows.map((r) => r.contact.contact).filter((id) => id > 0);
  const stored = new Map(
    prepared<StoredContact>(
      db,
      `SELECT contact, firm, contact_type, is_company, company_name, first_name, last_name, notes, is_inactive, salutation, insurance_id, insurance_number, language, timezone, servicetype, is_firm, is_vendor
         FROM contact WHERE merged_into IS NULL AND contact IN (SELECT value FROM json_each(?))`,
    )
      .all(ids(existingIds))
      .map((r) => [r.contact, r]),
  );
  const primary = {
    phone: primaries(db, 'phone', existingIds),
    email: primaries(db, 'email', existingIds),
    address: primaries(db, 'address', existingIds),
  };
  const inCountry = new Map<string, HttpError | null>();

  const insertContact = prepared(
    db,
    `INSERT INTO contact (contact, firm, contact_type, is_company, company_name, salutation, insurance_id, insurance_number, first_name, last_name, notes,
       language, timezone, servicetype, is_firm, is_vendor, is_inactive, phone_no, email_address)
     VALUES (@contact, @firm, @contactType, @isCompany, @companyName, @salutation, @insuranceId, @insuranceNumber, @firstName, @lastName, @notes,
       @language, @timezone, @servicetype, @isFirm, @isVendor, @isInactive, @phoneNo, @emailAddress)`,
  );
  // The ids SQLite would give (the largest + 1); the chunk's transaction holds the database's one writer.
  let lastId = -1;
  const nextId = () => {
    if (lastId < 0) {
      db.pragma('defer_foreign_keys = ON');
      lastId = oneRow(preparedValue<number>(db, 'SELECT coalesce(max(contact), 0) FROM contact').get());
    }
    return ++lastId;
  };
  const updateContact = prepared(
    db,
    `UPDATE contact SET contact_type = @contactType, is_company = @isCompany, company_name = @companyName, salutation = @salutation,
       insurance_id = @insuranceId, insurance_number = @insuranceNumber, first_name = @firstName, last_name = @lastName, notes = @notes,
       language = @language, timezone = @timezone, servicetype = @servicetype, is_firm = @isFirm, is_vendor = @isVendor, is_inactive = @isInactive
     WHERE contact = @contact`,
  );

  /** Writes the contact's primary record of `kind`: in place when it has one (only if it changes), else a new primary. */
  const savePrimary = (kind: SubKind, contact: number, values: Record<string, string | number>) => {
    const { table, key, columns } = SUB[kind];
    const current = primary[kind].get(contact);
    if (current) {
      if (columns.every((c) => current[c] === values[c])) return;
      prepared(db, `UPDATE ${table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE ${key} = @id`).run({
        ...values,
        id: current.id,
      });
      primary[kind].set(contact, { ...current, ...values });
    } else {
      const id = prepared(
        db,
        `INSERT INTO ${table} (contact, is_primary, ${columns.join(', ')}) VALUES (@contact, 1, ${columns.map((c) => `@${c}`).join(', ')})`,
      ).run({
        ...values,
        contact,
      }).lastInsertRowid;
      // The same contact may come again later in the chunk.
      primary[kind].set(contact, { ...values, contact, id: Number(id) });
    }
  };
  /** The stored contact's columns as the save writes them, to leave an unchanged contact unwritten. */
  const sameContact = (c: StoredContact, v: Record<string, string | number | null>) =>
    c.contact_type === v.contactType &&
    c.is_company === v.isCompany &&
    c.company_name === v.companyName &&
    c.first_name === v.firstName &&
    c.last_name === v.lastName &&
    c.notes === v.notes &&
    c.is_inactive === v.isInactive;

  return rows.map((row): number | HttpError => {
    try {
      const current = row.contact.contact > 0 ? stored.get(row.contact.contact) : undefined;
      if (row.contact.contact > 0 && (!current || !maySee(caller, current))) throw notFound('Contact');
      if (!current) assertFirm(caller, caller.firm, 'Firm');
      const body = current
        ? {
            ...row.contact,
            salutation: current.salutation,
            insuranceId: current.insurance_id,
            insuranceNumber: current.insurance_number ?? '',
            language: current.language,
            timezone: current.timezone,
            servicetype: current.servicetype,
            isFirm: !!current.is_firm,
            isVendor: !!current.is_vendor,
          }
        : row.contact;
      checkLookups(db, LOOKUP_CHECKS.contact(body), exists);
      if (row.phone) checkLookups(db, LOOKUP_CHECKS.phone(row.phone), exists);
      if (row.email) checkLookups(db, LOOKUP_CHECKS.email(row.email), exists);
      if (row.address) {
        const a = row.address;
        checkLookups(db, LOOKUP_CHECKS.address(a), exists);
        const k = `${a.country}:${a.stateProvince}`;
        if (!inCountry.has(k)) {
          try {
            checkStateInCountry(db, a.country, a.stateProvince);
            inCountry.set(k, null);
          } catch (e) {
            if (!(e instanceof HttpError)) throw e;
            inCountry.set(k, e);
          }
        }
        const refused = inCountry.get(k);
        if (refused) throw refused;
      }

      const values = contactValues(body);
      const writeSubRecords = (id: number) => {
        if (row.phone) {
          const note = primary.phone.get(id)?.phone_note ?? '';
          savePrimary('phone', id, {
            phone_type: row.phone.phoneType,
            phone_no: row.phone.phoneNo,
            extension: row.phone.extension,
            phone_note: note,
          });
        }
        if (row.email) savePrimary('email', id, { email_type: row.email.emailType, email_address: row.email.emailAddress });
        if (row.address) {
          const a = row.address;
          const note = primary.address.get(id)?.address_note ?? '';
          savePrimary('address', id, {
            address_type: a.addressType,
            address_lines: a.addressLines,
            city: a.city,
            state_province: a.stateProvince,
            postal_code: a.postalCode,
            country: a.country,
            address_note: note,
          });
        }
      };

      let id = body.contact;
      if (!current) {
        // A new contact's sub-records go in before the contact (foreign keys are checked at the commit):
        // their triggers then find no contact to refresh, and the contact's own insert trigger builds its
        // search row once with all of them, instead of once per record (schema.ts). Its primary phone and
        // email, which those triggers would have copied onto it, are written with it.
        id = nextId();
        writeSubRecords(id);
        insertContact.run({
          ...values,
          contact: id,
          firm: caller.firm,
          phoneNo: row.phone?.phoneNo ?? null,
          emailAddress: row.email?.emailAddress ?? null,
        });
        return id;
      }
      if (!sameContact(current, values)) {
        updateContact.run({ ...values, contact: id });
        Object.assign(current, {
          contact_type: values.contactType,
          is_company: values.isCompany,
          company_name: values.companyName,
          first_name: values.firstName,
          last_name: values.lastName,
          notes: values.notes,
          is_inactive: values.isInactive,
        });
      }
      writeSubRecords(id);
      return id;
    } catch (e) {
      if (e instanceof HttpError && e.status < 500) return e;
      throw e;
    }
  });
}
