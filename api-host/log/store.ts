/** Writing application log records (schema.ts APP_LOG_SCHEMA): one at a time or many in one transaction. */
import { LOG_LEVELS, type LogLevel } from '../../lib/contract/log';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';

export interface AppLogRecord {
  timestamp: string;
  level: LogLevel;
  name: string;
  message: string;
  title?: string | null;
  exception?: string | null;
  innerException?: string | null;
  messageLayout?: string | null;
  machineName: string;
}

export const levelNumber = (level: LogLevel) => LOG_LEVELS.indexOf(level);

/**
 * The id of a record at time `ms`: ms × 1024 + the next free sequence number of that millisecond (ids
 * are time-ordered, schema.ts). A millisecond that already holds 1024 records spills into the next.
 */
const INSERT = `
  INSERT INTO app_log (id, timestamp, level, name, message, title, exception, inner_exception, message_layout, machine_name)
  VALUES (coalesce((SELECT max(id) + 1 FROM app_log WHERE id >= :base AND id < :base + 1024), :base),
          :timestamp, :level, :name, :message, :title, :exception, :innerException, :messageLayout, :machineName)`;

function params(r: AppLogRecord) {
  const ms = Date.parse(r.timestamp);
  return {
    base: (Number.isFinite(ms) ? ms : Date.now()) * 1024,
    timestamp: new Date(Number.isFinite(ms) ? ms : Date.now()).toISOString(),
    level: levelNumber(r.level),
    name: r.name,
    message: r.message,
    title: r.title ?? null,
    exception: r.exception ?? null,
    innerException: r.innerException ?? null,
    messageLayout: r.messageLayout ?? null,
    machineName: r.machineName,
  };
}

export function writeRecord(db: Db, record: AppLogRecord): number {
  return Number(prepared(db, INSERT).run(params(record)).lastInsertRowid);
}

/** Many records in one transaction (the logger's batches, seeds). */
export function writeRecords(db: Db, records: Iterable<AppLogRecord>): void {
  const insert = prepared(db, INSERT);
  db.transaction(() => {
    for (const r of records) insert.run(params(r));
  })();
}
