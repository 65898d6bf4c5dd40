/**
 * Contacts and vendors (docs/contacts.md#fields, #states, #calls; the same #states for addresses and phones), persisted in
 * SQLite (schema: schema.ts). Every record is scoped to the caller's firms: a contact of
 * another firm, an unknown contact and a merged one all answer the same 404.
 *
 * Decisions beyond lib/contract/contacts.ts:
 * - A new contact (id <= 0) belongs to the caller's sign-in firm; an existing one keeps its firm.
 * - saveVendor saves a contact with isVendor set; contact/vendor and saveVendor of a non-vendor answer 404.
 * - Primary rules: the first address, phone or email of a contact becomes primary; a new phone is always
 *   made primary (docs/contacts.md#states); deleting the primary promotes the oldest remaining record; a unique
 *   partial index makes two primaries impossible. setPrimary* answer {count: 1}, the number of primary
 *   records of that kind afterwards.
 * - Deletes answer {contact, id}; contact is -1 when nothing was removed (unknown id, or a record not on
 *   that contact). A `contact` in the body that the caller cannot see answers 404.
 * - mergeContacts?ids: the first id survives. All ids must be live contacts the caller can see (else 404,
 *   naming the id) of one firm (else 400); a user's own contact can only be the survivor (else 400).
 *   In one transaction the addresses, phones, emails and relations move to the survivor, exact duplicates
 *   (same phone digits and extension, same email, same address) and duplicate or self relations are
 *   dropped, the survivor keeps exactly one primary per kind (its own, else the first merged one's), and
 *   the others become inactive tombstones (merged_into = survivor) that every call treats as unknown.
 * - setInactive?ids is all-or-nothing like merge; it answers {count} of contacts set inactive.
 * - Search calls (lookupContact, contactSearch/, addressSearch/, phoneSearch/, vendorSearch/) search active
 *   contacts only, at most 20 items by name; firmid (optional, else every firm of the caller) must be one
 *   of the caller's firms; type is a ContactType id or name; department is accepted and ignored (contacts
 *   have no department). id is the contact's id, except addressSearch (the contactAddress id) and
 *   phoneSearch (the contactPhone id). address is the primary (or matched) address on one line.
 */
import type { z } from 'zod';
import { contract } from '../../lib/contract';
import { SUPER_USER } from '../../lib/roles';
import {
  searchResult,
  type ContactAddress,
  type ContactEmail,
  type ContactPhone,
  type ContactRecord,
  type RelatedContact,
} from '../../lib/contract/contacts';
import { firmScope, pickFields, prepared, preparedValue } from '../core/sql';
import { listContacts, searchContacts, type SearchKind } from './query';
import type { Db } from '../core/db';
import { announceChange } from '../push/service';
import { type Caller, assertFirm } from '../core/caller';
import type { HostContext } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { implement } from '../core/implement';

const { contacts: c } = contract;

// ── helpers ─────────────────────────────────────────────────────────────────────────────────────
interface ContactHead {
  contact: number;
  firm: number;
  is_vendor: number;
}

/**
 * The live contact `id` if the caller may see it; otherwise 404 (unknown, merged and foreign alike). Role 1
 * sees every contact of their firms; anyone else only their own (the item calls open to every user).
 */
function visibleContact(db: Db, caller: Caller, id: number, what = 'Contact'): ContactHead {
  const row = prepared<ContactHead>(db, 'SELECT contact, firm, is_vendor FROM contact WHERE contact = ? AND merged_into IS NULL').get(id);
  if (!row || !maySee(caller, row)) throw notFound(what);
  return row;
}

/** The visibility rule of a live contact's row (also the contacts import's, for a chunk at once). */
export const maySee = (caller: Caller, row: Pick<ContactHead, 'contact' | 'firm'>): boolean =>
  row.contact === caller.profile.contact || (caller.firms.has(row.firm) && caller.role === SUPER_USER);

export function lookupExists(db: Db, key: string, id: number | null): boolean {
  return id == null || !!prepared(db, 'SELECT 1 FROM lookup WHERE key = ? AND id = ?').get(key, id);
}

