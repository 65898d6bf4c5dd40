'use client';
/**
 * Estimate and quote (docs/calibrations.md#screens; docs/scrub.md#every-line-explained): enter the job's
 * estimate (upload or paste), scrub it, and see each triggered calibration with the lines that triggered it and
 * why, its notice, OEM link and price; every estimate line once with its outcome (what it triggers and why, or
 * why nothing, or why it was not read); when and by whom it was scrubbed, kept across reloads, and what changed
 * since the previous scrub. Change a price or leave a calibration out and see the quote's total and the insurer
 * price check (under the agreed price, or a required calibration missing) before the request is created. Choose
 * who calibrates: in house, or one of the location's calibration providers (docs/dispatch.md), whose prices the
 * quote then shows — changing the provider re-prices it, and a notice says what changed — and to which the
 * request is sent as it is created. A provider's users (`readOnly`) read the scrub only.
 */
import dynamic from 'next/dynamic';
import { useEffect, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/field';
import { SimpleTable } from '@/components/ui/simple-table';
import { useForm } from '@/components/ui/use-form';
import type { QuoteAnswer, ScrubResult } from '@/lib/contract/calibrations';
import { calibrationTypeLabel } from '@/lib/configuration/constants';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/format';
import { ProviderChooser, repricedText, type ProviderPick } from '@/components/dispatch';
import { calibrationApi } from './api';
import { ScrubLines } from './scrub-lines';

const EstimateEntry = dynamic(() => import('./estimate-entry').then((m) => m.EstimateEntry), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-600">Loading…</p>,
});

export interface EstimateSectionProps {
  adas: number;
  adasInspection: number;
  firm: number;
  vehicle: { year: number; make: string; model: string; vin: string };
  hasRequest: boolean;
  timezone: number;
  /** Whether the user confirms and dismisses the scrub's checks. */
  canDecide: boolean;
  /** Tomorrow (YYYY-MM-DD) in the user's zone: the date a provider is first asked for. */
  tomorrow: string;
  /** A provider's user through its dispatch: the scrub read, nothing entered, quoted or requested. */
  readOnly?: boolean;
  onRequestCreated: () => void;
  /** The kept scrub changed (a check decided): the request's list of checks follows. */
  onScrubChanged?: (scrub: ScrubResult) => void;
  /** The kept scrub as a decision elsewhere (the request's checks) left it. */
  decided?: ScrubResult | null;
}

type Draft = Record<number, { included: boolean; price: string }>;

const priceOf = (text: string): number | null | 'bad' => {
  if (!text.trim()) return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && /^\d+(\.\d{1,2})?$/.test(text.trim()) ? n : 'bad';
};

