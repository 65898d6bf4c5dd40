'use client';
/**
 * A record's History panel (docs/history.md): its changes newest first — when (the user's time zone,
 * MM/DD/YYYY hh:mm a), who, the field (and the part of the record it belongs to), old → new — a page at a
 * time, and the whole history as CSV (the host writes it through the product's one neutraliser). States:
 * loading (announced), "No changes recorded yet", and a failure's own message with a way to try again.
 * A list of cards rather than a table, so it reads at 360 px and in a screen reader line by line.
 */
import { useCallback, useState } from 'react';
import type { HistoryRow } from '@/lib/contract/history';
import { HISTORY_PAGE_SIZE, type HistoryKind } from '@/lib/contract/history-constants';
import { formatDateTime } from '@/lib/dates';
import { CREATED, DELETED, SECRET_CHANGED } from '@/lib/history/rules';
import { downloadText } from '@/components/data-table/csv';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useForm } from '@/components/ui/use-form';
import { useLoaded } from '@/components/ui/use-loaded';
import { historyApi } from './api';

interface Page {
  count: number;
  items: HistoryRow[];
  timezone: number | null;
}

/** An instant the record shows (a completion time, an approval) in the user's zone; any other text as it is. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
const valueText = (v: string | null, zone: number | null) => (v == null ? '' : INSTANT.test(v) ? formatDateTime(v, zone) : v);

function Change({ row, zone }: { row: HistoryRow; zone: number | null }) {
  const where = row.part ? `${row.part} · ` : '';
  if (row.field === CREATED || row.field === DELETED)
    return (
      <>
        <p className="font-medium text-slate-900">
          {where}
          {row.field}
        </p>
        {(row.newValue ?? row.oldValue) && (
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{row.newValue ?? row.oldValue}</p>
        )}
      </>
    );
  const was = valueText(row.oldValue, zone);
  const now = valueText(row.newValue, zone);
  return (
    <>
      <p className="font-medium text-slate-900">
        {where}
        {row.field}
      </p>
      {row.newValue === SECRET_CHANGED && row.oldValue == null ? (
        <p className="mt-1 text-sm text-slate-700">{row.field} changed</p>
      ) : (
        <p className="mt-1 text-sm break-words text-slate-700">
          <span className="sr-only">from </span>
          <del className="text-slate-600">{was || <em>empty</em>}</del>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> to </span>
          <ins className="font-medium text-slate-900 no-underline">{now || <em>empty</em>}</ins>
        </p>
      )}
    </>
  );
}

export interface HistoryPanelProps {
  kind: HistoryKind;
  id: number;
  label: string;
  open: boolean;
  /** How many times it was opened (each opening loads anew). */
  opened: number;
  onOpenChange: (open: boolean) => void;
}

export function HistoryPanel({ kind, id, label, open, opened, onOpenChange }: HistoryPanelProps) {
  const [page, setPage] = useState(1);
  const csv = useForm();
  // Loaded anew on each opening (`opened`), so a change saved meanwhile shows.
  const key = `${kind}:${id}:${page}:${opened}`;
  const loaded = useLoaded(
    async (signal): Promise<Page & { key: string }> => ({
      ...(await historyApi.page(kind, id, page, signal)),
      key,
    }),
    key,
  );
  const data = loaded.data;
  const loading = !loaded.error && data?.key !== key;
  const error = loaded.error ?? csv.message?.text ?? null;
  const { run, say } = csv;

  const exportCsv = useCallback(
    () =>
      run(
        async () => {
          const file = await historyApi.exportCsv(kind, id);
          downloadText(file.fileName, file.csv);
        },
        { fallback: 'The CSV file could not be made.' },
      ),
    [run, kind, id],
  );

  const pages = data ? Math.max(1, Math.ceil(data.count / HISTORY_PAGE_SIZE)) : 1;
  const zone = data?.timezone ?? null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={`History of ${label}`}
      footer={
        <>
          {csv.busy && (
            <span role="status" className="mr-auto text-sm text-slate-700">
              Preparing the CSV file…
            </span>
          )}
          <Button variant="secondary" onClick={exportCsv} disabled={!data?.count || csv.busy}>
            Export CSV
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </>
      }
    >
      <div aria-busy={loading}>
        {error && (
          <div className="mb-3">
            <Alert>{error}</Alert>
            <Button
              variant="secondary"
              className="mt-2"
              onClick={() => {
                say(null);
                loaded.reload();
              }}
            >
              Try again
            </Button>
          </div>
        )}
        {loading && !data && (
          <p role="status" className="text-sm text-slate-700">
            Loading the history…
          </p>
        )}
        {data && data.count === 0 && !error && (
          <p role="status" className="text-sm text-slate-700">
            No changes recorded yet.
          </p>
        )}
        {data && data.count > 0 && (
          <>
            <p role="status" className="mb-2 text-sm text-slate-700">
              {data.count} {data.count === 1 ? 'change' : 'changes'}, newest first{loading ? ' (loading…)' : ''}
            </p>
            {/* In the Tab order: a long list scrolls the dialog's body, and a keyboard user scrolls it from here
                (the body has no other focusable content; axe scrollable-region-focusable). */}
            <ol
              tabIndex={0}
              className="divide-y divide-slate-200 rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label={`Changes of ${label}`}
            >
              {data.items.map((row) => (
                <li key={row.history} className="px-3 py-2">
                  <p className="text-xs text-slate-600">
                    <time dateTime={row.at}>{formatDateTime(row.at, zone)}</time>
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, by </span>
                    {row.byName || 'Unknown user'}
                  </p>
                  <Change row={row} zone={zone} />
                </li>
              ))}
            </ol>
            {pages > 1 && (
              <nav className="mt-3 flex flex-wrap items-center justify-between gap-2" aria-label="History pages">
                <Button variant="secondary" disabled={page <= 1 || loading} onClick={() => setPage((p) => p - 1)}>
                  Newer
                </Button>
                <span className="text-sm text-slate-700">
                  Page {page} of {pages}
                </span>
                <Button variant="secondary" disabled={page >= pages || loading} onClick={() => setPage((p) => p + 1)}>
                  Older
                </Button>
              </nav>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