type LookupCheck = [field: string, key: string, id: number | null, message: string];

/** 400 with field errors for ids that are not values of their lookup group. */
export function checkLookups(db: Db, checks: LookupCheck[], exists = (key: string, id: number | null) => lookupExists(db, key, id)): void {
  const errors: Record<string, string[]> = {};
  for (const [field, key, id, message] of checks) if (!exists(key, id)) errors[field] = [message];
  if (Object.keys(errors).length) throw badRequest('Invalid body', errors);
}

/** The lookup rules of each save (shared with the contacts import). */
export const LOOKUP_CHECKS = {
  contact: (b: Pick<ContactBody, 'contactType' | 'salutation' | 'language' | 'timezone'>): LookupCheck[] => [
    ['contactType', 'ContactType', b.contactType, 'Unknown contact type'],
    ['salutation', 'Salutation', b.salutation, 'Unknown salutation'],
    ['language', 'Language', b.language, 'Unknown language'],
    ['timezone', 'TimeZone', b.timezone, 'Unknown time zone'],
  ],
  address: (b: Pick<z.output<typeof c.saveAddress.body>, 'addressType' | 'stateProvince' | 'country'>): LookupCheck[] => [
    ['addressType', 'AddressType', b.addressType, 'Unknown address type'],
    ['stateProvince', 'StateProvince', b.stateProvince, 'Unknown state'],
    ['country', 'Country', b.country, 'Unknown country'],
  ],
  phone: (b: { phoneType: number }): LookupCheck[] => [['phoneType', 'PhoneType', b.phoneType, 'Unknown phone type']],
  email: (b: { emailType: number }): LookupCheck[] => [['emailType', 'EmailType', b.emailType, 'Unknown email type']],
};

/** 400 unless the state belongs to the country (the address rule). */
export function checkStateInCountry(db: Db, country: number, stateProvince: number): void {
  const inCountry = prepared(
    db,
    `SELECT 1 FROM lookup s JOIN lookup co ON co.key = 'Country' AND co.id = ? AND co.code = s.type3 WHERE s.key = 'StateProvince' AND s.id = ?`,
  ).get(country, stateProvince);
  if (!inCountry) throw badRequest('Invalid body', { stateProvince: ['The state is not in the chosen country'] });
}

const CONTACT_SQL = `
  SELECT c.contact, c.firm, c.contact_type AS contactType, coalesce(t.value, '') AS contactTypeName, c.is_company AS isCompany,
         c.company_name AS companyName, c.salutation, c.insurance_id AS insuranceId, coalesce(c.insurance_number, '') AS insuranceNumber,
         c.first_name AS firstName, c.last_name AS lastName, c.notes, c.language, c.timezone, c.servicetype, c.is_firm AS isFirm,
         c.is_vendor AS isVendor, c.is_inactive AS isInactive
  FROM contact c LEFT JOIN lookup t ON t.key = 'ContactType' AND t.id = c.contact_type
  WHERE c.contact = ? AND c.merged_into IS NULL`;
type ContactFlag = 'isCompany' | 'isFirm' | 'isVendor' | 'isInactive';
/** A contact's row: its flags 0/1 as stored. */
type ContactRow = Omit<ContactRecord, ContactFlag> & Record<ContactFlag, number>;

function readContact(db: Db, caller: Caller, id: number, vendorOnly = false): ContactRecord {
  const r = prepared<ContactRow>(db, CONTACT_SQL).get(id);
  const what = vendorOnly ? 'Vendor' : 'Contact';
  if (!r || !caller.firms.has(r.firm) || (vendorOnly && !r.isVendor)) throw notFound(what);
  return { ...r, isCompany: !!r.isCompany, isFirm: !!r.isFirm, isVendor: !!r.isVendor, isInactive: !!r.isInactive };
}

type ContactBody = z.output<typeof c.saveContact.body>;

