/**
 * The read-only page a shared link opens (server component): exactly that inspection — vehicle, repair
 * order, systems and results, OEM procedure links — and its calibration report, until the link expires or
 * is revoked. A refused link shows why. It states what the PDF states (docs/report.md): the same brand and
 * firm, the same job fields ("Not recorded" where the PDF prints "not recorded"), each system's note beside
 * its result, the inspection's notes.
 */
import { Alert } from '@/components/ui/alert';
import { buttonClass } from '@/components/ui/button';
import { SimpleTable } from '@/components/ui/simple-table';
import { UpstreamError } from '@/lib/api/errors';
import { callUpstream } from '@/lib/api/upstream';
import { contract } from '@/lib/contract';
import { SHARE_MESSAGES } from '@/lib/contract/links-constants';
import { formatDate, formatDateTime } from '@/lib/dates';

const KNOWN = new Set<string>(Object.values(SHARE_MESSAGES));

export function LinkProblem({ message }: { message: string }) {
  return (
    <section
      aria-labelledby="link-heading"
      className="mx-auto flex max-w-xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h1 id="link-heading" className="text-2xl font-semibold">
        Link not available
      </h1>
      <Alert>{message}</Alert>
    </section>
  );
}

type SharedSystem = Awaited<ReturnType<typeof callUpstream<typeof contract.links.sharedInspection>>>['systems'][number];

const evidenceHref = (token: string, adasEvidence: number, size: 'full' | 'thumb') =>
  `/api/links/evidence?${new URLSearchParams({ t: token, e: String(adasEvidence), size })}`;

