/**
 * Schema of the ADAS configuration (the knowledge base; lib/contract/admin.ts and its siblings say what
 * each record means). Reference data — the system types and location types — is written here; the demo
 * knowledge base is in seed.ts.
 *
 * - adas_make_matrix (the specification's "adasChecklistMatrixVehicle") is the big table (50,000 rows in
 *   the benchmark). Its rows are read in the order of their make (`sort` numbers a make's rows 1…n), by
 *   system, by years, and by vehicle ("which systems apply to this make, model and year": rules.ts).
 *   models_text and models_key are its models as display text and as a normalised key; has_models = 0
 *   means every model of the make. A make matrix cannot repeat the make, system, years and models of
 *   another (a unique index).
 * - adas_keyword indexes every keyword list of the knowledge base (kind, owner, keyword, make) for
 *   lookup/keywords; the records keep their comma text too. Written by keywords.ts with the record.
 * - adas_make_matrix_fts (FTS5, contentless with delete support) holds the search terms of each make
 *   matrix, kept by triggers.
 * - make_matrix_link holds every OEM procedure link: added on the Links screen, or imported by
 *   admin/importMakeMatrixLinks (make_matrix_link_import records each import's outcome).
 * - Money is whole cents.
 */
import { sqlText } from '../core/sql';

/** [id, name] of the system types (sensor families priced apart) and of the location types. */
export const SYSTEM_TYPES: readonly (readonly [number, string])[] = [
  [1, 'Forward camera'],
  [2, 'Front radar'],
  [3, 'Corner radar'],
  [4, 'Ultrasonic sensors'],
  [5, 'Surround-view cameras'],
  [6, 'Rear camera'],
  [7, 'Side camera'],
  [8, 'Steering angle sensor'],
  [9, 'Headlamps'],
  [10, 'Head-up display'],
  [11, 'Driver monitoring camera'],
  [12, 'Night vision camera'],
  [13, 'Lidar'],
];
export const LOCATION_TYPES: readonly (readonly [number, string])[] = [
  [1, 'Windshield'],
  [2, 'Front bumper'],
  [3, 'Grille / emblem'],
  [4, 'Rear bumper'],
  [5, 'Side mirror'],
  [6, 'Liftgate / trunk lid'],
  [7, 'Quarter panel'],
  [8, 'Fender'],
  [9, 'B-pillar'],
  [10, 'Headlamp'],
  [11, 'Steering column'],
  [12, 'Instrument panel'],
  [13, 'Suspension / alignment'],
  [14, 'Roof'],
];

const rows = (table: string, list: readonly (readonly [number, string])[]) =>
  `INSERT INTO ${table} VALUES ${list.map(([id, name], i) => `(${id}, ${sqlText(name)}, ${i + 1})`).join(', ')};`;

/** The FTS row of make matrix `id`: delete, then insert the current terms. */
const refreshFts = (id: string) => /* sql */ `
  DELETE FROM adas_make_matrix_fts WHERE rowid = ${id};
  INSERT INTO adas_make_matrix_fts (rowid, make, models, names, keywords)
    SELECT m.make_matrix, m.vehicle_make, m.models_text, m.system || ' ' || m.location || ' ' || m.source,
           m.ccc_line_keywords || ' ' || m.ccc_location_keywords || ' ' || m.ccc_sublet_keywords
    FROM adas_make_matrix m WHERE m.make_matrix = ${id};`;