/** A contact's columns as the save statements bind them (also the contacts import's). */
export function contactValues(body: ContactBody, vendor = false) {
  return {
    contactType: body.contactType,
    isCompany: body.isCompany ? 1 : 0,
    companyName: body.companyName,
    salutation: body.salutation,
    insuranceId: body.insuranceId,
    insuranceNumber: body.insuranceNumber,
    firstName: body.firstName,
    lastName: body.lastName,
    notes: body.notes,
    language: body.language,
    timezone: body.timezone,
    servicetype: body.servicetype,
    isFirm: body.isFirm ? 1 : 0,
    isVendor: vendor || body.isVendor ? 1 : 0,
    isInactive: body.isInactive ? 1 : 0,
  };
}

/** Saves a contact (new when contact <= 0) as the contact screen does; also the contacts import's writer. */
export function saveContact(db: Db, caller: Caller, body: ContactBody, vendor: boolean): { id: number } {
  checkLookups(db, LOOKUP_CHECKS.contact(body));
  const values = contactValues(body, vendor);
  if (body.contact > 0) {
    const head = visibleContact(db, caller, body.contact, vendor ? 'Vendor' : 'Contact');
    if (vendor && !head.is_vendor) throw notFound('Vendor');
    prepared(
      db,
      `UPDATE contact SET contact_type = @contactType, is_company = @isCompany, company_name = @companyName, salutation = @salutation,
         insurance_id = @insuranceId, insurance_number = @insuranceNumber, first_name = @firstName, last_name = @lastName, notes = @notes,
         language = @language, timezone = @timezone, servicetype = @servicetype, is_firm = @isFirm, is_vendor = @isVendor, is_inactive = @isInactive
       WHERE contact = @contact`,
    ).run({ ...values, contact: body.contact });
    return { id: body.contact };
  }
  assertFirm(caller, caller.firm, 'Firm');
  const id = prepared(
    db,
    `INSERT INTO contact (firm, contact_type, is_company, company_name, salutation, insurance_id, insurance_number, first_name, last_name, notes,
       language, timezone, servicetype, is_firm, is_vendor, is_inactive)
     VALUES (@firm, @contactType, @isCompany, @companyName, @salutation, @insuranceId, @insuranceNumber, @firstName, @lastName, @notes,
       @language, @timezone, @servicetype, @isFirm, @isVendor, @isInactive)`,
  ).run({ ...values, firm: caller.firm }).lastInsertRowid;
  return { id: Number(id) };
}

/** The live, visible contacts of `ids` in order, or 404 naming the first that is not. */
function visibleContacts(db: Db, caller: Caller, ids: readonly number[]): (ContactHead & { file_as: string; is_user: number })[] {
  const get = prepared<ContactHead & { file_as: string; is_user: number }>(
    db,
    `SELECT contact, firm, is_vendor, file_as, EXISTS (SELECT 1 FROM user u WHERE u.contact = contact.contact) AS is_user
     FROM contact WHERE contact = ? AND merged_into IS NULL`,
  );
  return ids.map((id) => {
    const row = get.get(id);
    if (!row || !caller.firms.has(row.firm)) throw notFound(`Contact ${id}`);
    return row;
  });
}

// ── sub-records: one description per kind ──────────────────────────────────────────────────────
interface Kind {
  table: 'contact_address' | 'contact_phone' | 'contact_email';
  key: 'contact_address' | 'contact_phone' | 'contact_email';
  what: string;
  /** Identity for merge de-duplication. */
  identity: string;
}
const ADDRESS: Kind = {
  table: 'contact_address',
  key: 'contact_address',
  what: 'Address',
  identity: `lower(trim(address_lines)) || '|' || lower(trim(city)) || '|' || state_province || '|' || upper(replace(postal_code, ' ', '')) || '|' || country`,
};
const PHONE: Kind = { table: 'contact_phone', key: 'contact_phone', what: 'Phone', identity: `digits || 'x' || extension` };
const EMAIL: Kind = { table: 'contact_email', key: 'contact_email', what: 'Email', identity: 'lower(email_address)' };

/** Makes `id` the one primary record of its kind on `contact` (clear first: the unique index allows one). */
function makePrimary(db: Db, kind: Kind, contact: number, id: number): void {
  prepared(db, `UPDATE ${kind.table} SET is_primary = 0 WHERE contact = ? AND is_primary = 1 AND ${kind.key} <> ?`).run(contact, id);
  prepared(db, `UPDATE ${kind.table} SET is_primary = 1 WHERE ${kind.key} = ? AND is_primary = 0`).run(id);
}

