/** Single-use temp tokens for SSO links (/sso?token=…): random, stored hashed, five minutes long. */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../core/db';

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
    .prepare<unknown[], { user: number }>(
      'UPDATE temp_token SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user',
    )
    .get(Date.now(), sha256(token), Date.now());
  return row?.user ?? null;
}

/** The user of a temp token still valid, without using it up; null when unknown, used or expired. */
export function peekTempToken(db: Db, token: string): number | null {
  const row = db
    .prepare<unknown[], { user: number }>('SELECT user FROM temp_token WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
    .get(sha256(token), Date.now());
  return row?.user ?? null;
}