export const CONFIGURATION_SCHEMA = /* sql */ `
CREATE TABLE adas_system_type (system_type INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, sort INTEGER NOT NULL);
CREATE TABLE adas_location_type (location_type INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, sort INTEGER NOT NULL);
${rows('adas_system_type', SYSTEM_TYPES)}
${rows('adas_location_type', LOCATION_TYPES)}

CREATE TABLE adas_calibration_type (
  calibration_type INTEGER PRIMARY KEY,
  system_type      INTEGER NOT NULL REFERENCES adas_system_type(system_type),
  name             TEXT NOT NULL COLLATE NOCASE,
  mode             TEXT NOT NULL CHECK (mode IN ('static','dynamic','static-dynamic','initialization')),
  -- Network-default price; NULL = not priced.
  price_cents      INTEGER CHECK (price_cents >= 0),
  UNIQUE (system_type, name)
);
CREATE INDEX adas_calibration_type_by_name ON adas_calibration_type(name);

CREATE TABLE adas_calibration_price (
  firm             INTEGER NOT NULL REFERENCES firm(firm),
  calibration_type INTEGER NOT NULL REFERENCES adas_calibration_type(calibration_type) ON DELETE CASCADE,
  price_cents      INTEGER NOT NULL CHECK (price_cents >= 0),
  PRIMARY KEY (firm, calibration_type)
) WITHOUT ROWID;
CREATE INDEX adas_calibration_price_by_type ON adas_calibration_price(calibration_type);

CREATE TABLE adas_checklist_matrix (
  adas_checklist_matrix INTEGER PRIMARY KEY,
  matrix_item  TEXT NOT NULL UNIQUE COLLATE NOCASE,
  notice       TEXT NOT NULL DEFAULT '',
  hints        TEXT NOT NULL DEFAULT '',
  keywords     TEXT NOT NULL DEFAULT '',
  is_highlight INTEGER NOT NULL DEFAULT 0,
  is_inactive  INTEGER NOT NULL DEFAULT 0,
  sort         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX adas_checklist_matrix_by_sort ON adas_checklist_matrix(sort, matrix_item);

CREATE TABLE adas_checklist_matrix_item (
  adas_checklist_matrix_item INTEGER PRIMARY KEY,
  adas_checklist_matrix      INTEGER NOT NULL REFERENCES adas_checklist_matrix(adas_checklist_matrix) ON DELETE CASCADE,
  item                       TEXT NOT NULL
);
CREATE INDEX adas_checklist_matrix_item_by_matrix ON adas_checklist_matrix_item(adas_checklist_matrix);

CREATE TABLE adas_make_matrix (
  make_matrix           INTEGER PRIMARY KEY,
  adas_checklist_matrix INTEGER NOT NULL REFERENCES adas_checklist_matrix(adas_checklist_matrix),
  vehicle_make          TEXT NOT NULL COLLATE NOCASE,
  year_start            INTEGER NOT NULL,
  year_end              INTEGER NOT NULL CHECK (year_end >= year_start),
  has_models            INTEGER NOT NULL DEFAULT 0,
  models_text           TEXT NOT NULL DEFAULT '',
  models_key            TEXT NOT NULL DEFAULT '',
  system                TEXT NOT NULL DEFAULT '',
  location              TEXT NOT NULL DEFAULT '',
  is_rr                 INTEGER NOT NULL DEFAULT 0,
  is_ri                 INTEGER NOT NULL DEFAULT 0,
  system_type           INTEGER REFERENCES adas_system_type(system_type),
  location_type         INTEGER REFERENCES adas_location_type(location_type),
  calibration_type      INTEGER REFERENCES adas_calibration_type(calibration_type),
  url                   TEXT NOT NULL DEFAULT '',
  source                TEXT NOT NULL DEFAULT '',
  trigger_notice        INTEGER NOT NULL DEFAULT 0,
  trigger_notice_text   TEXT NOT NULL DEFAULT '',
  ccc_location_keywords TEXT NOT NULL DEFAULT '',
  ccc_line_keywords     TEXT NOT NULL DEFAULT '',
  ccc_sublet_keywords   TEXT NOT NULL DEFAULT '',
  is_inactive           INTEGER NOT NULL DEFAULT 0,
  sort                  INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX adas_make_matrix_unique ON adas_make_matrix(vehicle_make, adas_checklist_matrix, year_start, year_end, models_key);
CREATE INDEX adas_make_matrix_by_make ON adas_make_matrix(vehicle_make, sort, make_matrix);
CREATE INDEX adas_make_matrix_by_system ON adas_make_matrix(adas_checklist_matrix, vehicle_make, sort, make_matrix);
CREATE INDEX adas_make_matrix_by_years ON adas_make_matrix(year_start, year_end, make_matrix);
CREATE INDEX adas_make_matrix_every_model ON adas_make_matrix(vehicle_make, has_models, year_start);
CREATE INDEX adas_make_matrix_by_calibration ON adas_make_matrix(calibration_type);

CREATE TABLE adas_make_matrix_model (
  adas_make_matrix_model INTEGER PRIMARY KEY,
  make_matrix            INTEGER NOT NULL REFERENCES adas_make_matrix(make_matrix) ON DELETE CASCADE,
  vehicle_make           TEXT NOT NULL COLLATE NOCASE,
  vehicle_model          TEXT NOT NULL COLLATE NOCASE,
  UNIQUE (make_matrix, vehicle_model)
);
CREATE INDEX adas_make_matrix_model_by_vehicle ON adas_make_matrix_model(vehicle_make, vehicle_model, make_matrix);

-- The OEM's other names of a make matrix's system and locations, and its calibration procedures.
CREATE TABLE adas_make_matrix_name (
  make_matrix INTEGER NOT NULL REFERENCES adas_make_matrix(make_matrix) ON DELETE CASCADE,
  kind        TEXT NOT NULL CHECK (kind IN ('system','location','static','dynamic')),
  position    INTEGER NOT NULL,
  name        TEXT NOT NULL,
  PRIMARY KEY (make_matrix, kind, position)
) WITHOUT ROWID;

CREATE TABLE adas_keyword (
  kind         TEXT NOT NULL CHECK (kind IN ('line','location','sublet','checklist','info','exception')),
  owner        INTEGER NOT NULL,
  keyword      TEXT NOT NULL COLLATE NOCASE,
  vehicle_make TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  PRIMARY KEY (kind, owner, keyword)
) WITHOUT ROWID;
CREATE INDEX adas_keyword_by_make ON adas_keyword(vehicle_make, kind, keyword);
CREATE INDEX adas_keyword_by_kind ON adas_keyword(kind, keyword);

CREATE VIRTUAL TABLE adas_make_matrix_fts USING fts5(make, models, names, keywords, content = '', contentless_delete = 1, prefix = '2 3');
CREATE TRIGGER adas_make_matrix_fts_ai AFTER INSERT ON adas_make_matrix BEGIN ${refreshFts('NEW.make_matrix')} END;
CREATE TRIGGER adas_make_matrix_fts_au AFTER UPDATE OF vehicle_make, models_text, system, location, source, ccc_line_keywords, ccc_location_keywords, ccc_sublet_keywords
  ON adas_make_matrix BEGIN ${refreshFts('NEW.make_matrix')} END;
CREATE TRIGGER adas_make_matrix_fts_ad AFTER DELETE ON adas_make_matrix BEGIN DELETE FROM adas_make_matrix_fts WHERE rowid = OLD.make_matrix; END;

CREATE TABLE adas_make_exclusion (
  adas_make_exclusion   INTEGER PRIMARY KEY,
  vehicle_make          TEXT NOT NULL COLLATE NOCASE,
  -- NULL: every system of the make.
  adas_checklist_matrix INTEGER REFERENCES adas_checklist_matrix(adas_checklist_matrix),
  keywords              TEXT NOT NULL,
  reason                TEXT NOT NULL DEFAULT '',
  is_inactive           INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX adas_make_exclusion_by_make ON adas_make_exclusion(vehicle_make, adas_checklist_matrix);
CREATE INDEX adas_make_exclusion_by_system ON adas_make_exclusion(adas_checklist_matrix, vehicle_make);

CREATE TABLE adas_exclusion (
  adas_exclusion        INTEGER PRIMARY KEY,
  keyword               TEXT NOT NULL COLLATE NOCASE,
  adas_checklist_matrix INTEGER REFERENCES adas_checklist_matrix(adas_checklist_matrix),
  reason                TEXT NOT NULL DEFAULT '',
  is_inactive           INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX adas_exclusion_unique ON adas_exclusion(keyword, ifnull(adas_checklist_matrix, 0));

CREATE TABLE adas_info_lookup (
  adas_info_lookup      INTEGER PRIMARY KEY,
  adas_checklist_matrix INTEGER REFERENCES adas_checklist_matrix(adas_checklist_matrix),
  vehicle_make          TEXT NOT NULL COLLATE NOCASE,
  year_start            INTEGER NOT NULL,
  year_end              INTEGER NOT NULL CHECK (year_end >= year_start),
  keywords              TEXT NOT NULL DEFAULT '',
  lookup_type           TEXT NOT NULL,
  url                   TEXT NOT NULL DEFAULT '',
  is_inactive           INTEGER NOT NULL DEFAULT 0,
  sort                  INTEGER NOT NULL DEFAULT 0,
  source                TEXT NOT NULL DEFAULT '',
  is_report_add         INTEGER NOT NULL DEFAULT 0,
  description           TEXT NOT NULL
);
CREATE INDEX adas_info_lookup_by_make ON adas_info_lookup(vehicle_make, year_start);
CREATE INDEX adas_info_lookup_by_type ON adas_info_lookup(lookup_type, vehicle_make);

CREATE TABLE adas_no_scrub (
  adas_no_scrub INTEGER PRIMARY KEY,
  vehicle_make  TEXT NOT NULL COLLATE NOCASE,
  -- '' = every model of the make.
  vehicle_model TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  year_start    INTEGER NOT NULL,
  year_end      INTEGER NOT NULL CHECK (year_end >= year_start),
  reason        TEXT NOT NULL,
  is_inactive   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX adas_no_scrub_by_vehicle ON adas_no_scrub(vehicle_make, vehicle_model, year_start);

CREATE TABLE make_matrix_link_import (
  import      INTEGER PRIMARY KEY,
  file_name   TEXT NOT NULL,
  user        INTEGER NOT NULL REFERENCES user(user),
  status      TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','done','failed')),
  imported    INTEGER NOT NULL DEFAULT 0,
  rejected    INTEGER NOT NULL DEFAULT 0,
  -- JSON list of {line, reason} for the first rejected rows.
  errors      TEXT NOT NULL DEFAULT '[]',
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  finished_at TEXT
);

CREATE TABLE make_matrix_link (
  make_matrix_link INTEGER PRIMARY KEY,
  import           INTEGER REFERENCES make_matrix_link_import(import),
  type             TEXT NOT NULL DEFAULT 'adas' CHECK (type IN ('adas','general')),
  make             TEXT NOT NULL COLLATE NOCASE,
  -- Empty: the link applies to every model of the make.
  model            TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  year_start       INTEGER,
  year_end         INTEGER,
  title            TEXT NOT NULL COLLATE NOCASE,
  url              TEXT NOT NULL,
  is_new           INTEGER NOT NULL DEFAULT 1,
  created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX make_matrix_link_make ON make_matrix_link(type, make, model, make_matrix_link);
CREATE INDEX make_matrix_link_new ON make_matrix_link(type, is_new, make);
CREATE INDEX make_matrix_link_title ON make_matrix_link(type, title);
CREATE INDEX make_matrix_link_created ON make_matrix_link(type, created_at);

CREATE TABLE testdrive_recommendation (
  testdrive_recommendation INTEGER PRIMARY KEY,
  firm                     INTEGER NOT NULL REFERENCES firm(firm),
  recommendation           TEXT NOT NULL COLLATE NOCASE,
  drive_type               INTEGER NOT NULL,
  vehicle_make             TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  recommendation_text      TEXT NOT NULL
);
CREATE INDEX testdrive_recommendation_by_firm ON testdrive_recommendation(firm, recommendation);

CREATE TABLE testdrive_result_type (
  testdrive_result_type INTEGER PRIMARY KEY,
  firm                  INTEGER NOT NULL DEFAULT 1 REFERENCES firm(firm),
  is_inactive           INTEGER NOT NULL DEFAULT 0,
  sort                  INTEGER NOT NULL DEFAULT 0,
  year                  INTEGER,
  vehicle_make          TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  drive_type            INTEGER NOT NULL,
  name                  TEXT NOT NULL COLLATE NOCASE,
  code                  TEXT NOT NULL COLLATE NOCASE
);
CREATE INDEX testdrive_result_type_by_firm ON testdrive_result_type(firm, sort);

CREATE TABLE translation (
  translation      INTEGER PRIMARY KEY,
  translation_type TEXT NOT NULL,
  language_code    TEXT NOT NULL,
  source           TEXT NOT NULL COLLATE NOCASE,
  text             TEXT NOT NULL,
  UNIQUE (translation_type, language_code, source)
);

CREATE TABLE report_recommendation (
  report_recommendation INTEGER PRIMARY KEY,
  title                 TEXT NOT NULL COLLATE NOCASE,
  year_start            INTEGER NOT NULL,
  year_end              INTEGER NOT NULL CHECK (year_end >= year_start),
  -- JSON lists: system ids, make names ([] = every one).
  systems               TEXT NOT NULL DEFAULT '[]',
  makes                 TEXT NOT NULL DEFAULT '[]',
  content               TEXT NOT NULL
);
CREATE INDEX report_recommendation_by_title ON report_recommendation(title);
CREATE INDEX report_recommendation_by_years ON report_recommendation(year_start, year_end);

CREATE TABLE scanpro_configuration (
  business_id INTEGER PRIMARY KEY REFERENCES firm(firm),
  criteria    TEXT NOT NULL,
  checklist   TEXT NOT NULL DEFAULT '[]',
  updated_by  INTEGER NOT NULL REFERENCES user(user),
  updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
`;

