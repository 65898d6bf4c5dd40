/** An upstream 401 ends the session: clear the cookie and go to /login. */
import { NextResponse } from 'next/server';
import { COOKIE_OPTIONS, SESSION_COOKIE } from '@/lib/auth/cookies';

export function GET(request: Request) {
  const res = NextResponse.redirect(new URL('/login?expired=1', request.url));
  res.cookies.set(SESSION_COOKIE, '', { ...COOKIE_OPTIONS, maxAge: 0 });
  res.headers.set('Cache-Control', 'private, no-store');
  return res;
}
