'use client';
/**
 * A location's calibration prices (docs/locations.md#screens "The Pricing tab"; roles 1 and 2, as
 * the pricing calls): each calibration type with its system type and mode, the network default, the location's own
 * price (editable) and the price that applies. Save sends adasmatrix/saveCalibrationPricing once for each
 * changed price (set, or cleared with null: the network default applies again) and reports the whole save
 * in one message; prices that cannot be read are refused before anything is sent. Export: the host's CSV.
 */
import { Icon } from '@/components/ui/icon';
import { useEffect, useState } from 'react';
import { useLoaded } from '@/components/ui/use-loaded';
import { downloadText, fetchAllPages } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SimpleTable } from '@/components/ui/simple-table';
import { useForm } from '@/components/ui/use-form';
import { TextField } from '@/components/ui/field';
import type { PRICE_SOURCES } from '@/lib/contract/adasmatrix';
import { CALIBRATION_MODE_LABELS } from '@/lib/configuration/constants';
import { formatMoney } from '@/lib/format';
import { pricingApi } from './api';
import { priceChanges, priceText } from './pricing-rules';

const SOURCE_LABELS: Record<(typeof PRICE_SOURCES)[number], string> = { firm: 'own price', network: 'network default', none: 'not priced' };
const prices = (n: number) => `${n} ${n === 1 ? 'price' : 'prices'}`;

export interface FirmPricingProps {
  firm: number;
  formId: string;
  onBusy: (busy: boolean) => void;
}

export function FirmPricing({ firm, formId, onBusy }: FirmPricingProps) {
  /** What the user typed, by calibration type (untouched rows show the saved price). */
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const calls = useForm();
  const { message, say } = calls;
  // The dialog's footer holds Save: it is disabled while this form saves.
  useEffect(() => onBusy(calls.busy), [calls.busy, onBusy]);
  const load = (signal?: AbortSignal) => fetchAllPages((page, pageSize) => pricingApi.prices(firm, page, pageSize, signal));
  const { data: rows, error: loadError, set: setRows } = useLoaded(load, firm);

  const type = (id: number, text: string) => {
    setDrafts((d) => ({ ...d, [id]: text }));
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([key]) => Number(key) !== id)));
  };

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (!rows) return;
    const { changes, errors: found } = priceChanges(rows, drafts);
    setErrors(found);
    const bad = Object.keys(found).length;
    if (bad)
      return say(
        `${bad === 1 ? 'A price is' : `${bad} prices are`} not valid; nothing was saved. Please correct the highlighted ${bad === 1 ? 'price' : 'prices'}.`,
      );
    if (!changes.length) return say('Nothing has changed.', 'info');
    void calls.run(async () => {
      const results = await Promise.allSettled(changes.map((c) => pricingApi.save(firm, c.calibrationType, c.price)));
      const failed: Record<number, string> = {};
      changes.forEach((c, i) => {
        const r = results[i];
        if (r?.status === 'rejected')
          failed[c.calibrationType] =
            (r.reason as { fieldErrors?: Record<string, string[]> }).fieldErrors?.price?.[0] ?? (r.reason as Error).message;
      });
      const saved = changes.filter((c) => !(c.calibrationType in failed));
      // The saved rows show what the host now holds; the failed ones keep what the user typed.
      setRows(await load());
      setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([id]) => Number(id) in failed)));
      setErrors(failed);
      const cleared = saved.filter((c) => c.price === null).length;
      if (Object.keys(failed).length)
        throw new Error(
          `${saved.length} of ${prices(changes.length)} saved; the highlighted ${Object.keys(failed).length === 1 ? 'price was' : 'prices were'} not: ${Object.values(failed)[0]}`,
        );
      return `${prices(saved.length)} saved${cleared ? ` (${cleared} cleared: the network default applies)` : ''}.`;
    });
  };

  const exportCsv = () =>
    calls.run(
      async () => {
        const file = await pricingApi.exportCsv(firm);
        downloadText(file.fileName, file.csv);
      },
      { failed: (m) => `The export failed: ${m}` },
    );

  if (loadError) return <Alert>{loadError}</Alert>;
  if (!rows)
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading…
      </p>
    );

  return (
    <form id={formId} noValidate onSubmit={save} className="flex min-w-0 flex-col gap-4">
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          A price of its own replaces the network default for this location. Leave it empty to use the network default.
        </p>
        <Button type="button" variant="secondary" onClick={exportCsv}>
          <Icon name="download" className="size-4" />
          Export prices (CSV)
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No calibration types yet: they are added in Configuration, Calibration pricing.</p>
      ) : (
        <SimpleTable
          caption="Calibration prices of this location"
          columns={[
            {
              id: 'calibration',
              header: 'Calibration',
              rowHeader: true,
              className: 'min-w-32',
              // The name stays in view while a narrow screen scrolls the table; there, system type and mode sit under it.
              cell: (r) => (
                <>
                  <span className="font-medium text-slate-900">{r.name}</span>
                  <span className="block text-xs text-slate-600 sm:hidden">
                    {r.systemTypeName} · {CALIBRATION_MODE_LABELS[r.mode]}
                  </span>
                </>
              ),
            },
            { id: 'system', header: 'System type', className: 'hidden text-slate-700 sm:table-cell', cell: (r) => r.systemTypeName },
            {
              id: 'mode',
              header: 'Mode',
              className: 'hidden whitespace-nowrap text-slate-700 sm:table-cell',
              cell: (r) => CALIBRATION_MODE_LABELS[r.mode],
            },
            {
              id: 'network',
              header: 'Network default',
              className: 'text-right whitespace-nowrap tabular-nums',
              cell: (r) => (r.price == null ? <span className="text-slate-600">Not priced</span> : formatMoney(r.price)),
            },
            {
              id: 'own',
              header: 'Own price (USD)',
              cell: (r) => (
                <TextField
                  label={`Own price of ${r.name}`}
                  hideLabel
                  inputMode="decimal"
                  maxLength={20}
                  placeholder={r.price == null ? '' : priceText(r.price)}
                  value={drafts[r.calibrationType] ?? priceText(r.firmPrice ?? null)}
                  onChange={(e) => type(r.calibrationType, e.target.value)}
                  error={errors[r.calibrationType]}
                  className="w-28 tabular-nums"
                />
              ),
            },
            {
              id: 'applies',
              header: 'Applies',
              className: 'whitespace-nowrap',
              cell: (r) => {
                const applies = r.firmPrice ?? r.price;
                return (
                  <>
                    {applies == null ? (
                      <span className="text-slate-600">Not priced</span>
                    ) : (
                      <span className="tabular-nums">{formatMoney(applies)}</span>
                    )}
                    <span className="block text-xs text-slate-600">{SOURCE_LABELS[r.source ?? 'none']}</span>
                  </>
                );
              },
            },
          ]}
          rows={rows}
          rowKey={(r) => r.calibrationType}
          rowAttributes={() => ({ className: 'align-top' })}
        />
      )}
    </form>
  );
}
