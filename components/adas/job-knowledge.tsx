/**
 * What the knowledge base says of a job's vehicle (docs/adas.md#screens): the decoded checklist — each system of
 * the vehicle as its VIN decodes, mapped to the job's inspections — and the OEM links (ALLDATA's open through the firm's access,
 * lib/alldata/documents.ts). Server-rendered.
 */
import { RESULTS, nameOf } from '@/lib/adas/rules';
import { oemHref } from '@/lib/alldata/documents';
import type { DecodedChecklistItem } from '@/lib/contract/admin';
import type { VinDecode } from '@/lib/contract/decode';
import type { VehicleLink } from '@/lib/contract/alldata';
import { SimpleTable } from '@/components/ui/simple-table';
import type { Column } from '@/components/ui/table';

export interface JobKnowledgeProps {
  checklist: { vehicle: { year: number; make: string; model: string }; decode: VinDecode | null; items: DecodedChecklistItem[] };
  procedures: VehicleLink[];
  general: VehicleLink[];
}

function Links({ id, title, links }: { id: string; title: string; links: VehicleLink[] }) {
  return (
    <div className="flex flex-col gap-1">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {links.length === 0 ? (
        <p className="text-sm text-slate-600">None for this vehicle.</p>
      ) : (
        <ul aria-labelledby={id} className="flex flex-col gap-1 text-sm">
          {links.map((l) => (
            <li key={l.id}>
              <a href={oemHref(l.url)} target="_blank" rel="noreferrer" className="text-brand-700 hover:underline">
                {l.title}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const CHECKLIST_COLUMNS: Column<DecodedChecklistItem>[] = [
  {
    id: 'system',
    header: 'System',
    rowHeader: true,
    cell: (s) => (
      <>
        <span className="font-medium text-slate-900">{s.system}</span>
        {s.oemName && <span className="block text-xs text-slate-600">{s.oemName}</span>}
        {s.notice && <span className="mt-1 block text-xs text-amber-900">{s.notice}</span>}
      </>
    ),
  },
  { id: 'location', header: 'Location', cell: (s) => s.location },
  { id: 'calibration', header: 'Calibration', cell: (s) => s.calibrationType || '—' },
  {
    id: 'inspections',
    header: 'On inspections',
    className: 'whitespace-nowrap',
    cell: (s) => (
      <>
        {s.inspections}
        {s.notEquipped && <span className="block text-xs text-slate-600">Not equipped</span>}
      </>
    ),
  },
  { id: 'results', header: 'Results', cell: (s) => s.results.map((r) => nameOf(RESULTS, r.result) || 'No result yet').join(', ') || '—' },
];

export function JobKnowledge({ checklist, procedures, general }: JobKnowledgeProps) {
  const { vehicle, decode, items } = checklist;
  const basis = decode?.isDecoded
    ? `as the VIN decodes: ${vehicle.year} ${vehicle.make} ${vehicle.model}`
    : decode
      ? `as saved (the VIN decodes in part: ${decode.reason})`
      : 'as saved (no VIN)';
  return (
    <>
      <section aria-labelledby="job-checklist" className="flex flex-col gap-2">
        <h2 id="job-checklist" className="text-lg font-semibold text-slate-900">
          Decoded checklist
        </h2>
        <p className="text-sm text-slate-700">The ADAS systems of this vehicle, {basis}.</p>
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">The knowledge base lists no ADAS systems for this vehicle.</p>
        ) : (
          <SimpleTable
            caption="Systems of the vehicle and the job’s inspections of them"
            columns={CHECKLIST_COLUMNS}
            rows={items}
            rowKey={(s) => s.adasChecklistMatrix}
            rowAttributes={() => ({ className: 'align-top', 'data-testid': 'checklist-row' })}
          />
        )}
      </section>
      <section aria-labelledby="job-links" className="flex flex-col gap-3">
        <h2 id="job-links" className="text-lg font-semibold text-slate-900">
          OEM links
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Links id="links-adas" title="ADAS procedures" links={procedures} />
          <Links id="links-general" title="General information" links={general} />
        </div>
      </section>
    </>
  );
}
