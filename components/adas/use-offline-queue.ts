'use client';
/**
 * The inspection's changes kept on this device (lib/offline/queue.ts): read for the signed-in user when the
 * page opens, sent in the order made — shortly after a change while online (`soon`), at once when asked
 * (`flush`: "Save results", leaving the page), when the connection returns (the `online` event) and every
 * RETRY_MS while some wait. One at a time, each with its own key, so a change the host took but the device
 * did not hear back about is recognised when it goes again and leaves the queue exactly once.
 *
 * What the host answers decides each record's state, shown on the record's own system: a result someone
 * else changed meanwhile waits as a conflict (holding back only the later changes of that system); a change
 * the host refuses (a Complete inspection, a file it cannot read, a role or location without access) is kept
 * with the host's reason until the technician dismisses or retries it; an ended session stops the sending and
 * says to sign in again. Nothing is dropped or overwritten silently. When the last waiting change goes,
 * `allSent` says so.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { BffError } from '@/lib/bff/client';
import type { EvidenceItem } from '@/lib/contract/evidence';
import {
  type NewChange,
  type QueuedChange,
  type QueuedResult,
  drop,
  enqueue,
  mergeTarget,
  queued,
  replace,
  sendable,
} from '@/lib/offline/queue';
import { offlineApi } from './api';
import { sendEvidence } from './evidence';

const RETRY_MS = 15_000;
/** How long after the last change the queue is sent by itself (typing a note makes several changes). */
const SOON_MS = 800;

/** No answer, or the host or the app server failing: keep the change and try again later. */
export const isConnectivity = (e: unknown) => e instanceof BffError && (e.status === 0 || e.status >= 500);

/** A change the host took lately: shown as "Sent" where it belongs until the page is reloaded. */
export interface SentChange {
  kind: QueuedChange['kind'];
  adasChecklistMatrix?: number;
  /** The evidence the host stored for a photo or file sent from the queue. */
  evidence?: number[];
  /** A result as the host took it and the row's version it answered: shown until a render brings that version. */
  result?: ResultValues & { version: number };
}

export type ResultValues = Pick<QueuedResult, 'result' | 'isNotEquipped' | 'notes'>;

export interface OfflineQueue {
  changes: QueuedChange[];
  /** Changes waiting to be sent (not those held by a conflict or refused). */
  waiting: number;
  /** Why sending stopped (a session that ended), or null. */
  problem: string | null;
  sending: boolean;
  /** Whether the device's queue was read (until then nothing shows, even when changes are kept). */
  loaded: boolean;
  /** The changes sent since the page opened. */
  sent: SentChange[];
  /** The queue emptied after sending: "All changes were sent." until the next change. */
  allSent: boolean;
  /** Keeps a system's result, not-equipped mark and note as they now are (against the row's version seen). */
  keepResult(r: { adasChecklistMatrix: number; system: string; baseVersion?: number } & ResultValues): Promise<void>;
  enqueue(change: NewChange): Promise<void>;
  enqueueEvidence(e: { adasInspectionResult: number; system: string; firm: number; caption: string; file: File }): Promise<void>;
  keepMine(seq: number): Promise<void>;
  /** Sends a refused change again (the technician fixed what the host said). */
  retry(seq: number): Promise<void>;
  /** Drops the change (a conflict resolved for the other change, a refusal dismissed). */
  discard(seq: number): Promise<void>;
  /** Sends what waits now; answers whether everything was sent. */
  flush(): Promise<boolean>;
  /** Sends what waits shortly (after the last of several changes). */
  soon(): void;
}

