/** Auth host calls (docs/shell.md#calls Auth) and the session profile carried in the token (docs/shell.md#fields). */
import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { defineCall, ok, requiredText } from './define';
import { passwordRule } from './users';

/** Claims of the login token: the session profile (docs/shell.md#fields) plus the standard expiry. */
export const sessionProfile = z.object({
  user: z.number().int(),
  contact: z.number().int(),
  firm: z.number().int(),
  timezone: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  language: z.number().int(),
  /** A single role id; absent or null means Guest. */
  roles: z.number().int().nullable(),
  firmName: z.string(),
  postalCode: z.string(),
  exp: z.number().int(),
});
export type SessionProfile = z.infer<typeof sessionProfile>;

/** Either the failure object {success:false, reason} or the token (written down here as {success:true, token}). */
export const tokenAnswer = z.union([
  z.object({ success: z.literal(false), reason: z.string().min(1) }),
  z.object({ success: z.literal(true).optional(), token: z.string().min(20) }),
]);

const credentials = z.object({
  username: requiredText(200),
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200),
});

export const getToken = defineCall({
  refuses: [429],
  host: 'auth',
  method: 'POST',
  path: 'getToken',
  body: credentials,
  response: tokenAnswer,
  access: 'anonymous',
});

export const redeemTempToken = defineCall({
  host: 'auth',
  method: 'POST',
  path: 'user/redeemTempToken',
  body: z.object({ token: requiredText(200) }),
  response: tokenAnswer,
  access: 'anonymous',
});

/** Always the same neutral answer, whether or not the username exists. */
export const resetPassword = defineCall({
  host: 'auth',
  method: 'POST',
  path: 'user/resetPassword',
  body: z.object({ username: z.email('Required, formatted email address').max(200) }),
  response: z.object({ success: z.literal(true), message: z.string() }),
  access: 'anonymous',
});

/**
 * Reference-host extension (not in the specification): revokes the bearer token itself (logout). The host
 * refuses it from then on; an upstream without such a call simply lets the token run out.
 */
export const revokeToken = defineCall({
  host: 'auth',
  method: 'POST',
  path: 'user/revokeToken',
  response: ok,
  access: 'signed-in',
});

/**
 * Reference-host extension: whose sign-in link a temp token is, without redeeming it, so /sso can ask
 * "You are signed in as A. Continue as B?" before replacing a session. Answers 404 for an unknown, used or
 * expired token (whoever holds a valid one could redeem it anyway, so naming its user reveals nothing more).
 */
export const tempTokenInfo = defineCall({
  host: 'auth',
  method: 'POST',
  path: 'user/tempTokenInfo',
  body: z.object({ token: requiredText(200) }),
  response: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }),
  access: 'anonymous',
});

/**
 * Reference-host extension (not in the specification): issues a single-use temp token for the caller,
 * as the systems that link into /sso would. Used by tests and by administrators to hand out links.
 */
export const createTempToken = defineCall({
  host: 'auth',
  method: 'POST',
  path: 'user/createTempToken',
  response: z.object({ token: z.string(), expiresAt: z.string() }),
  access: 'signed-in',
});

/**
 * The reset link's second half (reference-host extensions): user/resetPassword mails a single-use link to
 * /reset?token=…, valid for RESET_TOKEN_MINUTES. checkResetToken tells the page whether the link still
 * works; completeReset sets the new password (the password rule of docs/users.md#validation) and uses the link up.
 * The token travels in the body, never in a URL the hosts would log.
 */
export const RESET_TOKEN_MINUTES = 60;
export const RESET_LINK_INVALID = 'This reset link is invalid, expired or already used. Please ask for a new one.';
const resetToken = z.string({ error: RESET_LINK_INVALID }).trim().min(20, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID);

export const checkResetToken = defineCall({
  host: 'auth',
  method: 'POST',
  path: 'user/checkResetToken',
  body: z.object({ token: resetToken }),
  response: z.object({ valid: z.boolean(), username: z.string().optional() }),
  access: 'anonymous',
});

export const completeReset = defineCall({
  host: 'auth',
  method: 'POST',
  path: 'user/completeReset',
  body: z.object({ token: resetToken, password: passwordRule }),
  response: z.union([z.object({ success: z.literal(true) }), z.object({ success: z.literal(false), reason: z.string() })]),
  access: 'anonymous',
});
