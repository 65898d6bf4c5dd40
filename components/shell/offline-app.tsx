'use client';
/**
 * Registers the service worker on signed-in pages (lib/offline/sw/worker.ts; docs/shell.md#offline): the
 * app installs and the pages a technician opens load without a connection. Pages moved to within the app
 * (client navigations) are handed to the worker to keep as well. No reload when the connection returns: the
 * inspection sends what it kept by itself. Off in development (next dev serves no worker).
 */
import { SerwistProvider } from '@serwist/turbopack/react';

export function OfflineApp() {
  return <SerwistProvider swUrl="/serwist/sw.js" reloadOnOnline={false} disable={process.env.NODE_ENV !== 'production'} />;
}
