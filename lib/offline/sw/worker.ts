/**
 * The service worker (docs/shell.md#offline), built by @serwist/turbopack from this file at `next build`
 * (app/serwist/[path]/route.ts) and served as /serwist/sw.js with scope "/". What it keeps, and why that is
 * safe on a shared phone:
 * - The build's static files (/_next/static, public/): precached at install, so the app's code runs with no
 *   connection. They hold no one's data.
 * - The pages a technician works on — an inspection (/view?adasInspection=…) and a job (/adas?adas=…) — each
 *   time one is loaded online (network first; the kept copy only when the network does not answer within
 *   NETWORK_SECONDS). Only a 200 that was not redirected is kept (never the sign-in page in a page's place),
 *   at most MAX_PAGES for MAX_AGE_DAYS. These are the only pages with someone's data the device keeps.
 * - Signing in or out (a POST to /api/auth/* or /api/session/logout through this worker) first forgets
 *   every kept page: they belonged to whoever was signed in, and the next user never sees them.
 * - Nothing else: the BFF's answers (/api/*), RSC payloads and every other page go to the network only. A
 *   page asked for with no connection that is not kept shows /offline, which lists the kept ones.
 * The changes a technician makes offline are not the worker's: the page keeps them in IndexedDB
 * (lib/offline/queue.ts) and sends them itself.
 */
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  type PrecacheEntry,
  type RouteHandlerCallback,
  type SerwistGlobalConfig,
} from 'serwist';
import { KEPT_PAGES_CACHE, OFFLINE_PAGE, forgetKeptPages, isWorkPage } from '../pages';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

const NETWORK_SECONDS = 6;
const MAX_PAGES = 40;
const MAX_AGE_DAYS = 14;

const forgetPages: RouteHandlerCallback = async ({ request }) => {
  await forgetKeptPages();
  return fetch(request);
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/api/auth/') || url.pathname === '/api/session/logout'),
      method: 'POST',
      handler: forgetPages,
    },
    {
      // A page load (or the window's request to keep the page it moved to): not an RSC payload.
      matcher: ({ url, request, sameOrigin }) =>
        sameOrigin && isWorkPage(url) && !url.searchParams.has('_rsc') && request.headers.get('RSC') !== '1',
      handler: new NetworkFirst({
        cacheName: KEPT_PAGES_CACHE,
        networkTimeoutSeconds: NETWORK_SECONDS,
        plugins: [
          { cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null) },
          new ExpirationPlugin({ maxEntries: MAX_PAGES, maxAgeSeconds: MAX_AGE_DAYS * 86_400 }),
        ],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'),
      handler: new CacheFirst({ cacheName: 'adas-desk-static', plugins: [new ExpirationPlugin({ maxEntries: 400 })] }),
    },
    // Every other page: the network; with no connection, the offline page (the fallback below).
    { matcher: ({ request }) => request.mode === 'navigate', handler: new NetworkOnly() },
  ],
  fallbacks: { entries: [{ url: OFFLINE_PAGE, matcher: ({ request }) => request.destination === 'document' }] },
});

serwist.addEventListeners();