/** Ensures a contact with records of this kind has exactly one primary: promotes the oldest when none. */
function ensurePrimary(db: Db, kind: Kind, contact: number, preferred?: number): void {
  if (prepared(db, `SELECT 1 FROM ${kind.table} WHERE contact = ? AND is_primary = 1`).get(contact)) return;
  const id =
    (preferred &&
      preparedValue<number>(db, `SELECT ${kind.key} FROM ${kind.table} WHERE ${kind.key} = ? AND contact = ?`).get(preferred, contact)) ||
    preparedValue<number | null>(db, `SELECT min(${kind.key}) FROM ${kind.table} WHERE contact = ?`).get(contact);
  if (id) makePrimary(db, kind, contact, id);
}

function hasRecords(db: Db, kind: Kind, contact: number): boolean {
  return !!prepared(db, `SELECT 1 FROM ${kind.table} WHERE contact = ?`).get(contact);
}

function deleteRecord(db: Db, caller: Caller, kind: Kind, id: number, contact: number): { contact: number; id: number } {
  if (contact <= 0 || id <= 0) return { contact: -1, id };
  visibleContact(db, caller, contact);
  return db.transaction(() => {
    const removed = prepared(db, `DELETE FROM ${kind.table} WHERE ${kind.key} = ? AND contact = ?`).run(id, contact).changes;
    if (!removed) return { contact: -1, id };
    ensurePrimary(db, kind, contact);
    return { contact, id };
  })();
}

function setPrimary(db: Db, caller: Caller, kind: Kind, id: number, contact: number): { count: number } {
  visibleContact(db, caller, contact);
  db.transaction(() => {
    if (!prepared(db, `SELECT 1 FROM ${kind.table} WHERE ${kind.key} = ? AND contact = ?`).get(id, contact)) throw notFound(kind.what);
    makePrimary(db, kind, contact, id);
  })();
  return { count: 1 };
}

/** Saves an existing record in place (404 unless it is on that contact) or inserts a new one. */
function saveRecord(
  db: Db,
  kind: Kind,
  id: number,
  contact: number,
  columns: Record<string, string | number | null>,
  primaryWhenNew: 'first' | 'always',
): { id: number } {
  return db.transaction(() => {
    const names = Object.keys(columns);
    if (id > 0) {
      const changed = prepared(
        db,
        `UPDATE ${kind.table} SET ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE ${kind.key} = @id AND contact = @contact`,
      ).run({
        ...columns,
        id,
        contact,
      }).changes;
      if (!changed) throw notFound(kind.what);
      return { id };
    }
    const primary = primaryWhenNew === 'always' || !hasRecords(db, kind, contact);
    if (primary) prepared(db, `UPDATE ${kind.table} SET is_primary = 0 WHERE contact = ? AND is_primary = 1`).run(contact);
    const newId = prepared(
      db,
      `INSERT INTO ${kind.table} (contact, is_primary, ${names.join(', ')}) VALUES (@contact, @primary, ${names.map((n) => `@${n}`).join(', ')})`,
    ).run({
      ...columns,
      contact,
      primary: primary ? 1 : 0,
    }).lastInsertRowid;
    return { id: Number(newId) };
  })();
}

/** A phone, address or email row: its primary flag 0/1 as stored, shown as the contract's 'P' and boolean. */
type PrimaryRow<T extends { primary: string; isPrimary: boolean }> = Omit<T, 'primary' | 'isPrimary'> & { isPrimary: number };
const withPrimary = <T extends { primary: string; isPrimary: boolean }>({ isPrimary, ...r }: PrimaryRow<T>) => ({
  ...r,
  primary: isPrimary ? 'P' : '',
  isPrimary: !!isPrimary,
});

