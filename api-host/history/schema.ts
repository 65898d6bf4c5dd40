/**
 * The history (lib/contract/history.ts, docs/history.md): one row per changed field of a record, written by
 * the area that changed it in the same transaction (service.ts). Rows are never updated or deleted.
 * `firm` is the record's firm when the change was made; `changed_by` is kept as written (a deleted user
 * keeps its row, so the name still joins).
 */
export const HISTORY_SCHEMA = /* sql */ `
CREATE TABLE history (
  history     INTEGER PRIMARY KEY,
  firm        INTEGER NOT NULL,
  record_kind TEXT NOT NULL,
  record_id   INTEGER NOT NULL,
  part        TEXT NOT NULL DEFAULT '',
  field       TEXT NOT NULL,
  old_value   TEXT,
  new_value   TEXT,
  changed_by  INTEGER,
  changed_at  TEXT NOT NULL,
  tab         TEXT,
  request_id  TEXT
);
CREATE INDEX history_record ON history(record_kind, record_id, history);
`;
