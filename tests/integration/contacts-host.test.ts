/**
 * The reference host's contacts and vendors (issue 4) through its routes, with real tokens: lists
 * (paging, every sort both ways, filter, retrospective days, search), firm scoping, merge, primary and
 * deletion rules, sub-records, search calls, lookups, and bad input (400 with field errors, never 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listContacts } from '../../api-host/contacts/query';
import { contract } from '../../lib/contract';
import { CONTACT_SORTS, PHONE_FORMAT_MESSAGE, type ContactRow, listQuery } from '../../lib/contract/contacts';
import type { BodyOf, CallDef } from '../../lib/contract/define';
import { MESSAGES } from '../../lib/validation/messages';
import { startTestHost, type CallInput, type ContractInput, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const c = contract.contacts;

let host: TestHost;
let admin: string;

beforeAll(async () => {
  host = await startTestHost();
  admin = await host.token(1);
});
afterAll(() => host?.close());

/** Calls as role 1 unless told; must answer 200; the body parsed by the call's response schema. */
const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = admin) => host.ok(token, call, input);

const idOf = (fileAs: string): number => {
  const id = host.db.prepare('SELECT contact FROM contact WHERE file_as = ? AND merged_into IS NULL').pluck().get(fileAs) as
    number | undefined;
  if (!id) throw new Error(`no contact ${fileAs}`);
  return id;
};
const liveCount = (where = '1') =>
  host.db.prepare(`SELECT count(*) FROM contact WHERE merged_into IS NULL AND ${where}`).pluck().get() as number;

/** A new person in role 1's firm with the given phones/emails/addresses saved through the calls. */
async function newContact(lastName: string, opts: { phones?: string[]; emails?: string[]; addresses?: number } = {}): Promise<number> {
  const { id } = await ok(c.saveContact, {
    body: { contact: -1, contactType: 2, firstName: 'Test', lastName, language: 1, timezone: 12 },
  });
  for (const phoneNo of opts.phones ?? []) await ok(c.savePhone, { body: { contactPhone: -1, contact: id, phoneType: 1, phoneNo } });
  for (const emailAddress of opts.emails ?? [])
    await ok(c.saveEmail, { body: { contactEmail: -1, contact: id, emailType: 1, emailAddress } });
  for (let i = 0; i < (opts.addresses ?? 0); i++) await ok(c.saveAddress, { body: address(id, `${100 + i} Test St`) });
  return id;
}
const address = (contact: number, addressLines = '1 Main St', more: Record<string, unknown> = {}) => ({
  contactAddress: -1,
  contact,
  addressType: 1,
  addressLines,
  city: 'Austin',
  stateProvince: 44, // Texas
  postalCode: '78701',
  country: 1,
  ...more,
});

async function allRows(
  query: Record<string, string | number>,
  call: typeof c.contacts | typeof c.vendors = c.contacts,
): Promise<{ count: number; rows: ContactRow[] }> {
  const rows: ContactRow[] = [];
  let count = 0;
  for (let page = 1; page < 100; page++) {
    const body = await ok(call, { query: { ...query, page, pageSize: 100 } });
    count = body.count;
    rows.push(...body.items);
    if (body.items.length < 100) break;
  }
  return { count, rows };
}

// SQLite NOCASE folds ASCII letters only; strings then compare by code point.
const nocase = (s: string | null) => (s == null ? null : s.replace(/[A-Z]/g, (ch) => ch.toLowerCase()));
function cmp(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a == null) return -1; // NULLs first, as in SQLite (and SQL Server)
  if (b == null) return 1;
  return a < b ? -1 : 1;
}
const SORT_KEYS: Record<(typeof CONTACT_SORTS)[number], (r: ContactRow) => unknown[]> = {
  name: (r) => [nocase(r.fileAs), r.contact],
  type: (r) => [r.contactType, nocase(r.fileAs), r.contact],
  phone: (r) => [r.phoneNo, r.contact],
  email: (r) => [nocase(r.emailAddress), r.contact],
  created: (r) => [r.createdAt, r.contact],
  inactive: (r) => [r.isInactive ? 1 : 0, nocase(r.fileAs), r.contact],
};
const compareBy = (orderBy: (typeof CONTACT_SORTS)[number]) => (a: ContactRow, b: ContactRow) => {
  const ka = SORT_KEYS[orderBy](a);
  const kb = SORT_KEYS[orderBy](b);
  for (let i = 0; i < ka.length; i++) {
    const d = cmp(ka[i], kb[i]);
    if (d) return d;
  }
  return 0;
};

