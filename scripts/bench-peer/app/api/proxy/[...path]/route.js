/** The minimal handler: decrypt the session cookie, forward the call with its bearer, answer the upstream's JSON. */
import { SESSION_COOKIE, apiToken } from '../../../session';

export const dynamic = 'force-dynamic';

export async function GET(req, { params }) {
  const token = await apiToken(req.cookies.get(SESSION_COOKIE)?.value);
  if (!token) return Response.json({ error: 'Sign in' }, { status: 401 });
  const { path } = await params;
  const upstream = await fetch(`${process.env.API_URL}${path.join('/')}${req.nextUrl.search}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    cache: 'no-store',
  });
  return new Response(upstream.body, {
    status: upstream.status,
    headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store' },
  });
}
