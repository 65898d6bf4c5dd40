'use client';
/**
 * The inspection's changes waiting to be sent (lib/offline/queue.ts): read for the signed-in user when the
 * page opens, sent in the order made when the connection returns (the `online` event, and every
 * RETRY_MS while some wait, for a host that did not answer), one at a time; a result the host refuses as
 * a conflict stops the sending until the technician chooses, a file the host refuses says why and is not
 * sent again, an ended session says to sign in again (nothing is dropped). Nothing here leaves the page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { BffError, bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { EvidenceItem } from '@/lib/contract/evidence';
import { type QueuedChange, type QueuedResult, drop, enqueue, queued, replace } from '@/lib/offline/queue';
import { sendEvidence } from './evidence';

type A = typeof contract.adas;
const RETRY_MS = 15_000;

/** No answer, or the host or the app server failing: keep the change and try again later. */
export const isConnectivity = (e: unknown) => e instanceof BffError && (e.status === 0 || e.status >= 500);

export interface OfflineQueue {
  changes: QueuedChange[];
  waiting: number;
  /** Why sending stopped (a session that ended), or null. */
  problem: string | null;
  sending: boolean;
  /** Whether the device's queue was read (until then nothing shows, even when changes are kept). */
  loaded: boolean;
  enqueueResults(results: Omit<QueuedResult, 'seq' | 'owner' | 'queuedAt' | 'state' | 'kind' | 'user' | 'adasInspection'>[]): Promise<void>;
  enqueueEvidence(e: { adasInspectionResult: number; system: string; firm: number; caption: string; file: File }): Promise<void>;
  keepMine(seq: number): Promise<void>;
  /** Drops the change (a conflict resolved for the other change, a refused file). */
  discard(seq: number): Promise<void>;
  flush(): Promise<void>;
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
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const busy = useRef(false);
  const callbacks = useRef({ onSent, onEvidence });
  useEffect(() => {
    callbacks.current = { onSent, onEvidence };
  });

  const reload = useCallback(async () => setChanges(await queued(user, adasInspection)), [user, adasInspection]);

  const sendOne = useCallback(
    async (c: QueuedChange, later: QueuedChange[]) => {
      if (c.kind === 'evidence') {
        const file = new File([c.file], c.fileName, { type: c.file.type });
        callbacks.current.onEvidence(
          await sendEvidence({
            file,
            firm: c.firm,
            adasInspectionResult: c.adasInspectionResult,
            caption: c.caption,
            prepared: true,
            clientKey: c.clientKey,
            stayOnUnauthorized: true,
          }),
        );
        return;
      }
      const answer = await bff<A['saveAdasInspectionResults']>('POST', 'adas/saveAdasInspectionResults', {
        body: {
          adasInspection,
          results: [
            {
              adasChecklistMatrix: c.adasChecklistMatrix,
              result: c.result,
              isNotEquipped: c.isNotEquipped,
              notes: c.notes,
              baseVersion: c.baseVersion,
            },
          ],
        },
        stayOnUnauthorized: true,
      });
      // Later changes of the same system were made on top of this one: they follow its new version.
      const version = answer.versions.find((v) => v.adasChecklistMatrix === c.adasChecklistMatrix)?.version;
      for (const l of later)
        if (version && l.kind === 'result' && l.adasChecklistMatrix === c.adasChecklistMatrix)
          await replace({ ...l, baseVersion: version });
    },
    [adasInspection],
  );

  const flush = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    let sent = false;
    try {
      for (;;) {
        const all = await queued(user, adasInspection);
        const next = all.find((c) => c.state !== 'refused');
        if (!next || next.state === 'conflict') break;
        try {
          await sendOne(
            next,
            all.filter((c) => c.seq! > next.seq!),
          );
          await drop(next.seq!);
          sent = true;
          setProblem(null);
        } catch (e) {
          if (isConnectivity(e)) break;
          if (e instanceof BffError && e.status === 401) {
            setProblem('Your session has ended: sign in again to send the changes kept on this device. They stay here until then.');
            break;
          }
          if (next.kind === 'result' && e instanceof BffError && e.status === 409 && Object.keys(e.fieldErrors).length) {
            const record = await bff<A['adasInspection']>('GET', 'adas/adasInspection', {
              query: { adasInspection },
              stayOnUnauthorized: true,
            });
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
            break;
          }
          // The host will not take it as it is (a refused file, a Complete inspection): say why, keep the rest going.
          await replace({ ...next, state: 'refused', message: (e as Error).message });
        }
      }
    } finally {
      busy.current = false;
      setSending(false);
      await reload();
      if (sent) callbacks.current.onSent();
    }
  }, [user, adasInspection, sendOne, reload]);

  useEffect(() => {
    let live = true;
    void queued(user, adasInspection).then((list) => {
      if (!live) return;
      setChanges(list);
      setLoaded(true);
      if (navigator.onLine) void flush();
    });
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      live = false;
      window.removeEventListener('online', online);
    };
  }, [user, adasInspection, flush]);

  const waiting = changes.filter((c) => c.state === 'waiting').length;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => navigator.onLine && void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  return {
    changes,
    waiting,
    problem,
    sending,
    loaded,
    async enqueueResults(results) {
      // Shown at once; the device's own read follows the writes.
      const records = results.map((r) => ({ kind: 'result' as const, user, adasInspection, ...r }));
      setChanges((list) => [...list, ...records.map((r) => ({ ...r, owner: '', queuedAt: '', state: 'waiting' as const }))]);
      for (const r of records) await enqueue(r);
      await reload();
    },
    async enqueueEvidence({ file, ...rest }) {
      await enqueue({ kind: 'evidence', user, adasInspection, ...rest, fileName: file.name, file, clientKey: crypto.randomUUID() });
      await reload();
    },
    async keepMine(seq) {
      const c = changes.find((x) => x.seq === seq);
      if (c?.kind !== 'result') return;
      await replace({ ...c, state: 'waiting', baseVersion: c.theirs?.version ?? c.baseVersion, theirs: undefined, message: undefined });
      await reload();
      if (navigator.onLine) await flush();
    },
    async discard(seq) {
      await drop(seq);
      await reload();
      if (navigator.onLine) await flush();
    },
    flush,
  };
}
