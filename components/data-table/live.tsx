'use client';
/**
 * Live lists (docs/architecture.md#push): a list whose rows are records of a kind hears the change notices of that kind
 * (lib/push/changes.ts, carried by the shell's push connection through lib/push/bus.ts) and either
 * refreshes in place, or, while the user is in the middle of something (rows checked, a dialog open, typing
 * in a field), counts the changed records and lets the user refresh when ready. A refresh is
 * router.refresh(): a new server render of the same URL that keeps all client state (what is typed, what is
 * checked, open dialogs). The notices already carry only records of the user's firms (the hub scopes them).
 * The data-table loads this module after hydration (next/dynamic): it is not part of a list's first load.
 */
import { useEffect, useRef, useState } from 'react';
import { onPush } from '@/lib/push/bus';
import { RECORDS_CHANGED, isRecordsChanged, type RecordKind } from '@/lib/push/changes';

/** Notices arriving this close together are handled as one (a save often announces a few records at once). */
const GATHER_MS = 100;

interface LiveChanges {
  /** Records changed since the rows on screen were rendered, waiting for the user to refresh. */
  waiting: number;
  /** Records changed that the list has refreshed for by itself (said once, politely). */
  refreshed: number;
  refreshNow(): void;
}

/** The user is in the middle of an edit: a dialog is open or a text field has focus. */
function editing(): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return true;
  const el = document.activeElement;
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type);
}

/**
 * `kind`: the kind of the rows (absent: not live). `rowsKey` changes with every new server render of the
 * rows (what was waiting is shown now); `url` is the list's state (another page, sort or filter: nothing
 * to say any more); `busy` is the list's own "in the middle" (rows checked).
 */
function useLiveChanges(kind: RecordKind | undefined, rowsKey: unknown, url: string, busy: boolean, refresh: () => void): LiveChanges {
  const [waiting, setWaiting] = useState<ReadonlySet<number>>(new Set());
  const [refreshed, setRefreshed] = useState(0);
  const [seen, setSeen] = useState({ rowsKey, url });
  if (seen.rowsKey !== rowsKey || seen.url !== url) {
    setSeen({ rowsKey, url });
    setWaiting(new Set());
    if (seen.url !== url) setRefreshed(0);
  }

  const latest = useRef({ busy, refresh });
  useEffect(() => {
    latest.current = { busy, refresh };
  });

  useEffect(() => {
    if (!kind) return;
    let gathered: number[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      timer = undefined;
      const ids = gathered;
      gathered = [];
      if (latest.current.busy || editing()) {
        setWaiting((w) => new Set([...w, ...ids]));
      } else {
        setRefreshed(new Set(ids).size);
        latest.current.refresh();
      }
    };
    const off = onPush((target, payload) => {
      if (target !== RECORDS_CHANGED || !isRecordsChanged(payload) || payload.kind !== kind) return;
      gathered.push(...payload.ids);
      timer ??= setTimeout(settle, GATHER_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [kind]);

  return {
    waiting: waiting.size,
    refreshed,
    refreshNow: () => {
      setRefreshed(waiting.size);
      latest.current.refresh();
    },
  };
}

export interface LiveStatusProps {
  kind: RecordKind;
  /** Changes with every new server render of the rows. */
  rowsKey: unknown;
  /** The list's URL (its state). */
  url: string;
  /** Rows are checked. */
  busy: boolean;
  refresh: () => void;
}

/** The list's live region: "N rows changed — refresh" (waiting for the user) or "… — list updated". */
export function LiveStatus({ kind, rowsKey, url, busy, refresh }: LiveStatusProps) {
  const changes = useLiveChanges(kind, rowsKey, url, busy, refresh);
  return (
    // min-h-5: the height of the placeholder the data-table shows while this loads (no layout shift).
    <p role="status" data-testid="live-changes" className="min-h-5 text-sm text-slate-700">
      {changes.waiting > 0 ? (
        <>
          {`${changes.waiting} ${changes.waiting === 1 ? 'row' : 'rows'} changed — `}
          <button type="button" className="font-medium text-brand-700 underline" onClick={changes.refreshNow}>
            refresh
          </button>
        </>
      ) : changes.refreshed > 0 ? (
        `${changes.refreshed} ${changes.refreshed === 1 ? 'row' : 'rows'} changed — list updated`
      ) : null}
    </p>
  );
}
