/**
 * /adas (roles 1–17, in the top bar): the ADAS jobs list, or the vehicles (view=vehicles), rendered on
 * the server from the URL's list state; `?adas={id}` shows one job. Opening the bare path restores the
 * remembered preferences from the list's session cookie.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { AdasScreen, type AdasScreenData } from '@/components/adas/adas-screen';
import { JobDetail } from '@/components/adas/job-detail';
import { JobKnowledge } from '@/components/adas/job-knowledge';
import { adasList } from '@/components/adas/list-spec';
import { jobsQuery, vehiclesQuery } from '@/components/adas/query';
import { insurerChoices, locationChoices, orNotFound } from '@/components/adas/server-data';
import { api } from '@/lib/api/server';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { isBare, listHref, pageCount, parseList, prefsCookieName, restoreHref, type RawParams } from '@/lib/list-state';
import { formatDate, formatDateTime } from '@/lib/dates';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/adas');

export default async function AdasPage({ searchParams }: { searchParams: Promise<RawParams & { adas?: string }> }) {
  const session = await requireRoute('/adas');
  const params = await searchParams;
  const timezone = session.profile.timezone;
  // Dates are formatted here, on the server: date-fns stays out of the browser's bundle.
  const dated = <T extends { createdAt: string }>(rows: T[]) =>
    rows.map((r) => ({ ...r, createdLabel: formatDate(r.createdAt, timezone) }));

  const jobId = typeof params.adas === 'string' && /^\d{1,12}$/.test(params.adas) ? Number(params.adas) : null;
  if (jobId !== null) {
    // Another firm's job and an unknown one are the same 404 page.
    const job = await orNotFound(api(contract.adas.adas, { query: { adas: jobId } }));
    const [inspections, estimate, checklist, procedures, general, locations, insurers] = await Promise.all([
      api(contract.adas.adasInspections, { query: { adas: jobId } }),
      api(contract.calibrations.getEstimate, { query: { adas: jobId } }),
      api(contract.admin.getAdasChecklistMappedToDecoded, { query: { id: jobId } }),
      api(contract.alldata.getLinksInternal, { query: { adas: jobId } }),
      api(contract.alldata.getGeneralInfoLinks, { query: { adas: jobId } }),
      locationChoices(),
      insurerChoices(job.firm),
    ]);
    const labels = {
      created: formatDateTime(job.createdAt, timezone),
      inspections: Object.fromEntries(
        inspections.map((i) => [i.adasInspection, i.inspectionDate ? formatDate(i.inspectionDate, timezone) : '']),
      ),
      estimate: estimate.uploadedAt ? formatDateTime(estimate.uploadedAt, timezone) : '',
    };
    return (
      <JobDetail job={job} inspections={inspections} estimate={estimate} locations={locations} insurers={insurers} labels={labels}>
        <JobKnowledge checklist={checklist} procedures={procedures} general={general} />
      </JobDetail>
    );
  }

  if (isBare(params)) {
    const restored = restoreHref(adasList, (await cookies()).get(prefsCookieName(adasList))?.value);
    if (restored) redirect(restored);
  }
  const state = parseList(adasList, params);
  const query = state.view === 'vehicles' ? vehiclesQuery(state) : jobsQuery(state, timezone);
  const [data, locations, insurers] = await Promise.all([
    state.view === 'vehicles'
      ? api(contract.vehicles.vehicles, { query: vehiclesQuery(state) }).then((d): AdasScreenData => ({
          view: 'vehicles',
          count: d.count,
          items: dated(d.items),
        }))
      : api(contract.adas.adass, { query: jobsQuery(state, timezone) }).then((d): AdasScreenData => ({
          view: 'jobs',
          count: d.count,
          items: dated(d.items),
        })),
    locationChoices(),
    insurerChoices(),
  ]);

  // A page past the end (an old link, or fewer rows now) shows the last page instead.
  const last = pageCount(data.count, state.pageSize);
  if (data.count > 0 && state.page > last) redirect(listHref(adasList, { ...state, page: last }));

  return (
    <AdasScreen
      spec={adasList}
      state={state}
      data={data}
      query={query}
      locations={locations}
      insurers={insurers}
      defaultFirm={session.profile.firm}
    />
  );
}