describe('contact and vendor lists', () => {
  it('pages with a count and the defaults of docs/contacts.md#limits (10 rows, name asc, every type)', async () => {
    const first = await ok(c.contacts, { query: {} });
    expect(first.count).toBe(liveCount());
    expect(first.count).toBeGreaterThanOrEqual(300);
    expect(first.items).toHaveLength(10);
    const second = await ok(c.contacts, { query: { page: 2 } });
    expect(second.items.map((r) => r.contact)).not.toContain(must(first.items[0], 'items[0]').contact);
    const beyond = await ok(c.contacts, { query: { page: 1000 } });
    expect(beyond).toEqual({ count: first.count, items: [] });
  });

  it('shows each row with its primary phone and email and the file-as name', async () => {
    const { rows } = await allRows({});
    const john = rows.find((r) => r.fileAs === 'Smith, John')!;
    expect(john).toMatchObject({
      firstName: 'John',
      lastName: 'Smith',
      phoneNo: '(718) 555-0142',
      emailAddress: 'john.smith@example.com',
      contactTypeName: 'Customer',
    });
    const acme = rows.find((r) => r.fileAs === 'Acme Fleet Services')!;
    expect(acme).toMatchObject({ isCompany: true, companyName: 'Acme Fleet Services' });
    const primaries = host.db
      .prepare(
        'SELECT c.contact, p.phone_no FROM contact c JOIN contact_phone p ON p.contact = c.contact AND p.is_primary = 1 WHERE c.merged_into IS NULL',
      )
      .all() as { contact: number; phone_no: string }[];
    const byId = new Map(rows.map((r) => [r.contact, r]));
    for (const p of primaries) expect(byId.get(p.contact)?.phoneNo).toBe(p.phone_no);
  });

  for (const orderBy of CONTACT_SORTS)
    for (const direction of ['asc', 'desc'] as const)
      it(`sorts by ${orderBy} ${direction} across pages`, async () => {
        const { count, rows } = await allRows({ orderBy, direction });
        expect(rows).toHaveLength(count);
        expect(new Set(rows.map((r) => r.contact)).size).toBe(count);
        const expected = [...rows].sort(compareBy(orderBy));
        if (direction === 'desc') expected.reverse();
        expect(rows.map((r) => r.contact)).toEqual(expected.map((r) => r.contact));
      });

  it('gives the same rows whichever query plan is chosen', () => {
    const firms = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const cases = [
      {},
      { orderBy: 'created', direction: 'desc', page: 3 },
      { filterBy: 2, orderBy: 'phone' },
      { retrospectiveDays: 60, orderBy: 'created' },
      { searchTerm: 'a', orderBy: 'email', direction: 'desc', page: 2 },
      { searchTerm: 'example', orderBy: 'inactive' },
    ];
    for (const raw of cases)
      for (const vendorsOnly of [false, true]) {
        const q = listQuery.parse(raw);
        const a = listContacts(host.db, q, { firms, vendorsOnly, plan: 'sort-index' });
        const b = listContacts(host.db, q, { firms, vendorsOnly, plan: 'filter-first' });
        expect(a).toEqual(b);
        const scoped = listContacts(host.db, q, { firms: new Set([7, 9]), vendorsOnly, plan: 'sort-index' });
        expect(scoped).toEqual(listContacts(host.db, q, { firms: new Set([7, 9]), vendorsOnly, plan: 'filter-first' }));
      }
  });

  it('filters by contact type (9999 = every type)', async () => {
    const { count, rows } = await allRows({ filterBy: 3 });
    expect(count).toBe(liveCount('contact_type = 3'));
    expect(rows.every((r) => r.contactType === 3 && r.contactTypeName === 'Vendor')).toBe(true);
    expect((await ok(c.contacts, { query: { filterBy: 9999 } })).count).toBe(liveCount());
    expect((await ok(c.contacts, { query: { filterBy: 424242 } })).count).toBe(0);
  });

  it('limits to contacts created in the last N days (0 = any time)', async () => {
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const { count, rows } = await allRows({ retrospectiveDays: 30 });
    expect(count).toBe(liveCount(`created_at >= '${since.slice(0, 19)}Z'`));
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(liveCount());
    expect(rows.every((r) => r.createdAt >= since.slice(0, 19))).toBe(true);
  });

  it('searches names, companies, phone digits and emails (every word, as a prefix)', async () => {
    const names = async (searchTerm: string) => (await allRows({ searchTerm })).rows.map((r) => r.fileAs);
    expect(await names('smith')).toEqual(expect.arrayContaining(['Smith, John', 'Smith, Jon']));
    expect(await names('jo smi')).toEqual(expect.arrayContaining(['Smith, John', 'Smith, Jon']));
    expect(await names('jo smi')).not.toContain('Smith, Laura');
    expect(await names('7185550142')).toEqual(['Smith, John', 'Smith, Jon']);
    expect(await names('(718) 555-01')).toEqual(expect.arrayContaining(['Smith, John', 'Acme Fleet Services']));
    expect(await names('555-0142')).toEqual(['Smith, John', 'Smith, Jon']);
    expect(await names('john.smith@example')).toEqual(['Smith, John']);
    expect(await names('garcia maria')).toEqual(expect.arrayContaining(['Garcia, Maria', 'García, María']));
    expect(await names('acme')).toEqual(['Acme Fleet Services', 'ACME Fleet Services Inc.']);
    expect(await names('zzqqx')).toEqual([]);
    // Punctuation only is no search at all; FTS syntax in a term is just text.
    expect((await ok(c.contacts, { query: { searchTerm: '--' } })).count).toBe(liveCount());
    expect((await host.api(admin, c.contacts, { query: { searchTerm: '"a" OR NEAR(b' } })).status).toBe(200);
    expect((await host.api(admin, c.contacts, { query: { searchTerm: '*' } })).status).toBe(200);
  });

  it('combines search, filter, sort and paging', async () => {
    const { count, rows } = await allRows({ searchTerm: 'example', filterBy: 2, orderBy: 'email', direction: 'desc' });
    expect(count).toBe(rows.length);
    expect(rows.every((r) => r.contactType === 2 && (r.emailAddress ?? '').includes('example'))).toBe(true);
  });

  it('lists vendors only in the vendor view, with the same paging and sorting', async () => {
    const { count, rows } = await allRows({}, c.vendors);
    expect(count).toBe(liveCount('is_vendor = 1'));
    expect(count).toBeGreaterThanOrEqual(30);
    expect(rows.every((r) => r.isVendor)).toBe(true);
    const byPhone = await allRows({ orderBy: 'phone', direction: 'desc' }, c.vendors);
    expect(byPhone.rows.map((r) => r.contact)).toEqual(
      [...byPhone.rows]
        .sort(compareBy('phone'))
        .reverse()
        .map((r) => r.contact),
    );
    const glass = await allRows({ searchTerm: 'glass' }, c.vendors);
    expect(glass.rows.length).toBeGreaterThan(0);
    expect(glass.rows.every((r) => r.isVendor && /glass/i.test(r.fileAs))).toBe(true);
  });
});

