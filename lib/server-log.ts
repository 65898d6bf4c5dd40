/**
 * The application-log side of the app's logger (lib/log/logger.ts): every error line is also written to
 * the application log store on the API host (log/saveRecord, authenticated with APP_LOG_SECRET), so the log
 * viewer shows the app's own failures beside the host's. Without the secret, errors stay on stdout.
 * Server-only; loaded by the logger on its first error line.
 */
import { hostname } from 'node:os';
import { sendUpstream, upstreamUrl } from './api/upstream';
import { config } from './config';
import { contract } from './contract';
import type { RecordInput } from './contract/log';
import { log } from './log/logger';
import { REQUEST_ID_HEADER, isRequestId } from './log/request-id';

const MACHINE = hostname();
const LEVELS: Readonly<Record<number, RecordInput['level']>> = {
  10: 'Trace',
  20: 'Debug',
  30: 'Info',
  40: 'Warn',
  50: 'Error',
  60: 'Fatal',
};

interface Line {
  level: number;
  time: number;
  msg?: string;
  name?: string;
  title?: string;
  reqId?: string;
  err?: { message?: string; stack?: string; cause?: { stack?: string; message?: string } };
}

/** One error line as an application log record. */
export function recordOfLine(line: Line): RecordInput {
  return {
    timestamp: new Date(line.time).toISOString(),
    level: LEVELS[line.level] ?? 'Error',
    name: line.name ?? 'app',
    message: (line.msg || line.err?.message || '').slice(0, 8000),
    // The request's id, so the record leads to the request's other lines (app and host).
    title: (line.reqId ? `${line.title ?? ''} [request ${line.reqId}]`.trim() : line.title)?.slice(0, 400) ?? null,
    exception: line.err?.stack?.slice(0, 16_000) ?? null,
    innerException: (line.err?.cause?.stack ?? line.err?.cause?.message)?.slice(0, 16_000) ?? null,
    machineName: MACHINE,
  };
}

/** Best effort: a log that cannot be written must not fail the request that logged it. */
async function store(record: RecordInput, reqId?: string): Promise<void> {
  const secret = config().APP_LOG_SECRET;
  if (!secret) return;
  const call = contract.log.saveRecord;
  const res = await sendUpstream(call, upstreamUrl(call), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-secret': secret, ...(isRequestId(reqId) && { [REQUEST_ID_HEADER]: reqId }) },
    body: JSON.stringify(record),
  }).catch(() => null);
  if (res && !res.ok) log().warn({ reqId, status: res.status }, 'The application log refused a record');
}

/** One JSON line of the logger, stored as an application log record. */
export function storeLine(text: string): Promise<void> {
  const line = JSON.parse(text) as Line;
  return store(recordOfLine(line), line.reqId);
}
