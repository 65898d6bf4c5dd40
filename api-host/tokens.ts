/** Login tokens: HS256 JWTs via jose. */
import { SignJWT, jwtVerify, errors } from 'jose';
import type { SessionProfile } from '../lib/contract/auth';

export interface TokenService {
  issue(profile: Omit<SessionProfile, 'exp'>): Promise<string>;
  /** The verified claims, or null for a missing, expired or forged token. */
  verify(token: string): Promise<SessionProfile | null>;
}

export function tokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  return {
    async issue(profile) {
      return new SignJWT({ ...profile })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(profile.user))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        return payload as unknown as SessionProfile;
      } catch (e) {
        if (e instanceof errors.JOSEError) return null;
        throw e;
      }
    },
  };
}
