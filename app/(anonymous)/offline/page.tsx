/**
 * /offline: what the service worker shows when a page is asked for with no connection and no copy of it is
 * kept on this device (lib/offline/sw/worker.ts). It lists the inspections and jobs that are kept, which
 * open without a connection; the changes made there are sent when the connection returns.
 */
import { KeptPages } from '@/components/shell/kept-pages';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/offline');

export default function OfflinePage() {
  return (
    <section
      aria-labelledby="offline-heading"
      className="mx-auto flex max-w-xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h1 id="offline-heading" className="text-2xl font-semibold">
        No connection
      </h1>
      <p>This page is not kept on this device, and there is no connection to load it.</p>
      <KeptPages />
    </section>
  );
}
