'use client';
/**
 * The calibration-pricing import (docs/configuration.md#calls): the user picks a CSV; the browser reads it with
 * papaparse and checks its columns; the host previews every row (what it would change, or why it
 * cannot) and nothing is applied until the user chooses: all rows when every row is valid, the valid
 * rows only, or none.
 */
import { Icon } from '@/components/ui/icon';
import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SimpleTable } from '@/components/ui/simple-table';
import { useForm } from '@/components/ui/use-form';
import type { PricingImportResult } from '@/lib/contract/adasmatrix';
import { BFF_BODY_LIMIT } from '@/lib/bff/protocol';
import { CALIBRATION_MODE_LABELS } from '@/lib/configuration/constants';
import { PRICING_COLUMNS, PRICING_IMPORT_MAX_ROWS, pricingCells, pricingHeader, type PricingCells } from '@/lib/configuration/pricing-csv';
import { configApi } from '../api';
import { money } from '../kit';

type Step =
  | { kind: 'choose' }
  | { kind: 'preview'; fileName: string; rows: PricingCells[]; result: PricingImportResult }
  | { kind: 'done'; applied: number; skipped: number };

const STATUS = { new: 'New', update: 'Changes', unchanged: 'No change', error: 'Error' } as const;

/** The rows of a pricing CSV, or the reason it cannot be read. */
async function readCsv(file: File): Promise<{ rows: PricingCells[] } | { error: string }> {
  if (file.size > BFF_BODY_LIMIT / 2)
    return { error: `The file is larger than ${BFF_BODY_LIMIT / 2 / 1024} kB; split it into smaller files.` };
  const { parse } = (await import('papaparse')).default;
  const parsed = parse<string[]>(await file.text(), { skipEmptyLines: 'greedy' });
  const [header, ...data] = parsed.data;
  if (!header) return { error: 'The file is empty.' };
  const h = pricingHeader(header);
  if (!h.ok) return { error: h.message };
  if (data.length === 0) return { error: 'The file has a header line but no rows.' };
  if (data.length > PRICING_IMPORT_MAX_ROWS)
    return {
      error: `The file has ${data.length.toLocaleString('en-US')} rows; at most ${PRICING_IMPORT_MAX_ROWS.toLocaleString('en-US')} can be imported at once.`,
    };
  return { rows: data.map((cells, i) => pricingCells(cells, h.index, i + 2)) };
}

export function PricingImport({ onClose, onApplied }: { onClose: () => void; onApplied: (applied: number) => void }) {
  const inputId = useId();
  const router = useRouter();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const calls = useForm();
  const { busy, say } = calls;
  const error = calls.message?.text ?? null;

  const choose = (file: File | undefined) =>
    file &&
    calls.run(
      async () => {
        const read = await readCsv(file);
        if ('error' in read) return say(read.error);
        const result = await configApi.importPricing({ apply: 'preview', rows: read.rows });
        setStep({ kind: 'preview', fileName: file.name, rows: read.rows, result });
      },
      { failed: (m) => `The file could not be checked: ${m}` },
    );

  const apply = (mode: 'all' | 'valid') =>
    step.kind === 'preview' &&
    calls.run(
      async () => {
        const result = await configApi.importPricing({ apply: mode, rows: step.rows });
        if (mode === 'all' && result.invalid > 0) {
          // The prices changed since the preview: show what the host found now; nothing was applied.
          setStep({ ...step, result });
          return say('Nothing was imported: some rows have errors now. Check the preview again.');
        }
        setStep({ kind: 'done', applied: result.applied, skipped: result.invalid });
        onApplied(result.applied);
        router.refresh();
      },
      { failed: (m) => `Nothing was imported: ${m}` },
    );

  const r = step.kind === 'preview' ? step.result : null;
  const changes = r ? r.rows.filter((x) => x.status === 'new' || x.status === 'update').length : 0;

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title="Import calibration prices"
      size="xl"
      footer={
        step.kind === 'preview' ? (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {r!.invalid ? 'Import none' : 'Cancel'}
            </Button>
            {r!.invalid === 0 ? (
              <Button onClick={() => apply('all')} disabled={busy || changes === 0}>
                {busy ? 'Importing…' : `Import all ${r!.valid} rows`}
              </Button>
            ) : (
              <Button onClick={() => apply('valid')} disabled={busy || r!.valid === 0}>
                {busy ? 'Importing…' : `Import the ${r!.valid} valid rows`}
              </Button>
            )}
          </>
        ) : (
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {step.kind === 'done' ? 'Done' : 'Cancel'}
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-4">
        {error && <Alert>{error}</Alert>}
        {step.kind === 'choose' && (
          <>
            <p className="text-sm text-slate-700">
              A CSV file whose first line names the columns <strong>{PRICING_COLUMNS.join(', ')}</strong> (as the price list CSV has).
              Nothing is changed until you have seen the preview and chosen what to import.
            </p>
            <div>
              <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
                Price file (CSV)
              </label>
              <input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                disabled={busy}
                onChange={(e) => void choose(e.target.files?.[0])}
                className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
              />
            </div>
            {busy && (
              <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
                <Icon name="file-up" className="size-4" />
                Reading and checking the file…
              </p>
            )}
          </>
        )}
        {step.kind === 'preview' && r && (
          <>
            <p role="status" className="text-sm text-slate-800">
              {`${step.fileName}: ${r.rows.length} rows — ${r.rows.filter((x) => x.status === 'new').length} new, ${r.rows.filter((x) => x.status === 'update').length} changed, ${r.rows.filter((x) => x.status === 'unchanged').length} unchanged, ${r.invalid} with errors.`}
              {r.invalid > 0 && ' Rows with errors are never imported: import the valid rows, or none and fix the file.'}
            </p>
            <SimpleTable
              caption="Preview of the import"
              columns={[
                { id: 'line', header: 'Line', rowHeader: true, className: 'tabular-nums', cell: (row) => row.line },
                { id: 'systemType', header: 'System type', cell: (row) => row.systemType },
                { id: 'calibration', header: 'Calibration', cell: (row) => row.calibration },
                { id: 'mode', header: 'Mode', cell: (row) => (row.mode ? CALIBRATION_MODE_LABELS[row.mode] : '') },
                { id: 'price', header: 'Price', className: 'text-right tabular-nums', cell: (row) => money(row.price) },
                {
                  id: 'result',
                  header: 'Result',
                  cell: (row) =>
                    row.status === 'error' ? (
                      <ul className="text-red-800">
                        {Object.entries(row.errors).map(([column, message]) => (
                          <li key={column}>{`${column}: ${message}`}</li>
                        ))}
                      </ul>
                    ) : (
                      STATUS[row.status]
                    ),
                },
              ]}
              rows={r.rows}
              rowKey={(row) => row.line}
              rowAttributes={(row) => ({ className: row.status === 'error' ? 'bg-red-50' : '', 'data-status': row.status })}
              boxClassName="max-h-[50dvh]"
              tableClassName="min-w-[40rem]"
            />
          </>
        )}
        {step.kind === 'done' && (
          <Alert kind="success">{`Imported ${step.applied} row${step.applied === 1 ? '' : 's'}${step.skipped ? `; ${step.skipped} with errors were left out` : ''}.`}</Alert>
        )}
      </div>
    </Dialog>
  );
}
