/**
 * Schema of make-matrix-link imports (`admin/importMakeMatrixLinks`): one row per uploaded file with its
 * outcome (queued → done | failed, counts, the first rejected rows' reasons), and the imported links.
 */
export const MAKE_MATRIX_LINKS_SCHEMA = /* sql */ `
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
  make             TEXT NOT NULL COLLATE NOCASE,
  -- Empty: the link applies to every model of the make.
  model            TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  year_start       INTEGER,
  year_end         INTEGER,
  title            TEXT NOT NULL,
  url              TEXT NOT NULL,
  created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX make_matrix_link_make ON make_matrix_link(make, model);
`;
