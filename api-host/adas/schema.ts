/**
 * Schema of ADAS jobs, their inspections, the inspections' systems and results, and the jobs' repair lines
 * (docs/adas.md#fields "Adas", "AdasInspection").
 *
 * Decisions:
 * - adas carries denormalised copies for the list, kept by triggers whoever writes: the vehicle's label
 *   ("2019 Toyota RAV4") and VIN, the location's name, and the counts of inspections and of Complete ones.
 *   The insurer's name is a copy taken when the job is saved (as AdasInspection carries insuranceName).
 * - adas_search (FTS5 trigram) finds a job by any part (3+ characters) of its RO number or VIN.
 * - an inspection's systems are rows of adas_inspection_result: a copy of what the knowledge base said
 *   of the system when it was added (so later edits of the make matrices do not rewrite past
 *   inspections), with the result and "not equipped". One row per system and inspection.
 * - The status roll-up (a job is Complete when all its inspections are) is done by the calls, in the
 *   transaction that changes the inspections (api-host/adas/status.ts), not by a trigger: its rule
 *   (lib/adas/rules.ts) also reopens jobs, and the calls report the job's new status.
 * - List indexes: one per ADAS_SORTS value, ties broken by id, with (firm, …) twins for callers of one
 *   location; (status, …) and (created_at, …) serve the status and date filters.
 */
const refreshSearch = (id: string) => `
  DELETE FROM adas_search WHERE rowid = ${id};
  INSERT INTO adas_search (rowid, ronumber, vin) SELECT adas, ronumber, vin FROM adas WHERE adas = ${id};`;

const counts = (id: string) => `
  UPDATE adas SET
    inspections_total = (SELECT count(*) FROM adas_inspection i WHERE i.adas = ${id}),
    inspections_complete = (SELECT count(*) FROM adas_inspection i WHERE i.adas = ${id} AND i.status = 2)
  WHERE adas = ${id};`;

const vehicleCopy = (where: string) => `
  UPDATE adas SET
    vehicle_label = (SELECT v.year || ' ' || v.make || ' ' || v.model FROM vehicle v WHERE v.vehicle = adas.vehicle),
    vin = (SELECT v.vin FROM vehicle v WHERE v.vehicle = adas.vehicle)
  WHERE ${where};`;