/** The systems' photos (thumbnails opening full size) and files, read-only; nothing when none is shared. */
function SharedEvidence({ token, systems }: { token: string; systems: readonly SharedSystem[] }) {
  const withEvidence = systems.filter((s) => s.evidence.length > 0);
  if (!withEvidence.length) return null;
  return (
    <section aria-labelledby="evidence-heading" className="flex flex-col gap-3">
      <h2 id="evidence-heading" className="text-lg font-semibold">
        Evidence
      </h2>
      {withEvidence.map((s, i) => (
        <div key={i} className="flex flex-col gap-2" data-testid="shared-evidence">
          <h3 className="text-sm font-semibold">{s.system}</h3>
          <ul className="flex flex-wrap gap-3">
            {s.evidence
              .filter((e) => e.kind === 'photo')
              .map((e) => (
                <li key={e.adasEvidence} className="flex w-36 flex-col gap-1">
                  <a href={evidenceHref(token, e.adasEvidence, 'full')} target="_blank" rel="noopener noreferrer">
                    {/* eslint-disable-next-line @next/next/no-img-element -- a stored file through the link's route */}
                    <img
                      src={evidenceHref(token, e.adasEvidence, 'thumb')}
                      alt={e.caption || `Photo of ${s.system}`}
                      className="h-28 w-36 rounded border border-slate-200 object-cover"
                    />
                    <span className="sr-only"> (full size, opens in a new tab)</span>
                  </a>
                  {e.caption && <span className="text-xs text-slate-700">{e.caption}</span>}
                </li>
              ))}
          </ul>
          {s.evidence.some((e) => e.kind === 'document') && (
            <ul className="list-disc pl-5 text-sm">
              {s.evidence
                .filter((e) => e.kind === 'document')
                .map((e) => (
                  <li key={e.adasEvidence}>
                    <a href={evidenceHref(token, e.adasEvidence, 'full')} className="text-brand-700 underline" download={e.fileName}>
                      {e.fileName}
                    </a>
                    {e.caption && ` · ${e.caption}`}
                  </li>
                ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}

const NOT_RECORDED = 'Not recorded';

/** A recorded value, "Not recorded" for a result set before who and when were kept, "—" where the report prints none. */
const recordedText = (value: string | null | undefined) => (value == null ? '—' : value || 'Not recorded');

const ATTENTION = { failed: 'text-red-700', required: 'text-amber-800', pending: 'text-amber-800' } as const;

/** The result as the report prints it; Failed, Calibration required and no result stand out as they do in the PDF. */
function SharedResult({ system }: { system: SharedSystem }) {
  if (!system.attention) return system.result;
  return (
    <strong className={`font-semibold ${ATTENTION[system.attention]}`}>
      <span aria-hidden="true">! </span>
      {system.result}
    </strong>
  );
}

/** What the "!" marks, counted as the report counts them ("Needs attention - Failed: 1, …"); nothing when no system stands out. */
function AttentionTally({ systems }: { systems: readonly SharedSystem[] }) {
  const tally = (['failed', 'required', 'pending'] as const)
    .map((kind) => ({
      kind,
      label: systems.find((s) => s.attention === kind)?.result,
      n: systems.filter((s) => s.attention === kind).length,
    }))
    .filter((t) => t.n > 0);
  if (!tally.length) return null;
  return (
    <p className="text-sm font-semibold text-red-700" data-testid="shared-attention">
      <span aria-hidden="true">! </span>Needs attention: {tally.map((t) => `${t.label}: ${t.n}`).join(', ')}
    </p>
  );
}

export async function SharedInspection({ token }: { token: string }) {
  const shared = await callUpstream(contract.links.sharedInspection, { query: { token } }).catch((e: unknown) => {
    if (e instanceof UpstreamError && (e.kind === 'not-found' || e.kind === 'bad-request'))
      return KNOWN.has(e.message) ? e.message : SHARE_MESSAGES.unknown;
    throw e;
  });
  if (typeof shared === 'string') return <LinkProblem message={shared} />;
  const { vehicle, timezone } = shared;
  const title = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  return (
    <article
      data-wide
      aria-labelledby="shared-heading"
      className="mx-auto flex max-w-3xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <header className="flex flex-col gap-1">
        {/* Who shared it: the brand and the firm once each, as the PDF's header names them. */}
        <p className="text-sm text-slate-600">
          Shared by{' '}
          <span data-testid="shared-brand">
            {[shared.brandTitle, shared.firmName]
              .map((n) => n.trim())
              .filter((n, i, all) => n && all.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i)
              .join(' · ')}
          </span>
        </p>
        <h1 id="shared-heading" className="text-2xl font-semibold">
          Calibration report: {title}
        </h1>
        {shared.reportTitle && <p className="text-sm text-slate-700">{shared.reportTitle}</p>}
      </header>
      {/* The job's fields as the PDF prints them: one nobody filled says "Not recorded". */}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="shared-fields">
        <dt className="font-medium">Repair order</dt>
        <dd>{shared.ronumber || NOT_RECORDED}</dd>
        <dt className="font-medium">Insurer</dt>
        <dd>{shared.insuranceName || NOT_RECORDED}</dd>
        <dt className="font-medium">VIN</dt>
        <dd className="break-all">{vehicle.vin || NOT_RECORDED}</dd>
        <dt className="font-medium">Inspection date</dt>
        <dd>{formatDate(shared.inspectionDate, timezone) || NOT_RECORDED}</dd>
        <dt className="font-medium">Inspector</dt>
        <dd>{shared.inspectorName || NOT_RECORDED}</dd>
        {shared.inspectionNotes && (
          <>
            <dt className="font-medium">Inspection notes</dt>
            <dd className="whitespace-pre-wrap">{shared.inspectionNotes}</dd>
          </>
        )}
      </dl>
      <p>
        <a className={buttonClass('primary')} href={`/api/links/report?${new URLSearchParams({ t: token })}`} download>
          Download the report (PDF)
        </a>
      </p>

      <section aria-labelledby="systems-heading" className="flex flex-col gap-2">
        <h2 id="systems-heading" className="text-lg font-semibold">
          Systems
        </h2>
        <AttentionTally systems={shared.systems} />
        {shared.systems.length === 0 ? (
          <p className="text-sm text-slate-700">No systems were recorded for this inspection.</p>
        ) : (
          <SimpleTable
            caption="Systems of the inspection and their results"
            cardsOnPhone
            columns={[
              { id: 'system', header: 'System', rowHeader: true, cell: (s) => s.system },
              {
                id: 'result',
                header: 'Result',
                cell: (s) => (
                  <>
                    <SharedResult system={s} />
                    {s.note && (
                      <span className="mt-1 block text-xs text-slate-700 italic" data-testid="shared-note">
                        Note: {s.note}
                      </span>
                    )}
                  </>
                ),
              },
              { id: 'calibration', header: 'Calibration', cell: (s) => s.calibrationType || '—' },
              { id: 'technician', header: 'Technician', cell: (s) => recordedText(s.recorded?.technician) },
              { id: 'date', header: 'Date', cell: (s) => recordedText(s.recorded && formatDate(s.recorded.at, timezone)) },
            ]}
            rows={shared.systems}
            rowKey={(_, i) => i}
            rowAttributes={(s) => ({ 'data-testid': 'shared-system', 'data-attention': s.attention ?? undefined })}
          />
        )}
      </section>

      <SharedEvidence token={token} systems={shared.systems} />

      <section aria-labelledby="procedures-heading" className="flex flex-col gap-2">
        <h2 id="procedures-heading" className="text-lg font-semibold">
          OEM procedures
        </h2>
        {shared.links.length === 0 ? (
          <p className="text-sm text-slate-700">No OEM procedure links for this vehicle.</p>
        ) : (
          <ul className="list-disc pl-5 text-sm">
            {shared.links.map((l, i) => (
              <li key={i}>
                <a href={l.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                  {l.title}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-sm text-slate-600">This link works until {formatDateTime(shared.expiresAt, timezone)}.</p>
    </article>
  );
}
