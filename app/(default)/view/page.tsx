/**
 * /view ("Inspection", any signed-in user whose role may reach ADAS jobs): one inspection of a job,
 * `?adasInspection={id}`, with its calibrations below (components/calibrations). Without one, it says where
 * inspections are opened from. A calibration provider's users open it through its dispatch: their screen
 * leaves the shop's own business out (its insurers, the estimate entry, the request's status) and shows the
 * dispatch they work under (docs/dispatch.md#screens).
 */
import Link from 'next/link';
import { InspectionScreen } from '@/components/adas/inspection-screen';
import { inspectionFields, inspectionJob, inspectionSystems } from '@/components/adas/inspection-props';
import { insurerChoices, orNotFound } from '@/components/adas/server-data';
import { LazyCalibrationPanel } from '@/components/calibrations/lazy-panel';
import { InspectionDispatch } from '@/components/dispatch';
import { Alert } from '@/components/ui/alert';
import { UpstreamError } from '@/lib/api/errors';
import { localDay } from '@/lib/dates';
import { PageHeading } from '@/components/ui/page-heading';
import { api } from '@/lib/api/server';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { titleFor } from '@/lib/page';
import type { Metadata } from 'next';

/** Each inspection's own title ("Inspection #123"), so tabs, history and screen readers tell them apart. */
export async function generateMetadata({ searchParams }: { searchParams: Promise<{ adasInspection?: string }> }): Promise<Metadata> {
  const { adasInspection } = await searchParams;
  const id = typeof adasInspection === 'string' && /^\d{1,12}$/.test(adasInspection) ? adasInspection : null;
  return { title: titleFor(id ? `Inspection #${id}` : 'Inspection') };
}

export default async function ViewPage({ searchParams }: { searchParams: Promise<{ adasInspection?: string }> }) {
  const session = await requireRoute('/view');
  const { adasInspection } = await searchParams;
  const id = typeof adasInspection === 'string' && /^\d{1,12}$/.test(adasInspection) ? Number(adasInspection) : null;
  if (id === null)
    return (
      <>
        <PageHeading>Inspection</PageHeading>
        <p className="text-sm text-slate-700">
          Open an inspection from its job on the{' '}
          <Link href="/adas" className="text-brand-700 underline">
            ADAS
          </Link>{' '}
          list.
        </p>
      </>
    );

  const query = { query: { adasInspection: id } };
  // Another firm's inspection and an unknown one are the same 404 page; a provider whose dispatch does not
  // (or no longer) open it to its location is told why (docs/dispatch.md#states).
  let inspection;
  try {
    inspection = await orNotFound(api(contract.adas.adasInspection, query));
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.kind !== 'forbidden') throw e;
    return (
      <>
        <PageHeading>Inspection</PageHeading>
        <Alert>{e.message}</Alert>
        <Link href="/dispatch" className="text-sm text-brand-700 underline">
          The dispatch queue
        </Link>
      </>
    );
  }
  const dispatch = await api(contract.dispatch.ofInspection, query);
  // The provider's users work on it through their dispatch: not the shop's insurers, estimate entry or request.
  const side = dispatch.current?.side === 'provider' ? ('provider' as const) : ('shop' as const);
  const [items, notInstalled, insurers, request, preference, evidence] = await Promise.all([
    api(contract.adas.adasInspectionItems, query),
    side === 'provider' ? Promise.resolve([]) : api(contract.adas.notInstalledOnInspection, query),
    side === 'provider' ? Promise.resolve([]) : insurerChoices(inspection.firm),
    api(contract.calibrations.request, query),
    api(contract.calibrations.getReportPreference, query),
    api(contract.evidence.evidence, query),
  ]);
  const job = await api(contract.adas.adas, { query: { adas: inspection.adas } });
  const { vehicle } = job;
  const tomorrow = localDay(session.profile.timezone, 1);
  return (
    <>
      <InspectionScreen
        inspection={inspectionFields(inspection)}
        items={inspectionSystems(items)}
        notInstalled={notInstalled}
        job={inspectionJob(job)}
        insurers={insurers}
        timezone={session.profile.timezone}
        evidence={evidence}
        user={session.profile.user}
        requestStatus={request?.statusName ?? null}
        dispatched={side === 'provider' ? { shopName: job.firmName, readOnly: dispatch.current?.access !== 'work' } : undefined}
      />
      {side === 'provider' && (
        <InspectionDispatch
          adasInspection={id}
          calibrateRequest={request?.calibrateRequest ?? null}
          requestStatus={request?.statusName ?? null}
          role={session.role}
          timezone={session.profile.timezone}
          tomorrow={tomorrow}
        />
      )}
      <LazyCalibrationPanel
        adas={job.adas}
        adasInspection={id}
        firm={job.firm}
        vehicle={{ year: vehicle.year, make: vehicle.make, model: vehicle.model, vin: vehicle.vin }}
        request={request}
        preference={preference}
        user={session.profile.user}
        role={session.role}
        timezone={session.profile.timezone}
        side={side}
        tomorrow={tomorrow}
      />
    </>
  );
}
