/** /choose ("Choose Vehicle", any signed-in user): pick year, make and model for the ADAS Systems Overview. */
import { ChooseVehicle } from '@/components/adas/choose-vehicle';
import { PageHeading } from '@/components/ui/page-heading';
import { api } from '@/lib/api/server';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { routeMetadata } from '@/lib/page';
import { maxModelYear } from '@/lib/vehicle/year';

export const generateMetadata = routeMetadata('/choose');

export default async function ChoosePage({ searchParams }: { searchParams: Promise<{ year?: string; make?: string; model?: string }> }) {
  await requireRoute('/choose');
  const params = await searchParams;
  const makes = await api(contract.vehicles.makes);
  const first = Math.min(...makes.flatMap((m) => m.models.map((x) => x.yearStart)), new Date().getFullYear());
  const years = Array.from({ length: maxModelYear() - first + 1 }, (_, i) => maxModelYear() - i);
  const year = Number(params.year) || new Date().getFullYear();
  return (
    <>
      <PageHeading>Choose Vehicle</PageHeading>
      <p className="mb-3 text-sm text-slate-700">Choose the vehicle to see its ADAS systems.</p>
      <ChooseVehicle
        makes={makes}
        years={years}
        initial={{ year: years.includes(year) ? year : (years[0] ?? year), make: params.make ?? '', model: params.model ?? '' }}
      />
    </>
  );
}
