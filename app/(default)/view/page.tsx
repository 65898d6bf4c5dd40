/**
 * /view ("Inspection", any signed-in user whose role may reach ADAS jobs): one inspection of a job,
 * `?adasInspection={id}`. Without one, it says where inspections are opened from.
 */
import Link from 'next/link';
import { InspectionScreen } from '@/components/adas/inspection-screen';
import { insurerChoices, orNotFound } from '@/components/adas/server-data';
import { PageHeading } from '@/components/ui/page-heading';
import { api } from '@/lib/api/server';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/view');

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
  // Another firm's inspection and an unknown one are the same 404 page.
  const inspection = await orNotFound(api(contract.adas.adasInspection, query));
  const [items, notInstalled, insurers] = await Promise.all([
    api(contract.adas.adasInspectionItems, query),
    api(contract.adas.notInstalledOnInspection, query),
    insurerChoices(),
  ]);
  const job = await api(contract.adas.adas, { query: { adas: inspection.adas } });
  return <InspectionScreen inspection={inspection} items={items} notInstalled={notInstalled} job={job} insurers={insurers} timezone={session.profile.timezone} />;
}
