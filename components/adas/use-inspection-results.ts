'use client';
/**
 * What each system of an inspection shows and how a change of it leaves the screen (docs/adas.md#offline):
 * a change just made shows at once, then the latest change kept on the device (not one the host refused),
 * else what the host holds. Every change is kept on the device at once, online or not (a reload or a closed
 * tab loses nothing), and sent by itself a moment later against the version of the row the technician saw.
 * Evidence is sent at once, or kept on the device (prepared first) when there is no connection.
 */
import { useState } from 'react';
import type { InspectionFields, InspectionSystem } from './inspection-props';
import type { EvidenceItem } from '@/lib/contract/evidence';
import { prepareEvidence, sendEvidence, type EvidenceToSend } from './evidence';
import { type OfflineQueue, type ResultValues, isConnectivity } from './use-offline-queue';

export function useInspectionResults({
  inspection: i,
  items,
  queue,
}: {
  inspection: InspectionFields;
  items: InspectionSystem[];
  queue: OfflineQueue;
}) {
  const savedRow = (adasChecklistMatrix: number) => i.results.find((r) => r.adasChecklistMatrix === adasChecklistMatrix);
  /** A system's latest change kept on the device, if any (its state shows on the system). */
  const lastChange = (adasChecklistMatrix: number) =>
    queue.changes.findLast((c) => c.kind === 'result' && c.adasChecklistMatrix === adasChecklistMatrix);
  // A change just made, shown at once while the device writes it (the queue's own read follows the write):
  // a checkbox or a select never seems to ignore a tap.
  const [justMade, setJustMade] = useState<ReadonlyMap<number, ResultValues>>(new Map());
  /** What a system shows: its change just made, else its latest change kept on the device (not one the host refused),
   * else one the host took whose row the page has not rendered yet (between the send and the refresh it starts the
   * system would show, and Complete would judge, the row as it was), else what the host holds. */
  const outcome = (adasChecklistMatrix: number): ResultValues => {
    const made = justMade.get(adasChecklistMatrix);
    if (made) return made;
    const saved = savedRow(adasChecklistMatrix);
    const last = lastChange(adasChecklistMatrix);
    if (last?.kind === 'result' && last.state !== 'refused')
      return { result: last.result, isNotEquipped: last.isNotEquipped, notes: last.notes };
    const taken = queue.sent.findLast((s) => s.adasChecklistMatrix === adasChecklistMatrix)?.result;
    if (taken && taken.version > (saved?.version ?? 0))
      return { result: taken.result, isNotEquipped: taken.isNotEquipped, notes: taken.notes };
    return { result: saved?.result ?? null, isNotEquipped: saved?.isNotEquipped ?? false, notes: saved?.notes ?? '' };
  };

  const setOutcome = (system: number, change: Partial<ResultValues>) => {
    const values = { ...outcome(system), ...change };
    setJustMade((m) => new Map(m).set(system, values));
    // Once kept, the queue shows it (unless a later change of the system is already on its way).
    const shownByQueue = () =>
      setJustMade((m) => {
        if (m.get(system) !== values) return m;
        const next = new Map(m);
        next.delete(system);
        return next;
      });
    void queue
      .keepResult({
        adasChecklistMatrix: system,
        system: items.find((x) => x.adasChecklistMatrix === system)?.system ?? '',
        baseVersion: savedRow(system)?.version,
        ...values,
      })
      .finally(shownByQueue)
      .then(() => queue.soon());
  };

  const sendOrKeep = async (e: EvidenceToSend): Promise<EvidenceItem[]> => {
    const file = await prepareEvidence(e.file);
    const system = items.find((x) => x.adasInspectionResult === e.adasInspectionResult)?.system ?? '';
    const keep = async () => {
      await queue.enqueueEvidence({ adasInspectionResult: e.adasInspectionResult, system, firm: e.firm, caption: e.caption, file });
      return [];
    };
    if (!navigator.onLine || queue.waiting > 0) return keep();
    try {
      return await sendEvidence({ ...e, file, prepared: true, clientKey: crypto.randomUUID() });
    } catch (err) {
      if (isConnectivity(err)) return keep();
      throw err;
    }
  };

  return { savedRow, lastChange, outcome, setOutcome, sendOrKeep };
}

export type InspectionResults = ReturnType<typeof useInspectionResults>;
