/**
 * /dashboard (roles 1,2,3,5,7,9,12): the network's numbers for a period, rendered on the server from the
 * URL (components/dashboard/list-spec.ts). Opening the bare path restores the filter remembered on the
 * device. A preset without dates in the URL (a restored filter, a link) is computed here in the user's time
 * zone; the screen computes them in the browser when the user picks one. Views: the numbers, the ADAS
 * records (`view=records`) and, for administrators, their statistics (`view=admin`).
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { AdminStatistics } from '@/components/dashboard/admin-statistics';
import { AnalysisCharts } from '@/components/dashboard/charts';
import { dashboardList, recordsList } from '@/components/dashboard/list-spec';
import { NumbersView, RecordsView } from '@/components/dashboard/views';
import { UpstreamError } from '@/lib/api/errors';
import { api } from '@/lib/api/server';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { presetRange } from '@/lib/dashboard/periods';
import { CUSTOM_PERIOD, rangeProblems, type DayRange } from '@/lib/dashboard/rules';
import { isBare, parseList, prefsCookieName, restoreHref, type RawParams } from '@/lib/list-state';
import { routeMetadata } from '@/lib/page';
import { isAdminRole } from '@/lib/roles';

export const generateMetadata = routeMetadata('/dashboard');

type Problems = Partial<Record<'startDate' | 'endDate' | 'firm', string>>;

/** The host's refusal of a filter as a message to show beside it (a location out of reach, a range). */
function refusal(e: unknown): Problems | null {
  if (!(e instanceof UpstreamError)) return null;
  if (e.kind === 'not-found') return { firm: 'That location is not one you can reach. Choose another location or all firms.' };
  if (e.kind === 'bad-request')
    return {
      startDate: e.fieldErrors?.startDate?.[0],
      endDate: e.fieldErrors?.endDate?.[0],
      firm: e.fieldErrors?.firm?.[0] ?? (e.fieldErrors ? undefined : e.message),
    };
  return null;
}

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireRoute('/dashboard');
  const params = await searchParams;
  const isAdmin = isAdminRole(session.role);
  const asked = Array.isArray(params.view) ? params.view[0] : params.view;
  const view = asked === 'records' || (asked === 'admin' && isAdmin) ? asked : 'numbers';

  if (view === 'numbers' && isBare(params as RawParams)) {
    const restored = restoreHref(dashboardList, (await cookies()).get(prefsCookieName(dashboardList))?.value);
    if (restored) redirect(restored);
  }

  const numbers = parseList(dashboardList, params);
  const zone = session.profile.timezone;
  const range: DayRange =
    numbers.startDate && numbers.endDate
      ? { startDate: numbers.startDate, endDate: numbers.endDate }
      : presetRange(numbers.period === CUSTOM_PERIOD ? 3 : (numbers.period as 1 | 2 | 3 | 4 | 5 | 6), new Date(), zone);
  const locations = (await api(contract.adas.locations)).map(({ firm, name, depth }) => ({ firm, name, depth }));
  const common = { zone, range, locations, isAdmin };
  const query = { firm: numbers.firm, ...range };
  let problems: Problems | null = rangeProblems(range);

  if (view === 'records') {
    const state = parseList(recordsList, params);
    const records = problems
      ? null
      : await api(contract.dashboard.adasRecords, {
          query: {
            ...query,
            page: state.page,
            pageSize: state.pageSize,
            orderBy: state.orderBy,
            direction: state.direction,
            tech: state.tech >= 0 ? state.tech : undefined,
          },
        }).catch((e: unknown) => {
          if (!(problems = refusal(e))) throw e;
          return null;
        });
    return <RecordsView {...common} spec={recordsList} numbersSpec={dashboardList} state={state} records={records} problems={problems} />;
  }
  if (view === 'admin' && !problems) return <AdminStatistics {...common} spec={dashboardList} state={numbers} />;

  const data = problems
    ? null
    : await Promise.all([
        api(contract.dashboard.dashboard, {
          query: {
            ...query,
            analysis: numbers.analysis,
            page: numbers.page,
            pageSize: numbers.pageSize,
            orderBy: numbers.orderBy,
            direction: numbers.direction,
          },
        }),
        api(contract.dashboard.dashboardTop, { query }),
      ]).then(
        ([table, top]) => ({ table, top }),
        (e: unknown) => {
          if (!(problems = refusal(e))) throw e;
          return null;
        },
      );
  const charts = data && <AnalysisCharts analysis={numbers.analysis} table={data.table} top={data.top} />;
  return <NumbersView {...common} spec={dashboardList} state={numbers} data={data} charts={charts} problems={problems} />;
}
