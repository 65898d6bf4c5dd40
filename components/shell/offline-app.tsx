'use client';
/**
 * Registers the service worker on signed-in pages (lib/offline/sw/worker.ts; docs/shell.md#offline): the
 * app installs and the pages a technician opens load without a connection. Pages moved to within the app
 * (client navigations) are handed to the worker to keep as well. No reload when the connection returns: the
 * inspection sends what it kept by itself. Off in development (next dev serves no worker).
 *
 * The kept pages are one user's: the worker forgets them at every sign-in and sign-out it sees, and this
 * page forgets them when the device last kept them for someone else (a sign-in the worker did not see).
 */
import { SerwistProvider } from '@serwist/turbopack/react';
import { useEffect } from 'react';
import { forgetKeptPages, isWorkPage } from '@/lib/offline/pages';

/** Whose pages the device keeps (localStorage: read before anything is shown from the kept pages again). */
const KEPT_FOR = 'adas-desk-kept-pages-for';

function keptFor(): string | null {
  try {
    return localStorage.getItem(KEPT_FOR);
  } catch {
    return null;
  }
}

async function keepPagesFor(user: number) {
  if (keptFor() === String(user)) return;
  await forgetKeptPages();
  try {
    localStorage.setItem(KEPT_FOR, String(user));
  } catch {
    /* storage unavailable: the pages are forgotten at every load, never shown to another user */
  }
  // The worker may have kept this very page for this user before it was forgotten: keep it again. Only a
  // worker that controls the page can be asked (none while it installs, or where workers are blocked), and
  // keeping is best effort: the page is kept anyway the next time it is opened.
  if (isWorkPage(new URL(window.location.href)) && navigator.serviceWorker?.controller)
    window.serwist?.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: [window.location.href] } }).catch(() => undefined);
}

export function OfflineApp({ user }: { user: number }) {
  useEffect(() => {
    void keepPagesFor(user);
  }, [user]);
  return <SerwistProvider swUrl="/serwist/sw.js" reloadOnOnline={false} disable={process.env.NODE_ENV !== 'production'} />;
}