// Addresses and phones belong to one contact each in this host: never shared.
const ADDRESS_SELECT = `
  SELECT a.contact_address AS contactAddress, a.contact, a.contact_address AS address, a.address_type AS addressType,
         coalesce(at.value, '') AS addressTypeName, a.address_lines AS addressLines, a.city, a.state_province AS stateProvince,
         coalesce(sp.value, '') AS stateProvinceName, a.postal_code AS postalCode, a.country, coalesce(co.value, '') AS countryName,
         a.address_note AS addressNote, a.is_primary AS isPrimary, 'N' AS isShared
  FROM contact_address a
  LEFT JOIN lookup at ON at.key = 'AddressType' AND at.id = a.address_type
  LEFT JOIN lookup sp ON sp.key = 'StateProvince' AND sp.id = a.state_province
  LEFT JOIN lookup co ON co.key = 'Country' AND co.id = a.country`;
const toAddress = (r: PrimaryRow<ContactAddress>): ContactAddress => withPrimary(r);

const PHONE_SELECT = `
  SELECT p.contact_phone AS contactPhone, p.contact, p.contact_phone AS phone, p.phone_no AS phoneNo, p.extension, p.phone_type AS phoneType,
         coalesce(pt.value, '') AS phoneTypeName, p.phone_note AS phoneNote, p.is_primary AS isPrimary, 'N' AS isShared
  FROM contact_phone p LEFT JOIN lookup pt ON pt.key = 'PhoneType' AND pt.id = p.phone_type`;
const toPhone = (r: PrimaryRow<ContactPhone>): ContactPhone => withPrimary(r);

const EMAIL_SELECT = `
  SELECT e.contact_email AS contactEmail, e.contact, e.email_address AS emailAddress, e.email_type AS emailType,
         coalesce(et.value, '') AS emailTypeName, e.is_primary AS isPrimary
  FROM contact_email e LEFT JOIN lookup et ON et.key = 'EmailType' AND et.id = e.email_type`;
const toEmail = (r: PrimaryRow<ContactEmail>): ContactEmail => withPrimary(r);

// ── the saves of a contact's address, phone and email (the item calls and the contacts import) ──────
export function saveAddress(db: Db, caller: Caller, body: z.output<typeof c.saveAddress.body>): { id: number } {
  visibleContact(db, caller, body.contact);
  checkLookups(db, LOOKUP_CHECKS.address(body));
  checkStateInCountry(db, body.country, body.stateProvince);
  return saveRecord(
    db,
    ADDRESS,
    body.contactAddress,
    body.contact,
    {
      address_type: body.addressType,
      address_lines: body.addressLines,
      city: body.city,
      state_province: body.stateProvince,
      postal_code: body.postalCode,
      country: body.country,
      address_note: body.addressNote,
    },
    'first',
  );
}

export function savePhone(db: Db, caller: Caller, body: z.output<typeof c.savePhone.body>): { id: number } {
  visibleContact(db, caller, body.contact);
  checkLookups(db, LOOKUP_CHECKS.phone(body));
  const columns = { phone_type: body.phoneType, phone_no: body.phoneNo, extension: body.extension, phone_note: body.phoneNote };
  return saveRecord(db, PHONE, body.contactPhone, body.contact, columns, 'always');
}

export function saveEmail(db: Db, caller: Caller, body: z.output<typeof c.saveEmail.body>): { id: number } {
  visibleContact(db, caller, body.contact);
  checkLookups(db, LOOKUP_CHECKS.email(body));
  return saveRecord(db, EMAIL, body.contactEmail, body.contact, { email_type: body.emailType, email_address: body.emailAddress }, 'first');
}

