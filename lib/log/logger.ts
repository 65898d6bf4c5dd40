/**
 * The app server's one logger (pino, as the API host's): JSON lines on stdout from LOG_LEVEL up, and every
 * error also to the application log on the API host (lib/server-log.ts), so the log viewer shows the app's
 * failures beside the host's. Lines about a request carry its id as `reqId` (lib/log/request-id.ts):
 * `log().child({ reqId })`, or `{ reqId }` in the line's object.
 *
 * Made on first use, not at import: the level is configuration, which is read once the server starts
 * (a build imports this module without one). Server-only.
 */
import pino, { type Logger } from 'pino';
import { ConfigError, config } from '../config';

let root: Logger | undefined;

/** Errors and worse, each written to the application log on the host (best effort, never awaited). */
const applicationLog = {
  write(line: string) {
    void import('../server-log').then((m) => m.storeLine(line)).catch(() => undefined);
  },
};

function level(): pino.LevelWithSilent {
  try {
    return config().LOG_LEVEL;
  } catch (e) {
    if (e instanceof ConfigError) return 'info'; // the configuration check stops the server with its own message
    throw e;
  }
}

function create(): Logger {
  const stdout = level();
  const streams: pino.StreamEntry[] = [{ stream: applicationLog, level: 'error' }];
  if (stdout !== 'silent') streams.push({ stream: process.stdout, level: stdout });
  const { [stdout]: rank, error: errorRank } = pino.levels.values;
  const lowest = stdout !== 'silent' && rank !== undefined && errorRank !== undefined && rank < errorRank ? stdout : 'error';
  return pino(
    {
      name: 'app',
      level: lowest,
      // The cause stays apart (the record's inner exception) instead of being appended to the stack.
      serializers: { err: pino.stdSerializers.errWithCause },
      redact: {
        paths: ['token', '*.token', 'password', '*.password', 'authorization', '*.authorization', 'cookie', '*.cookie'],
        censor: '[hidden]',
      },
    },
    pino.multistream(streams),
  );
}

/** The app's logger. */
export function log(): Logger {
  return (root ??= create());
}
