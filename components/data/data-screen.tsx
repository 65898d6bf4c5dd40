'use client';
/**
 * /data, the Import/Export Facility: the import wizard (loaded on first render of this screen, with its
 * worker and papaparse) and an export per schema the user may import, streamed from the host as CSV in
 * the import's column layout; for the knowledge base's administrators, its keyword import and links export.
 */
import dynamic from 'next/dynamic';
import { buttonClass } from '@/components/ui/button';
import { BFF_PREFIX } from '@/lib/bff/protocol';
import type { SchemaSummary } from '@/lib/contract/data';

// The knowledge base's tools: roles 1 and 2, those who may import the vehicle matrix.
const KnowledgeTools = dynamic(() => import('./knowledge-tools').then((m) => m.KnowledgeTools));

const ImportWizard = dynamic(() => import('./import-wizard').then((m) => m.ImportWizard), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-600">Loading the import wizard…</p>,
});

export function DataScreen({ schemas, user }: { schemas: SchemaSummary[]; user: number }) {
  if (!schemas.length) return <p className="text-sm text-slate-700">Your role has nothing to import or export here.</p>;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <ImportWizard schemas={schemas} user={user} />
      <section aria-labelledby="export-heading" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="export-heading" className="text-lg font-semibold">
          Export
        </h2>
        <p className="text-sm text-slate-700">Every record of your locations as CSV, in the columns the import reads.</p>
        <ul className="flex flex-wrap gap-2">
          {schemas.map((s) => (
            <li key={s.name}>
              <a className={buttonClass('secondary')} href={`${BFF_PREFIX}data/exportData?schemaName=${s.name}`} download>
                Export {s.displayName.toLowerCase()}
              </a>
            </li>
          ))}
        </ul>
      </section>
      {schemas.some((s) => s.name === 'vehicleMatrix') && <KnowledgeTools />}
    </div>
  );
}