describe('contacts and vendors: records', () => {
  it('creates a contact in the caller’s firm, reads and updates it', async () => {
    const id = await newContact('Created');
    const read = await ok(c.contact, { query: { id } });
    expect(read).toMatchObject({
      contact: id,
      firm: 1,
      lastName: 'Created',
      firstName: 'Test',
      contactTypeName: 'Customer',
      isVendor: false,
    });
    await ok(c.saveContact, { body: { ...read, lastName: 'Renamed', isCompany: true, companyName: 'Renamed Co.' } });
    expect(await ok(c.contact, { query: { id } })).toMatchObject({ lastName: 'Renamed', companyName: 'Renamed Co.', isCompany: true });
    const row = (await allRows({ searchTerm: 'renamed' })).rows.find((r) => r.contact === id);
    expect(row?.fileAs).toBe('Renamed Co.');
  });

  it('saves and reads vendors; a non-vendor is not a vendor', async () => {
    const { id } = await ok(c.saveVendor, {
      body: { contact: -1, contactType: 3, isCompany: true, companyName: 'Zephyr Sensors', language: 1, timezone: 12 },
    });
    expect(await ok(c.vendor, { query: { id } })).toMatchObject({ isVendor: true, companyName: 'Zephyr Sensors' });
    expect((await ok(c.vendorSearch, { query: { searchterm: 'zephyr' } })).items).toEqual([
      { companyName: 'Zephyr Sensors', phoneNo: null, contact: id },
    ]);
    const person = await newContact('NotAVendor');
    expect((await host.api(admin, c.vendor, { query: { id: person } })).status).toBe(404);
    const saved = await host.api(admin, c.saveVendor, {
      body: { contact: person, contactType: 3, lastName: 'X', language: 1, timezone: 12 },
    });
    expect(saved.status).toBe(404);
  });

  it('sets contacts inactive, all or nothing', async () => {
    const a = await newContact('InactiveA');
    const b = await newContact('InactiveB');
    expect(await ok(c.setInactive, { query: { ids: `${a},${b}` } })).toEqual({ count: 2 });
    expect((await ok(c.contact, { query: { id: a } })).isInactive).toBe(true);
    const d = await newContact('InactiveD');
    const res = await host.api(admin, c.setInactive, { query: { ids: `${d},99999999` } });
    expect(res.status).toBe(404);
    expect(res.body.error).toContain('99999999');
    expect((await ok(c.contact, { query: { id: d } })).isInactive).toBe(false);
  });
});

