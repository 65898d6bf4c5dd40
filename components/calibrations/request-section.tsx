'use client';
/**
 * The inspection's calibration request (docs/calibrations.md#screens "Request", #states): its lines and total,
 * status with reason, and the conversation: notes oldest first (newest last), marked read when opened, a new
 * one kept in the box when saving fails, one's own notes deletable after a confirmation.
 */
import dynamic from 'next/dynamic';
import { useEffect, useId, useState } from 'react';
import { HistoryButton } from '@/components/history';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { deleteQuestion } from '@/components/ui/confirm-dialog';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import { CLOSING_STATUSES, NOTE_MAX, REQUEST_STATUSES, mayManageRequests } from '@/lib/calibrations/rules';
import type { CalibrateRequest, RequestNote, ScrubResult } from '@/lib/contract/calibrations';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/format';
import { calibrationApi } from './api';
import { ScrubChecks, type CheckContext } from './scrub-checks';

const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog), { ssr: false });

export interface RequestSectionProps {
  request: CalibrateRequest;
  user: number;
  role: number | null;
  /** The user's time zone (profile). */
  timezone: number;
  /** A provider's user through its dispatch: the request and its notes, not its status (the shop's). */
  readOnly?: boolean;
  onChanged: () => void;
  /** The inspection's kept scrub as the estimate section shows it (null: not loaded there yet). */
  scrub: ScrubResult | null;
  checks: CheckContext;
}

