/**
 * Schema of the vehicle-data stand-in: the access tokens it issued (only their SHA-256 is kept, with the
 * client, scope and expiry in epoch ms) and its catalogue of driver-assistance components per make.
 */
import { sqlText } from '../core/sql';
import { COMPONENTS } from './data';

export const VEHICLE_DATA_SCHEMA = /* sql */ `
CREATE TABLE vehicle_data_token (
  token_hash TEXT PRIMARY KEY,
  client_id  TEXT NOT NULL,
  scope      TEXT NOT NULL,
  issued_at  INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX vehicle_data_token_expiry ON vehicle_data_token(expires_at);

CREATE TABLE vehicle_data_component (
  component      INTEGER PRIMARY KEY,
  make           TEXT NOT NULL COLLATE NOCASE,
  year_start     INTEGER NOT NULL,
  name           TEXT NOT NULL,
  location       TEXT NOT NULL,
  calibration    TEXT NOT NULL,
  -- Body styles that have it ('' = all).
  body_styles    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX vehicle_data_component_make ON vehicle_data_component(make, year_start);

INSERT INTO vehicle_data_component (make, year_start, name, location, calibration, body_styles) VALUES
  ${COMPONENTS.map(([make, year, name, location, calibration, bodies]) => `(${sqlText(make)}, ${year}, ${sqlText(name)}, ${sqlText(location)}, ${sqlText(calibration)}, ${sqlText(bodies ?? '')})`).join(',\n  ')};
`;
