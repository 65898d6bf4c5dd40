/**
 * Schema of the two calls that cause push messages (issue 5), appended to MIGRATIONS in db.ts:
 * - make-matrix-link imports (`admin/importMakeMatrixLinks`): one row per uploaded file, its outcome
 *   (queued → done | failed, counts, the first rejected rows' reasons) and the imported links;
 * - calibration requests (`adas/createCalibrate`), keyed by `calibrate_request` (the "opportunity" of the
 *   push notice). The ADAS issue adds lines, notes, technicians and files around it.
 */
export const PUSH_EVENTS_SCHEMA = /* sql */ `
CREATE TABLE IF NOT EXISTS make_matrix_link_import (
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

CREATE TABLE IF NOT EXISTS make_matrix_link (
  make_matrix_link INTEGER PRIMARY KEY,
  import           INTEGER REFERENCES make_matrix_link_import(import),
  make             TEXT NOT NULL COLLATE NOCASE,
  -- Empty: the link applies to every model of the make.
  model            TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  year_start       INTEGER,
  year_end         INTEGER,
  title            TEXT NOT NULL,
  url              TEXT NOT NULL,
  created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX IF NOT EXISTS make_matrix_link_make ON make_matrix_link(make, model);

CREATE TABLE IF NOT EXISTS calibrate_request (
  calibrate_request INTEGER PRIMARY KEY,
  firm              INTEGER NOT NULL REFERENCES firm(firm),
  adas_inspection   INTEGER,
  vin               TEXT,
  year              INTEGER NOT NULL,
  make              TEXT NOT NULL,
  model             TEXT NOT NULL,
  reason            TEXT NOT NULL,
  reason_source     TEXT,
  notes             TEXT NOT NULL DEFAULT '',
  status_name       TEXT NOT NULL DEFAULT 'New',
  created_by        INTEGER NOT NULL REFERENCES user(user),
  created_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX IF NOT EXISTS calibrate_request_firm ON calibrate_request(firm, calibrate_request);
`;
