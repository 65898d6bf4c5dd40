/**
 * /dispatch ("Dispatch", roles 1–17): the calibration work sent to the caller's locations (the provider's
 * queue, view=received) or sent by them (view=sent), rendered on the server from the URL's list state;
 * `dispatch={id}` opens one (a push notice links there). The bare path restores the remembered preferences
 * (the view last chosen among them). A provider's managers set how it takes work (on site, in its bay,
 * vehicles a day).
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { DispatchScreen } from '@/components/dispatch/dispatch-screen';
import { dispatchList } from '@/components/dispatch/list-spec';
import { api } from '@/lib/api/server';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { formatDateTime } from '@/lib/dates';
import { mayManageDispatch } from '@/lib/dispatch/rules';
import { isBare, listHref, pageCount, parseList, prefsCookieName, restoreHref, type RawParams } from '@/lib/list-state';
import { routeMetadata } from '@/lib/page';
import { findRoute, isAllowed } from '@/lib/routes';

export const generateMetadata = routeMetadata('/dispatch');

export default async function DispatchPage({ searchParams }: { searchParams: Promise<RawParams> }) {
  const session = await requireRoute('/dispatch');
  const params = await searchParams;
  // The user's location, if it is a provider: its offering (a location moved away from since sign-in: none).
  const home = await api(contract.dispatch.getOffering, { query: { firm: session.profile.firm } }).catch(() => null);
  if (isBare(params)) {
    const restored = restoreHref(dispatchList, (await cookies()).get(prefsCookieName(dispatchList))?.value);
    if (restored) redirect(restored);
  }
  const state = parseList(dispatchList, params);
  const { page, pageSize, orderBy, direction, searchTerm, view, status } = state;
  const query = { page, pageSize, orderBy, direction, searchTerm, view, status };
  const data = await api(contract.dispatch.dispatches, { query });
  const last = pageCount(data.count, state.pageSize);
  if (data.count > 0 && state.page > last) redirect(listHref(dispatchList, { ...state, page: last }));
  const timezone = session.profile.timezone;
  const dashboard = findRoute('/dashboard');
  return (
    <DispatchScreen
      spec={dispatchList}
      state={state}
      data={{ count: data.count, items: data.items.map((r) => ({ ...r, changedLabel: formatDateTime(r.statusChangedAt, timezone) })) }}
      query={query}
      role={session.role}
      timezone={timezone}
      offering={home?.isProvider && mayManageDispatch(session.role) ? home : null}
      numbers={!!dashboard && isAllowed(dashboard, session.role) ? { firm: session.profile.firm, provider: !!home?.isProvider } : null}
    />
  );
}
