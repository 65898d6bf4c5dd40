'use client';
/**
 * A job's estimate (docs/scrub.md#entering-an-estimate): where its lines came from, entering it (upload a file
 * or paste lines, intake's entry: components/calibrations/estimate-entry.tsx, loaded when opened), and its
 * lines as the scrub reads them — operation as written and as read, section, the parts read — with "not
 * equipped" per line.
 */
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EstimateLinesTable, loadEstimateEntry } from '@/components/calibrations';
import type { Estimate } from '@/lib/contract/calibrations';
import { adasApi } from './api';

const EstimateEntry = dynamic(() => loadEstimateEntry().then((m) => m.EstimateEntry), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-600">Loading…</p>,
});

const SOURCES: Record<Estimate['source'], string> = {
  lines: 'Repair lines of the job',
  bms: 'BMS estimate',
  csv: 'CSV estimate',
  paste: 'Pasted lines',
  pdf: 'PDF estimate',
  ocr: 'Scanned PDF estimate (read by OCR)',
  ems: 'EMS export',
};

export interface JobEstimateProps {
  adas: number;
  firm: number;
  estimate: Estimate;
  /** When the estimate was entered, as the user reads dates ('' when not recorded). */
  enteredLabel: string;
  busy: boolean;
  /** Runs a change, shows its message and refreshes the page. */
  act: (fn: () => Promise<string | void>) => Promise<void>;
}

export function JobEstimate({ adas, firm, estimate, enteredLabel, busy, act }: JobEstimateProps) {
  const [entering, setEntering] = useState(false);
  const lines = estimate.lines;
  const origin = [
    SOURCES[estimate.source],
    estimate.fileName && `(${estimate.fileName})`,
    enteredLabel && `entered ${enteredLabel}`,
    estimate.uploadedByName && `by ${estimate.uploadedByName}`,
  ]
    .filter(Boolean)
    .join(' ');
  // What the file's header said (intake keeps it with the estimate).
  const h = estimate.header;
  const header = [h?.version, h?.claimNumber && `claim ${h.claimNumber}`, h?.insurer, h?.roNumber && `RO ${h.roNumber} on the file`]
    .filter(Boolean)
    .join(' · ');
  return (
    <section aria-labelledby="job-lines" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="job-lines" className="text-lg font-semibold text-slate-900">
          Estimate
        </h2>
        <Button variant="secondary" aria-expanded={entering} onClick={() => setEntering(!entering)}>
          {entering ? 'Close' : lines.length ? 'Replace the estimate' : 'Enter the estimate'}
        </Button>
      </div>
      {lines.length > 0 && <p className="text-sm text-slate-700">{origin}</p>}
      {lines.length > 0 && header && <p className="text-sm text-slate-700">{header}</p>}
      {entering && (
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <EstimateEntry
            adas={adas}
            firm={firm}
            lineCount={lines.length}
            onSaved={(summary) => {
              setEntering(false);
              void act(async () => summary);
            }}
          />
        </div>
      )}
      {lines.length === 0 ? (
        <p className="text-sm text-slate-600">No repair lines on this job: enter the estimate to scrub it.</p>
      ) : (
        <EstimateLinesTable
          caption="Repair lines of the estimate, as read"
          lines={lines}
          notEquipped={{
            busy,
            onChange: (l, value) => void act(async () => void (await adasApi.setLineEquipped(adas, l.uniqueSequenceNumber, value))),
          }}
        />
      )}
    </section>
  );
}
