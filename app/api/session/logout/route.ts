/**
 * Logout as a plain form post (the account menu's "Log out", docs/shell.md#screens, #states): works before hydration and
 * without JavaScript. Ends the session as next-auth's signOut does (lib/auth/logout.ts), clears the cookie
 * and sends the browser to the root with a 303 (it GETs it, and the guard shows /login). Refused when
 * cross-site: another site must not be able to sign anyone out.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { COOKIE_OPTIONS, SESSION_COOKIE } from '@/lib/auth/cookies';
import { endSignedInSession } from '@/lib/auth/logout';
import { readSession } from '@/lib/auth/session';
import { isCrossSite } from '@/lib/bff/forward';

export async function POST(request: NextRequest) {
  if (isCrossSite(request))
    return new NextResponse('Cross-site requests are not allowed.', { status: 403, headers: { 'Cache-Control': 'private, no-store' } });
  const session = await readSession();
  if (session) await endSignedInSession(session.sid, session.profile.exp * 1000, session.apiToken);
  const res = NextResponse.redirect(new URL('/', request.url), 303);
  res.cookies.set(SESSION_COOKIE, '', { ...COOKIE_OPTIONS, maxAge: 0 });
  res.headers.set('Cache-Control', 'private, no-store');
  return res;
}
