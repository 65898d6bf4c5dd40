/** Setting a user's password: the one place every way of changing it goes through (save, reset, onboarding). */
import type { HostContext } from '../server';
import { hashPassword } from '../passwords';

export async function setPassword(ctx: HostContext, user: number, password: string): Promise<void> {
  ctx.db.prepare('UPDATE user SET password_hash = ? WHERE user = ?').run(await hashPassword(password), user);
}
