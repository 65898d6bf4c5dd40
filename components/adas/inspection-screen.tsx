'use client';
/**
 * An inspection (/view, "Inspection"; docs/adas.md#screens, #states): inspector (a user of the job's location),
 * insurance, RO number, notes, inspection date and status; per system a result and "not equipped"; a
 * system not equipped can be removed and added back. Completing saves the results first; the job follows
 * (Complete when all its inspections are, reopened with them), as the host answers.
 *
 * This file holds the screen's state and puts its parts together, one file each: the heading
 * (inspection-heading), the fields (inspection-fields), the systems (inspection-systems), the questions
 * (inspection-dialogs), what each system shows (use-inspection-results) and the calls (use-inspection-calls);
 * what they all start from (the props, who may change what) is inspection-setup.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, useSyncExternalStore, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDeviceDraft } from '@/components/ui/use-device-draft';
import { useForm } from '@/components/ui/use-form';
import { useLeaveGuard } from '@/components/ui/use-leave-guard';
import { RESULT, STATUS } from '@/lib/adas/rules';
import { toLocalInput } from '@/lib/dates';
import { adasApi } from './api';
import { jobHref } from './hrefs';
import { CompleteDialog, DeleteDialog, preloadDialogs } from './inspection-dialogs';
import { InspectionFields, type InspectionFieldValues } from './inspection-fields';
import { type InspectionScreenProps, inspectionAccess } from './inspection-setup';
import { InspectionHeading } from './inspection-heading';
import { InspectionSystems } from './inspection-systems';
import { OfflineChanges } from './offline-changes';
import { useInspectionCalls } from './use-inspection-calls';
import { useInspectionResults } from './use-inspection-results';
import { useOfflineQueue } from './use-offline-queue';

/** Whether the device has a connection (the browser's word for it), as a value the screen re-renders on. */
const onlineNow = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

export function InspectionScreen(screen: InspectionScreenProps) {
  const { inspection: i, items, timezone, evidence: savedEvidence, user, requestStatus = null, dispatched } = screen;
  const router = useRouter();
  const formId = useId();
  const [pending, startTransition] = useTransition();
  useEffect(preloadDialogs, []);
  const refresh = () => startTransition(() => router.refresh());
  // The inspection's fields; every call of the screen (save, status, results, remove) runs through it.
  const editor = useForm<InspectionFieldValues>({
    initial: {
      adasInspectionType: i.adasInspectionType,
      inspector: i.inspector,
      insurance: i.insurance,
      ronumber: i.ronumber,
      notes: i.notes,
      inspectionDate: toLocalInput(i.inspectionDate, timezone),
      status: i.status,
    },
  });
  const { draft: form, patch: setForm, errors, busy, message: notice } = editor;
  const access = inspectionAccess(i.status, dispatched, busy);
  const { complete } = access;
  const online = useSyncExternalStore(
    onlineNow,
    () => navigator.onLine,
    () => true,
  );
  // The inspection's fields as typed are kept on this device at once (a reload or a lost tab keeps them).
  const kept = useDeviceDraft(`inspection:${user}:${i.adasInspection}`, editor.dirty ? form : null, (d) => setForm(d));
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Evidence changes here as files are added or removed; a new server render brings the host's list.
  const [evidence, setEvidence] = useState(savedEvidence);
  const [seenEvidence, setSeenEvidence] = useState(savedEvidence);
  if (seenEvidence !== savedEvidence) {
    setSeenEvidence(savedEvidence);
    setEvidence(savedEvidence);
  }

  // A new server render (after a save or a status change) brings the saved values.
  const [seen, setSeen] = useState(i);
  if (seen !== i) {
    setSeen(i);
    // The saved status is the new baseline (a completion is not an unsaved change); other edits stay unsaved.
    const unsaved = editor.dirty ? form : null;
    editor.reset({ ...editor.saved, status: i.status });
    if (unsaved) setForm({ ...unsaved, status: i.status });
  }

  // Changes kept on this device while they cannot be sent (docs/adas.md#offline); the latest of a system shows.
  const queue = useOfflineQueue({
    user,
    adasInspection: i.adasInspection,
    onSent: refresh,
    onEvidence: (added) => setEvidence((list) => [...list, ...added]),
  });
  const results = useInspectionResults({ inspection: i, items, queue });
  const { outcome } = results;
  const unsent = queue.waiting > 0;
  useLeaveGuard(
    unsent || editor.dirty,
    'Some changes of this inspection are not sent yet. They stay on this device and are sent when you come back. Leave the page?',
  );

  const calls = useInspectionCalls(screen, { editor, queue, outcome, refresh, forgetDraft: () => kept.clear() });

  // Completing with Failed or not-calibrated systems asks first, saying what the report will show.
  const [completing, setCompleting] = useState<(() => Promise<unknown>) | null>(null);
  const flagged = items
    .map((x) => ({ system: x.system, ...outcome(x.adasChecklistMatrix) }))
    .filter((o) => !o.isNotEquipped && (o.result === RESULT.failed || o.result === RESULT.required));
  const completeAfterAsking = (action: () => Promise<unknown>) => (flagged.length ? setCompleting(() => action) : void action());

  const saveForm = (e: React.FormEvent) => {
    e.preventDefault();
    const save = () => calls.saveInspection(form);
    if (form.status === STATUS.complete && !complete) completeAfterAsking(save);
    else void save();
  };

  // Shown above the systems and in a bar that stays at the bottom of the screen while the systems scroll by
  // (a phone reaches it from every card). aria-disabled, not disabled: the button keeps the focus.
  const saveResultsButton = !complete && (
    <Button variant="secondary" disabled={busy || !unsent} onClick={() => void calls.saveResults()}>
      Save results
    </Button>
  );

  return (
    <div className="flex min-w-0 flex-col gap-5" aria-busy={pending || undefined} data-offline-queue={queue.loaded ? 'read' : 'reading'}>
      <InspectionHeading
        screen={screen}
        access={access}
        onReopen={() => void calls.setStatus(STATUS.open)}
        onComplete={() => completeAfterAsking(() => calls.setStatus(STATUS.complete))}
        onDelete={() => setConfirmingDelete(true)}
      />

      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {kept.restored && (
        <Alert kind="info">
          Your unsaved changes to the inspection&apos;s details were kept on this device and are shown again: save them.
        </Alert>
      )}
      <OfflineChanges queue={queue} online={online} />

      <InspectionFields id={formId} form={form} errors={errors} setForm={setForm} screen={screen} access={access} onSubmit={saveForm} />

      <InspectionSystems
        screen={screen}
        results={results}
        queue={queue}
        evidence={evidence}
        setEvidence={setEvidence}
        access={access}
        saveResultsButton={saveResultsButton}
        onRemove={(s) => void calls.removeSystem(s)}
        onAddBack={(s) => void calls.addSystem(s)}
      />

      {completing && (
        <CompleteDialog
          flagged={flagged}
          requestStatus={requestStatus}
          onCancel={() => setCompleting(null)}
          onConfirm={async () => {
            const action = completing;
            setCompleting(null);
            await action();
          }}
        />
      )}
      {confirmingDelete && (
        <DeleteDialog
          tag="Inspection"
          onClose={() => setConfirmingDelete(false)}
          onConfirm={async () => {
            await adasApi.deleteInspection(i.adasInspection);
            router.push(jobHref(i.adas));
          }}
        />
      )}
    </div>
  );
}
