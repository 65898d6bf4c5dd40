/**
 * The pages the service worker keeps for working offline (lib/offline/sw/worker.ts), named once for the
 * worker and the pages that read or clear its cache (the offline page's list).
 */
export const KEPT_PAGES_CACHE = 'adas-desk-pages';
export const OFFLINE_PAGE = '/offline';

/** An inspection or a job: what a technician opens at the car. */
export const isWorkPage = (url: URL) =>
  (url.pathname === '/view' && url.searchParams.has('adasInspection')) || (url.pathname === '/adas' && url.searchParams.has('adas'));

/**
 * Forgets every kept page (they hold the signed-in user's data): at sign-in and sign-out, by the worker
 * and by the page itself (which also covers a page the worker does not control, e.g. after a hard reload).
 */
export async function forgetKeptPages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(KEPT_PAGES_CACHE).catch(() => false);
}
