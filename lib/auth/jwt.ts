/**
 * The session cookie's content: next-auth's encrypted JWT holding the API token and the profile
 * decoded from it. A session whose API token has expired decodes as no session at all.
 */
import { decodeJwt } from 'jose';
import { decode as nextAuthDecode, encode as nextAuthEncode, type JWT, type JWTDecodeParams } from 'next-auth/jwt';
import { sessionProfile, type SessionProfile } from '../contract/auth';
import type { RoleId } from '../roles';
import { isEnded } from './revocation';

export interface SessionClaims {
  apiToken: string;
  profile: SessionProfile;
  /** The session's id, random at sign-in: what logout ends (lib/auth/revocation.ts). */
  sid: string;
  /** Sign-in time, epoch ms. */
  signedInAt: number;
}

/** Decodes the auth host's token into the session profile; throws if it breaks the contract. */
export function profileFromToken(token: string): SessionProfile {
  const parsed = sessionProfile.safeParse(decodeJwt(token));
  if (!parsed.success) throw new Error('The sign-in token from the auth host does not carry the expected profile.');
  return parsed.data;
}

function isClaims(v: JWT | null): v is JWT & SessionClaims {
  return (
    !!v &&
    typeof v.apiToken === 'string' &&
    typeof v.profile === 'object' &&
    v.profile !== null &&
    typeof v.sid === 'string' &&
    typeof v.signedInAt === 'number'
  );
}

/**
 * Decrypted sessions by cookie value: the same value under the same secret always decrypts to the same
 * claims, so a request need not derive the key and decrypt again (the expiries are still checked on
 * every call). Bounded; emptied when full.
 */
const decoded = new Map<string, { secret: JWTDecodeParams['secret']; jwt: JWT & SessionClaims }>();
const DECODED_MAX = 1000;

/** next-auth's decode, plus the expiry of the API token it carries and the sessions that were ended. */
export async function decodeSession(params: JWTDecodeParams): Promise<(JWT & SessionClaims) | null> {
  const hit = params.token ? decoded.get(params.token) : undefined;
  let jwt: JWT | null;
  if (hit && hit.secret === params.secret) jwt = hit.jwt;
  else {
    jwt = await nextAuthDecode(params).catch(() => null);
    if (isClaims(jwt) && params.token) {
      if (decoded.size >= DECODED_MAX) decoded.clear();
      decoded.set(params.token, { secret: params.secret, jwt });
    }
  }
  if (!isClaims(jwt)) return null;
  const now = Date.now();
  if (jwt.profile.exp * 1000 <= now || (typeof jwt.exp === 'number' && jwt.exp * 1000 <= now)) return null;
  if (await isEnded({ sid: jwt.sid, user: jwt.profile.user, signedInAt: jwt.signedInAt })) return null;
  return jwt;
}

export const encodeSession = nextAuthEncode;

export const roleOf = (profile: SessionProfile): RoleId | null => profile.roles ?? null;