/**
 * A firm's own estimate terms (Configuration → Estimate terms; lib/contract/estimateterms.ts): words its
 * estimates use that the scrub's vocabulary (lib/calibrations/vocabulary.ts) does not know — an abbreviation
 * or other name (kind 'term': written → meaning) or an operation code (kind 'operation': written → one of
 * the scrub's operations). A firm's terms apply to its jobs and to those of the firms below it; the nearest
 * firm's wins. `written` is kept as typed and compared ignoring case.
 */
export const ESTIMATE_TERMS_SCHEMA = /* sql */ `
CREATE TABLE estimate_term (
  estimate_term INTEGER PRIMARY KEY,
  firm          INTEGER NOT NULL REFERENCES firm(firm),
  written       TEXT NOT NULL COLLATE NOCASE,
  meaning       TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('term','operation')),
  is_inactive   INTEGER NOT NULL DEFAULT 0,
  updated_by    INTEGER REFERENCES user(user),
  updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  UNIQUE (firm, written)
);
CREATE INDEX estimate_term_by_firm ON estimate_term(firm, kind, written);
`;

/**
 * The report prints recommendations as advice, never as work done (docs/report.md#recommendations). The demo
 * texts that read as statements ("… was measured and is within the OEM limit") are reworded where they are
 * still the demo's own words; texts a firm wrote are left as they are.
 */
