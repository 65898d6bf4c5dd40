'use client';
/**
 * The preview of a read estimate, before anything is stored (docs/intake.md#the-preview): what was found
 * (source, layout, pages, vehicle, header), what could not be read and why, the job's fields the file may
 * fill (checked when the job has none; a different value on the job is replaced only when the user checks
 * it), what a new version changes against the job's lines and calibrations, and the lines as read beside
 * what the scrub makes of them (the scrub's own lines table).
 */
import { ScrubLines } from '@/components/calibrations';
import { Alert } from '@/components/ui/alert';
import { CheckboxField } from '@/components/ui/field';
import { SimpleTable } from '@/components/ui/simple-table';
import type { Column } from '@/components/ui/table';
import type { IntakePreview, JobField, ReadEstimateOut } from '@/lib/contract/intake';

type Line = ReadEstimateOut['lines'][number];

const SOURCE_NAMES: Record<ReadEstimateOut['source'], string> = {
  bms: 'BMS XML file',
  csv: 'CSV file',
  paste: 'Pasted lines',
  pdf: 'PDF printout',
  ocr: 'Scanned PDF (read by OCR)',
  ems: 'CIECA EMS export',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const money = (n: number | null) => (n == null ? '' : n.toLocaleString('en-US', { style: 'currency', currency: 'USD' }));
const low = (l: Line, floor: number | null) => floor != null && l.confidence != null && l.confidence < floor;

/** A field's label inside a sentence: "Claim number" → "claim number"; an abbreviation ("RO number", "VIN") as written. */
const inSentence = (label: string) => label.replace(/^[A-Z][a-z]/, (m) => m.toLowerCase());

function lineColumns(floor: number | null): Column<Line>[] {
  return [
    { id: 'line', header: 'Line', className: 'tabular-nums', cell: (l) => l.lineNum },
    {
      id: 'operation',
      header: 'Operation',
      cell: (l) => (
        <>
          {l.operation || '—'}
          {l.operationCode && <span className="block text-xs text-slate-600">{l.operationCode}</span>}
        </>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      rowHeader: true,
      cell: (l) => (
        <>
          <span className="block text-slate-900">{l.description}</span>
          {l.section && <span className="block text-xs text-slate-600">{l.section}</span>}
          {low(l, floor) && (
            <span className="mt-0.5 inline-block rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900">
              Check: read with {Math.round((l.confidence ?? 0) * 100)} % confidence
            </span>
          )}
        </>
      ),
    },
    { id: 'part', header: 'Part', cell: (l) => [l.partType, l.partNumber].filter(Boolean).join(' ') || '—' },
    { id: 'qty', header: 'Qty', className: 'tabular-nums', cell: (l) => l.quantity ?? '' },
    { id: 'labour', header: 'Labour', cell: (l) => [l.labourType, l.hours != null ? `${l.hours} h` : ''].filter(Boolean).join(' ') || '—' },
    { id: 'price', header: 'Price', className: 'tabular-nums text-right', cell: (l) => money(l.price) },
  ];
}

function Found({ preview }: { preview: IntakePreview }) {
  const { estimate: e } = preview;
  const v = e.vehicle;
  const h = e.header;
  const rows: [string, string][] = [
    [
      'Source',
      [SOURCE_NAMES[e.source], preview.layoutName && `(${preview.layoutName} layout)`, e.pages != null && plural(e.pages, 'page')]
        .filter(Boolean)
        .join(' '),
    ],
    ['Lines', plural(e.lines.length, 'line')],
    ['Vehicle', [v.year, v.make, v.model].filter(Boolean).join(' ') || 'not found'],
    ['VIN', v.vin ? `${v.vin}${v.vinChecked ? '' : ' (check digit does not hold)'}` : 'not found'],
    ['RO number', h.roNumber || 'not found'],
    ['Claim number', h.claimNumber || 'not found'],
    ['Insurer', h.insurer || 'not found'],
    ['Version', h.version || 'not found'],
  ];
  return (
    <section aria-labelledby="intake-found" className="flex flex-col gap-1">
      <h3 id="intake-found" className="text-base font-semibold text-slate-900">
        Found in the file
      </h3>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm">
        {rows.map(([k, val]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600">{k}</dt>
            <dd className="break-words text-slate-900">{val}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function JobFields({
  preview,
  apply,
  onChange,
}: {
  preview: IntakePreview;
  apply: ReadonlySet<JobField>;
  onChange: (field: JobField, on: boolean) => void;
}) {
  const offered = preview.fields.filter((f) => f.action === 'fill' || f.action === 'overwrite');
  const insurer = preview.fields.find((f) => f.field === 'insurer' && f.action === 'none' && f.fromFile);
  if (!offered.length && !insurer) return null;
  return (
    <fieldset className="flex flex-col gap-1 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Take from the file</legend>
      {offered.map((f) => (
        <CheckboxField
          key={f.field}
          checked={apply.has(f.field)}
          onChange={(ev) => onChange(f.field, ev.target.checked)}
          label={
            f.action === 'fill'
              ? `${f.label}: ${f.fromFile} (the job has none)`
              : `Replace the job's ${inSentence(f.label)} ${f.onJob} with ${f.fromFile}`
          }
        />
      ))}
      {insurer && (
        <p className="text-sm text-slate-700">
          The file names the insurer {insurer.fromFile}, which is not one of this location&apos;s insurers: choose the insurer on the job.
        </p>
      )}
    </fieldset>
  );
}

function Supplement({ diff }: { diff: NonNullable<IntakePreview['supplement']> }) {
  const ref = (l: { lineNum: number; operation: string; description: string }) => `${l.lineNum} ${l.operation} ${l.description}`.trim();
  const none = !diff.added.length && !diff.removed.length && !diff.changed.length;
  return (
    <section aria-labelledby="intake-supplement" className="flex flex-col gap-1 text-sm">
      <h3 id="intake-supplement" className="text-base font-semibold text-slate-900">
        Against {diff.against}
      </h3>
      {none ? (
        <p>The lines are the same ({plural(diff.unchanged, 'line')}).</p>
      ) : (
        <p>
          {plural(diff.added.length, 'line')} added, {plural(diff.removed.length, 'line')} removed, {plural(diff.changed.length, 'line')}{' '}
          changed, {diff.unchanged} the same.
        </p>
      )}
      <p>
        Calibrations added: {diff.calibrationsAdded.join(', ') || 'none'}. Calibrations no longer required:{' '}
        {diff.calibrationsDropped.join(', ') || 'none'}.
      </p>
      {diff.added.length > 0 && (
        <details>
          <summary className="cursor-pointer">Added lines</summary>
          <ul className="list-disc pl-5">
            {diff.added.map((l) => (
              <li key={`a${l.lineNum}`}>{ref(l)}</li>
            ))}
          </ul>
        </details>
      )}
      {diff.removed.length > 0 && (
        <details>
          <summary className="cursor-pointer">Removed lines</summary>
          <ul className="list-disc pl-5">
            {diff.removed.map((l) => (
              <li key={`r${l.lineNum}`}>{ref(l)}</li>
            ))}
          </ul>
        </details>
      )}
      {diff.changed.length > 0 && (
        <details>
          <summary className="cursor-pointer">Changed lines</summary>
          <ul className="list-disc pl-5">
            {diff.changed.map((c) => (
              <li key={`c${c.before.lineNum}-${c.after.lineNum}`}>
                {ref(c.after)} ({c.what.join(', ')}; was {ref(c.before)})
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export function ReadPreview({ preview }: { preview: IntakePreview }) {
  const e = preview.estimate;
  const floor = e.confidenceFloor;
  const flagged = e.lines.filter((l) => low(l, floor)).length;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Found preview={preview} />
        <section aria-labelledby="intake-calibrations" className="flex flex-col gap-1 text-sm">
          <h3 id="intake-calibrations" className="text-base font-semibold text-slate-900">
            What the scrub makes of it
          </h3>
          {preview.scrub.noScrub ? (
            <p>{preview.scrub.noScrub}</p>
          ) : preview.scrub.calibrations.length ? (
            <ul className="list-disc pl-5">
              {preview.scrub.calibrations.map((c) => (
                <li key={c.adasChecklistMatrix}>
                  {c.system} ({c.calibrationType}): {plural(c.lines.length, 'line')}
                </li>
              ))}
            </ul>
          ) : (
            <p>No calibration is required by these lines.</p>
          )}
          <p className="text-slate-600">
            For the job&apos;s {preview.job.vehicle.year} {preview.job.vehicle.make} {preview.job.vehicle.model}.
          </p>
        </section>
      </div>
      {preview.vehicleNote && <Alert kind="info">{preview.vehicleNote}</Alert>}
      {e.problems.length > 0 && (
        <section aria-labelledby="intake-problems" className="flex flex-col gap-1 text-sm">
          <h3 id="intake-problems" className="text-base font-semibold text-slate-900">
            What could not be read
          </h3>
          <ul className="list-disc pl-5 text-amber-900">
            {e.problems.map((p, n) => (
              <li key={n}>
                <span className="font-medium">{p.where}:</span> {p.what}
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.supplement && <Supplement diff={preview.supplement} />}
      <div className="grid gap-4 xl:grid-cols-2">
        <section aria-labelledby="intake-lines" className="flex min-w-0 flex-col gap-2">
          <h3 id="intake-lines" className="text-base font-semibold text-slate-900">
            Lines as read
          </h3>
          {flagged > 0 && (
            <p className="text-sm text-amber-900">{plural(flagged, 'line')} read from a scanned page with low confidence: check them.</p>
          )}
          <SimpleTable
            caption="Estimate lines as read from the file"
            columns={lineColumns(floor)}
            rows={e.lines}
            rowKey={(l) => l.uniqueSequenceNumber}
            rowAttributes={(l) => ({ className: `align-top ${low(l, floor) ? 'bg-amber-50' : ''}`, 'data-testid': 'read-line' })}
            boxClassName="max-h-[32rem]"
          />
        </section>
        <div className="min-w-0">
          <ScrubLines scrub={preview.scrub} />
        </div>
      </div>
    </div>
  );
}
