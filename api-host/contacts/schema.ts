/**
 * Schema of contacts and vendors (the contacts area's migration).
 *
 * Decisions:
 * - `contact.file_as` is a generated column (company name for companies, else "Last, First"), so every
 *   writer of first/last/company name (the users screen too) keeps it right without knowing about it.
 * - `contact.phone_no` / `contact.email_address` are the contact's PRIMARY phone and email, denormalised
 *   for the list and kept in step by triggers on contact_phone / contact_email (whoever writes them).
 * - `contact_fts` (FTS5, contentless with delete support) holds the search terms of each live contact:
 *   name (first, last, company), phone (formatted, all digits, the 7 local digits), email, address.
 *   Triggers refresh a contact's row whenever it or one of its phones, emails or addresses changes.
 * - Merged contacts are kept as tombstones (`merged_into` = the survivor, inactive, no sub-records, not in
 *   the search index) so that rows of other tables that still point at them stay valid; every contact
 *   call treats a tombstone as unknown (404). The list indexes are partial on `merged_into IS NULL`.
 * - At most one primary per contact and kind is enforced by a unique partial index; the calls keep
 *   exactly one (first record becomes primary, deleting the primary promotes the oldest remaining one).
 * - Sort indexes exist for every CONTACT_SORTS value (ties broken by contact id), scanned backwards for
 *   desc; composite (firm, …) twins serve callers who reach one firm.
 * - The lookup values of the contact area (data.ts LOOKUPS) are reference data inserted here, so a
 *   database created before this migration gets them too; changing them later needs a new migration.
 */
import { lookupRowsSql } from '../lookups/service';
import { LOOKUPS } from './data';

/** The FTS row of contact `id` (an SQL expression naming a contact id): delete, then insert if live. */
function refreshFts(id: string): string {
  return `
    DELETE FROM contact_fts WHERE rowid = ${id};
    INSERT INTO contact_fts (rowid, name, phone, email, address)
      SELECT c.contact,
             c.first_name || ' ' || c.last_name || ' ' || c.company_name,
             coalesce((SELECT group_concat(p.phone_no || ' ' || p.digits || ' ' || substr(p.digits, 4), ' ') FROM contact_phone p WHERE p.contact = c.contact), ''),
             coalesce((SELECT group_concat(e.email_address, ' ') FROM contact_email e WHERE e.contact = c.contact), ''),
             coalesce((SELECT group_concat(a.address_lines || ' ' || a.city || ' ' || a.postal_code, ' ') FROM contact_address a WHERE a.contact = c.contact), '')
      FROM contact c WHERE c.contact = ${id} AND c.merged_into IS NULL;`;
}

const primaryPhone = (id: string) =>
  `UPDATE contact SET phone_no = (SELECT phone_no FROM contact_phone WHERE contact = ${id} AND is_primary = 1) WHERE contact = ${id};`;
const primaryEmail = (id: string) =>
  `UPDATE contact SET email_address = (SELECT email_address FROM contact_email WHERE contact = ${id} AND is_primary = 1) WHERE contact = ${id};`;

/** Triggers keeping the denormalised columns and the search index of one child table in step. */
function childTriggers(table: string, extra: (id: string) => string = () => ''): string {
  return `
CREATE TRIGGER ${table}_ai AFTER INSERT ON ${table} BEGIN ${extra('NEW.contact')} ${refreshFts('NEW.contact')} END;
CREATE TRIGGER ${table}_ad AFTER DELETE ON ${table} BEGIN ${extra('OLD.contact')} ${refreshFts('OLD.contact')} END;
CREATE TRIGGER ${table}_au AFTER UPDATE ON ${table} BEGIN ${extra('NEW.contact')} ${refreshFts('NEW.contact')} END;
CREATE TRIGGER ${table}_moved AFTER UPDATE OF contact ON ${table} WHEN NEW.contact <> OLD.contact BEGIN
  ${extra('OLD.contact')} ${refreshFts('OLD.contact')}
END;`;
}

const live = 'WHERE merged_into IS NULL';

