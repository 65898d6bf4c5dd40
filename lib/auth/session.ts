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

/** Decodes the session cookie once per request; null when absent, forged or expired. */
export const readSession = cache(async (): Promise<AppSession | null> => {
  const raw = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!raw) return null;
  const jwt = await decodeSession({ token: raw, secret: config().AUTH_SECRET });
  return jwt
    ? { apiToken: jwt.apiToken, profile: jwt.profile, role: roleOf(jwt.profile), sid: jwt.sid, signedInAt: jwt.signedInAt, user: jwt.profile.user }
    : null;
});

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
