/** Response headers for every page (a nonce-based Content-Security-Policy and the usual hardening) and API answer. */
import type { NextRequest } from 'next/server';
import { config } from './config';
import { REQUEST_ID_HEADER, requestIdFor } from './log/request-id';

/** `frameOrigins`: origins a page may frame (the payment provider's hosted card form). */
export function contentSecurityPolicy(nonce: string, dev: boolean, frameOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    // Scripts only with this response's nonce ('strict-dynamic' lets Next's own chunks load theirs).
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    // Radix and toasts set inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker (/serwist/sw.js): named, since 'strict-dynamic' leaves script-src's 'self' aside.
    "worker-src 'self'",
    "manifest-src 'self'",
    `frame-src ${["'self'", ...frameOrigins].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** For API answers and redirects: nothing in them may run, load or be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Two years, subdomains included: production is served over https only. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The headers every response gets; with APP_ENV=prod also HSTS (not on the embedded http default, where
 * it would pin localhost to https).
 */
export function staticSecurityHeaders(appEnv: string): Readonly<Record<string, string>> {
  return appEnv === 'prod' ? { ...COMMON_HEADERS, 'Strict-Transport-Security': HSTS } : COMMON_HEADERS;
}

const apiHeaders = new Map<string, Readonly<Record<string, string>>>();

/**
 * The headers of the answers of the routes proxy.ts leaves out, which set their own (the BFF, the push route):
 * the security headers of every response and the API policy. Built once per process.
 */
export function apiAnswerHeaders(appEnv: string): Readonly<Record<string, string>> {
  let headers = apiHeaders.get(appEnv);
  if (!headers) {
    headers = Object.freeze({ ...staticSecurityHeaders(appEnv), 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY });
    apiHeaders.set(appEnv, headers);
  }
  return headers;
}

/**
 * A handler of a route proxy.ts leaves out (the BFF, the push route), given its request's id, decided here by
 * the rule proxy.ts applies to the others (lib/log/request-id.ts). Its answer carries the id, and the API
 * answers' headers it did not set itself (a file answer keeps its own stricter policy).
 */
export function withOwnHeaders<R extends Response>(
  handler: (req: NextRequest, requestId: string) => Promise<R>,
): (req: NextRequest) => Promise<R> {
  return async (req) => {
    const { APP_ENV, TRUST_PROXY } = config();
    const requestId = requestIdFor(req.headers, TRUST_PROXY);
    const res = await handler(req, requestId);
    for (const [name, value] of Object.entries(apiAnswerHeaders(APP_ENV))) if (!res.headers.has(name)) res.headers.set(name, value);
    res.headers.set(REQUEST_ID_HEADER, requestId);
    return res;
  };
}

/**
 * The OPTIONS answer of a route proxy.ts leaves out: 204 with the methods it takes and the API answers'
 * headers (no CORS headers: no other origin may use these routes).
 */
export function optionsAnswer(allow: string): (req: NextRequest) => Promise<Response> {
  return withOwnHeaders(async () => new Response(null, { status: 204, headers: { Allow: allow, 'Cache-Control': 'private, no-store' } }));
}
