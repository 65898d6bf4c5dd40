/**
 * Session cookie names. The `__Host-` prefix pins the cookie to this host and path / and forces Secure
 * (browsers accept Secure cookies on http://localhost, so the embedded default works without TLS).
 */
export const SESSION_COOKIE = '__Host-adas.session';
export const CSRF_COOKIE = '__Host-adas.csrf';
export const CALLBACK_COOKIE = '__Host-adas.callback';
/** Marks a browser as a known device of the user who last signed in on it (lib/auth/throttle.ts). */
export const DEVICE_COOKIE = '__Host-adas.device';

export const COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax', path: '/', secure: true } as const;
