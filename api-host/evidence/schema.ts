/**
 * Evidence of inspections' systems (lib/contract/evidence.ts): one row per photo or file, tied to the
 * system's result row (removing the system from the inspection removes its evidence rows; their files
 * are then swept as orphans, api-host/files/orphans.ts) and to the inspection (the list's and the
 * report's read). `firm` is the folder the files are in: the job's firm when they were added.
 */
export const EVIDENCE_SCHEMA = /* sql */ `
CREATE TABLE adas_evidence (
  adas_evidence          INTEGER PRIMARY KEY,
  adas_inspection_result INTEGER NOT NULL REFERENCES adas_inspection_result(adas_inspection_result) ON DELETE CASCADE,
  adas_inspection        INTEGER NOT NULL REFERENCES adas_inspection(adas_inspection) ON DELETE CASCADE,
  firm                   INTEGER NOT NULL,
  kind                   TEXT NOT NULL CHECK (kind IN ('photo', 'document')),
  file_name              TEXT NOT NULL,
  stored_name            TEXT NOT NULL,
  thumb_name             TEXT,
  content_type           TEXT NOT NULL,
  bytes                  INTEGER NOT NULL,
  width                  INTEGER,
  height                 INTEGER,
  caption                TEXT NOT NULL DEFAULT '',
  created_by             INTEGER REFERENCES user(user),
  created_at             TEXT NOT NULL
);
CREATE INDEX adas_evidence_inspection ON adas_evidence(adas_inspection, adas_evidence);
CREATE INDEX adas_evidence_result ON adas_evidence(adas_inspection_result);
`;

/**
 * A file sent again after its answer was lost (the offline queue replays what it did not see stored) is
 * stored once: the client names each file with a key of its own, unique per uploader.
 */
export const EVIDENCE_CLIENT_KEY = /* sql */ `
ALTER TABLE adas_evidence ADD COLUMN client_key TEXT;
CREATE UNIQUE INDEX adas_evidence_client_key ON adas_evidence(created_by, client_key) WHERE client_key IS NOT NULL;
`;
