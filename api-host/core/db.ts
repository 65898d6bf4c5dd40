/**
 * The reference host's SQLite database: opened in WAL mode; the migrations it is given (every area's, from
 * api-host/areas.ts MIGRATIONS) are applied once, by name, recorded in `schema_migration`.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

/** A database written by another layout of the reference host (before migrations were named per area, or with areas since renamed). */
export class LegacyDatabaseError extends Error {}

/** A schema migration, named `{area}/{n}`. */
export interface Migration {
  name: string;
  sql: string;
}

/** A pragma whose value is a number (user_version, page_size …): better-sqlite3 answers every pragma as unknown. */
export function pragmaNumber(db: Db, name: string): number {
  const value: unknown = db.pragma(name, { simple: true });
  if (typeof value !== 'number') throw new Error(`PRAGMA ${name} answered ${typeof value}, not a number`);
  return value;
}

export function openDb(file: string, migrations: readonly Migration[]): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const tracked = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migration'").get();
  if (!tracked && pragmaNumber(db, 'user_version') > 0) {
    db.close();
    throw new LegacyDatabaseError(`${file} was created by an earlier version of the reference host`);
  }
  db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migration (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')))",
  );
  const applied = new Set(db.prepare<unknown[], string>('SELECT name FROM schema_migration').pluck().all());
  // A migration this version does not know (an area renamed or folded into another) means another layout.
  const known = new Set(migrations.map((m) => m.name));
  const unknown = [...applied].find((name) => !known.has(name));
  if (unknown) {
    db.close();
    throw new LegacyDatabaseError(`${file} has migration ${unknown}, which this version of the reference host does not have`);
  }
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migration (name) VALUES (?)').run(m.name);
    })();
  }
  return db;
}
