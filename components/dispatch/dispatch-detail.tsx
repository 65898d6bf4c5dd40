'use client';
/**
 * One dispatch as the caller's side sees it (docs/dispatch.md#screens), and the steps that side may take now:
 * the provider accepts (a date, a time window, a technician), proposes another date or declines; the shop
 * changes the date (or takes the one proposed), cancels, and once the work is handed back accepts the report
 * or asks for a redo. Each step is a small form with its own field errors; a refused step keeps what was
 * typed and says why (the host's words: another step won the race, the dispatch ended). A step that
 * re-priced the request lists the prices it changed. Shown in the queue's dialog and on the inspection.
 */
import Link from 'next/link';
import { useId, useState } from 'react';
import { HistoryButton } from '@/components/history';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import type { DispatchDetail, StepAnswer } from '@/lib/contract/dispatch';
import { formatDateTime } from '@/lib/dates';
import {
  DISPATCH_STATUS_TEXT,
  MODE_LABELS,
  REASON_MAX,
  mayManageDispatch,
  mayStep,
  showDay,
  showVisit,
  type DispatchStep,
} from '@/lib/dispatch/rules';
import { formatMoney } from '@/lib/format';
import { dispatchApi } from './api';
import { DispatchStatusTag, vehicleOf } from './columns';
import { repricedText } from './repriced';

export interface DispatchDetailProps {
  detail: DispatchDetail;
  /** The caller's role (who may accept, propose, decline, accept a report, ask for a redo). */
  role: number | null;
  timezone: number;
  /** After a step: the step's answer (the caller reloads). */
  onChanged: (answer: StepAnswer, said: string) => void;
  /** Shown on the inspection itself: no link to it. */
  onInspection?: boolean;
}

type Open = Extract<DispatchStep, 'accepted' | 'proposed' | 'declined' | 'changed' | 'cancelled' | 'redo'> | null;

const REASON_LABEL: Partial<Record<DispatchDetail['status'], string>> = {
  Requested: 'Note from the shop',
  Proposed: 'Why another date',
  Declined: 'Why it was declined',
  Cancelled: 'Why it was cancelled',
  Accepted: 'Redo asked for',
};

