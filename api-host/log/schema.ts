/** Schema of log entries (overview §3 "Log entry") and usage records (data/saveUsage). */
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
