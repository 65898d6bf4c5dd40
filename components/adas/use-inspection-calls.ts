'use client';
/**
 * The inspection's calls (docs/adas.md#offline): saving its fields, setting its status, sending the results,
 * removing a system and adding one back. Each runs through the screen's form (its busy flag and message);
 * the changes kept on the device are sent first, in order. Without a connection a save or a status change is
 * kept on the device too, sent after the changes before it; the server render is refreshed after a call the
 * host answered, not after one kept on the device (without a connection a refresh cannot load, and Next
 * would then reload the page).
 */
import { useRef } from 'react';
import type { Form } from '@/components/ui/use-form';
import { STATUS, completionProblem, statusName } from '@/lib/adas/rules';
import { fromLocalInput } from '@/lib/dates';
import { adasApi } from './api';
import type { InspectionFieldValues } from './inspection-fields';
import type { InspectionScreenProps } from './inspection-setup';
import type { InspectionResults } from './use-inspection-results';
import { type OfflineQueue, isConnectivity } from './use-offline-queue';

const KEPT = 'No connection: the changes are kept on this device and will be sent when the connection returns.';

const jobLine = (adasStatus: number) =>
  adasStatus === STATUS.complete ? ' The job is Complete.' : ` The job is ${statusName(adasStatus)}.`;

export function useInspectionCalls(
  { inspection: i, items, user, timezone }: InspectionScreenProps,
  {
    editor,
    queue,
    outcome,
    refresh,
    forgetDraft,
  }: {
    editor: Form<InspectionFieldValues>;
    queue: OfflineQueue;
    outcome: InspectionResults['outcome'];
    refresh: () => void;
    /** Forgets the fields as typed kept on the device (they are saved, or kept to be sent). */
    forgetDraft: () => void;
  },
) {
  // Whether the call running kept something on the device instead of sending it.
  const keptOnDevice = useRef(false);
  /** A call of the screen; its text is shown, and the server render refreshed after it unless it was kept. */
  const run = async (fn: () => Promise<string | void>) => {
    keptOnDevice.current = false;
    const done = await editor.run(fn);
    if (done && !keptOnDevice.current) refresh();
    return done;
  };

  /** Sends the changes kept on the device now; answers what became of them. */
  const sendKept = async (): Promise<'saved' | 'kept'> => {
    if (navigator.onLine && (await queue.flush())) return 'saved';
    keptOnDevice.current = true;
    return 'kept';
  };

  /** A status change; without a connection it is kept on the device and sent after the changes before it. */
  const setStatus = (status: number) =>
    run(async () => {
      if (status === STATUS.complete) {
        const problem = completionProblem(items.map((x) => outcome(x.adasChecklistMatrix)));
        if (problem) throw new Error(problem);
      }
      const keep = async () => {
        keptOnDevice.current = true;
        await queue.enqueue({ kind: 'status', user, adasInspection: i.adasInspection, status });
        return `No connection: setting the inspection ${statusName(status)} is kept on this device and will be sent when the connection returns.`;
      };
      if ((await sendKept()) === 'kept') return keep();
      try {
        const answer = await adasApi.setInspectionStatus(i.adasInspection, status);
        return `The inspection is ${statusName(answer.status ?? status)}.${jobLine(answer.adasStatus)}`;
      } catch (e) {
        if (isConnectivity(e)) return keep();
        throw e;
      }
    });

  /** Saves the fields as typed (and the status chosen among them). */
  const saveInspection = (form: InspectionFieldValues) => {
    const fields = {
      adas: i.adas,
      adasInspectionType: form.adasInspectionType,
      inspector: form.inspector,
      insurance: form.insurance,
      ronumber: form.ronumber,
      notes: form.notes,
      inspectionDate: form.inspectionDate ? fromLocalInput(form.inspectionDate, timezone) : null,
    };
    return run(async () => {
      // Without a connection the fields (and a status change) are kept on the device, sent in order later.
      const keep = async () => {
        keptOnDevice.current = true;
        await queue.enqueue({ kind: 'inspection', user, adasInspection: i.adasInspection, fields });
        if (form.status !== i.status) await queue.enqueue({ kind: 'status', user, adasInspection: i.adasInspection, status: form.status });
        editor.reset(form);
        forgetDraft();
        return 'No connection: the inspection is kept on this device and will be saved when the connection returns.';
      };
      if ((await sendKept()) === 'kept') return keep();
      try {
        const answer = await adasApi.saveInspection({ adasInspection: i.adasInspection, ...fields, status: form.status });
        editor.setErrors({});
        editor.reset(form);
        forgetDraft();
        return `The inspection was saved.${answer.status !== i.status ? jobLine(answer.adasStatus) : ''}`;
      } catch (e) {
        if (isConnectivity(e)) return keep();
        throw e;
      }
    });
  };

  const saveResults = () => run(async () => ((await sendKept()) === 'kept' ? KEPT : 'The results were saved.'));

  const removeSystem = (s: { adasChecklistMatrix: number; system: string }) =>
    run(async () => {
      await sendKept();
      await adasApi.removeSystem(i.adasInspection, s.adasChecklistMatrix);
      keptOnDevice.current = false; // the host answered: its render follows
      return `${s.system} was removed from this inspection.`;
    });

  const addSystem = (s: { adasChecklistMatrix: number; system: string }) =>
    run(async () => {
      await adasApi.addSystem(i.adasInspection, s.adasChecklistMatrix);
      return `${s.system} was added back.`;
    });

  return { setStatus, saveInspection, saveResults, removeSystem, addSystem };
}
