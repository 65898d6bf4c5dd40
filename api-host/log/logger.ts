/**
 * The reference host's logger: pino, writing every record to the application log store (and warnings and
 * worse, as JSON lines, to stdout), so the log viewer shows the host's own records. Records are queued and
 * written in one transaction per tick; `flush()` writes what is queued (tests, shutdown).
 * Authorization headers and cookies are redacted before a record is formed.
 *
 * Every line written while a call is handled carries the request's id (`reqId`, the app's X-Request-Id:
 * api-host/core/server.ts runs each handler in `requestContext`), as the app's lines do, so one user action can
 * be followed from the app to here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname } from 'node:os';
import pino, { type Logger } from 'pino';
import { LOG_LEVELS, type LogLevel } from '../../lib/contract/log';
import type { Db } from '../core/db';
import { writeRecords, type AppLogRecord } from './store';

const LEVEL_BY_NUMBER: Readonly<Record<number, LogLevel>> = { 10: 'Trace', 20: 'Debug', 30: 'Info', 40: 'Warn', 50: 'Error', 60: 'Fatal' };
export const MACHINE_NAME = hostname();

interface PinoLine {
  level: number;
  time: number;
  msg?: string;
  name?: string;
  area?: string;
  title?: string;
  messageLayout?: string;
  err?: { type?: string; message?: string; stack?: string; cause?: { stack?: string; message?: string } };
  req?: { method?: string; url?: string };
  reqId?: string;
}

/** The record's title with the request's id, so the record leads to the request's other lines (app and host). */
const withRequest = (title: string | null, reqId: string | undefined) => (reqId ? `${title ?? ''} [request ${reqId}]`.trim() : title);

/** One pino line as an application log record. */
export function recordOf(line: PinoLine): AppLogRecord {
  // Between pino's levels, the one below (10 Trace … 60 Fatal); above 60 still Fatal.
  const level = LEVEL_BY_NUMBER[line.level] ?? LOG_LEVELS[Math.max(0, Math.floor(line.level / 10) - 1)] ?? 'Fatal';
  const err = line.err;
  return {
    timestamp: new Date(line.time).toISOString(),
    level,
    name: [line.name ?? 'api-host', line.area].filter(Boolean).join('.'),
    message: (line.msg || err?.message || '').slice(0, 8000),
    title:
      withRequest(line.title ?? (line.req?.method && line.req.url ? `${line.req.method} ${line.req.url}` : null), line.reqId)?.slice(
        0,
        400,
      ) ?? null,
    exception: err?.stack?.slice(0, 16_000) ?? null,
    innerException: (err?.cause?.stack ?? err?.cause?.message)?.slice(0, 16_000) ?? null,
    messageLayout: line.messageLayout ?? null,
    machineName: MACHINE_NAME,
  };
}

/** The request being handled, for the lines written meanwhile. */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

export interface StoreLogger {
  logger: Logger;
  flush(): void;
}

export function storeLogger(
  db: Db,
  { level = 'info', stdoutLevel = 'warn' }: { level?: string; stdoutLevel?: string | null } = {},
): StoreLogger {
  let queue: AppLogRecord[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!queue.length || !db.open) return;
    const batch = queue;
    queue = [];
    try {
      writeRecords(db, batch);
    } catch (e) {
      process.stderr.write(`[api-host] could not write ${batch.length} log record(s): ${(e as Error).message}\n`);
    }
  };
  const store = {
    write(line: string) {
      queue.push(recordOf(JSON.parse(line) as PinoLine));
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
  const streams: pino.StreamEntry[] = [{ stream: store, level: level as pino.Level }];
  if (stdoutLevel) streams.push({ stream: process.stdout, level: stdoutLevel as pino.Level });
  // pino's level numbers (trace 10 … fatal 60): the logger itself logs at the lower of the two levels.
  const rank = (name: string) => pino.levels.values[name] ?? Number.POSITIVE_INFINITY;
  const logger = pino(
    {
      name: 'api-host',
      // The cause stays apart (the record's inner exception) instead of being appended to the stack.
      serializers: { err: pino.stdSerializers.errWithCause },
      level: stdoutLevel && rank(stdoutLevel) < rank(level) ? stdoutLevel : level,
      // Inside a handler (requestContext), the request's id; fastify's own request logger binds it already.
      mixin: (merge, _level, logger) => {
        const reqId = requestContext.getStore()?.reqId;
        return reqId && !('reqId' in merge) && !logger.bindings().reqId ? { reqId } : {};
      },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'token', '*.token'],
        censor: '[hidden]',
      },
      hooks: {
        // The message template ("Mail sent to %s") is kept as the record's message layout.
        logMethod(args, method) {
          const at = typeof args[0] === 'string' ? 0 : 1;
          const template = args[at];
          if (typeof template === 'string' && args.length > at + 1) {
            if (at === 0) args.unshift({ messageLayout: template } as never);
            else args[0] = { ...(args[0] as object), messageLayout: template };
          }
          return method.apply(this, args as Parameters<typeof method>);
        },
      },
    },
    pino.multistream(streams),
  );
  return { logger, flush };
}
