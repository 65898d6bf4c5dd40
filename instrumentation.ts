/**
 * At server start: checks the configuration (a missing or malformed value stops with its name) and
 * answers the methods Next.js cannot handle with 405 instead of a 500 (lib/http-guard.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  await import('./lib/config-check');
  (await import('./lib/http-guard')).refuseForbiddenMethods();
}
