'use client';
/**
 * An inspection (/view, "Inspection"; docs/adas.md#screens, #states): inspector (a user of the job's location),
 * insurance, RO number, notes, inspection date and status; per system a result and "not equipped"; a
 * system not equipped can be removed and added back. Completing saves the results first; the job follows
 * (Complete when all its inspections are, reopened with them), as the host answers.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Icon } from '@/components/ui/icon';
import { useEffect, useId, useRef, useState, useSyncExternalStore, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { SimpleTable } from '@/components/ui/simple-table';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextArea, TextField } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import { HistoryButton } from '@/components/history';
import { useForm } from '@/components/ui/use-form';
import {
  INSPECTION_TYPES,
  RESULT,
  RESULTS,
  STATUS,
  STATUS_NAMES,
  completionProblem,
  nameOf,
  statusName,
  vehicleLabel,
} from '@/lib/adas/rules';
import { completesWithInspection } from '@/lib/calibrations/rules';
import type { InspectionFields, InspectionJob, InspectionSystem } from './inspection-props';
import type { EvidenceItem } from '@/lib/contract/evidence';
import type { AdasSystem } from '@/lib/contract/decode';
import { deleteQuestion } from '@/lib/validation/messages';
import { adasApi } from './api';
import { jobHref } from './hrefs';
import { formatDate, fromLocalInput, toLocalInput } from '@/lib/dates';
import type { Choice } from './errors';
import { InsurerField } from './insurer-field';
import { StatusBadge } from './status-badge';
import { SystemEvidence, prepareEvidence, sendEvidence, type EvidenceToSend } from './evidence';
import { ChangeState, OfflineChanges } from './offline-changes';
import { type ResultValues, isConnectivity, useOfflineQueue } from './use-offline-queue';
import { useLeaveGuard } from '@/components/ui/use-leave-guard';
import { useDeviceDraft } from '@/components/ui/use-device-draft';

const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog), { ssr: false });
/** The dialogs' code, loaded while the page is online: asked for later at the car, offline, it would fail and take the page down. */
const preloadDialogs = () => void import('@/components/ui/confirm-dialog').catch(() => undefined);

export interface InspectionScreenProps {
  inspection: InspectionFields;
  items: InspectionSystem[];
  notInstalled: AdasSystem[];
  job: InspectionJob;
  insurers: readonly Choice[];
  timezone: number;
  /** Photos and files on the systems (docs/adas.md#evidence). */
  evidence: EvidenceItem[];
  /** The signed-in user: whose changes kept on this device the screen shows (docs/adas.md#offline). */
  user: number;
  /** The status of the inspection's calibration request, if it has one (completing may complete it). */
  requestStatus?: string | null;
  /**
   * Opened by a calibration provider's user through its dispatch (docs/dispatch.md#screens): the results,
   * evidence and completion are theirs (read-only once handed back); the inspection's own fields, its
   * systems' list, its job, history and deletion stay the shop's.
   */
  dispatched?: { shopName: string; readOnly: boolean };
}

/** Whether the device has a connection (the browser's word for it), as a value the screen re-renders on. */
const onlineNow = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};
const options = (names: Readonly<Record<number, string>>) =>
  Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

