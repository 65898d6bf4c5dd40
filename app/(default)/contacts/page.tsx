/**
 * /contacts (role 1): the list rendered on the server from the URL's list state (lib/list-state.ts).
 * Opening the bare path restores the remembered preferences from the list's session cookie.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { contactList } from '@/components/contacts/list-spec';
import { listQuery } from '@/components/contacts/query';
import { ContactsScreen } from '@/components/contacts/contacts-screen';
import { api } from '@/lib/api/server';
import { cachedLookups } from '@/lib/cache/settings';
import { requestLog } from '@/lib/log/request-log';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { isBare, listHref, pageCount, parseList, prefsCookieName, restoreHref, type RawParams } from '@/lib/list-state';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/contacts');

export default async function ContactsPage({ searchParams }: { searchParams: Promise<RawParams> }) {
  const session = await requireRoute('/contacts');
  const params = await searchParams;

  if (isBare(params)) {
    const restored = restoreHref(contactList, (await cookies()).get(prefsCookieName(contactList))?.value);
    if (restored) redirect(restored);
  }

  const state = parseList(contactList, params);
  const call = state.view === 'vendors' ? contract.contacts.vendors : contract.contacts.contacts;
  const [data, types] = await Promise.all([
    api(call, { query: listQuery(state) }),
    // The type filter's choices; without them the list still works (all types).
    cachedLookups(session.profile.firm, ['ContactType'], false, () =>
      api(contract.lookups.byKeys, { body: { keys: ['ContactType'] } }),
    ).catch((e: unknown) => {
      void requestLog().then((l) => l.warn({ err: e }, 'Contacts: the ContactType lookup failed'));
      return [];
    }),
  ]);

  // A page past the end (after a merge, or an old link) shows the last page instead.
  const last = pageCount(data.count, state.pageSize);
  if (data.count > 0 && state.page > last) redirect(listHref(contactList, { ...state, page: last }));

  const contactTypes = types.filter((t) => !t.isInactive).map((t) => ({ value: t.id, label: t.value || t.name }));
  return (
    <ContactsScreen
      spec={contactList}
      state={state}
      data={data}
      contactTypes={contactTypes}
      defaults={{ contactType: null, language: session.profile.language || null, timezone: session.profile.timezone || null }}
    />
  );
}
