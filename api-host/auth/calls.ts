/** The auth host: token login, SSO temp tokens and password-reset requests. */
import { contract } from '../../lib/contract';
import { RESET_LINK_INVALID, RESET_TOKEN_MINUTES, type SessionProfile, sessionProfile } from '../../lib/contract/auth';
import type { Db } from '../core/db';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../core/passwords';
import { hostLog, type HostContext } from '../core/context';
import { notFound } from '../core/errors';
import { pickFields, prepared } from '../core/sql';
import { OK, implement } from '../core/implement';
import { sendMail } from '../mail/service';
import { setPassword } from '../users/service';
import { consumeResetToken, createResetToken, recentResetTokens, releaseResetToken, resetLink, resetTokenUser } from './reset-tokens';
import { revokeToken } from './sessions';
import { createTempToken, peekTempToken, redeemTempToken } from './temp-tokens';
import { signInClientOf, signInThrottleOf } from './throttle';

/** Where reset links point when the host is not told the app's origin (APP_PUBLIC_URL). */
const DEFAULT_APP_URL = 'http://localhost:3000';
/** At most this many reset mails per account in RESET_BRAKE_MS. */
const RESET_BRAKE_COUNT = 5;
const RESET_BRAKE_MS = 60 * 60_000;

function resetMail(firstName: string, username: string, link: string) {
  return {
    subject: 'Reset your password',
    body: [
      `Hello ${firstName || username},`,
      '',
      `Someone (we hope you) asked to reset the password of ${username}. Choose a new password with this link within ${RESET_TOKEN_MINUTES} minutes:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

const { auth } = contract;

export const REASONS = {
  wrongCredentials: 'The username or password is incorrect.',
  inactive: 'This account is inactive. Please contact your administrator.',
  badTempToken: 'This sign-in link is invalid, expired or already used. Please sign in with your username and password.',
} as const;

/** A user as USER_SQL yields it: the session profile by the contract's names, and what sign-in checks. */
type UserRow = Omit<SessionProfile, 'exp'> & { passwordHash: string; isInactive: number };

const USER_SQL = `
  SELECT u.user, u.contact, u.firm, c.timezone, c.first_name AS firstName, c.last_name AS lastName, u.username, u.username AS email,
         c.language, u.role AS roles, f.name AS firmName, f.postal_code AS postalCode, u.password_hash AS passwordHash, u.is_inactive AS isInactive
  FROM user u JOIN contact c ON c.contact = u.contact JOIN firm f ON f.firm = u.firm`;

export const findUserByName = (db: Db, username: string) => prepared<UserRow>(db, `${USER_SQL} WHERE u.username = ?`).get(username);
const findUserById = (db: Db, id: number) => prepared<UserRow>(db, `${USER_SQL} WHERE u.user = ?`).get(id);

/** The session's fields of a user row (without its password hash and flag). */
const profileOf: (row: UserRow) => Omit<SessionProfile, 'exp'> = pickFields(sessionProfile.omit({ exp: true }));

/** The session a user's sign-in would carry (the benches sign their users in without a password). */
export function sessionProfileOf(db: Db, username: string): Omit<SessionProfile, 'exp'> {
  const row = findUserByName(db, username);
  if (!row) throw new Error(`No user ${username}`);
  return profileOf(row);
}

async function tokenFor(ctx: HostContext, row: UserRow | undefined) {
  if (!row) return { success: false as const, reason: REASONS.badTempToken };
  if (row.isInactive) return { success: false as const, reason: REASONS.inactive };
  return { success: true as const, token: await ctx.tokens.issue(profileOf(row)) };
}

export const authCalls = [
  implement(auth.getToken, async ({ body, ctx, request }) => {
    const throttle = signInThrottleOf(ctx);
    // The browser as the app names it (with the service secret), else the caller itself.
    const client = signInClientOf(ctx, request);
    throttle.check(body.username, client);
    const row = findUserByName(ctx.db, body.username);
    // Compare against a dummy hash for unknown names so the answer time does not reveal them.
    const valid = await verifyPassword(body.password, row?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!row || !valid) {
      throttle.fail(body.username, client);
      return { success: false as const, reason: REASONS.wrongCredentials };
    }
    throttle.succeed(body.username, client);
    return tokenFor(ctx, row);
  }),
  implement(auth.revokeToken, ({ caller, ctx }) => {
    revokeToken(ctx.db, caller.tokenId, caller.profile.exp);
    ctx.push?.disconnect((owner) => owner.tokenId === caller.tokenId);
    return OK;
  }),
  implement(auth.tempTokenInfo, ({ body, ctx }) => {
    const user = peekTempToken(ctx.db, body.token);
    const row = user == null ? undefined : findUserById(ctx.db, user);
    if (!row || row.isInactive) throw notFound('Sign-in link');
    return { username: row.username, firstName: row.firstName, lastName: row.lastName };
  }),
  implement(auth.redeemTempToken, async ({ body, ctx }) => {
    const user = redeemTempToken(ctx.db, body.token);
    return tokenFor(ctx, user == null ? undefined : findUserById(ctx.db, user));
  }),
  // The answer is the same whether or not the username exists; only an active account gets a mail.
  implement(auth.resetPassword, ({ body, ctx }) => {
    const row = findUserByName(ctx.db, body.username);
    ctx.db.prepare('INSERT INTO password_reset (user, username) VALUES (?, ?)').run(row?.user ?? null, body.username);
    if (row && !row.isInactive && recentResetTokens(ctx.db, row.user, Date.now() - RESET_BRAKE_MS) < RESET_BRAKE_COUNT) {
      const link = resetLink(ctx.appUrl ?? DEFAULT_APP_URL, createResetToken(ctx.db, row.user));
      sendMail(ctx.db, { to: row.username, firm: row.firm, ...resetMail(row.firstName, row.username, link) });
      hostLog(ctx, 'auth').info('Password reset link mailed to %s', row.username);
    }
    return { success: true as const, message: 'If an account exists for that username, a password reset email is on its way.' };
  }),
  implement(auth.checkResetToken, ({ body, ctx }) => {
    const user = resetTokenUser(ctx.db, body.token);
    const row = user == null ? undefined : findUserById(ctx.db, user);
    return row && !row.isInactive ? { valid: true, username: row.username } : { valid: false };
  }),
  implement(auth.completeReset, async ({ body, ctx }) => {
    const user = consumeResetToken(ctx.db, body.token);
    const row = user == null ? undefined : findUserById(ctx.db, user);
    if (!row || row.isInactive) return { success: false as const, reason: RESET_LINK_INVALID };
    try {
      await setPassword(ctx, row.user, body.password);
    } catch (e) {
      releaseResetToken(ctx.db, body.token);
      throw e;
    }
    hostLog(ctx, 'auth').info('Password reset completed for %s', row.username);
    return { success: true as const };
  }),
  implement(auth.createTempToken, ({ caller, ctx }) => createTempToken(ctx.db, caller.user)),
];
