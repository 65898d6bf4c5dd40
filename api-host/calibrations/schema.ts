/**
 * Schema of calibration requests (`adas/createCalibrate`), keyed by `calibrate_request` (the "opportunity"
 * of the push notice). The calibrations issue adds lines, notes, technicians and files around it.
 */
export const CALIBRATIONS_SCHEMA = /* sql */ `
CREATE TABLE calibrate_request (
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
CREATE INDEX calibrate_request_firm ON calibrate_request(firm, calibrate_request);
`;