// ── merge ───────────────────────────────────────────────────────────────────────────────────────
function merge(db: Db, caller: Caller, ids: readonly number[]): { contact: number; merged: number } {
  const [survivor, ...others] = ids;
  if (survivor === undefined || others.length === 0) throw badRequest('Choose two or more contacts to merge');
  return db.transaction(() => {
    const rows = visibleContacts(db, caller, ids);
    if (new Set(rows.map((r) => r.firm)).size > 1) throw badRequest('Contacts of different locations cannot be merged');
    const user = rows.slice(1).find((r) => r.is_user);
    if (user) throw badRequest(`${user.file_as} is a user's own contact: choose it as the contact that survives`);

    const list = others.join(',');
    for (const kind of [ADDRESS, PHONE, EMAIL]) {
      // Exact duplicates are dropped, keeping the survivor's record, then the earlier contact's (given order).
      const records = db
        .prepare<
          unknown[],
          {
            id: number;
            contact: number;
            identity: string;
            is_primary: number;
          }
        >(
          `SELECT ${kind.key} AS id, contact, ${kind.identity} AS identity, is_primary FROM ${kind.table} WHERE contact IN (${ids.join(',')})`,
        )
        .all()
        .sort((a, b) => ids.indexOf(a.contact) - ids.indexOf(b.contact) || b.is_primary - a.is_primary || a.id - b.id);
      // The primary to keep: the survivor's own, else that of the first merged contact with records.
      const first = records[0];
      let keep = records.find((r) => r.contact === first?.contact && r.is_primary)?.id;
      const seen = new Map<string, number>();
      for (const r of records) {
        const kept = seen.get(r.identity);
        if (kept === undefined) seen.set(r.identity, r.id);
        else {
          db.prepare(`DELETE FROM ${kind.table} WHERE ${kind.key} = ?`).run(r.id);
          if (keep === r.id) keep = kept;
        }
      }
      db.prepare(`UPDATE ${kind.table} SET is_primary = 0 WHERE contact IN (${list}) AND is_primary = 1`).run();
      db.prepare(`UPDATE ${kind.table} SET contact = ? WHERE contact IN (${list})`).run(survivor);
      ensurePrimary(db, kind, survivor, keep);
    }

    // Relations in both directions move to the survivor; duplicates and self relations are dropped.
    db.prepare(`UPDATE OR IGNORE contact_related SET contact = ? WHERE contact IN (${list}) AND related_contact <> ?`).run(
      survivor,
      survivor,
    );
    db.prepare(`UPDATE OR IGNORE contact_related SET related_contact = ? WHERE related_contact IN (${list}) AND contact <> ?`).run(
      survivor,
      survivor,
    );
    db.prepare(`DELETE FROM contact_related WHERE contact IN (${list}) OR related_contact IN (${list})`).run();

    // Tombstones: earlier merges into the merged contacts now point at the survivor too.
    db.prepare(`UPDATE contact SET merged_into = ? WHERE merged_into IN (${list})`).run(survivor);
    db.prepare(`UPDATE contact SET merged_into = ?, is_inactive = 1 WHERE contact IN (${list})`).run(survivor);
    return { contact: survivor, merged: others.length };
  })();
}

// ── search ──────────────────────────────────────────────────────────────────────────────────────
function searchFirms(caller: Caller, firmid: number | undefined): ReadonlySet<number> {
  if (firmid === undefined) return caller.firms;
  assertFirm(caller, firmid, 'Firm');
  return new Set([firmid]);
}

/** The contract's search result (the row also carries the company name, for the vendor search). */
const toSearchResult = pickFields(searchResult);

function search(db: Db, caller: Caller, kind: SearchKind, q: { firmid?: number; searchterm: string; type?: string }) {
  return {
    items: searchContacts(db, kind, q.searchterm, { firms: searchFirms(caller, q.firmid), type: q.type || undefined }).map(toSearchResult),
  };
}

/** Announces (after the save committed) the contacts a call changed, and answers its result. */
function changed<T>(ctx: HostContext, caller: Caller, result: T, contacts: (result: T) => readonly number[]): T {
  announceChange(ctx, caller.user, 'contact', contacts(result));
  return result;
}

