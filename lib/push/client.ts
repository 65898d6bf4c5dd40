/**
 * The push connection (@microsoft/signalr), loaded lazily by the shell's push client so the library stays
 * out of first-load JS. Connects to the app's own origin (PUSH_HUB_PATH) over Server-Sent Events or long
 * polling with the BFF's custom header; the session cookie does the rest. Errors are only logged.
 * Also used from Node (integration tests): pass `url` absolute and the session cookie in `headers`.
 */
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection, type ILogger } from '@microsoft/signalr';
import { BFF_HEADER, BFF_HEADER_VALUE } from '../bff/protocol';
import { PUSH_TARGETS } from './messages';
import { PUSH_HUB_PATH, PUSH_RECONNECT_DELAYS_MS } from './protocol';

export interface PushOptions {
  /** Receives every message of a known target; the caller decides what to show. */
  onMessage(target: string, payload: unknown): void;
  url?: string;
  headers?: Record<string, string>;
  transport?: HttpTransportType;
  logger?: ILogger;
}

/** Warnings and errors to the console, nothing to the user (docs/shell.md#errors). */
export const consoleLogger: ILogger = {
  log(level, message) {
    if (level >= LogLevel.Error) console.error(`[push] ${message}`);
    else if (level >= LogLevel.Warning) console.warn(`[push] ${message}`);
  },
};

export function buildPushConnection(o: PushOptions): HubConnection {
  const connection = new HubConnectionBuilder()
    .withUrl(o.url ?? PUSH_HUB_PATH, {
      transport: o.transport ?? HttpTransportType.ServerSentEvents | HttpTransportType.LongPolling,
      headers: { [BFF_HEADER]: BFF_HEADER_VALUE, ...o.headers },
      withCredentials: true,
    })
    .withAutomaticReconnect([...PUSH_RECONNECT_DELAYS_MS])
    .configureLogging(o.logger ?? consoleLogger)
    .build();
  for (const target of Object.values(PUSH_TARGETS)) {
    // Handlers must return nothing: a returned value would be sent back as a result the hub did not ask for.
    connection.on(target, (payload: unknown) => {
      o.onMessage(target, payload);
    });
  }
  return connection;
}

export interface PushHandle {
  connection: HubConnection;
  stop(): Promise<void>;
}

/**
 * Starts the connection; a failed first start is retried on the reconnect schedule too (the library's
 * automatic reconnect only covers connections that were up once).
 */
export function startPush(o: PushOptions): PushHandle {
  const connection = buildPushConnection(o);
  const log = o.logger ?? consoleLogger;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = async (retry: number) => {
    if (stopped) return;
    try {
      await connection.start();
    } catch (e) {
      if (stopped) return;
      log.log(LogLevel.Warning, `could not connect: ${(e as Error)?.message ?? e}`);
      if (retry < PUSH_RECONNECT_DELAYS_MS.length) timer = setTimeout(() => void attempt(retry + 1), PUSH_RECONNECT_DELAYS_MS[retry]);
    }
  };
  connection.onclose((e) => {
    if (e && !stopped) log.log(LogLevel.Warning, `connection closed: ${e.message}`);
  });
  void attempt(0);
  return {
    connection,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await connection.stop().catch(() => undefined);
    },
  };
}
