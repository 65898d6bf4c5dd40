/** Response headers for every page: a nonce-based Content-Security-Policy and the usual hardening. */

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
