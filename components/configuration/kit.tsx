'use client';
/**
 * What the configuration's sections share: the section heading with its actions, the flash message after
 * a change, the cell that opens a record, small value cells, the delete confirmation and CSV downloads.
 */
import dynamic from 'next/dynamic';
import { useCallback, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { type DataColumn, OpenCell, Tag, csvFilename, dash, downloadText, fetchAllPages } from '@/components/data-table';
import type { ConfirmDialogProps } from '@/components/ui/confirm-dialog';
import { useForm, type FormMessage } from '@/components/ui/use-form';
import type { CsvFile } from '@/lib/contract/admin';
import type { Query } from './api';
import type { Paged } from '@/lib/contract/list';

// Loaded when first needed, with its question text: the list shows without either.
const DeleteDialog = dynamic(
  () =>
    import('@/components/ui/confirm-dialog').then(({ ConfirmDialog, deleteQuestion }) => {
      function DeleteDialog({ tag, detail, ...props }: { tag: string; detail: string } & Omit<ConfirmDialogProps, 'message'>) {
        return <ConfirmDialog {...props} message={`${deleteQuestion(tag)} ${detail}`} />;
      }
      return DeleteDialog;
    }),
  { ssr: false },
);

/** The section's heading (id `section-title`, naming the section element) and its actions. */
export function SectionHeader({ title, id = 'section-title', children }: { title: string; id?: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </div>
  );
}

/** A dismissible success message (a live region, so screen readers hear it). */
export function Flash({ text, onDismiss }: { text: string | null; onDismiss: () => void }) {
  if (!text) return null;
  return (
    <div className="flex items-start gap-2">
      <div className="flex-1">
        <Alert kind="success">{text}</Alert>
      </div>
      <Button variant="ghost" onClick={onDismiss} aria-label="Dismiss message">
        ×
      </Button>
    </div>
  );
}

// The cells every list shares, with the configuration's own below.
export { OpenCell, Tag, YesNo, dash, yesNo } from '@/components/data-table';
export const years = (start: number, end: number) => (start === end ? String(start) : `${start}–${end}`);
/** A comma text shortened for a cell (the full text in its title). */
export const Clip = ({ text, max = 60 }: { text: string; max?: number }) =>
  text ? <span title={text.length > max ? text : undefined}>{text.length > max ? `${text.slice(0, max - 1)}…` : text}</span> : dash;

/** A list's first column: the record's name, which opens its editor, tagged when the record is inactive. */
export const openColumn = <T extends { isInactive: boolean }>(
  id: string,
  header: string,
  label: (r: T) => string,
  open: (r: T) => void,
): DataColumn<T> => ({
  id,
  header,
  sortable: true,
  rowHeader: true,
  canHide: false,
  csv: label,
  cell: (r) => (
    <OpenCell label={label(r)} onOpen={() => open(r)}>
      {r.isInactive && <Tag tone="red">Inactive</Tag>}
    </OpenCell>
  ),
});

/** The system a rule is limited to; a rule without one applies to every system (so the cell and CSV say). */
export const systemColumn = <T extends { matrixItem: string | null }>(): DataColumn<T> => ({
  id: 'system',
  header: 'System',
  sortable: true,
  csv: (r) => r.matrixItem || 'Every system',
  cell: (r) => r.matrixItem || <span className="text-slate-600">Every system</span>,
});

/** The model years a rule covers ("2018–2023"), sorted by the list's `years` sort. */
export const yearsColumn = <T extends { yearStart: number; yearEnd: number }>(): DataColumn<T> => ({
  id: 'years',
  header: 'Years',
  sortable: true,
  className: 'whitespace-nowrap',
  csv: (r) => years(r.yearStart, r.yearEnd),
  cell: (r) => years(r.yearStart, r.yearEnd),
});

/** State of the "which record is open" and "what is being deleted" dialogs, and the flash message. */
export function useSection<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<{ rows: T[]; clear: () => void } | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  return { editing, setEditing, deleting, setDeleting, flash, setFlash };
}

/** "Delete" for the checked rows: one confirmation, then one call per row (operations: "once per checked row"). */
export function DeleteConfirm<T>({
  deleting,
  tag,
  name,
  remove,
  onClose,
  onDone,
}: {
  deleting: { rows: T[]; clear: () => void } | null;
  tag: string;
  name: (row: T) => string;
  remove: (row: T) => Promise<unknown>;
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  if (!deleting) return null;
  const [only, ...others] = deleting.rows;
  const n = deleting.rows.length;
  return (
    <DeleteDialog
      open
      onOpenChange={(o) => !o && onClose()}
      tag={tag}
      detail={only && !others.length ? `(${name(only)})` : `The ${n} checked records will be deleted.`}
      onConfirm={async () => {
        for (const row of deleting.rows) await remove(row);
        deleting.clear();
        onDone(n);
      }}
    />
  );
}

/** Every row of the list as it is filtered now (the section's query), for the data-table's CSV export. */
export function useExportAll<T, Q extends Query = Query>(query: Q, fetchPage: (query: Q) => Promise<Paged<T>>) {
  return useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages((page, pageSize) => fetchPage({ ...query, page, pageSize }), { onProgress }),
    [query, fetchPage],
  );
}

/** Offers a CSV file answered by the host as a download. */
export function downloadCsv(file: CsvFile) {
  downloadText(file.fileName || csvFilename('export'), file.csv);
}

const exportFailed = (message: string) => `The export failed: ${message}`;

/**
 * A section's own CSV download (the host makes the file): the form hook's busy flag for its button and its
 * one message, which `say` also uses for the section's other news (prices imported).
 */
export function useCsvDownload(make: () => Promise<CsvFile>) {
  const calls = useForm();
  const { run } = calls;
  const start = useCallback(
    () => run(async () => downloadCsv(await make()), { failed: exportFailed, fallback: 'the host made no file.' }),
    [run, make],
  );
  return { busy: calls.busy, message: calls.message, say: calls.say, start };
}

/** The section's message under its list: an error is announced at once, news politely. */
export function SectionMessage({ message }: { message: FormMessage | null }) {
  if (!message) return null;
  const error = message.kind === 'error';
  return (
    <p role={error ? 'alert' : 'status'} className={`text-sm ${error ? 'text-red-700' : 'text-green-800'}`}>
      {message.text}
    </p>
  );
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Money for the user's locale (US dollars). */
export const money = (n: number | null) => (n == null ? '' : usd.format(n));
