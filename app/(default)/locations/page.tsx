/**
 * /locations (roles 1,2,3,5,7,9,12,15): the locations list, or the network tree (view=tree), rendered on
 * the server from the URL's state. Opening the bare path restores the remembered preferences.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { LocationsScreen } from '@/components/locations/locations-screen';
import { locationList } from '@/components/locations/list-spec';
import { firmListQuery } from '@/components/locations/query';
import { api } from '@/lib/api/server';
import { UpstreamError } from '@/lib/api/errors';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { canEditFirms } from '@/lib/contract/locations-constants';
import { INVITER_ROLES } from '@/lib/contract/onboard-constants';
import { isBare, listHref, pageCount, parseList, prefsCookieName, restoreHref, type RawParams } from '@/lib/list-state';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/locations');

export default async function LocationsPage({ searchParams }: { searchParams: Promise<RawParams> }) {
  const session = await requireRoute('/locations');
  const params = await searchParams;
  if (isBare(params)) {
    const restored = restoreHref(locationList, (await cookies()).get(prefsCookieName(locationList))?.value);
    if (restored) redirect(restored);
  }
  const state = parseList(locationList, params);
  const canEdit = canEditFirms(session.role);
  const canPrice = session.role != null && (contract.adasmatrix.saveCalibrationPricing.access as readonly number[]).includes(session.role);
  const canInvite = (INVITER_ROLES as readonly number[]).includes(session.role ?? 0);
  const home = session.profile.firm;
  const userDefaults = { timezoneId: session.profile.timezone || null, languageId: session.profile.language || null };

  if (state.view === 'tree') {
    const root = state.root || home;
    const tree = await api(contract.locations.locationTree, { query: { firm: root, showInactive: state.inactive === 1 } }).catch(
      (e: unknown) => {
        // A root the user cannot reach (an old link): the user's own network instead.
        if (e instanceof UpstreamError && e.kind === 'not-found' && state.root) return null;
        throw e;
      },
    );
    if (!tree) redirect(listHref(locationList, { ...state, root: 0 }));
    return (
      <LocationsScreen
        spec={locationList}
        state={state}
        canEdit={canEdit}
        canPrice={canPrice}
        canInvite={canInvite}
        home={home}
        userDefaults={userDefaults}
        view={{ kind: 'tree', root, tree }}
      />
    );
  }

  const { searchterm, ...query } = firmListQuery(state);
  const data = searchterm
    ? await api(contract.locations.firmAdvancedSearch, { query: { ...query, searchterm } })
    : await api(contract.locations.getFirms, { query });
  const last = pageCount(data.count, state.pageSize);
  if (data.count > 0 && state.page > last) redirect(listHref(locationList, { ...state, page: last }));
  return (
    <LocationsScreen
      spec={locationList}
      state={state}
      canEdit={canEdit}
      canPrice={canPrice}
      canInvite={canInvite}
      home={home}
      userDefaults={userDefaults}
      view={{ kind: 'list', data }}
    />
  );
}