describe('addresses, phones and emails', () => {
  it('makes the first record of each kind primary and keeps exactly one', async () => {
    const id = await newContact('Primary', { emails: ['one@example.com', 'two@example.com'], addresses: 2 });
    let emails = await ok(c.contactEmails, { query: { id } });
    expect(emails.map((e) => e.primary)).toEqual(['P', '']);
    const second = must(emails[1], 'emails[1]').contactEmail;
    expect(await ok(c.setPrimaryEmail, { query: { id: second, contact: id } })).toEqual({ count: 1 });
    emails = await ok(c.contactEmails, { query: { id } });
    expect(emails.filter((e) => e.isPrimary).map((e) => e.contactEmail)).toEqual([second]);
    expect((await ok(c.contact, { query: { id } })).contact).toBe(id);
    expect((await allRows({ searchTerm: 'two@example.com' })).rows.find((r) => r.contact === id)?.emailAddress).toBe('two@example.com');

    const addresses = await ok(c.contactAddresses, { query: { id } });
    expect(addresses.map((a) => a.isPrimary)).toEqual([true, false]);
    expect(addresses[0]).toMatchObject({ stateProvinceName: 'Texas', countryName: 'United States', addressTypeName: 'Business' });
    await ok(c.setPrimaryAddress, { query: { id: must(addresses[1], 'addresses[1]').contactAddress, contact: id } });
    const after = await ok(c.contactAddresses, { query: { id } });
    expect(after.filter((a) => a.isPrimary).map((a) => a.contactAddress)).toEqual([must(addresses[1], 'addresses[1]').contactAddress]);
    const one = await ok(c.contactAddressOne, { query: { id: must(addresses[1], 'addresses[1]').contactAddress } });
    expect(one).toMatchObject({ contact: id, primary: 'P', isShared: 'N' });
  });

  it('marks a newly saved phone primary and updates the list row; editing keeps it in place', async () => {
    const id = await newContact('Phones', { phones: ['(512) 555-0001'] });
    const row = async () => (await allRows({ searchTerm: 'phones' })).rows.find((r) => r.contact === id)!;
    expect((await row()).phoneNo).toBe('(512) 555-0001');
    const { id: second } = await ok(c.savePhone, {
      body: { contactPhone: -1, contact: id, phoneType: 2, phoneNo: '(512) 555-0002', extension: '12' },
    });
    let phones = await ok(c.contactPhones, {
      query: { id },
    });
    expect(phones.filter((p) => p.primary === 'P').map((p) => p.phoneNo)).toEqual(['(512) 555-0002']);
    expect((await row()).phoneNo).toBe('(512) 555-0002');
    // Saving an existing phone updates it in place and keeps the primary.
    await ok(c.savePhone, { body: { contactPhone: second, contact: id, phoneType: 2, phoneNo: '(512) 555-0003' } });
    phones = await ok(c.contactPhones, { query: { id } });
    expect(phones).toHaveLength(2);
    expect(phones.find((p) => p.contactPhone === second)).toMatchObject({ phoneNo: '(512) 555-0003', primary: 'P', extension: '' });
    expect((await row()).phoneNo).toBe('(512) 555-0003');
    // The new number is searchable, the old one not.
    expect((await allRows({ searchTerm: '5125550003' })).rows.map((r) => r.contact)).toEqual([id]);
    expect((await allRows({ searchTerm: '5125550002' })).rows).toEqual([]);
  });

  it('answers deletes with {contact, id}; contact -1 when nothing was removed; the primary passes on', async () => {
    const id = await newContact('Deletes', { phones: ['(512) 555-0011', '(512) 555-0012'] });
    const phones = await ok(c.contactPhones, { query: { id } });
    const primary = phones.find((p) => p.primary === 'P')!.contactPhone;
    const other = phones.find((p) => p.primary !== 'P')!.contactPhone;
    expect(await ok(c.deletePhone, { body: { contactPhone: primary, contact: id } })).toEqual({ contact: id, id: primary });
    expect(await ok(c.deletePhone, { body: { contactPhone: primary, contact: id } })).toEqual({ contact: -1, id: primary });
    expect(await ok(c.deletePhone, { body: { contactPhone: 0, contact: id } })).toEqual({ contact: -1, id: 0 });
    expect(await ok(c.deletePhone, { body: { contactPhone: other, contact: -1 } })).toEqual({ contact: -1, id: other });
    const left = await ok(c.contactPhones, { query: { id } });
    expect(left).toEqual([expect.objectContaining({ contactPhone: other, primary: 'P' })]);
    expect(must((await ok(c.contacts, { query: { searchTerm: 'deletes' } })).items[0], 'items[0]').phoneNo).toBe('(512) 555-0011');
    await ok(c.deletePhone, { body: { contactPhone: other, contact: id } });
    expect(must((await ok(c.contacts, { query: { searchTerm: 'deletes' } })).items[0], 'items[0]').phoneNo).toBeNull();

    // A record of another contact is not removed through this one.
    const otherContact = await newContact('DeletesOther', { emails: ['x@example.com'] });
    const email = must((await ok(c.contactEmails, { query: { id: otherContact } }))[0], 'email');
    expect(await ok(c.deleteEmail, { body: { contactEmail: email.contactEmail, contact: id } })).toEqual({
      contact: -1,
      id: email.contactEmail,
    });
    expect(await ok(c.contactEmails, { query: { id: otherContact } })).toHaveLength(1);
    const addrId = (await ok(c.saveAddress, { body: address(id) })).id;
    expect(await ok(c.deleteAddress, { body: { contactAddress: addrId, contact: id } })).toEqual({ contact: id, id: addrId });
  });

  it('setPrimary of a record not on that contact is 404 and changes nothing', async () => {
    const a = await newContact('PrimA', { emails: ['a1@example.com'] });
    const b = await newContact('PrimB', { emails: ['b1@example.com'] });
    const eb = must((await ok(c.contactEmails, { query: { id: b } }))[0], 'eb');
    expect((await host.api(admin, c.setPrimaryEmail, { query: { id: eb.contactEmail, contact: a } })).status).toBe(404);
    expect((await ok(c.contactEmails, { query: { id: a } })).map((e) => e.primary)).toEqual(['P']);
  });

  it('maintains related contacts', async () => {
    const a = await newContact('RelA');
    const b = await newContact('RelB', { phones: ['(512) 555-0021'] });
    const { id } = await ok(c.saveRelated, {
      body: { contactRelated: -1, contact: a, relatedContact: b, relatedContactType: 1 },
    });
    expect(await ok(c.related, { query: { id: a } })).toEqual([
      {
        contactRelated: id,
        contact: a,
        relatedContact: b,
        relatedContactType: 1,
        relatedContactTypeName: 'Spouse',
        fileAs: 'RelB, Test',
        phoneNo: '(512) 555-0021',
        emailAddress: null,
      },
    ]);
    const dup = await host.api(admin, c.saveRelated, {
      body: { contactRelated: -1, contact: a, relatedContact: b, relatedContactType: 1 },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.error).toBe('This relation already exists');
    const self = await host.api(admin, c.saveRelated, {
      body: { contactRelated: -1, contact: a, relatedContact: a, relatedContactType: 1 },
    });
    expect(self.status).toBe(400);
    expect(self.body.fieldErrors.relatedContact).toEqual(['A contact cannot be related to itself']);
    await ok(c.saveRelated, { body: { contactRelated: id, contact: a, relatedContact: b, relatedContactType: 2 } });
    expect(must((await ok(c.related, { query: { id: a } }))[0], 'a related contact').relatedContactTypeName).toBe('Employer');
    expect(await ok(c.deleteRelated, { query: { id } })).toEqual({ contact: a, id });
    expect(await ok(c.deleteRelated, { query: { id } })).toEqual({ contact: -1, id });
    expect(await ok(c.related, { query: { id: a } })).toEqual([]);
  });
});

describe('merge', () => {
  const subRecords = (ids: number[]) =>
    host.db
      .prepare(
        `SELECT 'a' || contact_address AS k, contact, is_primary FROM contact_address WHERE contact IN (${ids}) UNION ALL
         SELECT 'p' || contact_phone, contact, is_primary FROM contact_phone WHERE contact IN (${ids}) UNION ALL
         SELECT 'e' || contact_email, contact, is_primary FROM contact_email WHERE contact IN (${ids}) UNION ALL
         SELECT 'r' || contact_related, contact, related_contact FROM contact_related WHERE contact IN (${ids}) OR related_contact IN (${ids})
         ORDER BY 1`,
      )
      .all();

  it('moves addresses, phones, emails and relations to the first id and retires the others', async () => {
    const john = idOf('Smith, John');
    const jon = idOf('Smith, Jon');
    const friend = await newContact('MergeFriend');
    await ok(c.saveRelated, { body: { contactRelated: -1, contact: jon, relatedContact: friend, relatedContactType: 8 } });
    await ok(c.saveRelated, { body: { contactRelated: -1, contact: friend, relatedContact: jon, relatedContactType: 6 } });
    await ok(c.saveRelated, { body: { contactRelated: -1, contact: friend, relatedContact: john, relatedContactType: 6 } });
    await ok(c.saveRelated, { body: { contactRelated: -1, contact: john, relatedContact: jon, relatedContactType: 8 } });
    await ok(c.saveEmail, { body: { contactEmail: -1, contact: jon, emailType: 2, emailAddress: 'jon.smith@example.net' } });
    const before = liveCount();
    const jonAddresses = await ok(c.contactAddresses, { query: { id: jon } });
    const johnAddresses = await ok(c.contactAddresses, { query: { id: john } });

    expect(await ok(c.mergeContacts, { query: { ids: `${john},${jon}` } })).toEqual({ contact: john, merged: 1 });

    expect(liveCount()).toBe(before - 1);
    expect((await host.api(admin, c.contact, { query: { id: jon } })).status).toBe(404);
    expect((await allRows({ searchTerm: 'smith' })).rows.map((r) => r.fileAs)).not.toContain('Smith, Jon');
    // The shared phone is kept once; Jon's email and address moved over; John's primaries stay.
    const phones = await ok(c.contactPhones, { query: { id: john } });
    expect(phones).toEqual([expect.objectContaining({ phoneNo: '(718) 555-0142', primary: 'P' })]);
    const emails = await ok(c.contactEmails, { query: { id: john } });
    expect(emails.map((e) => [e.emailAddress, e.primary])).toEqual([
      ['john.smith@example.com', 'P'],
      ['jon.smith@example.net', ''],
    ]);
    expect(await ok(c.contactAddresses, { query: { id: john } })).toHaveLength(johnAddresses.length + jonAddresses.length);
    // Relations: Jon's moved, the friend's two "referred by" collapse into one, John→Jon (now self) is gone.
    const rel = host.db
      .prepare(
        'SELECT contact, related_contact, related_contact_type FROM contact_related WHERE ? IN (contact, related_contact) ORDER BY 1, 2, 3',
      )
      .all(john);
    expect(rel).toEqual([
      { contact: john, related_contact: friend, related_contact_type: 8 },
      { contact: friend, related_contact: john, related_contact_type: 6 },
    ]);
    expect(host.db.prepare('SELECT merged_into, is_inactive FROM contact WHERE contact = ?').get(jon)).toEqual({
      merged_into: john,
      is_inactive: 1,
    });
    expect(subRecords([jon]).filter((r: any) => !String(r.k).startsWith('r'))).toEqual([]); // eslint-disable-line @typescript-eslint/no-explicit-any
  });

  it('keeps the first merged contact’s primary when the survivor has none of that kind', async () => {
    const a = await newContact('MergeNone');
    const b = await newContact('MergeSome', { phones: ['(512) 555-0031', '(512) 555-0032'] });
    await ok(c.mergeContacts, { query: { ids: `${a},${b}` } });
    const phones = await ok(c.contactPhones, { query: { id: a } });
    expect(phones.filter((p) => p.primary === 'P').map((p) => p.phoneNo)).toEqual(['(512) 555-0032']);
    expect(must((await ok(c.contacts, { query: { searchTerm: 'mergenone' } })).items[0], 'items[0]').phoneNo).toBe('(512) 555-0032');
  });

  it('refuses fewer than two ids, unknown ids, other locations and users’ contacts, changing nothing', async () => {
    const a = await newContact('MergeBadA', { phones: ['(512) 555-0041'] });
    const b = await newContact('MergeBadB', { phones: ['(512) 555-0042'], emails: ['bad@example.com'] });
    const before = subRecords([a, b]);
    const live = liveCount();
    const cases: [string, number, string][] = [
      [`${a}`, 400, 'Choose two or more contacts to merge'],
      [`${a},${a}`, 400, 'Choose two or more contacts to merge'],
      [`${a},${b},99999999`, 404, 'Contact 99999999 not found'],
      [`${a},${b},${idOf('Johnson, Robert')}`, 400, 'Contacts of different locations cannot be merged'],
      [`${a},${b},1001`, 400, "a user's own contact"],
      ['', 400, ''],
      ['a,b', 400, ''],
    ];
    for (const [ids, status, message] of cases) {
      const res = await host.api(admin, c.mergeContacts, { query: { ids } });
      expect(res.status, ids).toBe(status);
      const text = res.body.error + JSON.stringify(res.body.fieldErrors ?? {});
      expect(text).toContain(message);
    }
    expect(subRecords([a, b])).toEqual(before);
    expect(liveCount()).toBe(live);
  });

  it('is one transaction: a failure half-way leaves everything as it was', async () => {
    const a = await newContact('AtomicA', { phones: ['(512) 555-0051'] });
    const b = await newContact('AtomicB', { phones: ['(512) 555-0052'], emails: ['atomic@example.com'], addresses: 1 });
    const before = subRecords([a, b]);
    // Fail at the very end, after the sub-records have moved.
    host.db.exec(
      `CREATE TRIGGER fail_merge BEFORE UPDATE OF merged_into ON contact WHEN NEW.contact = ${b} BEGIN SELECT RAISE(ABORT, 'injected'); END`,
    );
    try {
      const res = await host.api(admin, c.mergeContacts, { query: { ids: `${a},${b}` } });
      expect(res.status).toBe(500);
    } finally {
      host.db.exec('DROP TRIGGER fail_merge');
    }
    expect(subRecords([a, b])).toEqual(before);
    expect((await ok(c.contact, { query: { id: b } })).isInactive).toBe(false);
    expect((await ok(c.contacts, { query: { searchTerm: 'atomic' } })).count).toBe(2);
  });
});

describe('firm scope', () => {
  let scoped: string;
  let shop: string;
  let foreign: number;
  let own: number;

  beforeAll(async () => {
    // Contacts calls are for role 1; scope is by firms: a role-1 user who reaches only firm 7.
    scoped = await host.token(await host.addUser({ role: 1, firm: 7, firms: [7] }));
    shop = await host.token(15);
    foreign = idOf('Johnson, Robert'); // firm 9
    own = host.db
      .prepare('SELECT contact FROM contact WHERE firm = 7 AND merged_into IS NULL AND is_vendor = 0 ORDER BY contact LIMIT 1')
      .pluck()
      .get() as number;
  });

  it('refuses the contact calls to roles other than 1 (403)', async () => {
    expect((await host.api(shop, c.contacts)).status).toBe(403);
    expect((await host.api(shop, c.contact, { query: { id: own } })).status).toBe(403);
    expect((await host.api(shop, c.mergeContacts, { query: { ids: `${own},${foreign}` } })).status).toBe(403);
    expect((await host.api(null, c.contacts)).status).toBe(401);
  });

  it('lists and searches only the caller’s firms', async () => {
    const { count, rows } = await (async () => {
      const body = await ok(c.contacts, { query: { pageSize: 500 } }, scoped);
      return { count: body.count, rows: body.items };
    })();
    expect(count).toBe(liveCount('firm = 7'));
    expect(rows.every((r) => r.firm === 7)).toBe(true);
    expect((await ok(c.contacts, { query: { searchTerm: 'robert johnson' } }, scoped)).count).toBe(0);
    expect(
      (await ok(c.lookupContact, { query: { search: 'johnson' } }, scoped)).items.every((r: { contact: number }) => r.contact !== foreign),
    ).toBe(true);
    expect((await host.api(scoped, c.contactSearch, { query: { searchterm: 'johnson', firmid: 9 } })).status).toBe(404);
    expect((await host.api(scoped, c.vendorSearch, { query: { searchterm: 'a', firmid: 9 } })).status).toBe(404);
    expect((await ok(c.vendors, { query: { pageSize: 500 } }, scoped)).items.every((r: ContactRow) => r.firm === 7)).toBe(true);
  });

  it('answers 404 for another firm’s contact on every call and changes nothing', async () => {
    const snapshot = () => ({
      contact: host.db.prepare('SELECT * FROM contact WHERE contact = ?').get(foreign),
      phones: host.db.prepare('SELECT * FROM contact_phone WHERE contact = ? ORDER BY 1').all(foreign),
      emails: host.db.prepare('SELECT * FROM contact_email WHERE contact = ? ORDER BY 1').all(foreign),
      addresses: host.db.prepare('SELECT * FROM contact_address WHERE contact = ? ORDER BY 1').all(foreign),
      related: host.db.prepare('SELECT * FROM contact_related WHERE ? IN (contact, related_contact) ORDER BY 1').all(foreign),
    });
    const before = snapshot();
    const phone = host.db.prepare('SELECT contact_phone FROM contact_phone WHERE contact = ?').pluck().get(foreign) as number;
    const addr = host.db.prepare('SELECT contact_address FROM contact_address WHERE contact = ?').pluck().get(foreign) as number;
    const unknown = 99999999;
    const calls: [CallDef, CallInput][] = [
      [c.contact, { query: { id: foreign } }],
      [c.vendor, { query: { id: foreign } }],
      [c.saveContact, { body: { contact: foreign, contactType: 2, lastName: 'Hijacked', language: 1, timezone: 12 } }],
      [c.mergeContacts, { query: { ids: `${own},${foreign}` } }],
      [c.mergeContacts, { query: { ids: `${foreign},${own}` } }],
      [c.setInactive, { query: { ids: `${own},${foreign}` } }],
      [c.contactAddresses, { query: { id: foreign } }],
      [c.contactAddressOne, { query: { id: addr } }],
      [c.contactPhones, { query: { id: foreign } }],
      [c.contactEmails, { query: { id: foreign } }],
      [c.related, { query: { id: foreign } }],
      [c.saveAddress, { body: address(foreign) }],
      [c.savePhone, { body: { contactPhone: phone, contact: foreign, phoneType: 1, phoneNo: '(212) 555-0000' } }],
      [c.saveEmail, { body: { contactEmail: -1, contact: foreign, emailType: 1, emailAddress: 'x@example.com' } }],
      [c.deletePhone, { body: { contactPhone: phone, contact: foreign } }],
      [c.deleteAddress, { body: { contactAddress: addr, contact: foreign } }],
      [c.setPrimaryPhone, { query: { id: phone, contact: foreign } }],
      [c.saveRelated, { body: { contactRelated: -1, contact: foreign, relatedContact: own, relatedContactType: 1 } }],
    ];
    for (const [call, input] of calls) {
      const theirs = await host.api(scoped, call, input);
      expect(theirs.status, call.path).toBe(404);
      // Indistinguishable from a contact that does not exist.
      const swap = JSON.parse(JSON.stringify(input).replaceAll(String(foreign), String(unknown)).replaceAll(String(addr), String(unknown)));
      const none = await host.api(scoped, call, swap);
      expect(none.status, call.path).toBe(404);
      expect(theirs.body.error.replace(String(foreign), 'N')).toBe(none.body.error.replace(String(unknown), 'N'));
    }
    // A relation towards another firm's contact: "unknown contact", the same as for an id that does not exist.
    const rel = await host.api(scoped, c.saveRelated, {
      body: { contactRelated: -1, contact: own, relatedContact: foreign, relatedContactType: 1 },
    });
    expect(rel.status).toBe(400);
    expect(rel.body.fieldErrors.relatedContact).toEqual(['Unknown contact']);
    const foreignRelation = host.db
      .prepare('SELECT contact_related FROM contact_related r JOIN contact c ON c.contact = r.contact WHERE c.firm <> 7')
      .pluck()
      .get() as number;
    expect(await ok(c.deleteRelated, { query: { id: foreignRelation } }, scoped)).toEqual({ contact: -1, id: foreignRelation });
    expect(snapshot()).toEqual(before);
    expect(host.db.prepare('SELECT count(*) FROM contact_related WHERE contact_related = ?').pluck().get(foreignRelation)).toBe(1);
    expect((await ok(c.contact, { query: { id: own } })).isInactive).toBe(false);
  });
});

describe('search calls', () => {
  it('answer items with name, phone, email and the full address, at most 20', async () => {
    const { items } = await ok(c.lookupContact, { query: { search: 'smith' } });
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(20);
    const john = must(
      items.find((r) => r.fileAs === 'Smith, John'),
      'john',
    );
    expect(john).toMatchObject({
      name: 'Smith, John',
      firstName: 'John',
      lastName: 'Smith',
      phoneNo: '(718) 555-0142',
      email: 'john.smith@example.com',
      userId: null,
    });
    expect(john.address).toMatch(/^\d+ .+, .+, NY \d{5}$/);
    expect((await ok(c.contactSearch, { query: { searchterm: 'a' } })).items).toHaveLength(20);
    const user = (await ok(c.contactSearch, { query: { searchterm: 'role12@example.com' } })).items;
    expect(user).toEqual([expect.objectContaining({ contact: 1012, userId: 12, email: 'role12@example.com' })]);
    const firm7 = (await ok(c.contactSearch, { query: { searchterm: 'a', firmid: 7 } })).items;
    const firms = host.db
      .prepare(`SELECT DISTINCT firm FROM contact WHERE contact IN (${firm7.map((r) => r.contact)})`)
      .pluck()
      .all();
    expect(firms).toEqual([7]);
    const typed = (await ok(c.contactSearch, { query: { searchterm: 'a', type: 'Employee' } })).items;
    expect(typed.length).toBeGreaterThan(0);
    // Employees are the users' own contacts.
    const userContacts = new Set(host.db.prepare('SELECT contact FROM user').pluck().all() as number[]);
    expect(typed.every((r) => userContacts.has(r.contact))).toBe(true);
    expect((await ok(c.contactSearch, { query: { searchterm: 'a', type: '1' } })).items).toEqual(typed);
  });

  it('addressSearch answers matching addresses, phoneSearch matching phones, vendorSearch vendors', async () => {
    const addresses = (await ok(c.addressSearch, { query: { searchterm: 'main st' } })).items;
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((r) => /main st/i.test(r.address ?? ''))).toBe(true);
    const addrIds = host.db
      .prepare(`SELECT count(*) FROM contact_address WHERE contact_address IN (${addresses.map((r) => r.id)})`)
      .pluck()
      .get();
    expect(addrIds).toBe(addresses.length);
    const phones = (await ok(c.phoneSearch, { query: { searchterm: '(718) 555-01' } })).items;
    expect(phones.length).toBeGreaterThan(0);
    expect(phones.every((r) => r.phoneNo?.startsWith('(718) 555-01'))).toBe(true);
    const vendors = (await ok(c.vendorSearch, { query: { searchterm: 'supply' } })).items;
    expect(vendors.length).toBeGreaterThan(0);
    const flags = host.db
      .prepare(`SELECT DISTINCT is_vendor FROM contact WHERE contact IN (${vendors.map((r) => r.contact)})`)
      .pluck()
      .all();
    expect(flags).toEqual([1]);
  });

  it('needs a non-empty search term', async () => {
    for (const [call, query] of [
      [c.lookupContact, { search: '' }],
      [c.lookupContact, {}],
      [c.contactSearch, { searchterm: '   ' }],
      [c.phoneSearch, {}],
    ] as const) {
      const res = await host.api(admin, call, { query });
      expect(res.status).toBe(400);
    }
    expect((await ok(c.contactSearch, { query: { searchterm: '!!!' } })).items).toEqual([]);
  });
});