export const ADAS_SCHEMA = /* sql */ `
CREATE TABLE adas (
  adas                 INTEGER PRIMARY KEY,
  firm                 INTEGER NOT NULL REFERENCES firm(firm),
  adas_type            INTEGER NOT NULL DEFAULT 1,
  ronumber             TEXT NOT NULL COLLATE NOCASE,
  insurance            INTEGER,
  insurance_name       TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  notes                TEXT NOT NULL DEFAULT '',
  vehicle              INTEGER NOT NULL REFERENCES vehicle(vehicle),
  status               INTEGER NOT NULL DEFAULT 1,
  status_changed_at    TEXT,
  status_changed_by    INTEGER REFERENCES user(user),
  created_by           INTEGER REFERENCES user(user),
  created_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  vehicle_label        TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  vin                  TEXT NOT NULL DEFAULT '',
  firm_name            TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  inspections_total    INTEGER NOT NULL DEFAULT 0,
  inspections_complete INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX adas_vehicle ON adas(vehicle);
CREATE INDEX adas_firm ON adas(firm, adas);
CREATE INDEX adas_by_ronumber    ON adas(ronumber, adas);
CREATE INDEX adas_by_vehicle     ON adas(vehicle_label, adas);
CREATE INDEX adas_by_vin         ON adas(vin, adas);
CREATE INDEX adas_by_insurance   ON adas(insurance_name, adas);
CREATE INDEX adas_by_status      ON adas(status, adas);
CREATE INDEX adas_by_inspections ON adas(inspections_complete, inspections_total, adas);
CREATE INDEX adas_by_created     ON adas(created_at, adas);
CREATE INDEX adas_by_location    ON adas(firm_name, adas);
CREATE INDEX adas_firm_ronumber    ON adas(firm, ronumber, adas);
CREATE INDEX adas_firm_vehicle     ON adas(firm, vehicle_label, adas);
CREATE INDEX adas_firm_vin         ON adas(firm, vin, adas);
CREATE INDEX adas_firm_insurance   ON adas(firm, insurance_name, adas);
CREATE INDEX adas_firm_status      ON adas(firm, status, adas);
CREATE INDEX adas_firm_inspections ON adas(firm, inspections_complete, inspections_total, adas);
CREATE INDEX adas_firm_created     ON adas(firm, created_at, adas);

CREATE VIRTUAL TABLE adas_search USING fts5(ronumber, vin, content = '', contentless_delete = 1, tokenize = 'trigram');

CREATE TRIGGER adas_ai AFTER INSERT ON adas BEGIN
  ${vehicleCopy('adas = NEW.adas')}
  UPDATE adas SET firm_name = (SELECT name FROM firm WHERE firm = NEW.firm) WHERE adas = NEW.adas;
  ${refreshSearch('NEW.adas')}
END;
CREATE TRIGGER adas_vehicle_au AFTER UPDATE OF vehicle ON adas BEGIN ${vehicleCopy('adas = NEW.adas')} END;
CREATE TRIGGER adas_firm_au AFTER UPDATE OF firm ON adas BEGIN
  UPDATE adas SET firm_name = (SELECT name FROM firm WHERE firm = NEW.firm) WHERE adas = NEW.adas;
END;
CREATE TRIGGER adas_search_au AFTER UPDATE OF ronumber, vin ON adas BEGIN ${refreshSearch('NEW.adas')} END;
CREATE TRIGGER adas_ad AFTER DELETE ON adas BEGIN DELETE FROM adas_search WHERE rowid = OLD.adas; END;
CREATE TRIGGER adas_vehicle_changed AFTER UPDATE OF year, make, model, vin ON vehicle BEGIN ${vehicleCopy('vehicle = NEW.vehicle')} END;
CREATE TRIGGER adas_firm_renamed AFTER UPDATE OF name ON firm BEGIN UPDATE adas SET firm_name = NEW.name WHERE firm = NEW.firm; END;

CREATE TABLE adas_inspection (
  adas_inspection      INTEGER PRIMARY KEY,
  adas                 INTEGER NOT NULL REFERENCES adas(adas) ON DELETE CASCADE,
  adas_inspection_type INTEGER NOT NULL DEFAULT 1,
  inspector            INTEGER REFERENCES user(user),
  insurance            INTEGER,
  insurance_name       TEXT NOT NULL DEFAULT '',
  ronumber             TEXT NOT NULL DEFAULT '',
  notes                TEXT NOT NULL DEFAULT '',
  status               INTEGER NOT NULL DEFAULT 1,
  inspection_date      TEXT,
  completed_at         TEXT,
  completed_by         INTEGER REFERENCES user(user),
  status_changed_at    TEXT,
  status_changed_by    INTEGER REFERENCES user(user),
  created_by           INTEGER REFERENCES user(user),
  created_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX adas_inspection_adas ON adas_inspection(adas, status);
CREATE TRIGGER adas_inspection_ai AFTER INSERT ON adas_inspection BEGIN ${counts('NEW.adas')} END;
CREATE TRIGGER adas_inspection_ad AFTER DELETE ON adas_inspection BEGIN ${counts('OLD.adas')} END;
CREATE TRIGGER adas_inspection_au AFTER UPDATE OF status ON adas_inspection BEGIN ${counts('NEW.adas')} END;

CREATE TABLE adas_inspection_result (
  adas_inspection_result INTEGER PRIMARY KEY,
  adas_inspection        INTEGER NOT NULL REFERENCES adas_inspection(adas_inspection) ON DELETE CASCADE,
  adas_checklist_matrix  INTEGER NOT NULL,
  sort                   INTEGER NOT NULL DEFAULT 0,
  system                 TEXT NOT NULL,
  oem_name               TEXT NOT NULL DEFAULT '',
  location               TEXT NOT NULL DEFAULT '',
  calibration_type       TEXT NOT NULL DEFAULT '',
  calibration_mode       TEXT,
  static_names           TEXT NOT NULL DEFAULT '[]',
  dynamic_names          TEXT NOT NULL DEFAULT '[]',
  notice                 TEXT NOT NULL DEFAULT '',
  hints                  TEXT NOT NULL DEFAULT '',
  is_highlight           INTEGER NOT NULL DEFAULT 0,
  url                    TEXT NOT NULL DEFAULT '',
  result                 INTEGER,
  is_not_equipped        INTEGER NOT NULL DEFAULT 0,
  notes                  TEXT NOT NULL DEFAULT '',
  updated_at             TEXT,
  updated_by             INTEGER REFERENCES user(user),
  UNIQUE (adas_inspection, adas_checklist_matrix)
);

CREATE TABLE adas_repair_line (
  adas_repair_line       INTEGER PRIMARY KEY,
  adas                   INTEGER NOT NULL REFERENCES adas(adas) ON DELETE CASCADE,
  line_num               INTEGER NOT NULL,
  unique_sequence_number INTEGER NOT NULL,
  operation              TEXT NOT NULL DEFAULT '',
  description            TEXT NOT NULL,
  part_number            TEXT NOT NULL DEFAULT '',
  is_not_equipped        INTEGER NOT NULL DEFAULT 0,
  UNIQUE (adas, unique_sequence_number)
);
CREATE INDEX adas_repair_line_adas ON adas_repair_line(adas, line_num);
`;

/**
 * Who set each system's result and when (docs/report.md#per-system). updated_at/updated_by say who last saved the row
 * (the whole list is saved at once, so that is whoever pressed "Save results"); result_by/result_at
 * change only in the write that changes the result itself, and are cleared with it. Rows written before
 * this migration have no record of who set their result: they stay NULL and the report says so, rather
 * than guessing from updated_by.
 */
export const RESULT_RECORDED_BY = /* sql */ `
ALTER TABLE adas_inspection_result ADD COLUMN result_by INTEGER REFERENCES user(user);
ALTER TABLE adas_inspection_result ADD COLUMN result_at TEXT;
`;

/**
 * Each system's result row carries a version (docs/adas.md#states): every write that changes what the row holds adds
 * one. A change made offline names the version it was made against (resultInput.baseVersion); when the row
 * changed since and holds something else than the change asks for, the host answers 409 instead of
 * overwriting the other change (api-host/adas/calls.ts saveAdasInspectionResults).
 */
export const RESULT_VERSION = /* sql */ `
ALTER TABLE adas_inspection_result ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
`;

/**
 * The changes a device sent with its own key (the offline queue: results, the inspection's fields, its
 * status): per user and key, the answer given. Sent again (a reload or a crash between the host's answer
 * and the device forgetting the change), the same answer is given and nothing is applied twice
 * (api-host/adas/once.ts). Kept 30 days.
 */
export const CLIENT_CHANGES = /* sql */ `
CREATE TABLE adas_client_change (
  user       INTEGER NOT NULL,
  client_key TEXT NOT NULL,
  call       TEXT NOT NULL,
  answer     TEXT NOT NULL,
  at         TEXT NOT NULL,
  PRIMARY KEY (user, client_key)
) WITHOUT ROWID;
CREATE INDEX adas_client_change_at ON adas_client_change(at);
`;
