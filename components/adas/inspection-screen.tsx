'use client';
/**
 * An inspection (/view, "Inspection"; issue 13 §7, §8): inspector (a user of the job's location),
 * insurance, RO number, notes, inspection date and status; per system a result and "not equipped"; a
 * system not equipped can be removed and added back. Completing saves the results first; the job follows
 * (Complete when all its inspections are, reopened with them), as the host answers.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { SimpleTable } from '@/components/ui/simple-table';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextArea, TextField } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import { HistoryButton } from '@/components/history';
import { useForm } from '@/components/ui/use-form';
import { INSPECTION_TYPES, RESULT, RESULTS, STATUS, STATUS_NAMES, nameOf, statusName, vehicleLabel } from '@/lib/adas/rules';
import { completesWithInspection } from '@/lib/calibrations/rules';
import type { AdasRecord, InspectionItem, InspectionRecord } from '@/lib/contract/adas';
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
import { OfflineChanges } from './offline-changes';
import { isConnectivity, useOfflineQueue } from './use-offline-queue';

const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog), { ssr: false });
/** The dialogs' code, loaded while the page is online: asked for later at the car, offline, it would fail and take the page down. */
const preloadDialogs = () => void import('@/components/ui/confirm-dialog').catch(() => undefined);

export interface InspectionScreenProps {
  inspection: InspectionRecord;
  items: InspectionItem[];
  notInstalled: AdasSystem[];
  job: AdasRecord;
  insurers: readonly Choice[];
  timezone: number;
  /** Photos and files on the systems (issue 30 §1). */
  evidence: EvidenceItem[];
  /** The signed-in user: whose changes kept on this device the screen shows (issue 30 §2). */
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

type Draft = Record<number, { result: number | null; isNotEquipped: boolean }>;
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
  const [draft, setDraft] = useState<Draft>({});
  const [deleting, setDeleting] = useState(false);
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
    setForm({ status: i.status });
  }

  // Changes kept on this device while they cannot be sent (issue 30 §2); the latest of a system shows.
  const queue = useOfflineQueue({
    user,
    adasInspection: i.adasInspection,
    onSent: refresh,
    onEvidence: (added) => setEvidence((list) => [...list, ...added]),
  });
  const savedRow = (adasChecklistMatrix: number) => i.results.find((r) => r.adasChecklistMatrix === adasChecklistMatrix);
  const outcome = (adasChecklistMatrix: number) => {
    const saved = savedRow(adasChecklistMatrix);
    const last = queue.changes.findLast(
      (c) => c.kind === 'result' && c.state !== 'refused' && c.adasChecklistMatrix === adasChecklistMatrix,
    );
    const pending = last?.kind === 'result' ? { result: last.result, isNotEquipped: last.isNotEquipped } : null;
    return draft[adasChecklistMatrix] ?? pending ?? { result: saved?.result ?? null, isNotEquipped: saved?.isNotEquipped ?? false };
  };
  /** Keeps result changes on the device, each against the version of the row the technician saw. */
  const keepResults = (changes: { adasChecklistMatrix: number; result: number | null; isNotEquipped: boolean }[]) =>
    queue.enqueueResults(
      changes.map((c) => {
        const saved = savedRow(c.adasChecklistMatrix);
        return {
          ...c,
          system: items.find((x) => x.adasChecklistMatrix === c.adasChecklistMatrix)?.system ?? '',
          notes: saved?.notes ?? '',
          baseVersion: saved?.version,
        };
      }),
    );
  const changed = Object.keys(draft).length > 0;

  /** A call of the screen; its text is shown, and the server render refreshed after it. */
  const run = async (fn: () => Promise<string | void>) => {
    const done = await editor.run(fn);
    if (done) refresh();
    return done;
  };

  /** Saves the changed results; without a connection (or behind changes still waiting) they are kept on the device. */
  const saveResults = async (): Promise<'saved' | 'kept' | undefined> => {
    if (!changed) return;
    const changes = Object.entries(draft).map(([system, o]) => ({
      adasChecklistMatrix: Number(system),
      result: o.result,
      isNotEquipped: o.isNotEquipped,
    }));
    const keep = async () => {
      await keepResults(changes);
      setDraft({});
      return 'kept' as const;
    };
    if (!navigator.onLine || queue.waiting > 0) return keep();
    try {
      await adasApi.saveResults({
        adasInspection: i.adasInspection,
        results: changes.map((c) => ({
          ...c,
          notes: savedRow(c.adasChecklistMatrix)?.notes ?? '',
          baseVersion: savedRow(c.adasChecklistMatrix)?.version,
        })),
      });
    } catch (e) {
      if (isConnectivity(e)) return keep();
      throw e;
    }
    setDraft({});
    return 'saved';
  };
  const KEPT = 'No connection: the results are kept on this device and will be sent when the connection returns.';

  const jobLine = (adasStatus: number) =>
    adasStatus === STATUS.complete ? ' The job is Complete.' : ` The job is ${statusName(adasStatus)}.`;

  const setStatus = (status: number) =>
    run(async () => {
      if (status === STATUS.complete) await saveResults();
      const answer = await adasApi.setInspectionStatus(i.adasInspection, status);
      return `The inspection is ${statusName(answer.status ?? status)}.${jobLine(answer.adasStatus)}`;
    });

  // Completing with Failed or not-calibrated systems asks first, saying what the report will show.
  const [completing, setCompleting] = useState<(() => Promise<unknown>) | null>(null);
  const flagged = items
    .map((x) => ({ system: x.system, ...outcome(x.adasChecklistMatrix) }))
    .filter((o) => !o.isNotEquipped && (o.result === RESULT.failed || o.result === RESULT.required));
  const completeAfterAsking = (action: () => Promise<unknown>) => (flagged.length ? setCompleting(() => action) : void action());

  const saveForm = (e: React.FormEvent) => {
    e.preventDefault();
    const save = () =>
      run(async () => {
        await saveResults();
        const answer = await adasApi.saveInspection({
          adasInspection: i.adasInspection,
          adas: i.adas,
          adasInspectionType: form.adasInspectionType,
          inspector: form.inspector,
          insurance: form.insurance,
          ronumber: form.ronumber,
          notes: form.notes,
          inspectionDate: form.inspectionDate ? fromLocalInput(form.inspectionDate, timezone) : null,
          status: form.status,
        });
        editor.setErrors({});
        return `The inspection was saved.${answer.status !== i.status ? jobLine(answer.adasStatus) : ''}`;
      });
    if (form.status === STATUS.complete && !complete) completeAfterAsking(save);
    else void save();
  };

  // Offline, each change is kept on the device at once: a reload or a closed tab loses nothing.
  const setOutcome = (system: number, change: Partial<{ result: number | null; isNotEquipped: boolean }>) => {
    const next = { ...outcome(system), ...change };
    if (navigator.onLine) return setDraft((d) => ({ ...d, [system]: next }));
    void keepResults([{ adasChecklistMatrix: system, ...next }]);
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
      return await sendEvidence({ ...e, file, prepared: true });
    } catch (err) {
      if (isConnectivity(err)) return keep();
      throw err;
    }
  };

  // Shown above and below the systems (a keyboard user reaches one without tabbing through the list).
  // aria-disabled, not disabled: the button that was pressed keeps the focus once nothing is left to save.
  const saveResultsButton = !complete && (
    <Button
      variant="secondary"
      aria-disabled={busy || !changed}
      className="aria-disabled:cursor-not-allowed aria-disabled:text-slate-400"
      onClick={() => {
        if (busy || !changed) return;
        void run(async () => ((await saveResults()) === 'kept' ? KEPT : 'The results were saved.'));
      }}
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
        <ArrowLeft aria-hidden="true" className="size-4" /> {shopOnly ? `ADAS job ${job.ronumber}` : 'Dispatch queue'}
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
              <Button variant="danger" disabled={busy} onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </div>
        }
      >
        Inspection
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
      <OfflineChanges queue={queue} />

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
        {items.length > 0 && <div className="flex justify-end">{saveResultsButton}</div>}
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
      {deleting && (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
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
