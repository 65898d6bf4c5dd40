/**
 * The push messages: what the hub sends (target and argument) and how the shell turns them into toasts.
 * Client-safe and dependency-free (no zod in the browser bundle for two small shapes); the reference host
 * builds the same types. docs/shell.md#screens: two kinds, the make-matrix-links import notice (administrators
 * only, roles 1 and 2) and the opportunity notice; dispatch adds its steps' notices (docs/dispatch.md). A third
 * is not shown as a toast: the change notice that tells open lists their rows changed (`recordsChanged`, read
 * by components/data-table; docs/architecture.md#push).
 */
import { isAdminRole, type RoleId } from '../roles';
import { RECORDS_CHANGED, isRecordsChanged } from './changes';

export { RECORD_KINDS, isRecordsChanged, type RecordKind, type RecordsChanged } from './changes';

/** Hub method names (the invocation targets). */
export const PUSH_TARGETS = {
  importNotice: 'importNotice',
  opportunity: 'opportunity',
  dispatch: 'dispatch',
  recordsChanged: RECORDS_CHANGED,
} as const;
export type PushTarget = (typeof PUSH_TARGETS)[keyof typeof PUSH_TARGETS];

/** Outcome of a make-matrix-links import (admin/importMakeMatrixLinks), sent when the background import is done. */
export interface ImportNotice {
  kind: 'makeMatrixLinks';
  import: number;
  fileName: string;
  imported: number;
  rejected: number;
}

/** A new calibration request (adas/createCalibrate): the opportunity id, its firm and a one-line title. */
export interface OpportunityNotice {
  opportunity: number;
  firm: number;
  firmName: string;
  title: string;
}

/**
 * A step of a dispatch (docs/dispatch.md#states), told to the other side: the shop hears what the provider did
 * (accepted, proposed, declined, handed back), the provider what the shop did (sent, rescheduled, cancelled,
 * accepted the report, asked for a redo). `side` is the side that hears it, which decides where it links.
 */
export interface DispatchNotice {
  dispatch: number;
  adasInspection: number;
  /** Which version of the dispatch the step made (a notice delivered twice shows once). */
  version: number;
  side: 'shop' | 'provider';
  title: string;
  text: string;
}

export interface PushToast {
  /** Stable per message, so a message delivered twice shows once. */
  key: string;
  title: string;
  text: string;
  link?: { href: string; label: string };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

export function isImportNotice(v: unknown): v is ImportNotice {
  return (
    isObject(v) &&
    v.kind === 'makeMatrixLinks' &&
    isId(v.import) &&
    typeof v.fileName === 'string' &&
    isCount(v.imported) &&
    isCount(v.rejected)
  );
}

export function isOpportunityNotice(v: unknown): v is OpportunityNotice {
  return isObject(v) && isId(v.opportunity) && isId(v.firm) && typeof v.title === 'string' && typeof v.firmName === 'string';
}

export function isDispatchNotice(v: unknown): v is DispatchNotice {
  return (
    isObject(v) &&
    isId(v.dispatch) &&
    isId(v.adasInspection) &&
    isId(v.version) &&
    (v.side === 'shop' || v.side === 'provider') &&
    typeof v.title === 'string' &&
    typeof v.text === 'string'
  );
}

/** Where a dispatch notice links: the shop to its inspection, the provider to the dispatch in its queue. */
export const dispatchHref = (n: Pick<DispatchNotice, 'dispatch' | 'adasInspection' | 'side'>) =>
  n.side === 'shop' ? `/view?adasInspection=${n.adasInspection}` : `/dispatch?dispatch=${n.dispatch}`;

/**
 * A change notice of a change made in this very tab (`tab`): its screen already shows it (the saving screen
 * refreshed). The same user's other tabs hear it. A notice without a tab (a change made on the server, not
 * through a tab's BFF call) counts as the user's own everywhere, as before tabs were told apart.
 */
export const isOwnChange = (target: string, payload: unknown, user: number, tab: string) =>
  target === PUSH_TARGETS.recordsChanged &&
  isRecordsChanged(payload) &&
  payload.by === user &&
  (payload.tab === undefined || payload.tab === tab);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Where the opportunity notice links to (the ADAS screen opens the request). */
export const opportunityHref = (id: number) => `/adas?opportunity=${id}`;

/**
 * The toast for a received message, or null when this user must not see it: the import notice is shown
 * to roles 1 and 2 only, even if one reached another role; malformed or unknown messages are dropped.
 */
export function toastFor(target: string, payload: unknown, role: RoleId | null): PushToast | null {
  if (target === PUSH_TARGETS.importNotice) {
    if (!isAdminRole(role) || !isImportNotice(payload)) return null;
    return {
      key: `import-${payload.import}`,
      title: 'Make matrix links imported',
      text: `${payload.fileName}: ${plural(payload.imported, 'link', 'links')} imported, ${plural(payload.rejected, 'row', 'rows')} rejected.`,
      link: { href: '/configuration', label: 'Open ADAS configuration' },
    };
  }
  if (target === PUSH_TARGETS.opportunity) {
    if (!isOpportunityNotice(payload)) return null;
    return {
      key: `opportunity-${payload.opportunity}`,
      title: 'New calibration request',
      text: `${payload.title} · ${payload.firmName}`,
      link: { href: opportunityHref(payload.opportunity), label: `Open calibration request ${payload.opportunity}` },
    };
  }
  if (target === PUSH_TARGETS.dispatch) {
    if (!isDispatchNotice(payload)) return null;
    return {
      key: `dispatch-${payload.dispatch}-${payload.version}`,
      title: payload.title,
      text: payload.text,
      link: {
        href: dispatchHref(payload),
        label: payload.side === 'shop' ? 'Open the inspection' : `Open dispatch ${payload.dispatch}`,
      },
    };
  }
  return null;
}
