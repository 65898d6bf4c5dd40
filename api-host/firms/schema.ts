/** Schema of firms (locations) and their preferences (administration §3 "Firm preference"). */
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
