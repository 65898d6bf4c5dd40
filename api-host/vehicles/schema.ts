/**
 * Schema of vehicles (docs/adas.md#fields "Vehicle") and of the VIN decoder's reference table (data.ts).
 *
 * Decisions:
 * - vehicle_make / vehicle_wmi / vehicle_pattern are reference data inserted here (a database created
 *   before this migration gets them too; changing them needs a new migration);
 * - vin is '' for a vehicle without one, else upper case; vehicle_search (FTS5 trigram) finds a vehicle by
 *   any part of its VIN, make or model of three characters or more, kept in step by triggers;
 * - vin_decode keeps every decode (who, when, the outcome): the failed ones feed admin/failedVINs, the
 *   others the decode statistics; vin_decode_cache holds the last full answer per VIN (decode/neo).
 * - List indexes: one per VEHICLE_SORTS value, ties broken by id, with (firm, …) twins for callers of one
 *   location.
 */
import { sqlText } from '../core/sql';
import { PATTERNS, WMIS } from './data';

const makes = [...new Set(WMIS.map(([, make]) => make))];
const makeId = (make: string) => makes.indexOf(make) + 1;

const refreshSearch = (id: string) => `
  DELETE FROM vehicle_search WHERE rowid = ${id};
  INSERT INTO vehicle_search (rowid, vin, make, model) SELECT vehicle, vin, make, model FROM vehicle WHERE vehicle = ${id};`;

export const VEHICLES_SCHEMA = /* sql */ `
CREATE TABLE vehicle_make (
  make_id INTEGER PRIMARY KEY,
  name    TEXT NOT NULL UNIQUE COLLATE NOCASE
);
CREATE TABLE vehicle_wmi (
  wmi          TEXT PRIMARY KEY,
  make_id      INTEGER NOT NULL REFERENCES vehicle_make(make_id),
  manufacturer TEXT NOT NULL,
  country      TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE vehicle_pattern (
  pattern    INTEGER PRIMARY KEY,
  wmi        TEXT NOT NULL REFERENCES vehicle_wmi(wmi),
  vds        TEXT NOT NULL,
  year_start INTEGER NOT NULL,
  year_end   INTEGER NOT NULL,
  model      TEXT NOT NULL,
  body_style TEXT NOT NULL DEFAULT ''
);
CREATE INDEX vehicle_pattern_vds ON vehicle_pattern(wmi, vds, year_start);

CREATE TABLE vehicle (
  vehicle    INTEGER PRIMARY KEY,
  firm       INTEGER NOT NULL REFERENCES firm(firm),
  contact    INTEGER REFERENCES contact(contact),
  year       INTEGER NOT NULL,
  make       TEXT NOT NULL COLLATE NOCASE,
  make_id    INTEGER REFERENCES vehicle_make(make_id),
  model      TEXT NOT NULL COLLATE NOCASE,
  bodystyle  TEXT NOT NULL DEFAULT '',
  vin        TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX vehicle_contact ON vehicle(contact) WHERE contact IS NOT NULL;
CREATE INDEX vehicle_vin ON vehicle(vin) WHERE vin <> '';
CREATE INDEX vehicle_by_year    ON vehicle(year, vehicle);
CREATE INDEX vehicle_by_make    ON vehicle(make, model, vehicle);
CREATE INDEX vehicle_by_model   ON vehicle(model, vehicle);
CREATE INDEX vehicle_by_vin     ON vehicle(vin, vehicle);
CREATE INDEX vehicle_by_created ON vehicle(created_at, vehicle);
CREATE INDEX vehicle_firm       ON vehicle(firm, vehicle);
CREATE INDEX vehicle_firm_year  ON vehicle(firm, year, vehicle);
CREATE INDEX vehicle_firm_make  ON vehicle(firm, make, model, vehicle);
CREATE INDEX vehicle_firm_model ON vehicle(firm, model, vehicle);
CREATE INDEX vehicle_firm_vin   ON vehicle(firm, vin, vehicle);
CREATE INDEX vehicle_firm_created ON vehicle(firm, created_at, vehicle);

CREATE VIRTUAL TABLE vehicle_search USING fts5(vin, make, model, content = '', contentless_delete = 1, tokenize = 'trigram');
CREATE TRIGGER vehicle_search_ai AFTER INSERT ON vehicle BEGIN ${refreshSearch('NEW.vehicle')} END;
CREATE TRIGGER vehicle_search_au AFTER UPDATE OF vin, make, model ON vehicle BEGIN ${refreshSearch('NEW.vehicle')} END;
CREATE TRIGGER vehicle_search_ad AFTER DELETE ON vehicle BEGIN DELETE FROM vehicle_search WHERE rowid = OLD.vehicle; END;

CREATE TABLE vin_decode (
  vin_decode INTEGER PRIMARY KEY,
  vin        TEXT NOT NULL,
  call       TEXT NOT NULL,
  firm       INTEGER,
  user       INTEGER,
  is_decoded INTEGER NOT NULL,
  reason     TEXT NOT NULL DEFAULT '',
  year       INTEGER,
  make       TEXT NOT NULL DEFAULT '',
  model      TEXT NOT NULL DEFAULT '',
  decoded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX vin_decode_at ON vin_decode(decoded_at);
CREATE INDEX vin_decode_failed ON vin_decode(decoded_at) WHERE is_decoded = 0;

CREATE TABLE vin_decode_cache (
  vin        TEXT PRIMARY KEY,
  answer     TEXT NOT NULL,
  decoded_at TEXT NOT NULL
) WITHOUT ROWID;

INSERT INTO vehicle_make (make_id, name) VALUES
  ${makes.map((m) => `(${makeId(m)}, ${sqlText(m)})`).join(',\n  ')};
INSERT INTO vehicle_wmi (wmi, make_id, manufacturer, country) VALUES
  ${WMIS.map(([wmi, make, manufacturer, country]) => `(${sqlText(wmi)}, ${makeId(make)}, ${sqlText(manufacturer)}, ${sqlText(country)})`).join(',\n  ')};
INSERT INTO vehicle_pattern (wmi, vds, year_start, year_end, model, body_style) VALUES
  ${PATTERNS.map(([wmi, vds, start, end, model, body]) => `(${sqlText(wmi)}, ${sqlText(vds)}, ${start}, ${end}, ${sqlText(model)}, ${sqlText(body)})`).join(',\n  ')};
`;