export const CONTACTS_SCHEMA = /* sql */ `
CREATE TABLE contact (
  contact          INTEGER PRIMARY KEY,
  firm             INTEGER NOT NULL REFERENCES firm(firm),
  contact_type     INTEGER NOT NULL DEFAULT 1,
  is_company       INTEGER NOT NULL DEFAULT 0,
  salutation       INTEGER,
  insurance_id     INTEGER,
  insurance_number TEXT,
  first_name       TEXT NOT NULL DEFAULT '',
  last_name        TEXT NOT NULL DEFAULT '',
  company_name     TEXT NOT NULL DEFAULT '',
  notes            TEXT NOT NULL DEFAULT '',
  language         INTEGER NOT NULL DEFAULT 1,
  timezone         INTEGER NOT NULL DEFAULT 12,
  servicetype      INTEGER,
  is_firm          INTEGER NOT NULL DEFAULT 0,
  is_vendor        INTEGER NOT NULL DEFAULT 0,
  is_inactive      INTEGER NOT NULL DEFAULT 0,
  created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  file_as          TEXT COLLATE NOCASE GENERATED ALWAYS AS (
    CASE
      WHEN is_company = 1 AND company_name <> '' THEN company_name
      WHEN first_name = '' THEN last_name
      WHEN last_name = '' THEN first_name
      ELSE last_name || ', ' || first_name
    END) VIRTUAL,
  phone_no         TEXT,
  email_address    TEXT COLLATE NOCASE,
  merged_into      INTEGER REFERENCES contact(contact)
);
CREATE INDEX contact_firm ON contact(firm);

CREATE TABLE contact_address (
  contact_address INTEGER PRIMARY KEY,
  contact         INTEGER NOT NULL REFERENCES contact(contact),
  address_type    INTEGER NOT NULL,
  address_lines   TEXT NOT NULL,
  city            TEXT NOT NULL,
  state_province  INTEGER NOT NULL,
  postal_code     TEXT NOT NULL,
  country         INTEGER NOT NULL,
  address_note    TEXT NOT NULL DEFAULT '',
  is_primary      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX contact_address_contact ON contact_address(contact);
CREATE UNIQUE INDEX contact_address_primary ON contact_address(contact) WHERE is_primary = 1;

CREATE TABLE contact_phone (
  contact_phone INTEGER PRIMARY KEY,
  contact       INTEGER NOT NULL REFERENCES contact(contact),
  phone_type    INTEGER NOT NULL,
  phone_no      TEXT NOT NULL,
  extension     TEXT NOT NULL DEFAULT '',
  phone_note    TEXT NOT NULL DEFAULT '',
  is_primary    INTEGER NOT NULL DEFAULT 0,
  digits        TEXT GENERATED ALWAYS AS (replace(replace(replace(replace(phone_no, '(', ''), ')', ''), ' ', ''), '-', '')) VIRTUAL
);
CREATE INDEX contact_phone_contact ON contact_phone(contact);
CREATE UNIQUE INDEX contact_phone_primary ON contact_phone(contact) WHERE is_primary = 1;

CREATE TABLE contact_email (
  contact_email INTEGER PRIMARY KEY,
  contact       INTEGER NOT NULL REFERENCES contact(contact),
  email_type    INTEGER NOT NULL,
  email_address TEXT NOT NULL COLLATE NOCASE,
  is_primary    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX contact_email_contact ON contact_email(contact);
CREATE UNIQUE INDEX contact_email_primary ON contact_email(contact) WHERE is_primary = 1;

CREATE TABLE contact_related (
  contact_related      INTEGER PRIMARY KEY,
  contact              INTEGER NOT NULL REFERENCES contact(contact),
  related_contact      INTEGER NOT NULL REFERENCES contact(contact),
  related_contact_type INTEGER NOT NULL,
  UNIQUE (contact, related_contact, related_contact_type),
  CHECK (contact <> related_contact)
);
CREATE INDEX contact_related_related ON contact_related(related_contact);

CREATE VIRTUAL TABLE contact_fts USING fts5(name, phone, email, address, content = '', contentless_delete = 1, prefix = '2 3');

CREATE TRIGGER contact_fts_ai AFTER INSERT ON contact BEGIN ${refreshFts('NEW.contact')} END;
CREATE TRIGGER contact_fts_au AFTER UPDATE OF first_name, last_name, company_name, is_company, merged_into ON contact BEGIN ${refreshFts('NEW.contact')} END;
${childTriggers('contact_phone', primaryPhone)}
${childTriggers('contact_email', primaryEmail)}
${childTriggers('contact_address')}

-- List indexes: one per sort (CONTACT_SORTS), ties broken by id; live contacts only.
CREATE INDEX contact_firm_live ON contact(firm, merged_into, contact_type, created_at);
CREATE INDEX contact_merged ON contact(merged_into) WHERE merged_into IS NOT NULL;
CREATE INDEX contact_by_name     ON contact(file_as, contact, firm) ${live};
CREATE INDEX contact_by_type     ON contact(contact_type, file_as, contact) ${live};
CREATE INDEX contact_by_phone    ON contact(phone_no, contact) ${live};
CREATE INDEX contact_by_email    ON contact(email_address, contact) ${live};
CREATE INDEX contact_by_created  ON contact(created_at, contact) ${live};
CREATE INDEX contact_by_inactive ON contact(is_inactive, file_as, contact) ${live};
CREATE INDEX contact_firm_name     ON contact(firm, file_as, contact) ${live};
CREATE INDEX contact_firm_type     ON contact(firm, contact_type, file_as, contact) ${live};
CREATE INDEX contact_firm_phone    ON contact(firm, phone_no, contact) ${live};
CREATE INDEX contact_firm_email    ON contact(firm, email_address, contact) ${live};
CREATE INDEX contact_firm_created  ON contact(firm, created_at, contact) ${live};
CREATE INDEX contact_firm_inactive ON contact(firm, is_inactive, file_as, contact) ${live};
CREATE INDEX vendor_by_name ON contact(file_as, contact, firm) WHERE merged_into IS NULL AND is_vendor = 1;
CREATE INDEX vendor_firm    ON contact(firm, file_as, contact) WHERE merged_into IS NULL AND is_vendor = 1;

${lookupRowsSql(LOOKUPS)}
`;
