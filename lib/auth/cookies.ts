/**
 * Session cookie names. The `__Host-` prefix pins the cookie to this host and path / and forces Secure
 * (browsers accept Secure cookies on http://localhost, so the embedded default works without TLS).
 */
export const SESSION_COOKIE = '__Host-adas.session';
export const CSRF_COOKIE = '__Host-adas.csrf';
export const CALLBACK_COOKIE = '__Host-adas.callback';

export const COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax', path: '/', secure: true } as const;
