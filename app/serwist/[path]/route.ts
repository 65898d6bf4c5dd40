/**
 * The service worker and its source map (/serwist/sw.js, /serwist/sw.js.map), bundled with esbuild from
 * lib/offline/sw/worker.ts when the app is built and served as static files (Serwist's Turbopack
 * integration: Next 16 builds with Turbopack, which has no plugin to do it). The precache list is the build's
 * static files and public/, plus the offline page at this build's revision.
 */
import { randomUUID } from 'node:crypto';
import { createSerwistRoute } from '@serwist/turbopack';
import { OFFLINE_PAGE } from '@/lib/offline/pages';

// The offline page names this build's chunks: a new build is a new revision (read once, when the worker is bundled).
const revision = randomUUID();

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'lib/offline/sw/worker.ts',
  useNativeEsbuild: true,
  additionalPrecacheEntries: [{ url: OFFLINE_PAGE, revision }],
});
