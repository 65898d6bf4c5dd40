/**
 * Schema of calibrations. The tables, for every area that reads them (the dashboard's "sales" among them):
 *
 * - calibrate_request: a calibration request (the push notice's "opportunity"), one per inspection at
 *   most: firm, adas (the job), adas_inspection, the vehicle (year, make, model, vin), status_name,
 *   reason, reason_source, total_cents (the sum of its priced lines), created_by/created_at and
 *   status_changed_by/status_changed_at. `notes` is the text given at creation (also its first note).
 * - calibrate_request_line: what the request asks for, one row per calibration: adas_checklist_matrix and
 *   system, calibration_type (its name) and calibration_mode, price_cents (the firm's price, what is sold)
 *   and agreed_cents (the insurer's agreed price when it has one), repair_lines (JSON list of the estimate
 *   line numbers that triggered it). Sales: api-host/dashboard/billable.ts (a line prices a Calibrated
 *   system once its request was approved: approved_at).
 * - calibrate_request_technician, calibrate_request_file: who does the work, what is attached.
 * - calibrate_request_note: the conversation, oldest first by id; calibrate_request_read: per request and
 *   user, the last note that user has read (unread = notes of others after it).
 * - adas_scrub: the last scrub of each inspection (bms/scrub), its answer as JSON under a unique_id
 *   (admin/getBMS), with the estimate it came from (source lines|bms|csv|paste, file_name), who scrubbed and
 *   when; a new scrub replaces it and says what changed since (lib/contract/calibrations.ts `changes`).
 * - adas_scrub_check: the estimator's decision (confirmed or dismissed, by whom and when) on each check of
 *   a scrub — a line the scrub cannot settle, with a system it may require — for the line as written.
 * - adas_estimate: where a job's repair lines came from (an uploaded file read by intake: BMS, CSV, PDF,
 *   OCR'd PDF or EMS; or pasted lines), each line's estimate section, and what the file's header and vehicle
 *   block said (RO, claim number, insurer, version, supplement number, VIN, year, make, model, layout, pages).
 * - adas_repair_line (the ADAS jobs' table) also keeps what intake read of each line beside the scrub's
 *   columns: the operation's code, part type, quantity, labour type, hours, price (cents) and OCR confidence.
 * - adas.claim_number: the job's claim number, taken from an estimate file (asked before overwriting).
 * - report_sent: each calibration report mailed (the mail itself is in the mail stand-in's `mail`).
 * - ccc_submission: what the CCC stand-in received from adas/pushToCCC, and its verdict.
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

export const CALIBRATIONS_SCHEMA_2 = /* sql */ `
ALTER TABLE calibrate_request ADD COLUMN adas INTEGER;
ALTER TABLE calibrate_request ADD COLUMN total_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE calibrate_request ADD COLUMN status_changed_at TEXT;
ALTER TABLE calibrate_request ADD COLUMN status_changed_by INTEGER REFERENCES user(user);
CREATE UNIQUE INDEX calibrate_request_one_per_inspection ON calibrate_request(adas_inspection) WHERE adas_inspection IS NOT NULL;
CREATE INDEX calibrate_request_adas ON calibrate_request(adas);
CREATE INDEX calibrate_request_firm_created ON calibrate_request(firm, created_at);
CREATE INDEX calibrate_request_status ON calibrate_request(status_name, firm);

CREATE TABLE calibrate_request_line (
  calibrate_request_line INTEGER PRIMARY KEY,
  calibrate_request      INTEGER NOT NULL REFERENCES calibrate_request(calibrate_request) ON DELETE CASCADE,
  adas_checklist_matrix  INTEGER NOT NULL,
  system                 TEXT NOT NULL,
  calibration_type       TEXT NOT NULL DEFAULT '',
  calibration_mode       TEXT,
  price_cents            INTEGER,
  agreed_cents           INTEGER,
  repair_lines           TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX calibrate_request_line_request ON calibrate_request_line(calibrate_request);
CREATE INDEX calibrate_request_line_type ON calibrate_request_line(calibration_type);

CREATE TABLE calibrate_request_technician (
  calibrate_request INTEGER NOT NULL REFERENCES calibrate_request(calibrate_request) ON DELETE CASCADE,
  user              INTEGER NOT NULL REFERENCES user(user),
  PRIMARY KEY (calibrate_request, user)
) WITHOUT ROWID;

CREATE TABLE calibrate_request_file (
  calibrate_request_file INTEGER PRIMARY KEY,
  calibrate_request      INTEGER NOT NULL REFERENCES calibrate_request(calibrate_request) ON DELETE CASCADE,
  name                   TEXT NOT NULL,
  url                    TEXT NOT NULL
);
CREATE INDEX calibrate_request_file_request ON calibrate_request_file(calibrate_request);

CREATE TABLE calibrate_request_note (
  calibrate_request_note INTEGER PRIMARY KEY,
  calibrate_request      INTEGER NOT NULL REFERENCES calibrate_request(calibrate_request) ON DELETE CASCADE,
  user                   INTEGER NOT NULL REFERENCES user(user),
  note                   TEXT NOT NULL,
  created_at             TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  updated_at             TEXT
);
CREATE INDEX calibrate_request_note_request ON calibrate_request_note(calibrate_request, calibrate_request_note);

CREATE TABLE calibrate_request_read (
  calibrate_request INTEGER NOT NULL REFERENCES calibrate_request(calibrate_request) ON DELETE CASCADE,
  user              INTEGER NOT NULL REFERENCES user(user),
  last_note         INTEGER NOT NULL,
  PRIMARY KEY (calibrate_request, user)
) WITHOUT ROWID;

CREATE TABLE adas_scrub (
  adas_inspection INTEGER PRIMARY KEY,
  adas            INTEGER NOT NULL,
  firm            INTEGER NOT NULL REFERENCES firm(firm),
  unique_id       TEXT NOT NULL UNIQUE,
  source          TEXT NOT NULL CHECK (source IN ('lines','bms','csv')),
  file_name       TEXT NOT NULL DEFAULT '',
  result          TEXT NOT NULL,
  created_by      INTEGER REFERENCES user(user),
  created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);

-- Where a job's repair lines came from: an uploaded estimate (bms/upload), else typed or seeded.
CREATE TABLE adas_estimate (
  adas        INTEGER PRIMARY KEY,
  source      TEXT NOT NULL CHECK (source IN ('bms','csv')),
  file_name   TEXT NOT NULL,
  -- The estimate's section of each line, by line number (JSON object), for the scrub's location keywords.
  sections    TEXT NOT NULL DEFAULT '{}',
  uploaded_by INTEGER REFERENCES user(user),
  uploaded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);

CREATE TABLE report_sent (
  report_sent     INTEGER PRIMARY KEY,
  adas_inspection INTEGER NOT NULL,
  firm            INTEGER NOT NULL REFERENCES firm(firm),
  mail            INTEGER NOT NULL,
  language        TEXT NOT NULL,
  sent_by         INTEGER REFERENCES user(user),
  sent_at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX report_sent_inspection ON report_sent(adas_inspection, report_sent);

CREATE TABLE ccc_submission (
  ccc_submission  INTEGER PRIMARY KEY,
  adas_inspection INTEGER NOT NULL,
  firm            INTEGER NOT NULL REFERENCES firm(firm),
  ccc_id          TEXT NOT NULL,
  ronumber        TEXT NOT NULL,
  -- The lines as received (JSON) and a digest of them: the same lines twice are refused as a duplicate.
  payload         TEXT NOT NULL,
  digest          TEXT NOT NULL,
  accepted        INTEGER NOT NULL,
  reference       TEXT,
  message         TEXT NOT NULL,
  received_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX ccc_submission_inspection ON ccc_submission(adas_inspection, accepted, digest);
`;

