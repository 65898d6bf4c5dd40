/** Login tokens: HS256 JWTs via jose, each with an id (jti) so it can be revoked, never without an expiry. */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { SessionProfile } from '../lib/contract/auth';

/** A verified token: the session profile it carries, its id, and when it was issued (epoch ms). */
export type VerifiedToken = SessionProfile & { jti: string; iat?: number; issuedAtMs?: number };

export interface TokenService {
  issue(profile: Omit<SessionProfile, 'exp'>): Promise<string>;
  /** The verified claims, or null for a missing, expired, expiry-less or forged token. */
  verify(token: string): Promise<VerifiedToken | null>;
}

export function tokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  return {
    async issue(profile) {
      // issuedAtMs: iat has second precision, too coarse to tell a token issued just after a revocation.
      return new SignJWT({ ...profile, issuedAtMs: Date.now() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(profile.user))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp', 'jti'] });
        return payload as unknown as VerifiedToken;
      } catch (e) {
        if (e instanceof errors.JOSEError) return null;
        throw e;
      }
    },
  };
}
