/**
 * Schema of the import/export facility (lib/contract/data.ts): saved templates, one location's each, and
 * the stored chunks of imports (the idempotency record: a chunk's result is written in the same
 * transaction as its rows, so a chunk is stored entirely or not at all, and a replay finds it).
 */
export const DATA_SCHEMA = /* sql */ `
CREATE TABLE data_template (
  template        INTEGER PRIMARY KEY,
  firm            INTEGER NOT NULL REFERENCES firm(firm),
  schema_name     TEXT NOT NULL,
  template_name   TEXT NOT NULL COLLATE NOCASE,
  delimiter       TEXT NOT NULL CHECK (delimiter IN ('Comma', 'Tab')),
  rows_to_skip    INTEGER NOT NULL DEFAULT 0,
  mapped_data     TEXT NOT NULL DEFAULT '{}',
  is_skip_checked INTEGER NOT NULL DEFAULT 0,
  is_selected_data INTEGER NOT NULL DEFAULT 1,
  UNIQUE (firm, schema_name, template_name)
);

CREATE TABLE data_import_chunk (
  import_id   TEXT NOT NULL,
  chunk       INTEGER NOT NULL,
  user        INTEGER NOT NULL,
  schema_name TEXT NOT NULL,
  added       INTEGER NOT NULL,
  updated     INTEGER NOT NULL,
  unchanged   INTEGER NOT NULL,
  refused     TEXT NOT NULL,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (import_id, chunk)
) WITHOUT ROWID;
`;

/** The make matrices each vehicle-matrix upload added (data/removeVehicleMatrix takes them away again). */
export const DATA_VEHICLE_MATRIX_SCHEMA = /* sql */ `
CREATE TABLE data_vehicle_matrix_row (
  import_id   TEXT NOT NULL,
  make_matrix INTEGER NOT NULL,
  user        INTEGER NOT NULL,
  PRIMARY KEY (import_id, make_matrix)
) WITHOUT ROWID;
`;
