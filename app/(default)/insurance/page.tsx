/** /insurance (roles 1 to 13): a location's insurance opt-in programs (the insurers themselves are under /admin). */
import { LocationPicker } from '@/components/locations/partners/location-picker';
import { screenLocation } from '@/components/locations/partners/location';
import { PartnerEditor } from '@/components/locations/partners/partner-editor';
import { PageHeading } from '@/components/ui/page-heading';
import { api } from '@/lib/api/server';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import type { RawParams } from '@/lib/list-state';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/insurance');

export default async function InsurancePage({ searchParams }: { searchParams: Promise<RawParams> }) {
  const session = await requireRoute('/insurance');
  const location = await screenLocation(session, await searchParams, '/insurance');
  const programs = await api(contract.locationsPartners.optInPrograms, { query: { firm: location.firm } });
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading>Insurance</PageHeading>
      <LocationPicker {...location} />
      <p className="text-sm text-slate-700">
        The insurers&apos; direct-repair programs this location takes part in. Check or uncheck a program, then Save.
      </p>
      <PartnerEditor key={location.firm} kind="programs" firm={location.firm} initial={programs} />
    </div>
  );
}