const SOURCES: Record<ScrubResult['source'], string> = {
  lines: "the job's repair lines",
  bms: 'a BMS estimate',
  csv: 'a CSV estimate',
  paste: 'pasted lines',
  pdf: 'a PDF estimate',
  ocr: 'a scanned PDF estimate (read by OCR)',
  ems: 'an EMS export',
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a scrub found, in one sentence. */
export const scrubSummary = (s: ScrubResult) =>
  s.noScrub ??
  `${plural(s.calibrations.length, 'calibration')} triggered; ${plural(s.untriggered.length, 'line')} trigger nothing${undecided(s) ? `; ${plural(undecided(s), 'check')} to decide` : ''}${s.unread.length ? `; ${plural(s.unread.length, 'line')} could not be read` : ''}.`;
const undecided = (s: ScrubResult) => s.checks.filter((c) => !c.decision).length;

/** What the insurer agreed, counted on the quote's own lines ("… agreed prices for 2 of these 3 calibrations"). */
function agreedSummary(quote: QuoteAnswer): string {
  const agreed = quote.lines.filter((l) => l.agreedPrice != null).length;
  if (!quote.hasAgreedPrices) return `${quote.insuranceName} has no agreed prices`;
  if (agreed === 0) return `${quote.insuranceName} has agreed prices, none for these calibrations`;
  return `${quote.insuranceName} has agreed prices for ${agreed} of these ${quote.lines.length} calibration${quote.lines.length === 1 ? '' : 's'}`;
}

export function EstimateSection({
  adas,
  adasInspection,
  firm,
  vehicle,
  hasRequest,
  timezone,
  canDecide,
  tomorrow,
  readOnly = false,
  onRequestCreated,
  onScrubChanged,
  decided = null,
}: EstimateSectionProps) {
  const fileId = useId();
  const calls = useForm();
  const { busy, message: notice, say } = calls;
  const [scrub, setScrub] = useState<ScrubResult | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [entering, setEntering] = useState(false);
  const [draft, setDraft] = useState<Draft>({});
  const [quote, setQuote] = useState<QuoteAnswer | null>(null);
  const [reason, setReason] = useState('Estimate triggers calibrations');
  const [sendFlagged, setSendFlagged] = useState(false);
  // Who calibrates: in house (null) or a provider, whose prices the quote carries.
  const [pick, setPick] = useState<ProviderPick | null>(null);
  const [repriced, setRepriced] = useState<string | null>(null);

  const run = (fn: () => Promise<string | void>) => calls.run(fn);

  const linesOf = (s: ScrubResult, d: Draft) =>
    s.calibrations
      .filter((c) => d[c.adasChecklistMatrix]?.included ?? true)
      .map((c) => {
        const own = d[c.adasChecklistMatrix];
        return { c, price: own ? priceOf(own.price) : c.price };
      });

  const requote = async (s: ScrubResult, d: Draft, provider: number | null = pick?.provider ?? null) => {
    if (readOnly) return;
    const lines = linesOf(s, d);
    if (lines.some((l) => l.price === 'bad')) return;
    const next = await calibrationApi.quote({
      adasInspection,
      provider,
      lines: lines.map((l) => ({ adasChecklistMatrix: l.c.adasChecklistMatrix, price: l.price as number | null })),
    });
    setQuote((before) => {
      // Another provider (or back in house) re-prices the quote: say what changed.
      if (before && (before.provider?.provider ?? null) !== provider) {
        const was = new Map(before.lines.map((l) => [l.adasChecklistMatrix, l.price]));
        const changed = next.lines
          .filter((l) => was.has(l.adasChecklistMatrix) && was.get(l.adasChecklistMatrix) !== l.price)
          .map((l) => ({ system: l.system, from: was.get(l.adasChecklistMatrix) ?? null, to: l.price }));
        const whose = next.provider ? `${next.provider.name}'s prices` : 'your own prices';
        setRepriced(`The quote is at ${whose} now. ${repricedText(changed) || 'No price changed.'}`);
      }
      return next;
    });
  };

  const show = async (s: ScrubResult) => {
    onScrubChanged?.(s);
    const d = Object.fromEntries(
      s.calibrations.map((c) => [c.adasChecklistMatrix, { included: true, price: c.price == null ? '' : c.price.toFixed(2) }]),
    );
    setScrub(s);
    setDraft(d);
    await requote(s, d);
  };

  // A check decided on the request shows here too.
  const [seen, setSeen] = useState(decided);
  if (decided !== seen) {
    setSeen(decided);
    if (decided && decided !== scrub) void show(decided).catch((e: Error) => say(e.message));
  }

  // The kept scrub is shown again when the inspection is opened.
  useEffect(() => {
    const ctrl = new AbortController();
    calibrationApi
      .lastScrub(adasInspection, ctrl.signal)
      .then((s) => (s ? show(s) : undefined))
      .catch((e: Error) => !ctrl.signal.aborted && say(e.message))
      .finally(() => !ctrl.signal.aborted && setLoaded(true));
    return () => ctrl.abort();
    // Once per inspection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [adasInspection]);

  const doScrub = async () => {
    const s = await calibrationApi.scrub(adas, adasInspection);
    await show(s);
    return scrubSummary(s);
  };

  const change = (id: number, patch: Partial<Draft[number]>) => {
    // The row's shown values (a row without a draft shows as quoted at no price) with the change.
    const d = { ...draft, [id]: { included: true, price: '', ...draft[id], ...patch } };
    setDraft(d);
    setSendFlagged(false);
    if (scrub) void requote(scrub, d).catch((e: Error) => say(e.message));
  };

  const quoted = new Map(quote?.lines.map((l) => [l.adasChecklistMatrix, l]));

  const changes = scrub?.changes && scrub.changes.summary !== 'Nothing changed.' ? scrub.changes : null;
  return (
    <section aria-labelledby={`${fileId}-h`} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <h2 id={`${fileId}-h`} className="text-lg font-semibold text-slate-900">
        Estimate and calibrations
      </h2>
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-2">
          <Button disabled={busy} onClick={() => void run(doScrub)}>
            {scrub ? 'Scrub again' : 'Scrub the estimate'}
          </Button>
          <Button variant="secondary" aria-expanded={entering} onClick={() => setEntering(!entering)}>
            {entering ? 'Close the estimate entry' : 'Enter the estimate'}
          </Button>
          <a href={`/adas?adas=${adas}`} className="text-sm text-brand-700 underline">
            The job&apos;s estimate
          </a>
        </div>
      )}
      {entering && (
        <EstimateEntry
          adas={adas}
          adasInspection={adasInspection}
          firm={firm}
          onSaved={(summary) => {
            setEntering(false);
            void run(async () => `${summary} ${await doScrub()}`);
          }}
        />
      )}
      <div aria-live="polite">{notice && <Alert kind={notice.kind}>{notice.text}</Alert>}</div>
      {!loaded && <p className="text-sm text-slate-600">Loading the last scrub…</p>}
      {loaded && !scrub && (
        <p className="text-sm text-slate-700">
          {readOnly ? 'The shop has not scrubbed the estimate.' : "Not scrubbed yet: enter the estimate, or scrub the job's repair lines."}
        </p>
      )}
      {scrub && (
        <p className="text-sm text-slate-700" data-testid="scrub-meta">
          Scrubbed {formatDateTime(scrub.scrubbedAt, timezone)}
          {scrub.scrubbedByName ? ` by ${scrub.scrubbedByName}` : ''} from {SOURCES[scrub.source]}
          {scrub.fileName ? ` (${scrub.fileName})` : ''}: {scrubSummary(scrub)}
        </p>
      )}
      {changes && (
        <Alert kind="info">
          <p>
            Since the scrub of {formatDateTime(changes.since, timezone)}
            {changes.sinceByName ? ` by ${changes.sinceByName}` : ''}: {changes.summary}
          </p>
          {(changes.added.length > 0 || changes.removed.length > 0 || changes.lines.length > 0) && (
            <ul className="mt-1 list-disc pl-5">
              {changes.added.map((a) => (
                <li key={`+${a.system}`}>
                  {a.system} is now required (line{a.lines.length === 1 ? '' : 's'} {a.lines.join(', ')})
                </li>
              ))}
              {changes.removed.map((r) => (
                <li key={`-${r.system}`}>{r.system} is no longer required</li>
              ))}
              {changes.lines.map((l) => (
                <li key={l.lineNum}>
                  Line {l.lineNum} ({l.description}): {l.before} → {l.after}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {scrub?.noScrub && <Alert kind="info">{scrub.noScrub}</Alert>}

      {scrub && readOnly && scrub.calibrations.length > 0 && (
        <p className="text-sm text-slate-700">Calibrations the estimate triggers: {scrub.calibrations.map((c) => c.system).join(', ')}.</p>
      )}
      {scrub && scrub.calibrations.length > 0 && !readOnly && (
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
                  <div className="text-slate-600">{calibrationTypeLabel(c.calibrationType, c.calibrationMode)}</div>
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
                <ul className="flex flex-col gap-1">
                  {c.lines.map((l) => (
                    <li key={l.lineNum}>
                      {l.lineNum}. {l.operation} {l.description}
                      <span className="block text-xs text-slate-600">
                        {l.why.startsWith(`${c.system}: `) ? l.why.slice(c.system.length + 2) : l.why}
                      </span>
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
                // A provider's prices are its own: shown, not typed.
                const q = pick ? quoted.get(c.adasChecklistMatrix) : undefined;
                return (
                  <TextField
                    label={`Price of ${c.system}`}
                    hideLabel
                    inputMode="decimal"
                    readOnly={!!pick}
                    value={pick ? (q?.price == null ? '' : q.price.toFixed(2)) : (d?.price ?? '')}
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
                // A line without an agreed price says so: a bare dash beside "has agreed prices" read as a contradiction.
                return (
                  <>
                    {q == null ? 'Not quoted yet' : q.agreedPrice != null ? formatMoney(q.agreedPrice) : 'No agreed price'}
                    {q?.underAgreed && <div className="font-medium text-red-700">Under the agreed price</div>}
                  </>
                );
              },
            },
          ]}
          rows={scrub.calibrations}
          rowKey={(c) => c.adasChecklistMatrix}
          rowAttributes={() => ({ className: 'align-top' })}
          tableClassName="sm:min-w-[640px]"
          // Below 640 px each calibration is a card: its reasons and its price field on the screen, not off to the side.
          cardsOnPhone
        />
      )}
      {scrub && scrub.lines.length > 0 && (
        <ScrubLines
          scrub={scrub}
          context={{ adasInspection, canDecide, timezone, onDecided: (s) => void show(s).catch((e: Error) => say(e.message)) }}
        />
      )}

      {quote && !hasRequest && !readOnly && (
        <ProviderChooser
          adasInspection={adasInspection}
          value={pick}
          defaultDate={tomorrow}
          errors={{
            provider: calls.errors.provider ?? calls.errors['dispatch.provider'],
            mode: calls.errors.mode ?? calls.errors['dispatch.mode'],
            requestedDate: calls.errors.requestedDate ?? calls.errors['dispatch.requestedDate'],
          }}
          onChange={(p) => {
            const providerChanged = (p?.provider ?? null) !== (pick?.provider ?? null);
            setPick(p);
            calls.setErrors({});
            setSendFlagged(false);
            if (providerChanged && scrub) void requote(scrub, draft, p?.provider ?? null).catch((e: Error) => say(e.message));
          }}
        />
      )}
      {repriced && !hasRequest && (
        <Alert kind="info">
          <span data-testid="repriced">{repriced}</span>
        </Alert>
      )}
      {quote && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-900">
            Quote total: <strong>{formatMoney(quote.total)}</strong>
            {quote.unpriced > 0 && ` (${quote.unpriced} unpriced)`}
            {quote.insuranceName && ` · ${agreedSummary(quote)}`}
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
                    dispatch: pick ? { provider: pick.provider, mode: pick.mode, requestedDate: pick.requestedDate } : null,
                    lines: linesOf(scrub, draft).map(({ c, price }) => ({
                      adasChecklistMatrix: c.adasChecklistMatrix,
                      system: c.system,
                      calibrationType: c.calibrationType,
                      calibrationMode: c.calibrationMode,
                      price: pick ? (quoted.get(c.adasChecklistMatrix)?.price ?? null) : (price as number | null),
                      agreedPrice: quoted.get(c.adasChecklistMatrix)?.agreedPrice ?? null,
                      repairLines: c.lines.map((l) => l.lineNum),
                    })),
                  });
                  onRequestCreated();
                  setRepriced(null);
                  return pick ? `The calibration request was created and sent to ${pick.name}.` : 'The calibration request was created.';
                });
              }}
            >
              <TextField label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
              {quote.flagged && (
                <CheckboxField
                  label="Send with the flagged lines"
                  checked={sendFlagged}
                  onChange={(e) => setSendFlagged(e.target.checked)}
                />
              )}
              <div>
                <Button type="submit" disabled={busy || !reason.trim()}>
                  {pick ? `Create the request and send it to ${pick.name}` : 'Create calibration request'}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </section>
  );
}
