/** Node-side push helpers of the push tests and the load bench: an app session by HTTP sign-in, and SignalR connections through the BFF. */
import { HttpTransportType, HubConnectionState, LogLevel, type HubConnection, type ILogger } from '@microsoft/signalr';
import { buildPushConnection } from '../lib/push/client';
import { PUSH_HUB_PATH } from '../lib/push/protocol';
import { DEMO_PASSWORD, userOf } from './env';

export { HttpTransportType };

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');

/** Signs in through the app's next-auth endpoints (as the login form does) and answers the session cookie, `name=value`. */
export async function appSession(appUrl: string, role: number): Promise<string> {
  const csrf = await fetch(`${appUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${appUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(csrf).join('; ') },
    body: new URLSearchParams({ csrfToken, username: userOf(role), password: DEMO_PASSWORD, json: 'true' }),
  });
  const session = cookiesOf(res).find((c) => c.startsWith('__Host-adas.session='));
  if (!session) throw new Error(`sign-in of role ${role} failed (HTTP ${res.status})`);
  return session;
}

export interface Received {
  target: string;
  payload: Record<string, unknown>;
}

export interface TestConnection {
  connection: HubConnection;
  received: Received[];
  /** Resolves with the first message (already received or arriving within ms) that matches. */
  waitFor(match: (m: Received) => boolean, ms?: number): Promise<Received>;
  /** The library's warnings and errors, and reconnecting/reconnected. */
  events: string[];
}

/** Keeps the library's log in memory (printed only when a test fails) instead of the console. */
function memoryLogger(lines: string[]): ILogger {
  return { log: (level, message) => void (level >= LogLevel.Warning && lines.push(`${LogLevel[level]}: ${message}`)) };
}

/** The real @microsoft/signalr client, built as the shell builds it, connected to the app's push route with a session cookie. */
export async function connectThroughBff(appUrl: string, cookie: string, transport: HttpTransportType): Promise<TestConnection> {
  const received: Received[] = [];
  const events: string[] = [];
  const waiters = new Set<() => void>();
  const connection = buildPushConnection({
    url: `${appUrl}${PUSH_HUB_PATH}`,
    headers: { cookie },
    transport,
    logger: memoryLogger(events),
    onMessage(target, payload) {
      received.push({ target, payload: payload as Record<string, unknown> });
      for (const w of waiters) w();
    },
  });
  connection.onreconnecting(() => events.push('reconnecting'));
  connection.onreconnected(() => events.push('reconnected'));
  await connection.start();
  return {
    connection,
    received,
    events,
    waitFor(match, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.find(match);
          if (!hit) return false;
          cleanup();
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching push message within ${ms} ms; received ${JSON.stringify(received)}; log ${events.join(' | ')}`));
        }, ms);
        const waiter = () => void check();
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        waiters.add(waiter);
        check();
      });
    },
  };
}

export async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const isConnected = (c: HubConnection) => c.state === HubConnectionState.Connected;

/** A links file with two good rows and one bad row (a header first). */
export const LINKS_CSV = [
  'make,model,yearStart,yearEnd,title,url',
  'Honda,Civic,2016,2021,Front camera calibration,https://example.com/honda-civic-camera',
  'Toyota,,,,"Radar, front",https://example.com/toyota-radar',
  'Subaru,Outback,2022,2019,Years reversed,https://example.com/subaru',
].join('\n');
