/**
 * Setting a user's password: the one place every way of changing it goes through (save, reset,
 * onboarding). A new password ends the user's other sessions: every token issued to them so far is
 * revoked, except `keepTokenId` (the session that changed its own password).
 */
import { endSessions } from '../auth/service';
import { hashPassword } from '../core/passwords';
import type { HostContext } from '../core/context';
import { withUserHistory } from './history';

export async function setPassword(
  ctx: HostContext,
  user: number,
  password: string,
  keepTokenId: string | null = null,
  by: number = user,
): Promise<void> {
  const hash = await hashPassword(password);
  // Its history says "Password: changed", never the hash (users/history.ts).
  ctx.db.transaction(() =>
    withUserHistory(ctx.db, by, user, () => {
      ctx.db.prepare('UPDATE user SET password_hash = ? WHERE user = ?').run(hash, user);
      endSessions(ctx, user, keepTokenId);
    }),
  )();
}
