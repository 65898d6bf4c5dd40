/**
 * The app server's structured log (pino): JSON lines on stdout, and every error also written to the
 * application log store on the API host (log/saveRecord, authenticated with APP_LOG_SECRET), so the log
 * viewer shows the app's own failures beside the host's. Without the secret, errors stay on stdout.
 * Server-only (instrumentation.ts imports it in the Node.js runtime).
 */
import { hostname } from 'node:os';
import pino from 'pino';
import { sendUpstream, upstreamUrl } from './api/upstream';
import { config } from './config';
import { contract } from './contract';
import type { RecordInput } from './contract/log';

const MACHINE = hostname();
const LEVELS: Readonly<Record<number, RecordInput['level']>> = { 10: 'Trace', 20: 'Debug', 30: 'Info', 40: 'Warn', 50: 'Error', 60: 'Fatal' };

interface Line {
  level: number;
  time: number;
  msg?: string;
  name?: string;
  title?: string;
  err?: { message?: string; stack?: string; cause?: { stack?: string; message?: string } };
}

/** One error line as an application log record. */
export function recordOfLine(line: Line): RecordInput {
  return {
    timestamp: new Date(line.time).toISOString(),
    level: LEVELS[line.level] ?? 'Error',
    name: line.name ?? 'app',
    message: (line.msg || line.err?.message || '').slice(0, 8000),
    title: line.title?.slice(0, 400) ?? null,
    exception: line.err?.stack?.slice(0, 16_000) ?? null,
    innerException: (line.err?.cause?.stack ?? line.err?.cause?.message)?.slice(0, 16_000) ?? null,
    machineName: MACHINE,
  };
}

/** Best effort: a log that cannot be written must not fail the request that logged it. */
async function store(record: RecordInput): Promise<void> {
  const secret = config().APP_LOG_SECRET;
  if (!secret) return;
  const call = contract.log.saveRecord;
  const res = await sendUpstream(call, upstreamUrl(call), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-secret': secret },
    body: JSON.stringify(record),
  }).catch(() => null);
  if (res && !res.ok) process.stderr.write(`[app] the log store refused a record: HTTP ${res.status}\n`);
}

const toStore = {
  write(text: string) {
    void store(recordOfLine(JSON.parse(text) as Line));
  },
};

export const serverLog = pino(
  { name: 'app', level: 'info', serializers: { err: pino.stdSerializers.errWithCause } },
  pino.multistream([
    { stream: process.stdout, level: 'info' },
    { stream: toStore, level: 'error' },
  ]),
);