describe('lookups', () => {
  it('answers the named groups in order, without inactive values unless asked', async () => {
    const asked: BodyOf<typeof contract.lookups.byKeys>['keys'] = [
      'PhoneType',
      'Country',
      'StateProvince',
      'ContactType',
      'Salutation',
      'AddressType',
      'EmailType',
      'RelatedContactType',
      'Language',
      'TimeZone',
    ];
    const items = await ok(contract.lookups.byKeys, { body: { keys: asked } });
    expect([...new Set(items.map((i) => i.key))]).toEqual(asked);
    expect(items.filter((i) => i.key === 'Country').map((i) => i.value)).toEqual(['United States', 'Canada', 'Mexico']);
    expect(items.find((i) => i.key === 'StateProvince' && i.value === 'Ontario')).toMatchObject({ code: 'ON', type3: 'CA' });
    expect(items.some((i) => i.isInactive)).toBe(false);
    const all = await ok(contract.lookups.byKeys, {
      body: { keys: ['PhoneType'], showInactive: true },
    });
    expect(all.find((i) => i.value === 'Pager')).toMatchObject({ isInactive: true });
    // Any signed-in user may read lookups.
    expect((await host.api(await host.token(15), contract.lookups.byKeys, { body: { keys: ['Country'] } })).status).toBe(200);
  });

  it('rejects unknown groups and foreign firms', async () => {
    const bad = await host.api(admin, contract.lookups.byKeys, { body: { keys: ['Nope'] } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.fieldErrors)).toContain('Unknown lookup group');
    expect((await host.api(admin, contract.lookups.byKeys, { body: { keys: [] } })).status).toBe(400);
    expect((await host.api(await host.token(15), contract.lookups.byKeys, { body: { keys: ['Country'], firm: 9 } })).status).toBe(404);
  });
});

