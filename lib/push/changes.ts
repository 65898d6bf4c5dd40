/**
 * The change notice (docs/architecture.md#push): records of one kind changed in one committed transaction. Not a toast: open
 * lists whose rows are of that kind say so or refresh (components/data-table/live.ts). Client-safe and
 * dependency-free, kept apart from the toast texts so every list can read it at little cost.
 */

/** The hub method name of change notices. */
export const RECORDS_CHANGED = 'recordsChanged';

/**
 * The kinds of record a notice names: a list declares the kind of its rows (its row ids are the record
 * ids). A change to a part of a record (a contact's phone, a job's inspection, a request's note) is
 * announced as a change of the record its list shows. 'location' is a firm (the locations list); a
 * 'dispatch' is announced to both its shop's and its provider's users.
 */
export const RECORD_KINDS = ['contact', 'adas', 'calibrateRequest', 'user', 'location', 'dispatch'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface RecordsChanged {
  kind: RecordKind;
  ids: number[];
  /** The user who made the change. */
  by: number;
  /** The browser tab the change came from (its TAB_HEADER), when it came through the BFF from one. */
  tab?: string;
}

/**
 * The header naming the browser tab a change comes from: the page's BFF client sends it with every call
 * (some of the specification's writes are GETs), the BFF passes it on, the host puts it in the notice. The tab that saved has already refreshed; the
 * same user's other tabs still hear the change. A label, not a credential: it only decides which of one
 * user's own tabs skip a notice.
 */
export const TAB_HEADER = 'x-adas-tab';
export const isTabId = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(v);

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

export function isRecordsChanged(v: unknown): v is RecordsChanged {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    (RECORD_KINDS as readonly unknown[]).includes(o.kind) &&
    Array.isArray(o.ids) &&
    o.ids.length > 0 &&
    o.ids.every(isId) &&
    isId(o.by) &&
    (o.tab === undefined || isTabId(o.tab))
  );
}

/**
 * The settings notice (docs/architecture.md#push): lookup values of these groups changed, or brand settings did (a firm's
 * own Brand preference; a location moved under another parent, so what it inherits changed, or removed).
 * Sent by the host to the app instances' own hub connections only (never to browsers), so each instance
 * drops what its page caches (lib/cache/settings.ts) hold of them.
 */
export const SETTINGS_CHANGED = 'settingsChanged';

export type SettingsChanged = { kind: 'lookups'; keys: string[] } | { kind: 'brand' };

export function isSettingsChanged(v: unknown): v is SettingsChanged {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  if (o.kind === 'brand') return true;
  return o.kind === 'lookups' && Array.isArray(o.keys) && o.keys.every((k) => typeof k === 'string' && k.length > 0);
}