// ── calls ───────────────────────────────────────────────────────────────────────────────────────
export const contactCalls = [
  implement(c.contacts, ({ query, caller, ctx }) => listContacts(ctx.db, query, { firms: caller.firms, vendorsOnly: false })),
  implement(c.vendors, ({ query, caller, ctx }) => listContacts(ctx.db, query, { firms: caller.firms, vendorsOnly: true })),
  implement(c.contact, ({ query, caller, ctx }) => readContact(ctx.db, caller, query.id)),
  implement(c.vendor, ({ query, caller, ctx }) => readContact(ctx.db, caller, query.id, true)),
  implement(c.saveContact, ({ body, caller, ctx }) => changed(ctx, caller, saveContact(ctx.db, caller, body, false), (r) => [r.id])),
  implement(c.saveVendor, ({ body, caller, ctx }) => changed(ctx, caller, saveContact(ctx.db, caller, body, true), (r) => [r.id])),
  implement(c.mergeContacts, ({ query, caller, ctx }) => changed(ctx, caller, merge(ctx.db, caller, query.ids), () => query.ids)),
  implement(c.setInactive, ({ query, caller, ctx }) => {
    const db = ctx.db;
    const done = db.transaction(() => {
      visibleContacts(db, caller, query.ids);
      db.prepare(`UPDATE contact SET is_inactive = 1 WHERE contact IN (${query.ids.join(',')})`).run();
      return { count: query.ids.length };
    })();
    return changed(ctx, caller, done, () => query.ids);
  }),

  implement(c.lookupContact, ({ query, caller, ctx }) => search(ctx.db, caller, 'contact', { searchterm: query.search })),
  implement(c.contactSearch, ({ query, caller, ctx }) => search(ctx.db, caller, 'contact', query)),
  implement(c.addressSearch, ({ query, caller, ctx }) => search(ctx.db, caller, 'address', query)),
  implement(c.phoneSearch, ({ query, caller, ctx }) => search(ctx.db, caller, 'phone', query)),
  implement(c.vendorSearch, ({ query, caller, ctx }) => ({
    items: searchContacts(ctx.db, 'vendor', query.searchterm, { firms: searchFirms(caller, query.firmid) }).map((r) => ({
      companyName: r.companyName || r.fileAs,
      phoneNo: r.phoneNo,
      contact: r.contact,
    })),
  })),

  // addresses
  implement(c.contactAddressOne, ({ query, caller, ctx }) => {
    const row = prepared<PrimaryRow<ContactAddress>>(ctx.db, `${ADDRESS_SELECT} WHERE a.contact_address = ?`).get(query.id);
    if (!row) throw notFound('Address');
    visibleContact(ctx.db, caller, row.contact, 'Address');
    return toAddress(row);
  }),
  implement(c.contactAddresses, ({ query, caller, ctx }) => {
    visibleContact(ctx.db, caller, query.id);
    return prepared<PrimaryRow<ContactAddress>>(
      ctx.db,
      `${ADDRESS_SELECT} WHERE a.contact = ? ORDER BY a.is_primary DESC, a.contact_address`,
    )
      .all(query.id)
      .map(toAddress);
  }),
  implement(c.saveAddress, ({ body, caller, ctx }) => changed(ctx, caller, saveAddress(ctx.db, caller, body), () => [body.contact])),
  implement(c.deleteAddress, ({ body, caller, ctx }) =>
    changed(ctx, caller, deleteRecord(ctx.db, caller, ADDRESS, body.contactAddress, body.contact), (r) => [r.contact]),
  ),
  implement(c.setPrimaryAddress, ({ query, caller, ctx }) =>
    changed(ctx, caller, setPrimary(ctx.db, caller, ADDRESS, query.id, query.contact), () => [query.contact]),
  ),

  // phones
  implement(c.contactPhones, ({ query, caller, ctx }) => {
    visibleContact(ctx.db, caller, query.id);
    return prepared<PrimaryRow<ContactPhone>>(ctx.db, `${PHONE_SELECT} WHERE p.contact = ? ORDER BY p.is_primary DESC, p.contact_phone`)
      .all(query.id)
      .map(toPhone);
  }),
  implement(c.savePhone, ({ body, caller, ctx }) => changed(ctx, caller, savePhone(ctx.db, caller, body), () => [body.contact])),
  implement(c.deletePhone, ({ body, caller, ctx }) =>
    changed(ctx, caller, deleteRecord(ctx.db, caller, PHONE, body.contactPhone, body.contact), (r) => [r.contact]),
  ),
  implement(c.setPrimaryPhone, ({ query, caller, ctx }) =>
    changed(ctx, caller, setPrimary(ctx.db, caller, PHONE, query.id, query.contact), () => [query.contact]),
  ),

  // emails
  implement(c.contactEmails, ({ query, caller, ctx }) => {
    visibleContact(ctx.db, caller, query.id);
    return prepared<PrimaryRow<ContactEmail>>(ctx.db, `${EMAIL_SELECT} WHERE e.contact = ? ORDER BY e.is_primary DESC, e.contact_email`)
      .all(query.id)
      .map(toEmail);
  }),
  implement(c.saveEmail, ({ body, caller, ctx }) => changed(ctx, caller, saveEmail(ctx.db, caller, body), () => [body.contact])),
  implement(c.deleteEmail, ({ body, caller, ctx }) =>
    changed(ctx, caller, deleteRecord(ctx.db, caller, EMAIL, body.contactEmail, body.contact), (r) => [r.contact]),
  ),
  implement(c.setPrimaryEmail, ({ query, caller, ctx }) =>
    changed(ctx, caller, setPrimary(ctx.db, caller, EMAIL, query.id, query.contact), () => [query.contact]),
  ),

  // related contacts
  implement(c.related, ({ query, caller, ctx }) => {
    visibleContact(ctx.db, caller, query.id);
    return prepared<RelatedContact>(
      ctx.db,
      `SELECT r.contact_related AS contactRelated, r.contact, r.related_contact AS relatedContact, r.related_contact_type AS relatedContactType,
              coalesce(rt.value, '') AS relatedContactTypeName, o.file_as AS fileAs, o.phone_no AS phoneNo, o.email_address AS emailAddress
       FROM contact_related r JOIN contact o ON o.contact = r.related_contact AND o.merged_into IS NULL
       LEFT JOIN lookup rt ON rt.key = 'RelatedContactType' AND rt.id = r.related_contact_type
       WHERE r.contact = ?${firmScope(ctx.db, caller.firms, 'o')} ORDER BY o.file_as, r.contact_related`,
    ).all(query.id);
  }),
  implement(c.saveRelated, ({ body, caller, ctx }) => {
    const db = ctx.db;
    visibleContact(db, caller, body.contact);
    checkLookups(db, [['relatedContactType', 'RelatedContactType', body.relatedContactType, 'Unknown relation type']]);
    const other = prepared<{ firm: number }>(db, 'SELECT firm FROM contact WHERE contact = ? AND merged_into IS NULL').get(
      body.relatedContact,
    );
    if (!other || !caller.firms.has(other.firm)) throw badRequest('Invalid body', { relatedContact: ['Unknown contact'] });
    if (body.relatedContact === body.contact)
      throw badRequest('Invalid body', { relatedContact: ['A contact cannot be related to itself'] });
    const values = { id: body.contactRelated, contact: body.contact, related: body.relatedContact, type: body.relatedContactType };
    const duplicate = prepared(
      db,
      'SELECT 1 FROM contact_related WHERE contact = @contact AND related_contact = @related AND related_contact_type = @type AND contact_related <> @id',
    ).get(values);
    if (duplicate) throw badRequest('This relation already exists', { relatedContact: ['This relation already exists'] });
    if (body.contactRelated > 0) {
      const changed = prepared(
        db,
        'UPDATE contact_related SET related_contact = @related, related_contact_type = @type WHERE contact_related = @id AND contact = @contact',
      ).run(values).changes;
      if (!changed) throw notFound('Relation');
      return { id: body.contactRelated };
    }
    const id = prepared(
      db,
      'INSERT INTO contact_related (contact, related_contact, related_contact_type) VALUES (@contact, @related, @type)',
    ).run(values).lastInsertRowid;
    return { id: Number(id) };
  }),
  implement(c.deleteRelated, ({ query, caller, ctx }) => {
    const row = prepared<{ contact: number; firm: number }>(
      ctx.db,
      'SELECT r.contact, c.firm FROM contact_related r JOIN contact c ON c.contact = r.contact WHERE r.contact_related = ?',
    ).get(query.id);
    // Unknown and foreign relations alike: nothing removed, nothing revealed.
    if (!row || !caller.firms.has(row.firm)) return { contact: -1, id: query.id };
    prepared(ctx.db, 'DELETE FROM contact_related WHERE contact_related = ?').run(query.id);
    return { contact: row.contact, id: query.id };
  }),
];
