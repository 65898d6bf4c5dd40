/**
 * The web app manifest (/manifest.webmanifest): the app installs on a technician's phone and opens on the
 * ADAS jobs, standalone. Its pages work offline through the service worker (lib/offline/sw/worker.ts).
 */
import type { MetadataRoute } from 'next';
import { config } from '@/lib/config';

// Named by the running configuration (PRODUCT_NAME), not at build time.
export const dynamic = 'force-dynamic';

export default function manifest(): MetadataRoute.Manifest {
  const name = config().PRODUCT_NAME;
  return {
    name,
    short_name: name,
    description: 'ADAS jobs, inspections and calibrations, also without a connection.',
    start_url: '/adas',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1f5fbf',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
