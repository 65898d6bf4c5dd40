/** Login tokens: HS256 JWTs via jose, each with an id (jti) so it can be revoked, never without an expiry. */
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { SessionProfile } from '../../lib/contract/auth';

/** A verified token: the session profile it carries, its id, and when it was issued (epoch ms). */
export type VerifiedToken = SessionProfile & { jti: string; iat?: number; issuedAtMs?: number };

export interface TokenService {
  issue(profile: Omit<SessionProfile, 'exp'>): Promise<string>;
  /** The verified claims, or null for a missing, expired, expiry-less or forged token. */
  verify(token: string): Promise<VerifiedToken | null>;
  /** A shared link's token (api-host/links): names the link, expires with it; signed with a key of its own. */
  signLink(link: number, issuedAtSec: number, expiresAtSec: number): Promise<string>;
  /** The link a token names (expired: past its expiry, signature good), or null for a forged or malformed one. */
  verifyLink(token: string): Promise<{ link: number; expired: boolean } | null>;
}

const LINK_AUDIENCE = 'shared-link';

export function tokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  // Links get their own key, so a link can never pass for a login token nor the other way round.
  const linkKey = createHmac('sha256', secret).update(LINK_AUDIENCE).digest();
  const linkOf = (payload: { sub?: string }) => (payload.sub && /^[1-9]\d{0,15}$/.test(payload.sub) ? Number(payload.sub) : null);
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
    // Deterministic (HS256, fixed claims): the same link always has the same token, so its owner can copy it again.
    signLink(link, issuedAtSec, expiresAtSec) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(link))
        .setAudience(LINK_AUDIENCE)
        .setIssuedAt(issuedAtSec)
        .setExpirationTime(expiresAtSec)
        .sign(linkKey);
    },
    async verifyLink(token) {
      try {
        const { payload } = await jwtVerify(token, linkKey, {
          algorithms: ['HS256'],
          audience: LINK_AUDIENCE,
          requiredClaims: ['exp', 'sub'],
        });
        const link = linkOf(payload);
        return link ? { link, expired: false } : null;
      } catch (e) {
        // jose checks the signature before the claims: an expired token here was signed by us.
        if (e instanceof errors.JWTExpired) {
          const link = linkOf(e.payload);
          return link ? { link, expired: true } : null;
        }
        if (e instanceof errors.JOSEError) return null;
        throw e;
      }
    },
  };
}
