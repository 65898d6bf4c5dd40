'use client';
/**
 * One ADAS job (docs/adas.md#screens, #states): its vehicle and fields, its status (Complete once every inspection is, and
 * reopened with them), its inspections (each with the calibration provider it was sent to), its estimate
 * (entered here, its lines as read, each with "not equipped": job-estimate.tsx), the OEM links and the decoded
 * checklist. Changes go through the BFF; the server render is refreshed after each.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Icon } from '@/components/ui/icon';
import { useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { SimpleTable } from '@/components/ui/simple-table';
import { dash } from '@/components/data-table/cells';
import { Button } from '@/components/ui/button';
import { useForm } from '@/components/ui/use-form';
import { ADAS_TYPES, INSPECTION_TYPES, STATUS, nameOf, vehicleLabel } from '@/lib/adas/rules';
import { DispatchSummaryCell } from '@/components/dispatch';
import type { AdasRecord, JobInspectionRow } from '@/lib/contract/adas';
import type { Estimate } from '@/lib/contract/calibrations';
import { adasApi } from './api';
import { inspectionHref } from './hrefs';
import { JobEstimate } from './job-estimate';
import type { Choice } from './errors';
import { StatusBadge } from './status-badge';

const JobEditor = dynamic(() => import('./job-editor').then((m) => m.JobEditor), { ssr: false });

export interface JobDetailProps {
  job: AdasRecord;
  /** Its inspections, each with where its calibrations were sent. */
  inspections: JobInspectionRow[];
  /** The job's estimate: its repair lines as the scrub reads them. */
  estimate: Estimate;
  locations: readonly Choice[];
  insurers: readonly Choice[];
  /** Dates as the user reads them, formatted on the server: the job's creation, each inspection's date, the estimate's entry. */
  labels: { created: string; inspections: Record<number, string>; estimate: string };
  /** The knowledge-base parts (links, decoded checklist), rendered on the server. */
  children?: React.ReactNode;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-sm text-slate-900">{children || dash}</dd>
    </div>
  );
}

export function JobDetail({ job, inspections, estimate, locations, insurers, labels, children }: JobDetailProps) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const calls = useForm();
  const { message: notice } = calls;
  const busy = calls.busy;
  const [pending, startTransition] = useTransition();
  const refresh = () => startTransition(() => router.refresh());

  /** A call of the screen: its text is shown, and the page refreshed after it. */
  const act = async (fn: () => Promise<string | void>) => {
    if (await calls.run(fn)) refresh();
  };

  const allComplete = job.inspectionsTotal > 0 && job.inspectionsComplete === job.inspectionsTotal;
  const v = job.vehicle;
  return (
    <div className="flex min-w-0 flex-col gap-5" aria-busy={pending || undefined}>
      <Link href="/adas" className="inline-flex items-center gap-1 self-start text-sm text-brand-700 hover:underline">
        <Icon name="arrow-left" className="size-4" /> All ADAS jobs
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">
          ADAS job {job.ronumber} <StatusBadge status={job.status} testId="job-status" />
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit job
          </Button>
          {v.vin && (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                act(async () => {
                  const d = await adasApi.decodeJob(job.adas);
                  return d.isDecoded
                    ? `The VIN decodes to a ${d.year} ${d.make} ${d.model}; the vehicle was updated.`
                    : `The VIN was decoded in part: ${d.reason}`;
                })
              }
            >
              Decode VIN
            </Button>
          )}
          {job.status === STATUS.complete ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => act(async () => void (await adasApi.setJobStatus(job.adas, STATUS.open)))}
            >
              Reopen job
            </Button>
          ) : (
            <Button
              disabled={busy || !allComplete}
              title={allComplete ? undefined : 'The job is complete once every inspection is'}
              onClick={() => act(async () => void (await adasApi.setJobStatus(job.adas, STATUS.complete)))}
            >
              Complete job
            </Button>
          )}
        </div>
      </div>

      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}

      <section aria-labelledby="job-facts" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="job-facts" className="sr-only">
          Job and vehicle
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Vehicle">
            {vehicleLabel(v)}
            {v.bodystyle ? `, ${v.bodystyle}` : ''}
          </Fact>
          <Fact label="VIN">{v.vin && <span className="font-mono">{v.vin}</span>}</Fact>
          <Fact label="Customer">{v.contactName}</Fact>
          <Fact label="Location">{job.firmName}</Fact>
          <Fact label="ADAS type">{nameOf(ADAS_TYPES, job.adasType)}</Fact>
          <Fact label="Insurance">{job.insuranceName}</Fact>
          <Fact label="Inspections">
            {job.inspectionsComplete} of {job.inspectionsTotal} complete
          </Fact>
          <Fact label="Created">
            {labels.created}
            {job.createdByName ? ` by ${job.createdByName}` : ''}
          </Fact>
        </dl>
        {job.notes && <p className="mt-3 text-sm whitespace-pre-line text-slate-800">{job.notes}</p>}
      </section>

      <section aria-labelledby="job-inspections" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="job-inspections" className="text-lg font-semibold text-slate-900">
            Inspections
          </h2>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              act(async () => {
                const saved = await adasApi.saveInspection({
                  adasInspection: -1,
                  adas: job.adas,
                  adasInspectionType: inspections.length ? 2 : 1,
                });
                router.push(inspectionHref(saved.adasInspection!));
              })
            }
          >
            <Icon name="plus" className="size-4" /> Add inspection
          </Button>
        </div>
        {inspections.length === 0 ? (
          <p className="text-sm text-slate-600">No inspections yet.</p>
        ) : (
          <SimpleTable
            caption="Inspections of this job"
            columns={[
              {
                id: 'inspection',
                header: 'Inspection',
                rowHeader: true,
                cell: (i) => (
                  <Link href={inspectionHref(i.adasInspection)} className="font-medium text-brand-700 hover:underline">
                    {nameOf(INSPECTION_TYPES, i.adasInspectionType) || 'Inspection'} #{i.adasInspection}
                  </Link>
                ),
              },
              { id: 'inspector', header: 'Inspector', cell: (i) => i.inspectorName || dash },
              { id: 'date', header: 'Date', className: 'whitespace-nowrap', cell: (i) => labels.inspections[i.adasInspection] || dash },
              {
                id: 'systems',
                header: 'Systems',
                className: 'whitespace-nowrap',
                cell: (i) => `${i.systemsTotal - i.systemsPending} of ${i.systemsTotal} recorded`,
              },
              { id: 'status', header: 'Status', cell: (i) => <StatusBadge status={i.status} /> },
              { id: 'provider', header: 'Calibration provider', cell: (i) => <DispatchSummaryCell dispatch={i.dispatch} /> },
            ]}
            rows={inspections}
            rowKey={(i) => i.adasInspection}
            rowAttributes={() => ({ 'data-testid': 'inspection-row' })}
          />
        )}
      </section>

      <JobEstimate adas={job.adas} firm={job.firm} estimate={estimate} enteredLabel={labels.estimate} busy={busy} act={act} />

      {children}

      {editing && (
        <JobEditor
          job={job}
          locations={locations}
          insurers={insurers}
          defaultFirm={job.firm}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            calls.say('The job was saved.', 'success');
            refresh();
          }}
        />
      )}
    </div>
  );
}
