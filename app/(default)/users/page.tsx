/**
 * /users (role 1): the user list rendered on the server from the URL's list state (lib/list-state.ts),
 * with the role and location choices of its filters. Opening the bare path restores the remembered
 * preferences from the list's session cookie.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { userList } from '@/components/users/list-spec';
import { listQuery } from '@/components/users/query';
import { UsersScreen } from '@/components/users/users-screen';
import { api } from '@/lib/api/server';
import { cachedRoles } from '@/lib/cache/settings';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { isBare, listHref, pageCount, parseList, prefsCookieName, restoreHref, type RawParams } from '@/lib/list-state';
import { routeMetadata } from '@/lib/page';
import { requestLog } from '@/lib/log/request-log';

export const generateMetadata = routeMetadata('/users');

/** A filter's choices: without them the list still works (every role, every location). */
function orNone<T>(what: string) {
  return (e: unknown): T[] => {
    void requestLog().then((l) => l.warn({ err: e }, `Users: ${what} failed`));
    return [];
  };
}

export default async function UsersPage({ searchParams }: { searchParams: Promise<RawParams> }) {
  const session = await requireRoute('/users');
  const params = await searchParams;

  if (isBare(params)) {
    const restored = restoreHref(userList, (await cookies()).get(prefsCookieName(userList))?.value);
    if (restored) redirect(restored);
  }

  const state = parseList(userList, params);
  const [data, roles, locations] = await Promise.all([
    api(contract.users.users, { query: listQuery(state) }),
    cachedRoles(session.profile.firm, session.role, () => api(contract.users.roles, { query: { firm: session.profile.firm } })).catch(
      orNone<{ role: number; roleName: string }>('roles'),
    ),
    // The signed-in user's own network, in order: every location they reach.
    api(contract.users.userLocations, { query: { user: session.user, isAll: true } }).catch(
      orNone<{ firm: number; firmName: string; depth: number }>('locations'),
    ),
  ]);

  // A page past the end (after a deletion, or an old link) shows the last page instead.
  const last = pageCount(data.count, state.pageSize);
  if (data.count > 0 && state.page > last) redirect(listHref(userList, { ...state, page: last }));

  return (
    <UsersScreen
      spec={userList}
      state={state}
      data={data}
      roles={roles}
      locations={locations.map((l) => ({ firm: l.firm, firmName: l.firmName, depth: l.depth }))}
      viewer={{ user: session.user, role: session.role, firm: session.profile.firm }}
    />
  );
}
