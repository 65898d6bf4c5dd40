/** Checks the configuration once at server start: a missing or malformed value stops with its name. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./lib/config-check');
}
