/**
 * The pages the service worker keeps for working offline (lib/offline/sw/worker.ts), named once for the
 * worker and the pages that read or clear its cache (the offline page's list).
 */
export const KEPT_PAGES_CACHE = 'adas-desk-pages';
export const OFFLINE_PAGE = '/offline';

/** An inspection or a job: what a technician opens at the car. */
export const isWorkPage = (url: URL) =>
  (url.pathname === '/view' && url.searchParams.has('adasInspection')) || (url.pathname === '/adas' && url.searchParams.has('adas'));
