/** /providers (signed in): a location's calibration providers, and a search for more by name, postal code and radius. */
import { LocationPicker } from '@/components/locations/partners/location-picker';
import { screenLocation } from '@/components/locations/partners/location';
import { PartnerEditor } from '@/components/locations/partners/partner-editor';
import { PageHeading } from '@/components/ui/page-heading';
import { api } from '@/lib/api/server';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import type { RawParams } from '@/lib/list-state';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/providers');

export default async function ProvidersPage({ searchParams }: { searchParams: Promise<RawParams> }) {
  const session = await requireRoute('/providers');
  const location = await screenLocation(session, await searchParams, '/providers');
  const providers = await api(contract.locationsPartners.providers, { query: { firm: location.firm } });
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading>Providers</PageHeading>
      <LocationPicker {...location} />
      <p className="text-sm text-slate-700">
        The calibration providers this location sends work to. Providers of your own network are listed too; the ones you choose are saved.
      </p>
      <PartnerEditor key={location.firm} kind="providers" firm={location.firm} initial={providers} />
    </div>
  );
}
