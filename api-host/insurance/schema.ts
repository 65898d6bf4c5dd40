/**
 * Schema of insurers and their lookups (docs/insurance.md#fields Insurance; lib/contract/insurance.ts). Decisions:
 * - an insurer's name is unique within its firm, regardless of case;
 * - the name search is a case-insensitive substring (docs/insurance.md#validation), a LIKE over the caller's insurers:
 *   a network has tens of insurers, not thousands, so paging and sorting by the name index is what counts;
 * - an agreed price is kept in cents; one price per calibration type and insurer, one row per program code.
 */
export const INSURANCE_SCHEMA = /* sql */ `
CREATE TABLE insurance (
  insurance         INTEGER PRIMARY KEY,
  insurance_name    TEXT NOT NULL COLLATE NOCASE,
  firm              INTEGER NOT NULL REFERENCES firm(firm),
  is_inactive       INTEGER NOT NULL DEFAULT 0,
  insurance_contact TEXT NOT NULL DEFAULT '',
  UNIQUE (firm, insurance_name)
);
CREATE INDEX insurance_by_name ON insurance(insurance_name, insurance);

CREATE TABLE insurance_lookup (
  insurance_lookup INTEGER PRIMARY KEY,
  insurance        INTEGER NOT NULL REFERENCES insurance(insurance) ON DELETE CASCADE,
  lookup_type      TEXT NOT NULL CHECK (lookup_type IN ('program', 'price')),
  code             TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  description      TEXT NOT NULL DEFAULT '',
  calibration_type TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  price_cents      INTEGER,
  is_inactive      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX insurance_lookup_insurance ON insurance_lookup(insurance, lookup_type, calibration_type, code);
CREATE UNIQUE INDEX insurance_lookup_one_price ON insurance_lookup(insurance, calibration_type) WHERE lookup_type = 'price';
CREATE UNIQUE INDEX insurance_lookup_one_code ON insurance_lookup(insurance, code) WHERE lookup_type = 'program';
`;