/** Pasted estimates (source 'paste': lines typed or pasted on the job, read by the same normaliser). */
export const CALIBRATIONS_SCHEMA_3 = /* sql */ `
CREATE TABLE adas_estimate_next (
  adas        INTEGER PRIMARY KEY,
  source      TEXT NOT NULL CHECK (source IN ('bms','csv','paste')),
  file_name   TEXT NOT NULL,
  sections    TEXT NOT NULL DEFAULT '{}',
  uploaded_by INTEGER REFERENCES user(user),
  uploaded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
INSERT INTO adas_estimate_next SELECT adas, source, file_name, sections, uploaded_by, uploaded_at FROM adas_estimate;
DROP TABLE adas_estimate;
ALTER TABLE adas_estimate_next RENAME TO adas_estimate;

CREATE TABLE adas_scrub_next (
  adas_inspection INTEGER PRIMARY KEY,
  adas            INTEGER NOT NULL,
  firm            INTEGER NOT NULL REFERENCES firm(firm),
  unique_id       TEXT NOT NULL UNIQUE,
  source          TEXT NOT NULL CHECK (source IN ('lines','bms','csv','paste')),
  file_name       TEXT NOT NULL DEFAULT '',
  result          TEXT NOT NULL,
  created_by      INTEGER REFERENCES user(user),
  created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
INSERT INTO adas_scrub_next SELECT adas_inspection, adas, firm, unique_id, source, file_name, result, created_by, created_at FROM adas_scrub;
DROP TABLE adas_scrub;
ALTER TABLE adas_scrub_next RENAME TO adas_scrub;
`;

/**
 * When a request was approved (set when its status becomes Approved, cleared if it goes back to New or Quoted;
 * a line's price is a sale's price only then), and a request follows its job: one whose inspection is Complete
 * is Completed unless it was Declined or Cancelled (docs/calibrations.md#states). Existing requests past
 * Approved count as approved from their last status change.
 */
