import type { Instrumentation } from 'next';

/** Checks the configuration once at server start: a missing or malformed value stops with its name. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./lib/config-check');
}

/**
 * Every error the server meets while rendering or handling a request goes to the application log (the
 * log viewer's store, lib/server-log.ts) with the route and path it happened on.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { serverLog } = await import('./lib/server-log');
  const err = error as Error & { digest?: string };
  serverLog.error(
    { err, title: `${request.method} ${request.path.split('?')[0]}`, route: context.routePath, routeType: context.routeType, digest: err.digest },
    `Request failed: ${request.path.split('?')[0]} (${context.routerKind}, ${context.routeType})`,
  );
};