export const RECOMMENDATIONS_AS_ADVICE = /* sql */ `
UPDATE report_recommendation SET content = 'After a windshield replacement, calibrate the forward camera to the OEM procedure.'
  WHERE content = 'The windshield was replaced: the forward camera was calibrated to the OEM procedure.';
UPDATE report_recommendation SET content = 'Use only Subaru-approved windshield glass: EyeSight requires it.'
  WHERE content = 'Only Subaru-approved windshield glass was used, as EyeSight requires.';
UPDATE report_recommendation SET content = 'Measure the paint film thickness over the radar sensors after refinishing: it must be within the OEM limit.'
  WHERE content = 'Paint film thickness over the radar sensors was measured and is within the OEM limit.';
`;

/**
 * An OEM link's "Added" is the day someone added it (docs/configuration.md#screens): a link an import or a user created
 * records it; the demo knowledge base's links were added by nobody, so they have none (the seed writes
 * NULL) and the screen shows nothing rather than the day the database was seeded. created_at becomes
 * nullable (SQLite rebuilds the table for that); a database seeded earlier keeps the dates it has.
 */
export const LINK_ADDED_AS_RECORDED = /* sql */ `
CREATE TABLE make_matrix_link_next (
  make_matrix_link INTEGER PRIMARY KEY,
  import           INTEGER REFERENCES make_matrix_link_import(import),
  type             TEXT NOT NULL DEFAULT 'adas' CHECK (type IN ('adas','general')),
  make             TEXT NOT NULL COLLATE NOCASE,
  model            TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  year_start       INTEGER,
  year_end         INTEGER,
  title            TEXT NOT NULL COLLATE NOCASE,
  url              TEXT NOT NULL,
  is_new           INTEGER NOT NULL DEFAULT 1,
  created_at       TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
INSERT INTO make_matrix_link_next SELECT make_matrix_link, import, type, make, model, year_start, year_end, title, url, is_new, created_at FROM make_matrix_link;
DROP TABLE make_matrix_link;
ALTER TABLE make_matrix_link_next RENAME TO make_matrix_link;
CREATE INDEX make_matrix_link_make ON make_matrix_link(type, make, model, make_matrix_link);
CREATE INDEX make_matrix_link_new ON make_matrix_link(type, is_new, make);
CREATE INDEX make_matrix_link_title ON make_matrix_link(type, title);
CREATE INDEX make_matrix_link_created ON make_matrix_link(type, created_at);
`;
