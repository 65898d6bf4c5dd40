/**
 * Setting a user's password: the one place every way of changing it goes through (save, reset,
 * onboarding). A new password ends the user's other sessions: every token issued to them so far is
 * revoked, except `keepTokenId` (the session that changed its own password).
 */
import { endSessions } from '../auth/service';
import { hashPassword } from '../core/passwords';
import type { HostContext } from '../core/context';

export async function setPassword(ctx: HostContext, user: number, password: string, keepTokenId: string | null = null): Promise<void> {
  const hash = await hashPassword(password);
  ctx.db.transaction(() => {
    ctx.db.prepare('UPDATE user SET password_hash = ? WHERE user = ?').run(hash, user);
    endSessions(ctx, user, keepTokenId);
  })();
}
