import type { Instrumentation } from 'next';

/**
 * At server start: checks the configuration (a missing or malformed value stops with its name), installs
 * the HTTP entry (lib/http-guard.ts: 405 for methods Next.js cannot handle and for non-GET static files,
 * proxy headers only behind a trusted proxy, security headers on static files) and connects the shared
 * store (Redis when REDIS_URL is set; when Redis cannot be reached the server still starts, degraded, with a warning)
 * and opens the instance's connection for settings notices (lib/cache/settings.ts; pages read from the host until it is up).
 * It also makes a stop signal end what holds requests open (lib/shutdown.ts), so the graceful stop finishes.
 * First of all it opens the root async scope the upstream pools open their sockets in (lib/api/root-scope.ts),
 * which must be made before any request runs.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  (await import('./lib/api/root-scope')).openRootScope();
  await import('./lib/config-check');
  (await import('./lib/shutdown')).installShutdown();
  (await import('./lib/http-guard')).installHttpGuard();
  await (await import('./lib/store')).openSharedStore();
  (await import('./lib/cache/settings')).openSettingsSubscription();
}

/**
 * Every error the server meets while rendering or handling a request goes to the app's log and from there
 * to the application log (the log viewer's store, lib/server-log.ts) with the route, the path and the
 * request's id (given by proxy.ts) it happened on.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { log } = await import('./lib/log/logger');
  const { REQUEST_ID_HEADER } = await import('./lib/log/request-id');
  const err = error as Error & { digest?: string };
  const reqId = request.headers[REQUEST_ID_HEADER];
  log().error(
    {
      err,
      reqId,
      title: `${request.method} ${request.path.split('?')[0]}`,
      route: context.routePath,
      routeType: context.routeType,
      digest: err.digest,
    },
    `Request failed: ${request.path.split('?')[0]} (${context.routerKind}, ${context.routeType})`,
  );
};
