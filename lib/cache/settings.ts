/**
 * What every signed-in page reads from the host and what rarely changes, kept per app instance (issue 29
 * §3): the firm's brand settings (the shell), lookup values (list filters) and the roles a role may give
 * (/users' filter). Each entry is keyed by everything the host's answer depends on: brand by firm (the host
 * answers a firm's effective preferences whoever asks, lib/contract/locations.ts); lookups by firm and
 * groups (platform values plus the firm's own); roles by firm and the caller's role.
 *
 * Stale never: the host announces every change of brand settings (a firm's, an ancestor's it inherits, a
 * move) and of lookup values as a settings notice (lib/push/changes.ts SETTINGS_CHANGED) on this instance's
 * own connection to its push hub, opened with the service secret (APP_LOG_SECRET): one per instance,
 * through the same hub and SignalR client as the browsers' notices. While that connection is not up (not
 * configured, not yet connected, reconnecting) the caches are empty and every read goes to the host; when it
 * drops they are cleared, since a notice may have been missed. The role table has no write call, so roles
 * are only ever cleared with the rest. Each cache is bounded (least recently used first out).
 */
import 'server-only';
import { LogLevel, type HubConnection } from '@microsoft/signalr';
import { SERVICE_SECRET_HEADER } from '../contract/define';
import { config } from '../config';
import { log } from '../log/logger';
import { buildPushConnection } from '../push/client';
import { SETTINGS_CHANGED, isSettingsChanged, type SettingsChanged } from '../push/changes';
import { PUSH_RECONNECT_DELAYS_MS } from '../push/protocol';
import { NoticeCache } from './notice-cache';

/** Entries per cache: far more firms than one instance serves at once, a few MB at most. */
export const SETTINGS_CACHE_MAX = 5000;
/** After the reconnect schedule is spent, a new connection is tried this often (a server never gives up). */
const RETRY_MS = 30_000;

interface Settings {
  up: boolean;
  caches: NoticeCache<unknown>[];
  brand: NoticeCache<unknown>;
  lookups: NoticeCache<unknown>;
  roles: NoticeCache<unknown>;
  connection?: HubConnection;
  stopped?: boolean;
}

/** On globalThis: Next bundles pages, route handlers and instrumentation apart, and they must share one. */
const holder = globalThis as unknown as { __adasSettings?: Settings };

function settings(): Settings {
  if (holder.__adasSettings) return holder.__adasSettings;
  const live = () => holder.__adasSettings?.up === true;
  const [brand, lookups, roles] = [0, 1, 2].map(() => new NoticeCache<unknown>(SETTINGS_CACHE_MAX, live));
  return (holder.__adasSettings = { up: false, brand: brand!, lookups: lookups!, roles: roles!, caches: [brand!, lookups!, roles!] });
}

export const firmTag = (firm: number) => `firm:${firm}`;
export const lookupTag = (key: string) => `lookup:${key}`;

/** The firm's brand settings, as `load` reads them from the host. */
export const cachedBrand = <V>(firm: number, load: () => Promise<V>): Promise<V> =>
  settings().brand.read(String(firm), [firmTag(firm)], load) as Promise<V>;

/** Lookup values of `keys` as the firm sees them (inactive ones only when asked). */
export const cachedLookups = <V>(firm: number, keys: readonly string[], showInactive: boolean, load: () => Promise<V>): Promise<V> =>
  settings().lookups.read(`${firm}|${showInactive ? 1 : 0}|${keys.join(',')}`, keys.map(lookupTag), load) as Promise<V>;

/** The roles a user of `role` may see and give, at their own firm. */
export const cachedRoles = <V>(firm: number, role: number | null, load: () => Promise<V>): Promise<V> =>
  settings().roles.read(`${firm}|${role}`, [], load) as Promise<V>;

/** Applies a settings notice. */
export function settingsChanged(notice: SettingsChanged): void {
  const s = settings();
  if (notice.kind === 'brand') s.brand.drop(notice.firms.map(firmTag));
  else s.lookups.drop(notice.keys.map(lookupTag));
}

/** Whether the instance's connection is up (the caches keep what they read). */
export const settingsUp = (): boolean => settings().up;

/** Whether notices reach the caches (`true`) or every read goes to the host. */
export function settingsLive(up: boolean): void {
  const s = settings();
  if (!up) for (const c of s.caches) c.clear();
  s.up = up;
}

/**
 * Opens this instance's hub connection (instrumentation.ts, at server start). Without PUSH_URL or the
 * service secret there is none, and the caches stay bypassed.
 */
export function openSettingsSubscription(): void {
  const { PUSH_URL, APP_LOG_SECRET } = config();
  const s = settings();
  if (!PUSH_URL || !APP_LOG_SECRET || s.connection) return;
  const warn = (what: string) =>
    log().warn({ area: 'settings-cache' }, `Settings notices: ${what}; pages read brand settings and lookups from the host`);
  const connection = buildPushConnection({
    url: PUSH_URL,
    headers: { [SERVICE_SECRET_HEADER]: APP_LOG_SECRET },
    onMessage: () => undefined,
    logger: { log: (level, message) => void (level >= LogLevel.Error && log().debug({ area: 'settings-cache' }, message)) },
  });
  s.connection = connection;
  connection.on(SETTINGS_CHANGED, (payload: unknown) => {
    if (isSettingsChanged(payload)) settingsChanged(payload);
  });
  connection.onreconnecting(() => {
    settingsLive(false);
    warn('the connection dropped');
  });
  connection.onreconnected(() => settingsLive(true));
  let attempt = 0;
  const start = async () => {
    if (s.stopped) return;
    try {
      await connection.start();
      attempt = 0;
      settingsLive(true);
    } catch (e) {
      settingsLive(false);
      if (attempt === 0) warn(`cannot connect (${(e as Error)?.message ?? e})`);
      const delay = PUSH_RECONNECT_DELAYS_MS[attempt++] ?? RETRY_MS;
      setTimeout(() => void start(), Math.max(delay, 1000)).unref();
    }
  };
  // The library's own reconnects ran out: start over on the same schedule.
  connection.onclose(() => {
    settingsLive(false);
    if (s.stopped) return;
    warn('the connection closed');
    setTimeout(() => void start(), RETRY_MS).unref();
  });
  void start();
}

/** Closes the connection for good (tests); the caches are bypassed from then on. */
export async function closeSettingsSubscription(): Promise<void> {
  const s = settings();
  s.stopped = true;
  settingsLive(false);
  await s.connection?.stop();
}
