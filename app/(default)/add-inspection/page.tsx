/**
 * /add-inspection ("Add Inspection", menu "ADAS Systems Overview"; any signed-in user): a vehicle's ADAS
 * systems by VIN (`?vin=`) or by year, make and model (`?year=&make=&model=`, from /choose), rendered on
 * the server, with the vehicle-data service's components of a VIN. Starting a job needs an ADAS role.
 */
import { Overview, type OverviewProps } from '@/components/adas/overview';
import { insurerChoices, locationChoices } from '@/components/adas/server-data';
import { UpstreamError } from '@/lib/api/errors';
import { api } from '@/lib/api/server';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { isAllowed, routeOf } from '@/lib/routes';
import { normalizeVin, vinProblem } from '@/lib/vehicle/vin';
import { vehicleData } from '@/lib/vehicle-data/server';
import { VehicleDataError } from '@/lib/vehicle-data/client';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/add-inspection');

type Params = { vin?: string; year?: string; make?: string; model?: string };
const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

async function componentsOf(vin: string): Promise<OverviewProps['components']> {
  try {
    return await vehicleData().vehicleComponents(vin);
  } catch (e) {
    if (e instanceof VehicleDataError) return { error: e.message };
    throw e;
  }
}

export default async function AddInspectionPage({ searchParams }: { searchParams: Promise<Params> }) {
  const session = await requireRoute('/add-inspection');
  const params = await searchParams;
  const canStartJob = isAllowed(routeOf('/adas'), session.role);
  const [locations, insurers] = canStartJob ? await Promise.all([locationChoices(), insurerChoices()]) : [[], []];
  const base = { locations, insurers, canStartJob, defaultFirm: session.profile.firm };

  const vin = normalizeVin(text(params.vin, 40));
  if (vin) {
    const problem = vinProblem(vin);
    if (problem) return <Overview {...base} vin={vin} vehicle={null} systems={[]} problem={problem.message} components={null} />;
    const [found, components] = await Promise.all([api(contract.decode.adascdk, { query: { vin } }), componentsOf(vin)]);
    const d = found.decode;
    const vehicle = d.isDecoded
      ? { year: d.year!, make: d.make, makeId: d.makeId, model: d.model, bodystyle: d.bodystyle, vin: d.vin }
      : null;
    return (
      <Overview
        {...base}
        vin={vin}
        vehicle={vehicle}
        systems={found.systems}
        problem={d.isDecoded ? null : `${d.reason} Choose the vehicle by year, make and model instead.`}
        components={components}
      />
    );
  }

  const year = Number(text(params.year, 4));
  const make = text(params.make, 60);
  const model = text(params.model, 80);
  if (year && make && model) {
    const found = await api(contract.decode.neoadas, { body: { year, make, model } }).catch((e: unknown) => {
      if (e instanceof UpstreamError && e.kind === 'bad-request') return { refused: `${e.message} Choose the vehicle again.` };
      throw e;
    });
    if ('refused' in found) return <Overview {...base} vin="" vehicle={null} systems={[]} problem={found.refused} components={null} />;
    return (
      <Overview {...base} vin="" vehicle={{ ...found.vehicle, makeId: null }} systems={found.systems} problem={null} components={null} />
    );
  }
  return <Overview {...base} vin="" vehicle={null} systems={[]} problem={null} components={null} />;
}
