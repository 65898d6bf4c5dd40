/**
 * The host's slow-query log (admin/getMissingIndexes): every statement the host prepares is timed; one
 * that reads for longer than the threshold (API_HOST_SLOW_QUERY_MS, 200 ms) is recorded in slow_query with
 * its plan (EXPLAIN QUERY PLAN with the same parameters). `missingIndexes` answers those whose plan scans a
 * table without an index. Done by wrapping the connection's prepare, so every area is covered without
 * knowing about it.
 */
import type { PlanRow } from '../core/sql';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../core/db';
import type { z } from 'zod';
import type { missingIndexesAnswer } from '../../lib/contract/dashboard';

const watched = new WeakMap<Db, { threshold: number }>();
const TIMED = new Set(['all', 'get']);
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Starts (or re-tunes) timing the statements of `db`. */
export function watchSlowQueries(db: Db, thresholdMs: number): void {
  const known = watched.get(db);
  if (known) {
    known.threshold = thresholdMs;
    return;
  }
  const state = { threshold: thresholdMs };
  watched.set(db, state);
  const prepare = db.prepare.bind(db);
  const record = (sql: string, args: unknown[], ms: number) => {
    let plan: string;
    try {
      plan = prepare<unknown[], PlanRow>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...args)
        .map((r) => r.detail)
        .join('\n');
    } catch {
      return; // a statement that cannot be explained (a pragma): nothing to learn from it
    }
    prepare(
      `INSERT INTO slow_query (sql, plan, count, total_ms, max_ms, last_at) VALUES (?, ?, 1, ?, ?, ?)
       ON CONFLICT (sql) DO UPDATE SET plan = excluded.plan, count = count + 1, total_ms = total_ms + excluded.total_ms,
         max_ms = max(max_ms, excluded.max_ms), last_at = excluded.last_at`,
    ).run(sql.replace(/\s+/g, ' ').trim(), plan, ms, ms, now());
  };
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (!statement.reader) return statement;
    const proxy: Statement = new Proxy(statement, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const started = performance.now();
          const out = value.apply(target, args);
          if (out === target) return proxy; // pluck(), raw(), … answer the statement itself
          const ms = performance.now() - started;
          if (TIMED.has(String(key)) && ms >= state.threshold && !/slow_query|EXPLAIN/i.test(sql)) record(sql, args, ms);
          return out;
        };
      },
    });
    return proxy;
  }) as Db['prepare'];
}

/** The slow queries whose plan scans a table without an index, slowest first. */
export function missingIndexes(db: Db): z.output<typeof missingIndexesAnswer> {
  const rows = db
    .prepare<
      unknown[],
      {
        sql: string;
        plan: string;
        count: number;
        total_ms: number;
        max_ms: number;
        last_at: string;
      }
    >('SELECT sql, plan, count, total_ms, max_ms, last_at FROM slow_query ORDER BY max_ms DESC LIMIT 200')
    .all();
  return rows.flatMap((r) => {
    const scan = r.plan
      .split('\n')
      .map((l) => /\bSCAN (\w+)(?! USING)(?!.*VIRTUAL TABLE)/.exec(l.trim()))
      .find((m) => m && !/USING (COVERING )?INDEX/.test(m.input));
    const [, table] = scan ?? [];
    if (!table) return [];
    return [
      {
        sql: r.sql,
        table,
        plan: r.plan,
        count: r.count,
        averageMs: Math.round((r.total_ms / r.count) * 10) / 10,
        maxMs: Math.round(r.max_ms * 10) / 10,
        lastAt: r.last_at,
      },
    ];
  });
}