export function RequestSection({ request: r, user, role, timezone, readOnly = false, onChanged, scrub, checks }: RequestSectionProps) {
  const headingId = useId();
  const formatWhen = (iso: string) => formatDateTime(iso, timezone);
  const [status, setStatus] = useState<string>(r.statusName);
  // A status changed elsewhere (the inspection's completion completes the request) becomes the select's.
  const [savedStatus, setSavedStatus] = useState(r.statusName);
  if (r.statusName !== savedStatus) {
    setSavedStatus(r.statusName);
    setStatus(r.statusName);
  }
  const [reason, setReason] = useState('');
  // Declined and Cancelled need a reason: said on Save, next to the field, and cleared as it is typed.
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [notes, setNotes] = useState<RequestNote[] | null>(null);
  // The status form's call and message; the note form (its text, its error).
  const statusCall = useForm();
  const notice = statusCall.message;
  const noteForm = useForm({
    initial: { note: '' },
    save: async (d) => {
      await calibrationApi.saveNote({ calibrateRequest: r.calibrateRequest, note: d.note });
      noteForm.reset({ note: '' });
      await loadNotes();
    },
  });
  const noteError = noteForm.errors.note ?? noteForm.message?.text ?? null;
  const busy = statusCall.busy || noteForm.busy;
  const [deleting, setDeleting] = useState<number | null>(null);

  const loadNotes = () => calibrationApi.notes(r.calibrateRequest, user).then(setNotes, (e: Error) => statusCall.say(e.message));
  useEffect(() => {
    void loadNotes();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per request
  }, [r.calibrateRequest]);

  const closing = (CLOSING_STATUSES as readonly string[]).includes(status);
  const statuses = REQUEST_STATUSES.filter((s) => mayManageRequests(role) || (s !== 'Approved' && s !== 'Declined') || s === r.statusName);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Calibration request #{r.calibrateRequest}
          {r.unreadNotes > 0 && (
            <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">{r.unreadNotes} unread</span>
          )}
        </h2>
        {!readOnly && (
          <HistoryButton kind="calibrateRequest" id={r.calibrateRequest} label={`calibration request #${r.calibrateRequest}`} />
        )}
      </div>
      <p className="text-sm text-slate-700" data-testid="request-header">
        {r.statusName} · {r.reason}
        {r.reasonSource && ` (${r.reasonSource})`}
        {r.approvedAt ? ` · Approved by ${r.approvedByName || 'someone not recorded'}, ${formatWhen(r.approvedAt)}` : ' · Not approved'}
        {` · Created by ${r.createdByName || 'someone not recorded'}, ${formatWhen(r.createdAt)}`}
      </p>
      <ul className="text-sm text-slate-800" aria-label="Request lines">
        {r.lines.map((l) => {
          const out = r.billing?.leftOut.find((x) => x.adasChecklistMatrix === l.adasChecklistMatrix);
          return (
            <li key={l.calibrateRequestLine} className={out ? 'text-slate-600' : undefined}>
              {l.system} — {l.calibrationType} {l.price != null ? formatMoney(l.price) : '(unpriced)'}
              {out && <span className="ml-1 font-medium text-amber-900">· Not billed: {out.why}</span>}
            </li>
          );
        })}
      </ul>
      {scrub && <ScrubChecks scrub={scrub} context={checks} requested={new Set(r.lines.map((l) => l.adasChecklistMatrix))} />}
      <p className="text-sm">
        Total: <strong data-testid="request-total">{formatMoney(r.total)}</strong>
        {r.quotedTotal != null && r.quotedTotal !== r.total && ` (quoted ${formatMoney(r.quotedTotal)})`}
        {r.billing?.basis === 'performed' && ' · the calibrations done'}
        {r.technicians.length > 0 && ` · Technicians: ${r.technicians.map((t) => t.name).join(', ')}`}
      </p>

      {!readOnly && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (closing && !reason.trim()) {
              setReasonError(`A reason is needed to set the request to ${status}: say why (for example what the insurer answered).`);
              return;
            }
            void statusCall.run(async () => {
              await calibrationApi.setStatus({
                calibrateRequest: r.calibrateRequest,
                statusName: status as CalibrateRequest['statusName'],
                reason,
                reasonSource: reason ? 'Shop' : '',
              });
              onChanged();
              return `The request is ${status}.`;
            });
          }}
        >
          <SelectField
            label="Status"
            placeholder={null}
            options={statuses.map((s) => ({ value: s, label: s }))}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setReasonError(null);
            }}
          />
          <TextField
            label="Reason"
            required={closing}
            value={reason}
            error={reasonError}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setReasonError(null);
            }}
          />
          <Button type="submit" variant="secondary" disabled={busy || status === r.statusName}>
            Save status
          </Button>
        </form>
      )}
      <div aria-live="polite">{notice && <Alert kind={notice.kind}>{notice.text}</Alert>}</div>

      <h3 className="text-base font-semibold text-slate-900">Notes</h3>
      {notes === null ? (
        <p className="text-sm text-slate-600">Loading notes…</p>
      ) : notes.length === 0 ? (
        <p className="text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Notes, oldest first">
          {notes.map((n) => (
            <li
              key={n.calibrateRequestNote}
              className={`rounded-md border p-2 text-sm ${n.isNew ? 'border-brand-300 bg-brand-50' : 'border-slate-200'}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
                <span>
                  {n.userName}, {formatWhen(n.createdAt)}
                  {n.isNew && <strong className="ml-1 text-brand-800">New</strong>}
                </span>
                {(n.user === user || (!readOnly && mayManageRequests(role))) && (
                  <Button variant="ghost" onClick={() => setDeleting(n.calibrateRequestNote)}>
                    Delete<span className="sr-only"> note by {n.userName}</span>
                  </Button>
                )}
              </div>
              <p className="whitespace-pre-wrap break-words text-slate-900">{n.note}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          void noteForm.submit(e);
        }}
      >
        <TextArea
          label="Add a note"
          rows={3}
          maxLength={NOTE_MAX}
          value={noteForm.draft.note}
          error={noteError}
          onChange={(e) => noteForm.set('note', e.target.value)}
        />
        <div>
          <Button type="submit" disabled={busy || !noteForm.draft.note.trim()}>
            Add note
          </Button>
        </div>
      </form>

      {deleting != null && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          message={deleteQuestion('Note')}
          onConfirm={async () => {
            await calibrationApi.deleteNote(deleting);
            setDeleting(null);
            await loadNotes();
          }}
        />
      )}
    </section>
  );
}
