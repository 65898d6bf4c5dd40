'use client';
/** One application log record in full: every field of docs/log.md#fields, the exception texts as written. */
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { useLoaded } from '@/components/ui/use-loaded';
import type { LogRow } from '@/lib/contract/log';
import { formatDateTime } from '@/lib/dates';
import { logApi } from '@/components/admin';

function Field({ label, children, pre }: { label: string; children: React.ReactNode; pre?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd
        className={
          pre
            ? 'max-h-64 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-900'
            : 'break-words text-slate-900'
        }
      >
        {children}
      </dd>
    </div>
  );
}

export function LogRecordDialog({ row, zone, onClose }: { row: LogRow; zone: string; onClose: () => void }) {
  const { data: record, error } = useLoaded((signal) => logApi.entry(row.id, signal), row.id);
  const r = record ?? { ...row, exception: null, innerException: null, messageLayout: null };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} size="xl" title={`${row.level} · ${formatDateTime(row.timestamp, zone)}`}>
      {error && <Alert>{error}</Alert>}
      <dl className="grid gap-3 sm:grid-cols-2">
        <Field label="Date/time">
          {formatDateTime(r.timestamp, zone)} ({r.timestamp})
        </Field>
        <Field label="Level">{r.level}</Field>
        <Field label="Logger">{r.name}</Field>
        <Field label="Machine">{r.machineName}</Field>
        {r.title && <Field label="Title">{r.title}</Field>}
        {r.messageLayout && <Field label="Message layout">{r.messageLayout}</Field>}
      </dl>
      <dl className="mt-3 flex flex-col gap-3">
        <Field label="Message" pre>
          {r.message}
        </Field>
        {record === null && !error && <p role="status">Loading the whole record…</p>}
        {r.exception && (
          <Field label="Exception" pre>
            {r.exception}
          </Field>
        )}
        {r.innerException && (
          <Field label="Inner exception" pre>
            {r.innerException}
          </Field>
        )}
      </dl>
    </Dialog>
  );
}
