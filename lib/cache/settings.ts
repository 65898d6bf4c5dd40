/**
 * What pages read from the host on every render and what rarely changes, kept per app instance
 * (docs/benchmarks.md#page-caches): the firm's brand settings (every signed-in page's shell), lookup values (/contacts' type
 * filter) and the roles a role may see (/users' role filter). Each entry is keyed by everything the host's
 * answer depends on: brand by firm (its own values, else the nearest ancestor's: api-host/locations),
 * lookups by firm and groups (the platform's values plus the firm's own, api-host/lookups/calls.ts), roles by
 * firm and the caller's role.
 *
 * Stale never: the host announces every change of lookup values and of brand settings (a Brand preference
 * saved, a location moved under another parent or removed) as a settings notice (lib/push/changes.ts
 * SETTINGS_CHANGED) on this instance's own connection to its push hub, opened with the service secret
 * (APP_LOG_SECRET): one per instance, through the same hub and SignalR client as the browsers' notices. A
 * brand notice drops every firm's brand: which locations inherit the changed one is the host's to know, and
 * such changes are rare.
 * While that connection is not up (not configured, not yet connected, reconnecting) the caches are empty
 * and every read goes to the host; when it drops they are cleared, since a notice may have been missed. The
 * role table has no write call, so roles are only ever cleared with the rest. Each cache is bounded (least
 * recently used first out).
 *
 * So the shell of a page makes no host call while the brand is kept: a page shows the time-out, malformed-
 * answer or outage page for the calls of its own content (tests/e2e/faults.spec.ts).
 *
 * Server code only, without `server-only`: instrumentation.ts (outside the React server layer) opens the
 * connection, as it opens the shared store.
 */
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
  brands: NoticeCache<unknown>;
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
  const cache = () => new NoticeCache<unknown>(SETTINGS_CACHE_MAX, live);
  const [brands, lookups, roles] = [cache(), cache(), cache()];
  return (holder.__adasSettings = { up: false, brands, lookups, roles, caches: [brands, lookups, roles] });
}

const lookupTag = (key: string) => `lookup:${key}`;

/** The firm's brand settings (what the shell shows). */
export const cachedBrand = <V>(firm: number, load: () => Promise<V>): Promise<V> =>
  settings().brands.read(String(firm), [], load) as Promise<V>;

/** Lookup values of `keys` as the firm sees them (inactive ones only when asked). */
export const cachedLookups = <V>(firm: number, keys: readonly string[], showInactive: boolean, load: () => Promise<V>): Promise<V> =>
  settings().lookups.read(`${firm}|${showInactive ? 1 : 0}|${keys.join(',')}`, keys.map(lookupTag), load) as Promise<V>;

/** The roles a user of `role` may see and give, at their own firm. */
export const cachedRoles = <V>(firm: number, role: number | null, load: () => Promise<V>): Promise<V> =>
  settings().roles.read(`${firm}|${role}`, [], load) as Promise<V>;

/** Applies a settings notice. */
export function settingsChanged(notice: SettingsChanged): void {
  if (notice.kind === 'brand') settings().brands.clear();
  else settings().lookups.drop(notice.keys.map(lookupTag));
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
    log().warn({ area: 'settings-cache' }, `Settings notices: ${what}; pages read brand settings, lookups and roles from the host`);
  let connection: HubConnection;
  try {
    connection = buildPushConnection({
      url: PUSH_URL,
      headers: { [SERVICE_SECRET_HEADER]: APP_LOG_SECRET },
      onMessage: () => undefined,
      logger: { log: (level, message) => void (level >= LogLevel.Error && log().debug({ area: 'settings-cache' }, message)) },
    });
  } catch (e) {
    // The client's Node transports could not be loaded: no notices, so no caching; the server runs on.
    warn(`no connection (${(e as Error)?.message ?? e})`);
    return;
  }
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
