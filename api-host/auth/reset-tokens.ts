/**
 * Password-reset links: a random single-use token, stored hashed, valid for RESET_TOKEN_MINUTES. A new
 * link replaces the user's earlier ones. The onboarding welcome mail uses the same links to let a new
 * user choose a first password.
 */
import { oneRow } from '../core/sql';
import { createHash, randomBytes } from 'node:crypto';
import { RESET_TOKEN_MINUTES } from '../../lib/contract/auth';
import type { Db } from '../core/db';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A new reset token for the user (earlier unused ones stop working). */
export function createResetToken(db: Db, user: number, now = Date.now()): string {
  const token = randomBytes(32).toString('base64url');
  db.transaction(() => {
    db.prepare('UPDATE reset_token SET used_at = ? WHERE user = ? AND used_at IS NULL').run(now, user);
    db.prepare('INSERT INTO reset_token (token_hash, user, expires_at) VALUES (?, ?, ?)').run(
      sha256(token),
      user,
      now + RESET_TOKEN_MINUTES * 60_000,
    );
  })();
  return token;
}

/** The link a mail carries: the app's /reset page with the token. */
export const resetLink = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/reset?token=${encodeURIComponent(token)}`;

/** The user of a usable token, or null (unknown, expired or used). */
export function resetTokenUser(db: Db, token: string, now = Date.now()): number | null {
  const row = db
    .prepare<unknown[], { user: number }>('SELECT user FROM reset_token WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
    .get(sha256(token), now);
  return row?.user ?? null;
}

/** Uses the token up and answers its user, or null when it was not usable. */
export function consumeResetToken(db: Db, token: string, now = Date.now()): number | null {
  const row = db
    .prepare<unknown[], { user: number }>(
      'UPDATE reset_token SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user',
    )
    .get(now, sha256(token), now);
  return row?.user ?? null;
}

/** Gives a consumed token back (the password could not be set after all). */
export function releaseResetToken(db: Db, token: string): void {
  db.prepare('UPDATE reset_token SET used_at = NULL WHERE token_hash = ?').run(sha256(token));
}

/** How many links the user was sent since `since` (a mail-bombing brake). */
export const recentResetTokens = (db: Db, user: number, since: number) =>
  oneRow(
    db
      .prepare<unknown[], number>('SELECT count(*) FROM reset_token WHERE user = ? AND expires_at > ?')
      .pluck()
      .get(user, since + RESET_TOKEN_MINUTES * 60_000),
  );