describe('bad input', () => {
  it('answers 400 with the specification’s field messages', async () => {
    const id = await newContact('Validation');
    const phone = await host.api(admin, c.savePhone, {
      body: { contactPhone: -1, contact: id, phoneType: 1, phoneNo: '512-555-0000', extension: 'x1' },
    });
    expect(phone.status).toBe(400);
    expect(phone.body.fieldErrors.phoneNo).toEqual([PHONE_FORMAT_MESSAGE]);
    expect(phone.body.fieldErrors.extension).toHaveLength(1);
    const addr = await host.api(admin, c.saveAddress, { body: { ...address(id), addressType: undefined, city: ' ' } });
    expect(addr.status).toBe(400);
    expect(addr.body.fieldErrors).toMatchObject({ addressType: [MESSAGES.required], city: [MESSAGES.required] });
    const email = await host.api(admin, c.saveEmail, {
      body: { contactEmail: -1, contact: id, emailType: 1, emailAddress: 'not-an-email' },
    });
    expect(email.body.fieldErrors).toEqual({ emailAddress: [MESSAGES.email] });
    const noType = await host.api(admin, c.saveEmail, { body: { contactEmail: -1, contact: id, emailAddress: 'a@example.com' } });
    expect(noType.body.fieldErrors).toEqual({ emailType: [MESSAGES.required] });
    const person = await host.api(admin, c.saveContact, { body: { contact: -1, contactType: 2, language: 1, timezone: 12 } });
    expect(person.body.fieldErrors).toEqual({ lastName: [MESSAGES.required] });
    const company = await host.api(admin, c.saveContact, {
      body: { contact: -1, contactType: 2, isCompany: true, language: 1, timezone: 12 },
    });
    expect(company.body.fieldErrors).toEqual({ companyName: [MESSAGES.required] });
  });

  it('checks lookup values and the state against the country', async () => {
    const id = await newContact('Lookups');
    const addr = await host.api(admin, c.saveAddress, { body: address(id, '1 Main St', { addressType: 77, country: 2 }) });
    expect(addr.status).toBe(400);
    expect(addr.body.fieldErrors).toEqual({ addressType: ['Unknown address type'] });
    const state = await host.api(admin, c.saveAddress, { body: address(id, '1 Main St', { country: 2 }) });
    expect(state.body.fieldErrors).toEqual({ stateProvince: ['The state is not in the chosen country'] });
    const contactType = await host.api(admin, c.saveContact, {
      body: { contact: id, contactType: 99, lastName: 'X', language: 1, timezone: 99 },
    });
    expect(contactType.body.fieldErrors).toEqual({ contactType: ['Unknown contact type'], timezone: ['Unknown time zone'] });
    expect(await ok(c.contactAddresses, { query: { id } })).toEqual([]);
  });

  it('never answers 500 to malformed input', async () => {
    const junk: unknown[] = [null, 'x', 1.5, -1, 1e308, '', [], {}, { contact: 'abc' }, '<script>', "1'; DROP TABLE contact; --", '\u0000'];
    const calls = (Object.values(c) as unknown[]).filter(
      (v): v is CallDef => typeof v === 'object' && v !== null && 'path' in v && 'method' in v,
    );
    const posts = calls.filter((call) => call.method === 'POST');
    for (const call of posts)
      for (const value of junk) {
        const bodies = [
          value,
          {
            contact: value,
            id: value,
            contactPhone: value,
            contactAddress: value,
            contactEmail: value,
            contactRelated: value,
            phoneNo: value,
          },
        ];
        for (const body of bodies) {
          const res = await host.request(admin, 'POST', `api/${call.path}`, {
            body: body === null || typeof body !== 'object' ? { value: body } : body,
          });
          expect(res.status, `${call.path} ${JSON.stringify(body)}`).toBeLessThan(500);
        }
      }
    const gets = calls.filter((call) => call.method === 'GET');
    for (const call of gets)
      for (const value of ['', 'abc', '-1', '1.5', '99999999999999999999', '1,,2', "1' OR '1'='1", '%', '"', 'NEAR(', '*']) {
        const query = {
          id: value,
          ids: value,
          contact: value,
          search: value,
          searchterm: value,
          searchTerm: value,
          page: value,
          orderBy: value,
          filterBy: value,
          firmid: value,
        };
        const res = await host.request(admin, 'GET', `api/${call.path}`, { query });
        expect(res.status, `${call.path} ${value}`).toBeLessThan(500);
      }
    const notJson = await host.app.inject({
      method: 'POST',
      url: '/api/contact/saveContact',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(notJson.statusCode).toBe(400);
  });
});
