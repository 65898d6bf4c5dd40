/** Schema of firms (locations) and their preferences (docs/locations.md#fields "Firm preference"). */
export const FIRMS_SCHEMA = /* sql */ `
CREATE TABLE firm (
  firm         INTEGER PRIMARY KEY,
  name         TEXT NOT NULL,
  firm_type    TEXT NOT NULL CHECK (firm_type IN ('platform','franchiser','franchisee','shop')),
  parent       INTEGER REFERENCES firm(firm),
  postal_code  TEXT NOT NULL DEFAULT '',
  is_inactive  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX firm_parent ON firm(parent);

CREATE TABLE firm_preference (
  firm   INTEGER NOT NULL REFERENCES firm(firm),
  type   TEXT NOT NULL,
  name   TEXT NOT NULL,
  value  TEXT,
  PRIMARY KEY (firm, type, name)
);
`;

/**
 * The Location add form's fields (docs/locations.md#fields), coordinates for the providers' radius search, the
 * provider directory's fields, storage, opt-in programs and provider links.
 *
 * Decisions:
 * - latitude/longitude come from the postal code (geo.ts) when a firm is saved; the radius search
 *   narrows by a bounding box on `firm_geo` before computing exact distances.
 * - `search_text` (generated, lower case) holds what the locations search matches as a substring.
 * - Sort indexes serve the list's sorts (name is the tie-breaker everywhere); lists are small per caller.
 * - Stored files live on disk under the data folder (storage.ts); `stored_file` holds their metadata.
 * - Opt-in programs are insurers' direct-repair programs, not firms: their own table.
 */
export const FIRMS_SCHEMA_2 = /* sql */ `
ALTER TABLE firm ADD COLUMN first_name     TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN last_name      TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN address_lines  TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN city           TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN state_province INTEGER;
ALTER TABLE firm ADD COLUMN country        INTEGER;
ALTER TABLE firm ADD COLUMN phone_no       TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN email          TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN timezone       INTEGER;
ALTER TABLE firm ADD COLUMN language       INTEGER;
ALTER TABLE firm ADD COLUMN ccc_id         TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN firm_number    TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN ccc_diag       INTEGER NOT NULL DEFAULT 0;
ALTER TABLE firm ADD COLUMN latitude       REAL;
ALTER TABLE firm ADD COLUMN longitude      REAL;
ALTER TABLE firm ADD COLUMN is_provider    INTEGER NOT NULL DEFAULT 0;
ALTER TABLE firm ADD COLUMN license        TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN is_mcp         INTEGER NOT NULL DEFAULT 0;
ALTER TABLE firm ADD COLUMN search_text    TEXT GENERATED ALWAYS AS (
  lower(name || ' ' || city || ' ' || postal_code || ' ' || phone_no || ' ' || firm_number || ' ' || ccc_id)
) VIRTUAL;

CREATE INDEX firm_by_name ON firm(name COLLATE NOCASE, firm);
CREATE INDEX firm_by_type ON firm(firm_type, name COLLATE NOCASE, firm);
CREATE INDEX firm_by_city ON firm(city COLLATE NOCASE, name COLLATE NOCASE, firm);
CREATE INDEX firm_geo ON firm(latitude, longitude) WHERE latitude IS NOT NULL;

CREATE TABLE storage_account (
  firm              INTEGER PRIMARY KEY REFERENCES firm(firm),
  account           TEXT NOT NULL UNIQUE,
  account_created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  bucket            TEXT UNIQUE,
  bucket_created_at TEXT
);

CREATE TABLE stored_file (
  id           INTEGER PRIMARY KEY,
  firm         INTEGER NOT NULL REFERENCES storage_account(firm),
  name         TEXT NOT NULL,
  size         INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  uploaded_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  uploaded_by  INTEGER,
  UNIQUE (firm, name)
);

CREATE TABLE insurance_program (
  program       INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  license       TEXT NOT NULL DEFAULT '',
  address_lines TEXT NOT NULL DEFAULT '',
  city          TEXT NOT NULL DEFAULT '',
  state         TEXT NOT NULL DEFAULT '',
  postal_code   TEXT NOT NULL DEFAULT '',
  phone         TEXT NOT NULL DEFAULT '',
  is_mcp        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX insurance_program_by_name ON insurance_program(name COLLATE NOCASE);

CREATE TABLE firm_program (
  firm    INTEGER NOT NULL REFERENCES firm(firm),
  program INTEGER NOT NULL REFERENCES insurance_program(program),
  PRIMARY KEY (firm, program)
);

-- The providers a firm chose (relationship 5); network relationships are derived, not stored.
CREATE TABLE firm_provider (
  firm     INTEGER NOT NULL REFERENCES firm(firm),
  provider INTEGER NOT NULL REFERENCES firm(firm),
  PRIMARY KEY (firm, provider)
);
CREATE INDEX firm_provider_by_provider ON firm_provider(provider);
`;
