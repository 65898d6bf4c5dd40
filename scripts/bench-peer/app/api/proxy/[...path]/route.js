/** The minimal handler: decrypt the session cookie, forward the call with its bearer (and a POST's body), answer the upstream's JSON. */
import { SESSION_COOKIE, apiToken } from '../../../session';

export const dynamic = 'force-dynamic';

async function forward(req, { params }, body) {
  const token = await apiToken(req.cookies.get(SESSION_COOKIE)?.value);
  if (!token) return Response.json({ error: 'Sign in' }, { status: 401 });
  const { path } = await params;
  const upstream = await fetch(`${process.env.API_URL}${path.join('/')}${req.nextUrl.search}`, {
    method: req.method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body,
    cache: 'no-store',
  });
  return new Response(upstream.body, {
    status: upstream.status,
    headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store' },
  });
}

export const GET = (req, context) => forward(req, context);
export const POST = async (req, context) => forward(req, context, await req.text());
