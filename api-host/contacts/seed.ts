/**
 * Seed step of the contact area: about 300 demo contacts across the firms (people, companies, about 30
 * vendors, related contacts and a few near-duplicates to merge), deterministic (seeded PRNG) except that
 * created_at is relative to the seeding time. `bulkInsertContacts` is what the benchmark seed
 * (scripts/seed-bench.ts) uses for 100,000 contacts.
 */
import { oneRow } from '../core/sql';
import type { Db } from '../core/db';
import { CONTACT_TYPE, contactGenerator, type GenContact } from './data';
import { isoSeconds as iso } from '../core/time';

/**
 * Inserts contacts with their phones, emails and addresses (the first of each kind primary) and answers
 * their ids. Call inside a transaction for volume. `now` anchors created_at (ageDays before it).
 */
export function contactInserter(db: Db, now = Date.now()) {
  const contact = db.prepare(
    `INSERT INTO contact (firm, contact_type, is_company, company_name, salutation, first_name, last_name, notes, language, timezone, is_vendor, is_inactive, created_at)
     VALUES (@firm, @contactType, @isCompany, @companyName, @salutation, @firstName, @lastName, @notes, @language, @timezone, @isVendor, @isInactive, @createdAt)`,
  );
  const phone = db.prepare('INSERT INTO contact_phone (contact, phone_type, phone_no, extension, is_primary) VALUES (?, ?, ?, ?, ?)');
  const email = db.prepare('INSERT INTO contact_email (contact, email_type, email_address, is_primary) VALUES (?, ?, ?, ?)');
  const address = db.prepare(
    'INSERT INTO contact_address (contact, address_type, address_lines, city, state_province, postal_code, country, is_primary) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  let n = 0;
  return (c: GenContact): number => {
    n++;
    const id = Number(
      contact.run({
        ...c,
        isCompany: c.isCompany ? 1 : 0,
        isVendor: c.isVendor ? 1 : 0,
        isInactive: c.isInactive ? 1 : 0,
        // Spread within the day too, so "created" sorts are not ties.
        createdAt: iso(now - c.ageDays * 86_400_000 - (n % 1440) * 60_000),
      }).lastInsertRowid,
    );
    c.phones.forEach((p, i) => phone.run(id, p.phoneType, p.phoneNo, p.extension, i === 0 ? 1 : 0));
    c.emails.forEach((e, i) => email.run(id, e.emailType, e.emailAddress, i === 0 ? 1 : 0));
    c.addresses.forEach((a, i) =>
      address.run(id, a.addressType, a.addressLines, a.city, a.stateProvince, a.postalCode, a.country, i === 0 ? 1 : 0),
    );
    return id;
  };
}

/**
 * Inserts many contacts fast (the benchmark seed): in one transaction the contact-area triggers are set
 * aside, the rows written, then the primary phone/email columns and the search index rebuilt in bulk for
 * the new rows and the triggers restored. Same result as `contactInserter`, a fraction of the time.
 */
export function bulkInsertContacts(db: Db, contacts: Iterable<GenContact>, now = Date.now()): number {
  let n = 0;
  db.transaction(() => {
    const triggers = db
      .prepare<unknown[], { name: string; sql: string }>(
        `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL AND tbl_name IN ('contact', 'contact_phone', 'contact_email', 'contact_address')`,
      )
      .all();
    for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
    const first = oneRow(db.prepare<unknown[], number>('SELECT coalesce(max(contact), 0) + 1 FROM contact').pluck().get());
    const insert = contactInserter(db, now);
    for (const c of contacts) {
      insert(c);
      n++;
    }
    db.prepare(
      `UPDATE contact SET
         phone_no = (SELECT p.phone_no FROM contact_phone p WHERE p.contact = contact.contact AND p.is_primary = 1),
         email_address = (SELECT e.email_address FROM contact_email e WHERE e.contact = contact.contact AND e.is_primary = 1)
       WHERE contact >= ?`,
    ).run(first);
    db.prepare(
      `INSERT INTO contact_fts (rowid, name, phone, email, address)
       SELECT c.contact, c.first_name || ' ' || c.last_name || ' ' || c.company_name,
              coalesce((SELECT group_concat(p.phone_no || ' ' || p.digits || ' ' || substr(p.digits, 4), ' ') FROM contact_phone p WHERE p.contact = c.contact), ''),
              coalesce((SELECT group_concat(e.email_address, ' ') FROM contact_email e WHERE e.contact = c.contact), ''),
              coalesce((SELECT group_concat(a.address_lines || ' ' || a.city || ' ' || a.postal_code, ' ') FROM contact_address a WHERE a.contact = c.contact), '')
       FROM contact c WHERE c.contact >= ? AND c.merged_into IS NULL`,
    ).run(first);
    for (const t of triggers) db.exec(t.sql);
  })();
  db.exec(`INSERT INTO contact_fts (contact_fts) VALUES ('optimize')`);
  return n;
}

/** Firms weighted towards the shops, where most contacts live. */
const DEMO_FIRMS = [1, 2, 3, 4, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9, 9, 10, 10, 11, 11, 12, 12, 12, 13, 13];

/** Near-duplicates the merge dialog is meant for: each pair shares a phone or an email. */
function duplicates(make: ReturnType<typeof contactGenerator>): GenContact[][] {
  const person = (
    firm: number,
    firstName: string,
    lastName: string,
    phoneNo: string,
    emailAddress: string | null,
    ageDays: number,
  ): GenContact => ({
    ...make.contact('person'),
    firm,
    contactType: CONTACT_TYPE.customer,
    firstName,
    lastName,
    salutation: null,
    isInactive: false,
    ageDays,
    phones: [{ phoneType: 1, phoneNo, extension: '' }],
    emails: emailAddress ? [{ emailType: 2, emailAddress }] : [],
    addresses: [make.address(firm, 2)],
  });
  const company = (firm: number, companyName: string, phoneNo: string, emailAddress: string, ageDays: number): GenContact => ({
    ...make.contact('company'),
    firm,
    contactType: CONTACT_TYPE.fleetManager,
    companyName,
    isInactive: false,
    ageDays,
    phones: [{ phoneType: 2, phoneNo, extension: '' }],
    emails: [{ emailType: 1, emailAddress }],
    addresses: [make.address(firm, 1)],
  });
  return [
    [person(7, 'John', 'Smith', '(718) 555-0142', 'john.smith@example.com', 40), person(7, 'Jon', 'Smith', '(718) 555-0142', null, 3)],
    [
      person(9, 'Robert', 'Johnson', '(510) 555-0199', 'rjohnson@example.net', 200),
      person(9, 'Bob', 'Johnson', '(510) 555-0199', 'bob.johnson@example.net', 2),
    ],
    [
      person(12, 'María', 'García', '(512) 555-0107', 'maria.garcia@example.org', 90),
      person(12, 'Maria', 'Garcia', '(512) 555-0170', 'maria.garcia@example.org', 5),
    ],
    [
      company(6, 'Acme Fleet Services', '(718) 555-0100', 'fleet@acme.example.com', 300),
      company(6, 'ACME Fleet Services Inc.', '(718) 555-0100', 'billing@acme.example.com', 1),
    ],
  ];
}

export function seedContacts(db: Db): void {
  const make = contactGenerator(20260404, DEMO_FIRMS);
  const insert = contactInserter(db);
  const relate = db.prepare('INSERT OR IGNORE INTO contact_related (contact, related_contact, related_contact_type) VALUES (?, ?, ?)');

  db.transaction(() => {
    // The users' own contacts are employees, reachable at their username.
    db.prepare('UPDATE contact SET contact_type = ? WHERE contact IN (SELECT contact FROM user)').run(CONTACT_TYPE.employee);
    const users = db
      .prepare<
        unknown[],
        {
          contact: number;
          firm: number;
          username: string;
        }
      >('SELECT u.contact, u.firm, u.username FROM user u ORDER BY u.user')
      .all();
    const email = db.prepare('INSERT INTO contact_email (contact, email_type, email_address, is_primary) VALUES (?, 1, ?, 1)');
    const phone = db.prepare('INSERT INTO contact_phone (contact, phone_type, phone_no, extension, is_primary) VALUES (?, 2, ?, ?, 1)');
    for (const u of users) {
      email.run(u.contact, u.username);
      const p = make.phone(u.firm, 2);
      phone.run(u.contact, p.phoneNo, p.extension);
    }

    const people: number[] = [];
    const companies: number[] = [];
    for (let i = 0; i < 225; i++) people.push(insert(make.contact('person')));
    for (let i = 0; i < 40; i++) companies.push(insert(make.contact('company')));
    for (let i = 0; i < 30; i++) insert(make.contact('vendor'));
    for (const pair of duplicates(make)) for (const c of pair) insert(c);

    // A few relations: spouses, employers, referrals.
    for (let i = 0; i < 24; i += 2) relate.run(people[i], people[i + 1], 1);
    for (let i = 0; i < 12; i++) {
      relate.run(people[30 + i], companies[i], 2);
      relate.run(companies[i], people[30 + i], 3);
    }
    for (let i = 0; i < 6; i++) relate.run(people[60 + i], people[100 + i], 6);
  })();
  db.exec('ANALYZE');
}
