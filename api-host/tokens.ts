/** Login tokens (HS256 JWTs via jose) and single-use temp tokens for SSO. */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { SessionProfile } from '../lib/contract/auth';
import type { Db } from './db';

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

const TEMP_TOKEN_TTL_MS = 5 * 60 * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function createTempToken(db: Db, user: number): { token: string; expiresAt: string } {
  const token = randomBytes(32).toString('base64url');
  const expires = Date.now() + TEMP_TOKEN_TTL_MS;
  db.prepare('INSERT INTO temp_token (token_hash, user, expires_at) VALUES (?, ?, ?)').run(sha256(token), user, expires);
  return { token, expiresAt: new Date(expires).toISOString() };
}

/** Marks the temp token used and answers its user, or null when unknown, used or expired. */
export function redeemTempToken(db: Db, token: string): number | null {
  const row = db
    .prepare('UPDATE temp_token SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user')
    .get(Date.now(), sha256(token), Date.now()) as { user: number } | undefined;
  return row?.user ?? null;
}
