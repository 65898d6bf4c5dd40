/**
 * Change notices (docs/architecture.md#push): once a call's transaction has committed, the users who reach the firm of each
 * changed record hear which records of a kind changed, so their open lists can say so. Recipients are
 * worked out per firm (usersReaching), so nobody hears even the id of a record outside their reach.
 * Called from the save paths after `writing(…)` returned: a rolled-back change announces nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  RECORDS_CHANGED,
  SETTINGS_CHANGED,
  isTabId,
  type RecordKind,
  type RecordsChanged,
  type SettingsChanged,
} from '../../lib/push/changes';
import type { Db } from '../core/db';
import type { HostContext } from '../core/context';
import { prepared } from '../core/sql';
import { usersReaching } from '../core/reach';

/** Where each kind's records live (the firm column is `firm` in each; a location is its own firm). */
const TABLES: Record<RecordKind, { table: string; key: string }> = {
  contact: { table: 'contact', key: 'contact' },
  adas: { table: 'adas', key: 'adas' },
  calibrateRequest: { table: 'calibrate_request', key: 'calibrate_request' },
  user: { table: 'user', key: 'user' },
  location: { table: 'firm', key: 'firm' },
  // The shop's firm; the dispatch area announces to the provider's users too (api-host/dispatch/notify.ts).
  dispatch: { table: 'dispatch', key: 'dispatch' },
};

/**
 * The browser tab the current call comes from (the BFF passes the page's TAB_HEADER on writes), kept for
 * the call's notices without threading it through every save path. A malformed value is no tab.
 */
const callTab = new AsyncLocalStorage<string | undefined>();

export function fromTab<T>(header: string | string[] | undefined, run: () => T): T {
  return callTab.run(isTabId(header) ? header : undefined, run);
}

/** The browser tab of the call being handled (undefined outside a call, or when none was named). */
export const currentTab = (): string | undefined => callTab.getStore();

/** The changed records grouped by firm, read from their rows (records that still exist). */
function byFirm(db: Db, kind: RecordKind, ids: readonly number[]): Map<number, number[]> {
  const { table, key } = TABLES[kind];
  const groups = new Map<number, number[]>();
  const rows = prepared<{
    id: number;
    firm: number;
  }>(db, `SELECT ${key} AS id, firm FROM ${table} WHERE ${key} IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids));
  for (const r of rows) groups.set(r.firm, [...(groups.get(r.firm) ?? []), r.id]);
  return groups;
}

/**
 * Announces that records of `kind` changed, by user `by`. Their firms are read from the rows; a deleted
 * record is gone, so pass its firm in `firm`.
 */
export function announceChange(ctx: HostContext, by: number, kind: RecordKind, ids: readonly number[], firm?: number): void {
  const push = ctx.push;
  const unique = [...new Set(ids)].filter((id) => id > 0);
  if (!push || unique.length === 0) return;
  const groups = firm === undefined ? byFirm(ctx.db, kind, unique) : new Map([[firm, unique]]);
  for (const [f, changed] of groups) {
    const users = usersReaching(ctx.db, f);
    const tab = currentTab();
    const notice: RecordsChanged = { kind, ids: changed, by, ...(tab && { tab }) };
    push.send((owner) => users.has(owner.user), RECORDS_CHANGED, [notice]);
  }
}

/**
 * Announces to the app instances (their own hub connections, never browsers) that lookup values or brand
 * settings changed, so their page caches drop them (docs/architecture.md#push). Called after the change committed and
 * before the call answers, so the frame is on its way before the caller can ask for a page again.
 */
export function announceSettings(ctx: HostContext, notice: SettingsChanged): void {
  ctx.push?.send((owner) => owner.service === true, SETTINGS_CHANGED, [notice]);
}
