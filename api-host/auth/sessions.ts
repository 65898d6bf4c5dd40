/**
 * Revoked login tokens. A token is a signed JWT that would otherwise be good until it expires; logout,
 * a password change, deactivation and deletion revoke tokens here, and every call (core/server.ts identify)
 * and the push hub refuse a revoked one. Rows are kept until the token would have expired anyway.
 */
import type { Db } from '../core/db';
import type { HostContext } from '../core/context';

/** Revokes one token (its id and expiry, epoch seconds). */
export function revokeToken(db: Db, jti: string, exp: number): void {
  db.prepare('DELETE FROM revoked_token WHERE expires_at < ?').run(Math.floor(Date.now() / 1000));
  db.prepare('INSERT OR IGNORE INTO revoked_token (jti, expires_at) VALUES (?, ?)').run(jti, exp);
}

/**
 * Ends a user's sessions: revokes every token issued to them so far except `exceptJti` (the caller's own
 * when they changed their own password), and closes their push connections.
 */
export function endSessions(ctx: HostContext, user: number, exceptJti: string | null = null): void {
  ctx.db.prepare('UPDATE user SET tokens_revoked_at = ?, tokens_revoked_except = ? WHERE user = ?').run(Date.now(), exceptJti, user);
  ctx.push?.disconnect((owner) => owner.user === user && owner.tokenId !== exceptJti);
}

export interface TokenStanding {
  role: number | null;
  /** The user's main location now (a move applies at once, whatever the token says). */
  firm: number;
  active: boolean;
}

/**
 * The user's current role and location, and whether the token still stands: the user exists and is active, and the token
 * was neither revoked itself nor issued before its user's sessions were ended. Null when it does not stand.
 */
export function tokenStanding(db: Db, token: { user: number; jti: string; iat?: number; issuedAtMs?: number }): TokenStanding | null {
  const row = db
    .prepare<
      unknown[],
      {
        role: number | null;
        firm: number;
        is_inactive: number;
        tokens_revoked_at: number | null;
        tokens_revoked_except: string | null;
        revoked: number;
      }
    >(
      `SELECT u.role, u.firm, u.is_inactive, u.tokens_revoked_at, u.tokens_revoked_except,
              EXISTS (SELECT 1 FROM revoked_token WHERE jti = @jti) AS revoked
       FROM user u WHERE u.user = @user`,
    )
    .get({ user: token.user, jti: token.jti });
  if (!row || row.is_inactive || row.revoked) return null;
  // Without issuedAtMs, a token from the same second as the revocation counts as issued before it.
  const issuedMs = token.issuedAtMs ?? ((token.iat ?? 0) + 1) * 1000 - 1;
  if (row.tokens_revoked_at != null && issuedMs <= row.tokens_revoked_at && token.jti !== row.tokens_revoked_except) return null;
  return { role: row.role, firm: row.firm, active: true };
}
