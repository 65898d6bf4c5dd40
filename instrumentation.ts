/**
 * At server start: checks the configuration (a missing or malformed value stops with its name), answers
 * the methods Next.js cannot handle with 405 instead of a 500 (lib/http-guard.ts) and connects the shared
 * store (Redis when REDIS_URL is set; when Redis cannot be reached the server still starts, degraded, with a warning).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  await import('./lib/config-check');
  (await import('./lib/http-guard')).refuseForbiddenMethods();
  await (await import('./lib/store')).openSharedStore();
}