export const CALIBRATIONS_SCHEMA_4 = /* sql */ `
ALTER TABLE calibrate_request ADD COLUMN approved_at TEXT;
UPDATE calibrate_request SET approved_at = coalesce(status_changed_at, created_at) WHERE status_name IN ('Approved', 'Scheduled', 'In Progress', 'Completed');
UPDATE calibrate_request SET status_name = 'Completed'
  WHERE status_name NOT IN ('Declined', 'Cancelled', 'Completed') AND adas_inspection IN (SELECT adas_inspection FROM adas_inspection WHERE status = 2);
`;

/**
 * Intake (lib/intake, api-host/intake): estimates from PDFs (text or OCR), EMS exports and BMS files keep
 * everything read of their lines and their header; the scrub's columns stay as they are.
 */
export const CALIBRATIONS_SCHEMA_5 = /* sql */ `
ALTER TABLE adas_repair_line ADD COLUMN operation_code TEXT NOT NULL DEFAULT '';
ALTER TABLE adas_repair_line ADD COLUMN part_type TEXT NOT NULL DEFAULT '';
ALTER TABLE adas_repair_line ADD COLUMN quantity REAL;
ALTER TABLE adas_repair_line ADD COLUMN labour_type TEXT NOT NULL DEFAULT '';
ALTER TABLE adas_repair_line ADD COLUMN hours REAL;
ALTER TABLE adas_repair_line ADD COLUMN price_cents INTEGER;
ALTER TABLE adas_repair_line ADD COLUMN confidence REAL;
ALTER TABLE adas ADD COLUMN claim_number TEXT NOT NULL DEFAULT '';

CREATE TABLE adas_estimate_next (
  adas         INTEGER PRIMARY KEY,
  source       TEXT NOT NULL CHECK (source IN ('bms','csv','paste','pdf','ocr','ems')),
  file_name    TEXT NOT NULL,
  sections     TEXT NOT NULL DEFAULT '{}',
  uploaded_by  INTEGER REFERENCES user(user),
  uploaded_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  layout       TEXT NOT NULL DEFAULT '',
  pages        INTEGER,
  ro_number    TEXT NOT NULL DEFAULT '',
  claim_number TEXT NOT NULL DEFAULT '',
  insurer      TEXT NOT NULL DEFAULT '',
  version      TEXT NOT NULL DEFAULT '',
  supplement   INTEGER,
  vin          TEXT NOT NULL DEFAULT '',
  vehicle_year INTEGER,
  vehicle_make TEXT NOT NULL DEFAULT '',
  vehicle_model TEXT NOT NULL DEFAULT ''
);
INSERT INTO adas_estimate_next (adas, source, file_name, sections, uploaded_by, uploaded_at)
  SELECT adas, source, file_name, sections, uploaded_by, uploaded_at FROM adas_estimate;
DROP TABLE adas_estimate;
ALTER TABLE adas_estimate_next RENAME TO adas_estimate;

CREATE TABLE adas_scrub_next (
  adas_inspection INTEGER PRIMARY KEY,
  adas            INTEGER NOT NULL,
  firm            INTEGER NOT NULL REFERENCES firm(firm),
  unique_id       TEXT NOT NULL UNIQUE,
  source          TEXT NOT NULL CHECK (source IN ('lines','bms','csv','paste','pdf','ocr','ems')),
  file_name       TEXT NOT NULL DEFAULT '',
  result          TEXT NOT NULL,
  created_by      INTEGER REFERENCES user(user),
  created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
INSERT INTO adas_scrub_next SELECT adas_inspection, adas, firm, unique_id, source, file_name, result, created_by, created_at FROM adas_scrub;
DROP TABLE adas_scrub;
ALTER TABLE adas_scrub_next RENAME TO adas_scrub;
`;

/**
 * The estimator's decisions on the scrub's checks (lines the scrub cannot settle: a system they may
 * require): per inspection, estimate line and system, confirmed or dismissed, by whom and when. A decision
 * holds for the line as it was written (`line_key`: operation, section and description): a changed line is
 * a new check.
 */
export const CALIBRATIONS_SCHEMA_6 = /* sql */ `
CREATE TABLE adas_scrub_check (
  adas_inspection       INTEGER NOT NULL,
  line_num              INTEGER NOT NULL,
  adas_checklist_matrix INTEGER NOT NULL,
  line_key              TEXT NOT NULL,
  decision              TEXT NOT NULL CHECK (decision IN ('confirmed','dismissed')),
  decided_by            INTEGER REFERENCES user(user),
  decided_at            TEXT NOT NULL,
  PRIMARY KEY (adas_inspection, line_num, adas_checklist_matrix)
) WITHOUT ROWID;
`;

/**
 * Who approved a request (the request header names the approver and when, not its creator). Requests
 * approved before this was kept name who last set their status while it is still Approved; past that,
 * nobody ("not recorded").
 */
export const CALIBRATIONS_SCHEMA_7 = /* sql */ `
ALTER TABLE calibrate_request ADD COLUMN approved_by INTEGER REFERENCES user(user);
UPDATE calibrate_request SET approved_by = status_changed_by WHERE status_name = 'Approved' AND approved_at IS NOT NULL;
`;
