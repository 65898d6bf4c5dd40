/** User calls needed by the shell: the profile and the password change. */
import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { isStrongPassword } from '../validation/password';
import { defineCall, q } from './define';

/** The password rule of administration §5, enforced by the BFF and the host as well as the forms. */
export const passwordRule = z.string().min(1, MESSAGES.passwordEmpty).max(200).refine(isStrongPassword, MESSAGES.passwordWeak);

export const userProfile = z.object({
  user: z.number().int(),
  contact: z.number().int(),
  firm: z.number().int(),
  firmName: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Comma list of role ids; the first is used (administration §3). */
  roles: z.string(),
  role: z.number().int().nullable(),
  timezone: z.number().int(),
  timezoneName: z.string(),
  language: z.number().int(),
  languageName: z.string(),
  laborRate: z.number().nullable(),
  isInactive: z.boolean(),
  receivesReport: z.boolean(),
  receivesInvoice: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const profile = defineCall({
  method: 'GET',
  path: 'user/profile',
  query: z.object({ username: q.text().pipe(z.email('Required, formatted email address')) }),
  response: userProfile,
  access: 'signed-in',
  bff: true,
});

/**
 * Sets a user's password. Who may: the user themself; an administrator (roles 1, 2) for a user of their
 * firms whose role is not more privileged than their own (lib/roles.ts maySetPassword); another firm's or
 * an unknown user is 404, any other refusal 403. The answer names the user (a decision: the specification
 * shows no shape), whose other sessions the change ends.
 */
export const saveCredentials = defineCall({
  method: 'POST',
  path: 'user/saveCredentials',
  body: z.object({
    username: z.email('Required, formatted email address').max(200),
    password: passwordRule,
  }),
  response: z.object({ success: z.literal(true), user: z.number().int() }),
  access: 'signed-in',
  bff: true,
  endsSessionsOf: (_body, answer) => [answer.user],
});
