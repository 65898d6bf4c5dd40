/** Schema of log entries (docs/log.md#fields "Log entry") and usage records (data/saveUsage). */
export const LOG_SCHEMA = /* sql */ `
CREATE TABLE log_entry (
  id         INTEGER PRIMARY KEY,
  user       INTEGER,
  name       TEXT NOT NULL,
  value      TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);

CREATE TABLE usage (
  id         INTEGER PRIMARY KEY,
  user       INTEGER,
  area       TEXT NOT NULL,
  action     TEXT NOT NULL,
  detail     TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
`;

/**
 * The application log (docs/log.md#fields "Application log record"): the one store of the host's records, the
 * app's server errors and the browser's reports. Decisions:
 * - `id` is the record's time: timestamp in milliseconds × 1024 + a sequence number within that
 *   millisecond (see logIdSql). Time order IS rowid order, so the search index (whose natural order is
 *   rowid) gives a page sorted by time without sorting, and a page of a level is an index range;
 * - `level` is 0 Trace … 5 Fatal (LOG_LEVELS order), so sorting by level sorts by severity;
 * - `app_log_fts` (FTS5, contentless) indexes the message, the machine name and the level as a word
 *   (`lvl`), so "this level AND these words" is one intersection of the index's lists, in time order;
 * - the Log entries written before this store existed are moved into it (as the browser's reports).
 */
/** Indexes each new record for search (bulk loads drop it, index in one statement, and create it again). */
export const APP_LOG_FTS_TRIGGER = /* sql */ `CREATE TRIGGER app_log_fts_ai AFTER INSERT ON app_log BEGIN
  INSERT INTO app_log_fts (rowid, message, machine_name, lvl)
  VALUES (NEW.id, NEW.message, NEW.machine_name, 'lvl' || NEW.level);
END;`;

export const APP_LOG_SCHEMA = /* sql */ `
CREATE TABLE app_log (
  id              INTEGER PRIMARY KEY,
  timestamp       TEXT NOT NULL,
  level           INTEGER NOT NULL CHECK (level BETWEEN 0 AND 5),
  name            TEXT NOT NULL,
  message         TEXT NOT NULL,
  title           TEXT,
  exception       TEXT,
  inner_exception TEXT,
  message_layout  TEXT,
  machine_name    TEXT NOT NULL
);
CREATE INDEX app_log_level   ON app_log(level, id);
CREATE INDEX app_log_name    ON app_log(name, id);
CREATE INDEX app_log_machine ON app_log(machine_name, id);

CREATE VIRTUAL TABLE app_log_fts USING fts5(message, machine_name, lvl, content = '', contentless_delete = 1, prefix = '2 3');
${APP_LOG_FTS_TRIGGER}
CREATE TRIGGER app_log_fts_ad AFTER DELETE ON app_log BEGIN
  DELETE FROM app_log_fts WHERE rowid = OLD.id;
END;

INSERT INTO app_log (id, timestamp, level, name, message, title, machine_name)
  SELECT (CAST(strftime('%s', created_at) AS INTEGER) * 1000) * 1024 + (id % 1024), strftime('%Y-%m-%dT%H:%M:%fZ', created_at),
         4, 'browser.' || name, value, NULL, 'browser'
  FROM log_entry;
DROP TABLE log_entry;
`;
