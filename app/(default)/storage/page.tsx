/**
 * /storage (roles 1,2,3,5,7,9,12): the files stored for the user's locations, and — with a location
 * chosen (filterBy) — that location's storage account, bucket and uploads.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { StorageScreen } from '@/components/locations/storage/storage-screen';
import { storageList } from '@/components/locations/storage/list-spec';
import { api } from '@/lib/api/server';
import { UpstreamError } from '@/lib/api/errors';
import { requireRoute } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { ALL_LOCATIONS } from '@/lib/contract/locations-constants';
import { isBare, listHref, pageCount, parseList, prefsCookieName, restoreHref, type RawParams } from '@/lib/list-state';
import { formatDateTime } from '@/lib/dates';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/storage');

export default async function StoragePage({ searchParams }: { searchParams: Promise<RawParams> }) {
  const session = await requireRoute('/storage');
  const params = await searchParams;
  if (isBare(params)) {
    const restored = restoreHref(storageList, (await cookies()).get(prefsCookieName(storageList))?.value);
    if (restored) redirect(restored);
  }
  const state = parseList(storageList, params);
  const location = state.filterBy === ALL_LOCATIONS ? null : state.filterBy;
  const [data, account] = await Promise.all([
    api(contract.locationsStorage.storage, { query: { ...state } }),
    location ? api(contract.locationsStorage.storageAccount, { query: { firm: location } }) : null,
  ]).catch((e: unknown) => {
    // A location the user does not reach (an old link or cookie): every location instead.
    if (e instanceof UpstreamError && e.kind === 'not-found' && location)
      redirect(listHref(storageList, { ...state, filterBy: ALL_LOCATIONS }));
    throw e;
  });
  const last = pageCount(data.count, state.pageSize);
  if (data.count > 0 && state.page > last) redirect(listHref(storageList, { ...state, page: last }));
  // Dates in the user's time zone, formatted here so date-fns stays on the server.
  const tz = session.profile.timezone;
  const dates = Object.fromEntries(data.items.map((f) => [f.id, formatDateTime(f.uploadedAt, tz)]));
  const accountCreated = account?.accountCreatedAt ? formatDateTime(account.accountCreatedAt, tz) : null;
  return (
    <StorageScreen
      spec={storageList}
      state={state}
      data={data}
      dates={dates}
      account={account && { ...account, createdText: accountCreated }}
      home={{ firm: session.profile.firm, name: session.profile.firmName }}
    />
  );
}
