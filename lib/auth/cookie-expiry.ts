/**
 * next-auth gives its cookie one fixed lifetime; ours must end with the API token inside it. This rewrites
 * the session cookie's Expires/Max-Age on next-auth's responses to the token's own expiry.
 */
import { config } from '../config';
import { SESSION_COOKIE } from './cookies';
import { decodeSession } from './jwt';

export async function boundToTokenExpiry(res: Response): Promise<Response> {
  const cookies = res.headers.getSetCookie();
  const index = cookies.findIndex((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const cookie = cookies[index];
  if (cookie === undefined) return res;
  const value = cookie.slice(SESSION_COOKIE.length + 1).split(';')[0];
  if (!value) return res; // a cleared cookie stays cleared
  const session = await decodeSession({ token: value, secret: config().AUTH_SECRET });
  if (!session) return res;
  const expires = new Date(session.profile.exp * 1000);
  const maxAge = Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000));
  cookies[index] = cookie
    .replace(/;\s*Expires=[^;]*/i, '')
    .replace(/;\s*Max-Age=[^;]*/i, '')
    .concat(`; Expires=${expires.toUTCString()}; Max-Age=${maxAge}`);
  const headers = new Headers(res.headers);
  headers.delete('set-cookie');
  for (const c of cookies) headers.append('set-cookie', c);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