export function DispatchDetailView({ detail: d, role, timezone, onChanged, onInspection = false }: DispatchDetailProps) {
  const headingId = useId();
  const [open, setOpen] = useState<Open>(null);
  const provider = d.side === 'provider';
  const manager = mayManageDispatch(role);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timezone) : '');

  const step = useForm({
    initial: {
      date: d.proposedDate ?? d.requestedDate,
      windowStart: '08:00',
      windowEnd: '12:00',
      technician: d.technician ?? d.technicians[0]?.user ?? 0,
      reason: '',
    },
  });
  const { draft, set, errors, busy, message } = step;
  const done = (answer: StepAnswer, said: string) => {
    setOpen(null);
    onChanged(answer, [said, repricedText(answer.repriced)].filter(Boolean).join(' '));
  };
  const act = (call: () => Promise<StepAnswer>, said: string) =>
    step.run(async () => {
      const answer = await call();
      done(answer, said);
    });
  // A busy button keeps the focus: aria-disabled, and a press while busy does nothing.
  const go = (run: () => unknown) => (e: React.FormEvent) => {
    e.preventDefault();
    if (!busy) void run();
  };

  const can = (s: DispatchStep, side: 'shop' | 'provider', managers = false) =>
    d.side === side && mayStep(s, d.status) && (!managers || manager);
  const actions: { step: Exclude<Open, null>; label: string; show: boolean }[] = [
    { step: 'accepted', label: 'Accept', show: can('accepted', 'provider', true) },
    { step: 'proposed', label: 'Propose another date', show: can('proposed', 'provider', true) },
    { step: 'declined', label: 'Decline', show: can('declined', 'provider', true) },
    { step: 'changed', label: d.status === 'Proposed' ? 'Answer the proposal' : 'Change the date', show: can('changed', 'shop') },
    { step: 'cancelled', label: 'Cancel the dispatch', show: can('cancelled', 'shop') },
    { step: 'redo', label: 'Ask for a redo', show: can('redo', 'shop', true) },
  ];
  const reasonField = (label: string, required: boolean) => (
    <TextArea
      label={label}
      rows={2}
      required={required}
      maxLength={REASON_MAX}
      value={draft.reason}
      error={errors.reason}
      onChange={(e) => set('reason', e.target.value)}
    />
  );
  const submit = (label: string, variant: 'primary' | 'danger' = 'primary') => (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant={variant} aria-disabled={busy || undefined} className="aria-disabled:opacity-60">
        {busy ? 'Saving…' : label}
      </Button>
      <Button variant="ghost" onClick={() => setOpen(null)}>
        Back
      </Button>
    </div>
  );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="dispatch-detail">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {provider ? `From ${d.shopName}` : `Sent to ${d.providerName}`} · {vehicleOf(d)}
          </h3>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <DispatchStatusTag status={d.status} /> <span>{DISPATCH_STATUS_TEXT[d.status]}</span>
          </p>
        </div>
        <HistoryButton kind="dispatch" id={d.dispatch} label={`dispatch #${d.dispatch}`} />
      </div>

      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">{provider ? 'Shop' : 'Provider'}</dt>
        <dd>{provider ? d.shopName : d.providerName}</dd>
        <dt className="font-medium text-slate-700">Vehicle</dt>
        <dd>
          {vehicleOf(d)}
          {d.vin && <span className="ml-1 font-mono text-xs">{d.vin}</span>}
          {d.ronumber && ` · RO ${d.ronumber}`}
        </dd>
        <dt className="font-medium text-slate-700">Where</dt>
        <dd>{MODE_LABELS[d.mode]}</dd>
        <dt className="font-medium text-slate-700">Asked for</dt>
        <dd>{showDay(d.requestedDate)}</dd>
        {d.proposedDate && (
          <>
            <dt className="font-medium text-slate-700">Proposed</dt>
            <dd className="font-medium text-amber-900">{showDay(d.proposedDate)}</dd>
          </>
        )}
        {d.scheduledDate && (
          <>
            <dt className="font-medium text-slate-700">Scheduled</dt>
            <dd>
              {showVisit(d.scheduledDate, d.windowStart, d.windowEnd)}
              {d.technicianName && ` · ${d.technicianName}`}
            </dd>
          </>
        )}
        {d.reason && REASON_LABEL[d.status] && (
          <>
            <dt className="font-medium text-slate-700">{REASON_LABEL[d.status]}</dt>
            <dd className="whitespace-pre-wrap break-words">{d.reason}</dd>
          </>
        )}
        <dt className="font-medium text-slate-700">Sent</dt>
        <dd>
          {d.createdByName}, {when(d.createdAt)}
        </dd>
        {d.acceptedAt && (
          <>
            <dt className="font-medium text-slate-700">Accepted</dt>
            <dd>
              {d.acceptedByName}, {when(d.acceptedAt)}
            </dd>
          </>
        )}
        {d.completedAt && (
          <>
            <dt className="font-medium text-slate-700">Handed back</dt>
            <dd>{when(d.completedAt)}</dd>
          </>
        )}
        {d.closedAt && (
          <>
            <dt className="font-medium text-slate-700">Report accepted</dt>
            <dd>{when(d.closedAt)}</dd>
          </>
        )}
      </dl>

      <table className="w-full text-sm">
        <caption className="sr-only">Calibrations asked for, at the provider&apos;s prices</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-700">
            <th scope="col" className="py-1 font-medium">
              Calibration
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {d.lines.map((l) => (
            <tr key={l.calibrateRequestLine} className="border-b border-slate-100">
              <th scope="row" className="py-1 text-left font-normal">
                {l.system}
                {l.calibrationType && <span className="block text-xs text-slate-600">{l.calibrationType}</span>}
              </th>
              <td className="py-1 text-right tabular-nums">{l.price == null ? 'Unpriced' : formatMoney(l.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-1 text-left">
              Total
            </th>
            <td className="py-1 text-right font-semibold tabular-nums">{formatMoney(d.total)}</td>
          </tr>
        </tfoot>
      </table>

      {d.billed && (
        <div className="flex flex-col gap-1 rounded-md bg-slate-50 p-3 text-sm" data-testid="dispatch-billed">
          <h4 className="font-semibold text-slate-900">Billed for what was performed: {formatMoney(d.billed.total)}</h4>
          {d.billed.lines.length === 0 ? (
            <p>No calibration was performed: nothing is billed.</p>
          ) : (
            <ul className="list-disc pl-5">
              {d.billed.lines.map((l) => (
                <li key={`${l.system}-${l.calibrationType}`}>
                  {l.system} · {formatMoney(l.price)}
                </li>
              ))}
            </ul>
          )}
          {d.billed.leftOut.length > 0 && (
            <p className="text-slate-700">
              Not billed (only calibrated systems are): {d.billed.leftOut.map((l) => `${l.system} (${l.result})`).join(', ')}.
            </p>
          )}
        </div>
      )}

      {!onInspection && (d.access || !provider) && (
        <Link href={`/view?adasInspection=${d.adasInspection}`} className="text-sm font-medium text-brand-700 underline">
          Open the inspection{provider && d.access === 'read' ? ' (read-only)' : ''}
        </Link>
      )}

      <div aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</div>

      {open === null ? (
        actions.some((x) => x.show) && (
          <div className="flex flex-wrap gap-2">
            {actions
              .filter((x) => x.show)
              .map((x) => (
                <Button
                  key={x.step}
                  variant={x.step === 'accepted' ? 'primary' : x.step === 'declined' || x.step === 'cancelled' ? 'danger' : 'secondary'}
                  onClick={() => {
                    step.setErrors({});
                    step.say(null);
                    set('reason', '');
                    setOpen(x.step);
                  }}
                >
                  {x.label}
                </Button>
              ))}
            {can('closed', 'shop', true) && (
              <Button
                onClick={() => void act(() => dispatchApi.acceptReport(d.dispatch), 'The report is accepted: the dispatch is closed.')}
              >
                Accept the report
              </Button>
            )}
          </div>
        )
      ) : open === 'accepted' ? (
        <form
          noValidate
          className="flex flex-col gap-2"
          aria-label="Accept the calibration"
          onSubmit={go(() =>
            act(
              () =>
                dispatchApi.accept({
                  dispatch: d.dispatch,
                  scheduledDate: draft.date,
                  windowStart: draft.windowStart,
                  windowEnd: draft.windowEnd,
                  technician: draft.technician,
                  version: d.version,
                }),
              'Accepted: the shop is told, and the inspection is open to your location.',
            ),
          )}
        >
          <TextField
            label="Date"
            type="date"
            required
            value={draft.date}
            error={errors.scheduledDate}
            onChange={(e) => set('date', e.target.value)}
          />
          <div className="grid grid-cols-2 gap-2">
            <TextField
              label="From"
              type="time"
              required
              value={draft.windowStart}
              error={errors.windowStart}
              onChange={(e) => set('windowStart', e.target.value)}
            />
            <TextField
              label="To"
              type="time"
              required
              value={draft.windowEnd}
              error={errors.windowEnd}
              onChange={(e) => set('windowEnd', e.target.value)}
            />
          </div>
          <SelectField
            label="Technician"
            required
            options={d.technicians.map((t) => ({ value: t.user, label: t.name }))}
            value={draft.technician || ''}
            error={errors.technician}
            onChange={(e) => set('technician', Number(e.target.value))}
          />
          <p className="text-xs text-slate-600">Your location takes {d.capacity} vehicles a day.</p>
          {submit('Accept')}
        </form>
      ) : open === 'proposed' ? (
        <form
          noValidate
          className="flex flex-col gap-2"
          aria-label="Propose another date"
          onSubmit={go(() =>
            act(
              () => dispatchApi.propose({ dispatch: d.dispatch, proposedDate: draft.date, reason: draft.reason }),
              'Proposed: the shop is told.',
            ),
          )}
        >
          <TextField
            label="Date you propose"
            type="date"
            required
            value={draft.date}
            error={errors.proposedDate}
            onChange={(e) => set('date', e.target.value)}
          />
          {reasonField('Why (optional)', false)}
          {submit('Propose')}
        </form>
      ) : open === 'changed' ? (
        <form
          noValidate
          className="flex flex-col gap-2"
          aria-label="Change the date asked for"
          onSubmit={go(() =>
            act(
              () => dispatchApi.reschedule({ dispatch: d.dispatch, requestedDate: draft.date, note: draft.reason }),
              `Asked for ${showDay(draft.date)}: the provider is told.`,
            ),
          )}
        >
          <TextField
            label="Date asked for"
            type="date"
            required
            value={draft.date}
            error={errors.requestedDate}
            hint={d.proposedDate ? `The provider proposed ${showDay(d.proposedDate)}.` : undefined}
            onChange={(e) => set('date', e.target.value)}
          />
          {reasonField('Note for the provider (optional)', false)}
          {submit('Send the date')}
        </form>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-2"
          aria-label={open === 'declined' ? 'Decline the calibration' : open === 'cancelled' ? 'Cancel the dispatch' : 'Ask for a redo'}
          onSubmit={go(() => {
            if (!draft.reason.trim()) return step.setErrors({ reason: 'Say why' });
            if (open === 'declined')
              return act(() => dispatchApi.decline({ dispatch: d.dispatch, reason: draft.reason }), 'Declined: the shop is told.');
            if (open === 'cancelled')
              return act(
                () => dispatchApi.cancel({ dispatch: d.dispatch, reason: draft.reason }),
                'Cancelled: the provider is told; the calibrations are back in house.',
              );
            return act(
              () => dispatchApi.redo({ dispatch: d.dispatch, reason: draft.reason }),
              'Redo asked for: the provider is told and can record again.',
            );
          })}
        >
          {reasonField(open === 'redo' ? 'What to redo' : 'Why', true)}
          {submit(
            open === 'declined' ? 'Decline' : open === 'cancelled' ? 'Cancel the dispatch' : 'Ask for a redo',
            open === 'redo' ? 'primary' : 'danger',
          )}
        </form>
      )}
    </section>
  );
}
