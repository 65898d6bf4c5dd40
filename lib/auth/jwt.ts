/**
 * The session cookie's content: next-auth's encrypted JWT holding the API token and the profile
 * decoded from it. A session whose API token has expired decodes as no session at all.
 */
import { decodeJwt } from 'jose';
import { decode as nextAuthDecode, encode as nextAuthEncode, type JWT, type JWTDecodeParams } from 'next-auth/jwt';
import { sessionProfile, type SessionProfile } from '../contract/auth';
import type { RoleId } from '../roles';

export interface SessionClaims {
  apiToken: string;
  profile: SessionProfile;
}

/** Decodes the auth host's token into the session profile; throws if it breaks the contract. */
export function profileFromToken(token: string): SessionProfile {
  const parsed = sessionProfile.safeParse(decodeJwt(token));
  if (!parsed.success) throw new Error('The sign-in token from the auth host does not carry the expected profile.');
  return parsed.data;
}

function isClaims(v: JWT | null): v is JWT & SessionClaims {
  return !!v && typeof v.apiToken === 'string' && typeof v.profile === 'object' && v.profile !== null;
}

/** next-auth's decode, plus the expiry of the API token it carries. */
export async function decodeSession(params: JWTDecodeParams): Promise<(JWT & SessionClaims) | null> {
  const jwt = await nextAuthDecode(params).catch(() => null);
  if (!isClaims(jwt)) return null;
  if (jwt.profile.exp * 1000 <= Date.now()) return null;
  return jwt;
}

export const encodeSession = nextAuthEncode;

export const roleOf = (profile: SessionProfile): RoleId | null => profile.roles ?? null;
