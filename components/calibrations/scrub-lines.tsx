'use client';
/**
 * A scrub's lines, each once with its outcome (docs/scrub.md "Every line explained"): the calibrations it
 * triggers, each with why in an estimator's words; the systems it may require, to confirm or dismiss (a
 * check); or why it triggers nothing; or why it could not be read. Filtered by outcome.
 */
import { useState } from 'react';
import type { ScrubResult, ScrubbedLine } from '@/lib/contract/calibrations';
import { SimpleTable } from '@/components/ui/simple-table';
import type { Column } from '@/components/ui/table';
import { lineColumns } from './estimate-lines-table';
import { LineChecks, type CheckContext } from './scrub-checks';

const FILTERS = [
  { id: 'all', label: 'All lines', test: () => true },
  { id: 'triggers', label: 'Triggering', test: (l: ScrubbedLine) => l.triggers.length > 0 },
  { id: 'checks', label: 'To check', test: (l: ScrubbedLine) => l.checks.length > 0 },
  { id: 'nothing', label: 'Triggering nothing', test: (l: ScrubbedLine) => l.nothing != null },
  { id: 'unread', label: 'Not read', test: (l: ScrubbedLine) => l.unread != null },
] as const;

function Outcome({ line, context }: { line: ScrubbedLine; context?: CheckContext }) {
  if (line.unread) return <span className="text-red-800">Not read: {line.unread}</span>;
  return (
    <div className="flex flex-col gap-2">
      {line.triggers.length > 0 && (
        <ul className="flex flex-col gap-1">
          {line.triggers.map((t) => (
            <li key={t.adasChecklistMatrix}>
              <span className="mr-1 inline-block rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">{t.system}</span>
              <span className="break-words text-slate-700">{t.why}</span>
            </li>
          ))}
        </ul>
      )}
      <LineChecks line={line} context={context} />
      {line.nothing != null && <span className="text-slate-700">Nothing: {line.nothing}</span>}
    </div>
  );
}

const lineColumnsWith = (context?: CheckContext): Column<ScrubbedLine>[] => [
  ...lineColumns<ScrubbedLine>(),
  {
    id: 'description',
    header: 'Description',
    rowHeader: true,
    cell: (l) => (
      <>
        <span className="block text-slate-900">{l.description}</span>
        {!l.unread && l.read.length > 0 && <span className="block text-xs text-slate-600">read as {l.read.join(' · ')}</span>}
        {l.notes.map((n) => (
          <span key={n} className="block text-xs text-amber-800">
            {n}
          </span>
        ))}
      </>
    ),
  },
  { id: 'outcome', header: 'Outcome', cell: (l) => <Outcome line={l} context={context} /> },
];

/**
 * Without `context` (intake's preview, before the estimate is stored) the checks are shown without buttons:
 * they are decided once the scrub is kept.
 */
export function ScrubLines({ scrub, context }: { scrub: Pick<ScrubResult, 'lines'>; context?: CheckContext }) {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]['id']>('all');
  const shown = scrub.lines.filter(FILTERS.find((f) => f.id === filter)!.test);
  return (
    <section aria-label="Estimate lines and their outcome" className="flex flex-col gap-2">
      <h3 className="text-base font-semibold text-slate-900">Estimate lines</h3>
      <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
            className={`min-h-9 rounded-md border px-2.5 text-sm ${filter === f.id ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}
          >
            {f.label} ({scrub.lines.filter(f.test).length})
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">No lines here.</p>
      ) : (
        <SimpleTable
          caption="Estimate lines and what each requires"
          columns={lineColumnsWith(context)}
          rows={shown}
          rowKey={(l) => l.lineNum}
          rowAttributes={() => ({ className: 'align-top', 'data-testid': 'scrubbed-line' })}
        />
      )}
    </section>
  );
}