export function InspectionScreen({
  inspection: i,
  items,
  notInstalled,
  job,
  insurers,
  timezone,
  evidence: savedEvidence,
  user,
  requestStatus = null,
  dispatched,
}: InspectionScreenProps) {
  const router = useRouter();
  const formId = useId();
  const [pending, startTransition] = useTransition();
  useEffect(preloadDialogs, []);
  const refresh = () => startTransition(() => router.refresh());
  // Handed back to the shop, the provider reads it as a Complete inspection is read; the fields are the shop's.
  const complete = i.status === STATUS.complete || !!dispatched?.readOnly;
  const shopOnly = !dispatched;
  const fieldsLocked = complete || !shopOnly;

  // The inspection's fields; every call of the screen (save, status, results, remove) runs through it.
  const editor = useForm({
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
  const savedRow = (adasChecklistMatrix: number) => i.results.find((r) => r.adasChecklistMatrix === adasChecklistMatrix);
  /** A system's latest change kept on the device, if any (its state shows on the system). */
  const lastChange = (adasChecklistMatrix: number) =>
    queue.changes.findLast((c) => c.kind === 'result' && c.adasChecklistMatrix === adasChecklistMatrix);
  // A change just made, shown at once while the device writes it (the queue's own read follows the write):
  // a checkbox or a select never seems to ignore a tap.
  const [justMade, setJustMade] = useState<ReadonlyMap<number, ResultValues>>(new Map());
  /** What a system shows: its change just made, else its latest change kept on the device (not one the host refused), else what the host holds. */
  const outcome = (adasChecklistMatrix: number): ResultValues => {
    const made = justMade.get(adasChecklistMatrix);
    if (made) return made;
    const saved = savedRow(adasChecklistMatrix);
    const last = lastChange(adasChecklistMatrix);
    if (last?.kind === 'result' && last.state !== 'refused')
      return { result: last.result, isNotEquipped: last.isNotEquipped, notes: last.notes };
    return { result: saved?.result ?? null, isNotEquipped: saved?.isNotEquipped ?? false, notes: saved?.notes ?? '' };
  };
  const unsent = queue.waiting > 0;
  useLeaveGuard(
    unsent || editor.dirty,
    'Some changes of this inspection are not sent yet. They stay on this device and are sent when you come back. Leave the page?',
  );

  // Whether the call running kept something on the device instead of sending it.
  const keptOnDevice = useRef(false);
  /**
   * A call of the screen; its text is shown, and the server render refreshed after it — not when it was kept
   * on the device: without a connection a refresh cannot load, and Next would then reload the page.
   */
  const run = async (fn: () => Promise<string | void>) => {
    keptOnDevice.current = false;
    const done = await editor.run(fn);
    if (done && !keptOnDevice.current) refresh();
    return done;
  };

  /** Sends the changes kept on the device now; answers what became of them. */
  const saveResults = async (): Promise<'saved' | 'kept'> => {
    if (navigator.onLine && (await queue.flush())) return 'saved';
    keptOnDevice.current = true;
    return 'kept';
  };
  const KEPT = 'No connection: the changes are kept on this device and will be sent when the connection returns.';

  const jobLine = (adasStatus: number) =>
    adasStatus === STATUS.complete ? ' The job is Complete.' : ` The job is ${statusName(adasStatus)}.`;

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
      if ((await saveResults()) === 'kept') return keep();
      try {
        const answer = await adasApi.setInspectionStatus(i.adasInspection, status);
        return `The inspection is ${statusName(answer.status ?? status)}.${jobLine(answer.adasStatus)}`;
      } catch (e) {
        if (isConnectivity(e)) return keep();
        throw e;
      }
    });

  // Completing with Failed or not-calibrated systems asks first, saying what the report will show.
  const [completing, setCompleting] = useState<(() => Promise<unknown>) | null>(null);
  const flagged = items
    .map((x) => ({ system: x.system, ...outcome(x.adasChecklistMatrix) }))
    .filter((o) => !o.isNotEquipped && (o.result === RESULT.failed || o.result === RESULT.required));
  const completeAfterAsking = (action: () => Promise<unknown>) => (flagged.length ? setCompleting(() => action) : void action());

  const saveForm = (e: React.FormEvent) => {
    e.preventDefault();
    const fields = {
      adas: i.adas,
      adasInspectionType: form.adasInspectionType,
      inspector: form.inspector,
      insurance: form.insurance,
      ronumber: form.ronumber,
      notes: form.notes,
      inspectionDate: form.inspectionDate ? fromLocalInput(form.inspectionDate, timezone) : null,
    };
    const save = () =>
      run(async () => {
        // Without a connection the fields (and a status change) are kept on the device, sent in order later.
        const keep = async () => {
          keptOnDevice.current = true;
          await queue.enqueue({ kind: 'inspection', user, adasInspection: i.adasInspection, fields });
          if (form.status !== i.status)
            await queue.enqueue({ kind: 'status', user, adasInspection: i.adasInspection, status: form.status });
          editor.reset(form);
          kept.clear();
          return 'No connection: the inspection is kept on this device and will be saved when the connection returns.';
        };
        if ((await saveResults()) === 'kept') return keep();
        try {
          const answer = await adasApi.saveInspection({ adasInspection: i.adasInspection, ...fields, status: form.status });
          editor.setErrors({});
          editor.reset(form);
          kept.clear();
          return `The inspection was saved.${answer.status !== i.status ? jobLine(answer.adasStatus) : ''}`;
        } catch (e) {
          if (isConnectivity(e)) return keep();
          throw e;
        }
      });
    if (form.status === STATUS.complete && !complete) completeAfterAsking(save);
    else void save();
  };

  // Each change is kept on the device at once, online or not (a reload or a closed tab loses nothing), and
  // sent by itself a moment later, against the version of the row the technician saw.
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
  // Evidence sent now, or kept on the device (prepared first) when there is no connection.
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

  // Shown above the systems and in a bar that stays at the bottom of the screen while the systems scroll by
  // (a phone reaches it from every card). aria-disabled, not disabled: the button keeps the focus.
  const saveResultsButton = !complete && (
    <Button
      variant="secondary"
      disabled={busy || !unsent}
      onClick={() => void run(async () => ((await saveResults()) === 'kept' ? KEPT : 'The results were saved.'))}
    >
      Save results
    </Button>
  );

  return (
    <div className="flex min-w-0 flex-col gap-5" aria-busy={pending || undefined} data-offline-queue={queue.loaded ? 'read' : 'reading'}>
      <Link
        href={shopOnly ? jobHref(i.adas) : '/dispatch'}
        className="inline-flex min-h-6 items-center gap-1 self-start text-sm text-brand-700 hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> {shopOnly ? `ADAS job ${job.ronumber}` : 'Dispatch queue'}
      </Link>
      <PageHeading
        actions={
          <div className="flex flex-wrap gap-2">
            {dispatched?.readOnly ? null : complete ? (
              <Button variant="secondary" disabled={busy} onClick={() => void setStatus(STATUS.open)}>
                Reopen inspection
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => completeAfterAsking(() => setStatus(STATUS.complete))}>
                Complete inspection
              </Button>
            )}
            {shopOnly && <HistoryButton kind="adas" id={i.adas} label={`ADAS job ${job.ronumber}`} />}
            {shopOnly && (
              <Button variant="danger" disabled={busy} onClick={() => setConfirmingDelete(true)}>
                Delete
              </Button>
            )}
          </div>
        }
      >
        Inspection #{i.adasInspection}
      </PageHeading>
      <p className="-mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span>
          {nameOf(INSPECTION_TYPES, i.adasInspectionType)} #{i.adasInspection} · {vehicleLabel(job.vehicle)}
          {job.vehicle.vin ? ` · ${job.vehicle.vin}` : ''} · {job.firmName}
          {dispatched &&
            ` · calibrated by your location for ${dispatched.shopName}${dispatched.readOnly ? ' (handed back: read-only)' : ''}`}
        </span>
        <StatusBadge status={i.status} testId="inspection-status" />
      </p>

      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {kept.restored && (
        <Alert kind="info">
          Your unsaved changes to the inspection&apos;s details were kept on this device and are shown again: save them.
        </Alert>
      )}
      <OfflineChanges queue={queue} online={online} />

      <form
        id={formId}
        noValidate
        onSubmit={saveForm}
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <SelectField
          label="Inspection type"
          placeholder={null}
          options={options(INSPECTION_TYPES)}
          value={form.adasInspectionType}
          disabled={fieldsLocked}
          onChange={(e) => setForm({ adasInspectionType: Number(e.target.value) })}
        />
        <SelectField
          label="Inspector"
          placeholder="Nobody yet"
          options={job.inspectors.map((u) => ({ value: u.user, label: u.name }))}
          value={form.inspector ?? ''}
          disabled={fieldsLocked}
          onChange={(e) => setForm({ inspector: e.target.value ? Number(e.target.value) : null })}
          error={errors.inspector}
        />
        <InsurerField
          insurers={insurers}
          value={form.insurance}
          currentName={i.insuranceName}
          disabled={fieldsLocked}
          onChange={(insurance) => setForm({ insurance })}
          error={errors.insurance}
        />
        <TextField
          label="RO number"
          value={form.ronumber}
          maxLength={30}
          disabled={fieldsLocked}
          onChange={(e) => setForm({ ronumber: e.target.value })}
          error={errors.ronumber}
        />
        <TextField
          label="Inspection date"
          type="datetime-local"
          value={form.inspectionDate}
          disabled={fieldsLocked}
          onChange={(e) => setForm({ inspectionDate: e.target.value })}
          error={errors.inspectionDate}
        />
        <SelectField
          label="Status"
          placeholder={null}
          options={options(STATUS_NAMES)}
          value={form.status}
          disabled={!shopOnly}
          onChange={(e) => setForm({ status: Number(e.target.value) })}
          error={errors.status}
        />
        <div className="sm:col-span-2 lg:col-span-3">
          <TextArea
            label="Notes"
            value={form.notes}
            maxLength={2000}
            disabled={fieldsLocked}
            onChange={(e) => setForm({ notes: e.target.value })}
          />
        </div>
        <div className="flex justify-end sm:col-span-2 lg:col-span-3">
          {shopOnly && (
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Save inspection'}
            </Button>
          )}
        </div>
      </form>

      <section aria-labelledby="systems" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="systems" className="text-lg font-semibold text-slate-900">
            Systems
          </h2>
          {saveResultsButton}
        </div>
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">The knowledge base lists no ADAS systems for this vehicle.</p>
        ) : (
          <SimpleTable
            caption="Systems of this inspection with their results"
            columns={[
              {
                id: 'system',
                header: 'System',
                rowHeader: true,
                cell: (s) => (
                  <>
                    <span className="font-medium text-slate-900">{s.system}</span>
                    <span className="block text-xs text-slate-600">{[s.oemName, s.location].filter(Boolean).join(' · ')}</span>
                    {s.notice && <span className="mt-1 block text-xs text-amber-900">{s.notice}</span>}
                  </>
                ),
              },
              {
                id: 'calibration',
                header: 'Calibration',
                cell: (s) => (
                  <>
                    {s.calibrationType || '—'}
                    {s.url && (
                      <a
                        href={s.url}
                        target="_blank"
                        rel="noreferrer"
                        className="flex min-h-6 w-fit items-center text-xs text-brand-700 hover:underline"
                      >
                        OEM procedure<span className="sr-only"> for {s.system} (opens in a new tab)</span>
                      </a>
                    )}
                  </>
                ),
              },
              {
                id: 'result',
                header: 'Result',
                cell: (s) => {
                  const o = outcome(s.adasChecklistMatrix);
                  const saved = savedRow(s.adasChecklistMatrix);
                  // Who set the saved result and when (what the report prints), while it is the one shown.
                  const setBy =
                    saved?.result != null && saved.result === o.result && !o.isNotEquipped
                      ? saved.resultByName
                        ? `Set by ${saved.resultByName}, ${formatDate(saved.resultAt, timezone)}`
                        : 'Who set it was not recorded'
                      : '';
                  return (
                    <>
                      <select
                        aria-label={`Result for ${s.system}`}
                        aria-describedby={setBy ? `set-by-${s.adasChecklistMatrix}` : undefined}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                        value={o.result ?? ''}
                        disabled={complete || o.isNotEquipped}
                        onChange={(e) => setOutcome(s.adasChecklistMatrix, { result: e.target.value ? Number(e.target.value) : null })}
                      >
                        <option value="">No result yet</option>
                        {options(RESULTS).map((r) => (
                          <option key={r.value} value={r.value}>
                            {r.label}
                          </option>
                        ))}
                      </select>
                      {setBy && (
                        <span
                          id={`set-by-${s.adasChecklistMatrix}`}
                          className="mt-1 block text-xs text-slate-600"
                          data-testid="result-set-by"
                        >
                          {setBy}
                        </span>
                      )}
                      <TextArea
                        label={`Note on ${s.system}`}
                        hideLabel
                        placeholder="Note: why it failed, what was done instead, part ordered"
                        rows={2}
                        className="mt-1 text-xs"
                        maxLength={500}
                        value={o.notes}
                        disabled={complete}
                        onChange={(e) => setOutcome(s.adasChecklistMatrix, { notes: e.target.value })}
                      />
                      <ChangeState
                        change={lastChange(s.adasChecklistMatrix)}
                        sent={queue.sent.some((x) => x.kind === 'result' && x.adasChecklistMatrix === s.adasChecklistMatrix)}
                      />
                    </>
                  );
                },
              },
              {
                id: 'notEquipped',
                header: 'Not equipped',
                cell: (s) => {
                  const o = outcome(s.adasChecklistMatrix);
                  return (
                    <CheckboxField
                      label={`${s.system} not equipped`}
                      hideLabel
                      checked={o.isNotEquipped}
                      disabled={complete || busy}
                      onChange={(e) =>
                        setOutcome(s.adasChecklistMatrix, { isNotEquipped: e.target.checked, result: e.target.checked ? null : o.result })
                      }
                    />
                  );
                },
              },
              {
                id: 'evidence',
                header: 'Evidence',
                cell: (s) => (
                  <SystemEvidence
                    system={s.system}
                    adasInspectionResult={s.adasInspectionResult}
                    firm={job.firm}
                    items={evidence.filter((e) => e.adasInspectionResult === s.adasInspectionResult)}
                    readOnly={complete}
                    onAdded={(added) => setEvidence((list) => [...list, ...added])}
                    onRemoved={(gone) => setEvidence((list) => list.filter((e) => e.adasEvidence !== gone))}
                    send={sendOrKeep}
                    pending={queue.changes.flatMap((c) =>
                      c.kind === 'evidence' && c.adasInspectionResult === s.adasInspectionResult
                        ? [{ key: c.seq!, fileName: c.fileName, caption: c.caption, file: c.file, state: c.state, message: c.message }]
                        : [],
                    )}
                    sentIds={queue.sent.flatMap((x) => x.evidence ?? [])}
                    captionKey={`caption:${user}:${s.adasInspectionResult}`}
                  />
                ),
              },
              {
                id: 'remove',
                header: 'Remove',
                headerHidden: true,
                cell: (s) =>
                  outcome(s.adasChecklistMatrix).isNotEquipped &&
                  !complete &&
                  shopOnly && (
                    <Button
                      variant="ghost"
                      disabled={busy}
                      onClick={() =>
                        void run(async () => {
                          await saveResults();
                          await adasApi.removeSystem(i.adasInspection, s.adasChecklistMatrix);
                          keptOnDevice.current = false; // the host answered: its render follows
                          return `${s.system} was removed from this inspection.`;
                        })
                      }
                    >
                      Remove<span className="sr-only"> {s.system}</span>
                    </Button>
                  ),
              },
            ]}
            rows={items}
            rowKey={(s) => s.adasInspectionResult}
            rowAttributes={() => ({ className: 'align-top', 'data-testid': 'system-row' })}
            cardsOnPhone
          />
        )}
        {items.length > 0 && !complete && (
          <div
            className="sticky bottom-0 z-20 -mx-1 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-1 py-2 backdrop-blur"
            data-testid="save-bar"
          >
            <span className="mr-auto text-xs text-slate-700" aria-live="polite">
              {unsent ? `${queue.waiting} unsent change${queue.waiting === 1 ? '' : 's'} kept on this device` : 'Every change is saved'}
            </span>
            {saveResultsButton}
          </div>
        )}
        {notInstalled.length > 0 && !complete && shopOnly && (
          <div className="flex flex-col gap-2 rounded-lg border border-dashed border-slate-300 p-3">
            <h3 className="text-sm font-semibold text-slate-900">Systems removed from this inspection</h3>
            <ul className="flex flex-col gap-1">
              {notInstalled.map((s) => (
                <li key={s.adasChecklistMatrix} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span>{s.system}</span>
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() =>
                      void run(async () => {
                        await adasApi.addSystem(i.adasInspection, s.adasChecklistMatrix);
                        return `${s.system} was added back.`;
                      })
                    }
                  >
                    Add back<span className="sr-only"> {s.system}</span>
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      {completing && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setCompleting(null)}
          title="Complete with systems not calibrated?"
          confirmLabel="Complete inspection"
          message={
            <>
              {flagged.map((o) => `${o.system}: ${nameOf(RESULTS, o.result)}`).join('; ')}. The report will show{' '}
              {flagged.length === 1 ? 'this system' : `these ${flagged.length} systems`} as recorded, marked as needing attention, and they
              are not counted as calibrations sold.
              {requestStatus != null && completesWithInspection(requestStatus) && ' Its calibration request becomes Completed.'}
            </>
          }
          onConfirm={async () => {
            const action = completing;
            setCompleting(null);
            await action();
          }}
        />
      )}
      {confirmingDelete && (
        <ConfirmDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          message={deleteQuestion('Inspection')}
          onConfirm={async () => {
            await adasApi.deleteInspection(i.adasInspection);
            router.push(jobHref(i.adas));
          }}
        />
      )}
    </div>
  );
}
