'use client';
/**
 * Estimate and quote (issue 14 §1–3): upload a BMS XML or CSV estimate, scrub it, see each triggered
 * calibration with the lines that triggered it, its notice, OEM link and price; change a price or leave a
 * calibration out and see the quote's total and the insurer price check (under the agreed price, or a
 * required calibration missing) before the request is created.
 */
import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/field';
import { SimpleTable } from '@/components/ui/simple-table';
import { useForm } from '@/components/ui/use-form';
import type { QuoteAnswer, ScrubResult } from '@/lib/contract/calibration';
import { formatMoney } from '@/lib/format';
import { calibrationApi } from './api';

export interface EstimateSectionProps {
  adas: number;
  adasInspection: number;
  firm: number;
  vehicle: { year: number; make: string; model: string; vin: string };
  hasRequest: boolean;
  onRequestCreated: () => void;
}

type Draft = Record<number, { included: boolean; price: string }>;

const priceOf = (text: string): number | null | 'bad' => {
  if (!text.trim()) return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && /^\d+(\.\d{1,2})?$/.test(text.trim()) ? n : 'bad';
};

export function EstimateSection({ adas, adasInspection, firm, vehicle, hasRequest, onRequestCreated }: EstimateSectionProps) {
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const calls = useForm();
  const { busy, message: notice, say } = calls;
  const [scrub, setScrub] = useState<ScrubResult | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [quote, setQuote] = useState<QuoteAnswer | null>(null);
  const [reason, setReason] = useState('Estimate triggers calibrations');
  const [sendFlagged, setSendFlagged] = useState(false);

  const run = (fn: () => Promise<string | void>) => calls.run(fn);

  const linesOf = (s: ScrubResult, d: Draft) =>
    s.calibrations
      .filter((c) => d[c.adasChecklistMatrix]?.included ?? true)
      .map((c) => {
        const p = d[c.adasChecklistMatrix] ? priceOf(d[c.adasChecklistMatrix].price) : c.price;
        return { c, price: p };
      });

  const requote = async (s: ScrubResult, d: Draft) => {
    const lines = linesOf(s, d);
    if (lines.some((l) => l.price === 'bad')) return;
    setQuote(await calibrationApi.quote({ adasInspection, lines: lines.map((l) => ({ adasChecklistMatrix: l.c.adasChecklistMatrix, price: l.price as number | null })) }));
  };

  const doScrub = async () => {
    const s = await calibrationApi.scrub(adas, adasInspection);
    const d = Object.fromEntries(s.calibrations.map((c) => [c.adasChecklistMatrix, { included: true, price: c.price == null ? '' : c.price.toFixed(2) }]));
    setScrub(s);
    setDraft(d);
    await requote(s, d);
    return s.noScrub ?? `${s.calibrations.length} calibration${s.calibrations.length === 1 ? '' : 's'} triggered; ${s.untriggered.length} line${s.untriggered.length === 1 ? '' : 's'} trigger nothing.`;
  };

  const change = (id: number, patch: Partial<Draft[number]>) => {
    const d = { ...draft, [id]: { ...draft[id], ...patch } };
    setDraft(d);
    setSendFlagged(false);
    if (scrub) void requote(scrub, d).catch((e: Error) => say(e.message));
  };

  const quoted = new Map(quote?.lines.map((l) => [l.adasChecklistMatrix, l]));

  return (
    <section aria-labelledby={`${fileId}-h`} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <h2 id={`${fileId}-h`} className="text-lg font-semibold text-slate-900">
        Estimate and calibrations
      </h2>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const file = fileRef.current?.files?.[0];
          if (!file) return say('Choose an estimate file (BMS XML or CSV) to upload.');
          void run(async () => {
            const up = await calibrationApi.upload(adas, file, firm);
            const summary = await doScrub();
            return `${up.fileName}: ${up.lines} lines read. ${summary}`;
          });
        }}
      >
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
            Estimate file (BMS XML or CSV)
          </label>
          <input id={fileId} ref={fileRef} type="file" accept=".xml,.bms,.csv,text/xml,text/csv" className="max-w-full text-sm" />
        </div>
        <Button type="submit" disabled={busy}>
          Upload and scrub
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => void run(doScrub)}>
          Scrub repair lines
        </Button>
      </form>
      <div aria-live="polite">{notice && <Alert kind={notice.kind}>{notice.text}</Alert>}</div>

      {scrub && scrub.calibrations.length > 0 && (
        <SimpleTable
          caption="Triggered calibrations"
          columns={[
            {
              id: 'system',
              header: 'System',
              rowHeader: true,
              cell: (c) => (
                <>
                  <div className="font-medium text-slate-900">{c.system}</div>
                  <div className="text-slate-600">
                    {c.calibrationType}
                    {c.calibrationMode && ` (${c.calibrationMode})`}
                  </div>
                  {c.triggerNotice && <p className="text-xs text-slate-600">{c.triggerNotice}</p>}
                  {c.url && (
                    <a href={c.url} target="_blank" rel="noreferrer" className="text-xs text-brand-700 underline">
                      OEM procedure<span className="sr-only"> for {c.system}</span>
                    </a>
                  )}
                </>
              ),
            },
            {
              id: 'quote',
              header: 'Quote',
              cell: (c) => (
                <CheckboxField
                  label={`Quote ${c.system}`}
                  hideLabel
                  checked={draft[c.adasChecklistMatrix]?.included ?? true}
                  onChange={(e) => change(c.adasChecklistMatrix, { included: e.target.checked })}
                />
              ),
            },
            {
              id: 'lines',
              header: 'Repair lines',
              cell: (c) => (
                <ul>
                  {c.lines.map((l) => (
                    <li key={l.lineNum}>
                      {l.lineNum}. {l.operation} {l.description} <span className="text-xs text-slate-500">(“{l.keyword}”)</span>
                    </li>
                  ))}
                </ul>
              ),
            },
            {
              id: 'price',
              header: 'Price',
              className: 'w-32',
              cell: (c) => {
                const d = draft[c.adasChecklistMatrix];
                return (
                  <TextField
                    label={`Price of ${c.system}`}
                    inputMode="decimal"
                    value={d?.price ?? ''}
                    error={d && priceOf(d.price) === 'bad' ? 'A price such as 149.50' : null}
                    onChange={(e) => change(c.adasChecklistMatrix, { price: e.target.value })}
                  />
                );
              },
            },
            {
              id: 'agreed',
              header: 'Agreed',
              cell: (c) => {
                const q = quoted.get(c.adasChecklistMatrix);
                return (
                  <>
                    {q?.agreedPrice != null ? formatMoney(q.agreedPrice) : '—'}
                    {q?.underAgreed && <div className="font-medium text-red-700">Under the agreed price</div>}
                  </>
                );
              },
            },
          ]}
          rows={scrub.calibrations}
          rowKey={(c) => c.adasChecklistMatrix}
          rowAttributes={() => ({ className: 'align-top' })}
          tableClassName="min-w-[640px]"
        />
      )}
      {scrub && scrub.untriggered.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm text-slate-700">Lines that trigger nothing ({scrub.untriggered.length})</summary>
          <ul className="mt-1 text-sm text-slate-700">
            {scrub.untriggered.map((l) => (
              <li key={l.lineNum}>
                {l.lineNum}. {l.operation} {l.description}
              </li>
            ))}
          </ul>
        </details>
      )}

      {quote && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-900">
            Quote total: <strong>{formatMoney(quote.total)}</strong>
            {quote.unpriced > 0 && ` (${quote.unpriced} unpriced)`}
            {quote.insuranceName && ` · ${quote.insuranceName}${quote.hasAgreedPrices ? ' has agreed prices' : ''}`}
          </p>
          {quote.flagged && (
            <Alert>
              <p>Check the quote before sending the request:</p>
              <ul className="list-disc pl-5">
                {quote.lines
                  .filter((l) => l.underAgreed)
                  .map((l) => (
                    <li key={l.adasChecklistMatrix}>
                      {l.system}: {formatMoney(l.price ?? 0)} is under the insurer&apos;s agreed {formatMoney(l.agreedPrice ?? 0)}
                    </li>
                  ))}
                {quote.missing.map((m) => (
                  <li key={m.adasChecklistMatrix}>{m.system} is required by the estimate but missing from the quote</li>
                ))}
              </ul>
            </Alert>
          )}
          {!hasRequest && (
            <form
              className="flex flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (!scrub) return;
                if (quote.flagged && !sendFlagged) return say('The quote is flagged: correct it, or confirm that you send it as it is.');
                void run(async () => {
                  await calibrationApi.create({
                    firm,
                    adasInspection,
                    vin: vehicle.vin,
                    year: vehicle.year,
                    make: vehicle.make,
                    model: vehicle.model,
                    reason,
                    reasonSource: 'Estimate',
                    lines: linesOf(scrub, draft).map(({ c, price }) => ({
                      adasChecklistMatrix: c.adasChecklistMatrix,
                      system: c.system,
                      calibrationType: c.calibrationType,
                      calibrationMode: c.calibrationMode,
                      price: price as number | null,
                      agreedPrice: quoted.get(c.adasChecklistMatrix)?.agreedPrice ?? null,
                      repairLines: c.lines.map((l) => l.lineNum),
                    })),
                  });
                  onRequestCreated();
                  return 'The calibration request was created.';
                });
              }}
            >
              <TextField label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
              {quote.flagged && <CheckboxField label="Send with the flagged lines" checked={sendFlagged} onChange={(e) => setSendFlagged(e.target.checked)} />}
              <div>
                <Button type="submit" disabled={busy || !reason.trim()}>
                  Create calibration request
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </section>
  );
}
