/**
 * Request ids: every request the app serves gets one, so one user action can be followed from the balancer
 * through the app to the API host. The app's server sends it upstream as X-Request-Id; the host writes it
 * with each of its log lines, as the app does.
 *
 * Behind a balancer (TRUST_PROXY=1) the balancer's X-Request-Id is taken (nginx's $request_id, deploy/nginx.conf),
 * so its access log names the same id; otherwise a client's header is never believed and an id is made.
 * proxy.ts decides for every page and route handler it runs for; the BFF, which the proxy skips, decides
 * the same way in lib/bff/forward.ts. No runtime dependencies: the proxy imports it.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id may look like (nginx's 32 hex digits, a UUID, most tracing ids): anything else is replaced. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

export const isRequestId = (value: string | null | undefined): value is string => typeof value === 'string' && WELL_FORMED.test(value);

/** The id of a request: the balancer's when it is trusted and well-formed, else a new one. */
export function requestIdFor(headers: Headers, trustProxy: boolean): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return trustProxy && isRequestId(given) ? given : crypto.randomUUID();
}
