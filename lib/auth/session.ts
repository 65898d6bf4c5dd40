/** Server-side access to the signed-in session, and the page-level role check behind proxy.ts. */
import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { config } from '../config';
import type { SessionProfile } from '../contract/auth';
import type { RoleId } from '../roles';
import { isAllowed, routeOf } from '../routes';
import { SESSION_COOKIE } from './cookies';
import { decodeSession, roleOf } from './jwt';
import { loginUrl } from './redirects';

export interface AppSession {
  apiToken: string;
  profile: SessionProfile;
  role: RoleId | null;
  /** The session's id and sign-in time (lib/auth/revocation.ts). */
  sid: string;
  signedInAt: number;
  /** The user id (the profile's), for lib/auth/revocation.ts. */
  user: number;
}

/**
 * The session of a session cookie's value; null when absent, forged, expired or ended. The one reading of
 * the cookie: pages through readSession, the BFF from its request's own cookies (a route handler need not
 * pay for React's cache() and cookies() to read one header). The decryption is cached by cookie value
 * (lib/auth/jwt.ts); the expiries and the ended-sessions list are checked on every call.
 */
export async function sessionOf(raw: string | undefined): Promise<AppSession | null> {
  if (!raw) return null;
  const jwt = await decodeSession({ token: raw, secret: config().AUTH_SECRET });
  return jwt
    ? {
        apiToken: jwt.apiToken,
        profile: jwt.profile,
        role: roleOf(jwt.profile),
        sid: jwt.sid,
        signedInAt: jwt.signedInAt,
        user: jwt.profile.user,
      }
    : null;
}

/** The request's session, decoded once per server render (pages, layouts, server actions). */
export const readSession = cache(async (): Promise<AppSession | null> => sessionOf((await cookies()).get(SESSION_COOKIE)?.value));

/**
 * Checks the route table again for a page (proxy.ts alone is not an authorization boundary):
 * no session → /login remembering the path; no permission → /.
 */
export async function requireRoute(path: string): Promise<AppSession> {
  const session = await readSession();
  if (!session) redirect(loginUrl(path));
  if (!isAllowed(routeOf(path), session.role)) redirect('/');
  return session;
}
