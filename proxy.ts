/**
 * The route guard (Next 16's middleware): applies lib/routes.ts to every page request and sets the
 * security headers. Pages and route handlers check access again; this is the first line, not the only one.
 * Server-action posts another site or no page of ours sent are refused here (lib/action-guard.ts).
 * Static files are not seen here: lib/http-guard.ts gives them their methods and headers.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { logRefusalOnce, refuseActionPost } from './lib/action-guard';
import { SESSION_COOKIE } from './lib/auth/cookies';
import { decodeSession, roleOf } from './lib/auth/jwt';
import { loginUrl } from './lib/auth/redirects';
import { config as appConfig } from './lib/config';
import { REQUEST_ID_HEADER, requestIdFor } from './lib/log/request-id';
import { guard } from './lib/routes';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy, staticSecurityHeaders } from './lib/security-headers';

/** Methods a page answers: GET and HEAD, and POST for server actions. Anything else is 405, not a 500. */
const PAGE_METHODS = 'GET, HEAD, POST';
/** The app's route handlers (app/api): every other path under /api/ is answered by a page. */
const API_ROUTE = /^\/api\/(alldata|auth|bff|health|links|push|ready|session)(\/|$)/;

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // Every request's id (lib/log/request-id.ts): handed on to pages and route handlers, and answered.
  const requestId = requestIdFor(request.headers, appConfig().TRUST_PROXY);
  const isApi = pathname.startsWith('/api/');
  if (!isApi && !PAGE_METHODS.split(', ').includes(request.method)) {
    const refused = new NextResponse(null, {
      status: 405,
      headers: { Allow: PAGE_METHODS, 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY },
    });
    return withHeaders(refused, requestId);
  }

  // A POST under /api/ that no route handler takes (/api/auth/%2e%2e/csrf is /api/csrf) would reach a page,
  // where Next reads it as a server action: there is no such API, 404.
  if (isApi && request.method === 'POST' && !API_ROUTE.test(pathname)) {
    const headers = {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
    };
    return withHeaders(new NextResponse(JSON.stringify({ error: 'Not found.' }), { status: 404, headers }), requestId);
  }

  if (!isApi && request.method === 'POST') {
    // Server actions another site or no page of ours sent: 403/400 here, not Next's 500 (lib/action-guard.ts).
    const refusal = await refuseActionPost(request.clone());
    if (refusal) {
      logRefusalOnce(refusal, pathname);
      const headers = {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
      };
      return withHeaders(new NextResponse(refusal.message, { status: refusal.status, headers }), requestId);
    }
  }

  if (!isApi) {
    const raw = request.cookies.get(SESSION_COOKIE)?.value;
    const jwt = raw ? await decodeSession({ token: raw, secret: appConfig().AUTH_SECRET }) : null;
    const decision = guard(pathname, search, jwt ? { role: roleOf(jwt.profile) } : null);
    if (decision.kind !== 'pass') {
      const target = decision.kind === 'login' ? loginUrl(decision.remember) : '/';
      const redirect = NextResponse.redirect(new URL(target, request.url));
      redirect.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
      return withHeaders(redirect, requestId);
    }
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development', [new URL(appConfig().PAYMENT_URL).origin]);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', isApi ? API_CONTENT_SECURITY_POLICY : csp);
  return withHeaders(response, requestId);
}

function withHeaders(response: NextResponse, requestId: string): NextResponse {
  for (const [k, v] of Object.entries(staticSecurityHeaders(appConfig().APP_ENV))) response.headers.set(k, v);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

export const config = {
  // Everything but build assets and public files (brands/ is public/'s only folder; the HTTP entry gives those
  // the security headers: lib/http-guard.ts); RSC and prefetch requests of pages are guarded too.
  // The BFF (/api/bff/) and the push route (/api/push/) check the session themselves and set their own
  // headers and request ids (lib/bff/forward.ts, lib/push/server.ts): leaving them out spares every
  // client-side API call and every push client's ping a middleware pass, and lets them be served from the
  // HTTP entry (lib/http-direct.ts).
  matcher: ['/((?!_next/static|_next/image|brands/|api/bff/|api/push/).*)'],
};
