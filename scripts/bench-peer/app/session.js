/** The session the product's sign-in sets: next-auth's encrypted JWT (JWE) under AUTH_SECRET, decrypted on every request. */
import { decode } from 'next-auth/jwt';

export const SESSION_COOKIE = '__Host-adas.session';

export async function apiToken(raw) {
  if (!raw) return null;
  const jwt = await decode({ token: raw, secret: process.env.AUTH_SECRET }).catch(() => null);
  return typeof jwt?.apiToken === 'string' ? jwt.apiToken : null;
}
