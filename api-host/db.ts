/** The reference host's SQLite database: opened in WAL mode, schema created on first start. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { CONTACTS_SCHEMA } from './contacts-schema';
import { PUSH_EVENTS_SCHEMA } from './push-events-schema';

export type Db = Database.Database;

const SCHEMA = /* sql */ `
CREATE TABLE IF NOT EXISTS firm (
  firm         INTEGER PRIMARY KEY,
  name         TEXT NOT NULL,
  firm_type    TEXT NOT NULL CHECK (firm_type IN ('platform','franchiser','franchisee','shop')),
  parent       INTEGER REFERENCES firm(firm),
  postal_code  TEXT NOT NULL DEFAULT '',
  is_inactive  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS firm_parent ON firm(parent);

CREATE TABLE IF NOT EXISTS firm_preference (
  firm   INTEGER NOT NULL REFERENCES firm(firm),
  type   TEXT NOT NULL,
  name   TEXT NOT NULL,
  value  TEXT,
  PRIMARY KEY (firm, type, name)
);

CREATE TABLE IF NOT EXISTS lookup (
  id          INTEGER NOT NULL,
  key         TEXT NOT NULL,
  value       TEXT NOT NULL,
  code        TEXT,
  sort        INTEGER NOT NULL DEFAULT 0,
  firm        INTEGER NOT NULL DEFAULT 1,
  is_inactive INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key, id)
);

CREATE TABLE IF NOT EXISTS contact (
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
  created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX IF NOT EXISTS contact_firm ON contact(firm);

CREATE TABLE IF NOT EXISTS user (
  user             INTEGER PRIMARY KEY,
  contact          INTEGER NOT NULL REFERENCES contact(contact),
  firm             INTEGER NOT NULL REFERENCES firm(firm),
  username         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash    TEXT NOT NULL,
  role             INTEGER,
  labor_rate       REAL,
  is_inactive      INTEGER NOT NULL DEFAULT 0,
  receives_report  INTEGER NOT NULL DEFAULT 0,
  receives_invoice INTEGER NOT NULL DEFAULT 0
);

-- The locations a user may access (administration §2, Locations tab).
CREATE TABLE IF NOT EXISTS user_firm (
  user       INTEGER NOT NULL REFERENCES user(user),
  firm       INTEGER NOT NULL REFERENCES firm(firm),
  is_primary INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user, firm)
);

CREATE TABLE IF NOT EXISTS temp_token (
  token_hash TEXT PRIMARY KEY,
  user       INTEGER NOT NULL REFERENCES user(user),
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);

CREATE TABLE IF NOT EXISTS password_reset (
  id           INTEGER PRIMARY KEY,
  user         INTEGER REFERENCES user(user),
  username     TEXT NOT NULL,
  requested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);

CREATE TABLE IF NOT EXISTS log_entry (
  id         INTEGER PRIMARY KEY,
  user       INTEGER,
  name       TEXT NOT NULL,
  value      TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);

CREATE TABLE IF NOT EXISTS usage (
  id         INTEGER PRIMARY KEY,
  user       INTEGER,
  area       TEXT NOT NULL,
  action     TEXT NOT NULL,
  detail     TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
`;

/** Later issues add tables by appending statements to this list; each runs once, in order. */
export const MIGRATIONS: string[] = [SCHEMA, CONTACTS_SCHEMA, PUSH_EVENTS_SCHEMA];

export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let i = version; i < MIGRATIONS.length; i++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[i]);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
  return db;
}
