/**
 * Where a page goes when the upstream refused the session's token (lib/api/server.ts): the session is
 * recorded as ended there first, so this clears the cookie and goes to /login. A session that is still
 * live is never cleared here: another site can send a browser to this URL, and must not sign anyone out.
 */
import { NextResponse } from 'next/server';
import { COOKIE_OPTIONS, SESSION_COOKIE } from '@/lib/auth/cookies';
import { readSession } from '@/lib/auth/session';

export async function GET(request: Request) {
  const live = await readSession();
  const res = NextResponse.redirect(new URL(live ? '/' : '/login?expired=1', request.url));
  if (!live) res.cookies.set(SESSION_COOKIE, '', { ...COOKIE_OPTIONS, maxAge: 0 });
  res.headers.set('Cache-Control', 'private, no-store');
  return res;
}