export function useOfflineQueue({
  user,
  adasInspection,
  onSent,
  onEvidence,
}: {
  user: number;
  adasInspection: number;
  onSent(): void;
  onEvidence(items: EvidenceItem[]): void;
}): OfflineQueue {
  const [changes, setChanges] = useState<QueuedChange[]>([]);
  // Not the form hook's run and message: a flush asked for while one runs waits for it (the hook's run drops
  // it), and what the host answers becomes each change's own state; only an ended session stops them all.
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [sent, setSent] = useState<SentChange[]>([]);
  const [allSent, setAllSent] = useState(false);
  const busy = useRef<Promise<boolean> | null>(null);
  /** The record being sent (a change made meanwhile goes into a new record). */
  const inFlight = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callbacks = useRef({ onSent, onEvidence });
  useEffect(() => {
    callbacks.current = { onSent, onEvidence };
  });

  const reload = useCallback(async () => setChanges(await queued(user, adasInspection)), [user, adasInspection]);

  /** Sends one change; answers what the host stored for it (evidence), throws what the host answered otherwise. */
  const sendOne = useCallback(
    async (c: QueuedChange, later: QueuedChange[]): Promise<SentChange> => {
      const key = c.clientKey || undefined;
      switch (c.kind) {
        case 'evidence': {
          const file = new File([c.file], c.fileName, { type: c.file.type });
          const stored = await sendEvidence({
            file,
            firm: c.firm,
            adasInspectionResult: c.adasInspectionResult,
            caption: c.caption,
            prepared: true,
            clientKey: key,
            stayOnUnauthorized: true,
          });
          callbacks.current.onEvidence(stored);
          return { kind: 'evidence', evidence: stored.map((e) => e.adasEvidence) };
        }
        case 'inspection':
          await offlineApi.saveInspection({ adasInspection, ...c.fields, clientKey: key });
          return { kind: 'inspection' };
        case 'status':
          await offlineApi.setInspectionStatus({ adasInspection, status: c.status, clientKey: key });
          return { kind: 'status' };
        case 'result': {
          const answer = await offlineApi.saveResults({
            adasInspection,
            clientKey: key,
            results: [
              {
                adasChecklistMatrix: c.adasChecklistMatrix,
                result: c.result,
                isNotEquipped: c.isNotEquipped,
                notes: c.notes,
                baseVersion: c.baseVersion,
              },
            ],
          });
          // Later changes of the same system were made on top of this one: they follow its new version.
          const version = answer.versions.find((v) => v.adasChecklistMatrix === c.adasChecklistMatrix)?.version;
          for (const l of later)
            if (version && l.kind === 'result' && l.adasChecklistMatrix === c.adasChecklistMatrix)
              await replace({ ...l, baseVersion: version });
          const values = { result: c.result, isNotEquipped: c.isNotEquipped, notes: c.notes };
          return { kind: 'result', adasChecklistMatrix: c.adasChecklistMatrix, result: version ? { ...values, version } : undefined };
        }
      }
    },
    [adasInspection],
  );

  const send = useCallback(async (): Promise<boolean> => {
    setSending(true);
    let any = false;
    let stopped = false;
    const tried = new Set<number>();
    try {
      for (;;) {
        const all = await queued(user, adasInspection);
        const next = sendable(all).find((c) => !tried.has(c.seq!));
        if (!next) break;
        tried.add(next.seq!);
        inFlight.current = next.seq!;
        try {
          const done = await sendOne(
            next,
            all.filter((c) => c.seq! > next.seq!),
          );
          await drop(next.seq!);
          any = true;
          setSent((list) => [...list, done]);
          setProblem(null);
        } catch (e) {
          if (isConnectivity(e)) {
            stopped = true;
            break;
          }
          if (e instanceof BffError && e.status === 401) {
            setProblem('Your session has ended: sign in again to send the changes kept on this device. They stay here until then.');
            stopped = true;
            break;
          }
          if (next.kind === 'result' && e instanceof BffError && e.status === 409 && Object.keys(e.fieldErrors).length) {
            const record = await offlineApi.inspection(adasInspection);
            const now = record.results.find((r) => r.adasChecklistMatrix === next.adasChecklistMatrix);
            await replace({
              ...next,
              state: 'conflict',
              message: e.message,
              theirs: now && {
                result: now.result,
                isNotEquipped: now.isNotEquipped,
                notes: now.notes,
                version: now.version,
                by: now.updatedByName,
                at: now.updatedAt,
              },
            });
            continue;
          }
          // The host will not take it as it is (a Complete inspection, a refused file, no access): kept with why.
          await replace({ ...next, state: 'refused', message: (e as Error).message });
        } finally {
          inFlight.current = null;
        }
      }
    } finally {
      setSending(false);
      const left = await queued(user, adasInspection);
      setChanges(left);
      if (any && !left.some((c) => c.state === 'waiting')) setAllSent(true);
      if (any) callbacks.current.onSent();
    }
    return !stopped;
  }, [user, adasInspection, sendOne]);

  /** One sending at a time: a flush asked for while one runs waits for it, then sends what is left. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    while (busy.current) await busy.current;
    busy.current = send().finally(() => {
      busy.current = null;
    });
    return busy.current;
  }, [send]);

  const soon = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => navigator.onLine && void flush(), SOON_MS);
  }, [flush]);

  useEffect(() => {
    let live = true;
    void queued(user, adasInspection).then((list) => {
      if (!live) return;
      setChanges(list);
      setLoaded(true);
      if (navigator.onLine) void flush();
    });
    const online = () => void flush();
    // Leaving the page (another tab, the home screen, closing): what waits goes now.
    const hidden = () => document.visibilityState === 'hidden' && navigator.onLine && void flush();
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      live = false;
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [user, adasInspection, flush]);

  const waiting = changes.filter((c) => c.state === 'waiting').length;
  useEffect(() => {
    if (!waiting) return;
    const retry = setInterval(() => navigator.onLine && void flush(), RETRY_MS);
    return () => clearInterval(retry);
  }, [waiting, flush]);

  const add = async (change: NewChange) => {
    setAllSent(false);
    await enqueue(change);
    await reload();
  };

  return {
    changes,
    waiting,
    problem,
    sending,
    loaded,
    sent,
    allSent,
    async keepResult({ adasChecklistMatrix, system, baseVersion, ...values }) {
      setAllSent(false);
      const all = await queued(user, adasInspection);
      // Into the waiting record only while nothing is being sent (its write then precedes the next send's read).
      const target = busy.current ? null : mergeTarget(all, adasChecklistMatrix, inFlight.current);
      // Shown at once; the device's own read follows the write.
      if (target) {
        setChanges((list) => list.map((c) => (c.seq === target.seq ? { ...target, ...values } : c)));
        await replace({ ...target, ...values });
      } else await enqueue({ kind: 'result', user, adasInspection, adasChecklistMatrix, system, baseVersion, ...values });
      await reload();
    },
    enqueue: add,
    async enqueueEvidence({ file, ...rest }) {
      await add({ kind: 'evidence', user, adasInspection, ...rest, fileName: file.name, file });
    },
    async keepMine(seq) {
      const c = changes.find((x) => x.seq === seq);
      if (c?.kind !== 'result') return;
      await replace({ ...c, state: 'waiting', baseVersion: c.theirs?.version ?? c.baseVersion, theirs: undefined, message: undefined });
      await reload();
      if (navigator.onLine) await flush();
    },
    async retry(seq) {
      const c = changes.find((x) => x.seq === seq);
      if (!c) return;
      await replace({ ...c, state: 'waiting', message: undefined });
      await reload();
      if (navigator.onLine) await flush();
    },
    async discard(seq) {
      await drop(seq);
      await reload();
      if (navigator.onLine) await flush();
    },
    flush,
    soon,
  };
}
