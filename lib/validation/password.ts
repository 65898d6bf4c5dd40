/**
 * The password rule (docs/users.md#validation): at least 8 characters with a lower-case letter, an upper-case
 * letter, a digit and one of !@#$%^&*. Serves the Change Password dialog, the user forms and the host.
 */
import { MESSAGES } from './messages';

export const PASSWORD_MIN_LENGTH = 8;

export function isStrongPassword(pw: string): boolean {
  return pw.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(pw) && /[A-Z]/.test(pw) && /[0-9]/.test(pw) && /[!@#$%^&*]/.test(pw);
}

/** The first message that applies to a password pair, or null when it may be saved. */
export function passwordPairError(password: string, again: string): string | null {
  if (!password || !again) return MESSAGES.passwordEmpty;
  if (password !== again) return MESSAGES.passwordMismatch;
  if (!isStrongPassword(password)) return MESSAGES.passwordWeak;
  return null;
}

/** Changing one's own password asks for the current one (the host checks it; an administrator setting another's does not). */
export const CURRENT_PASSWORD_MESSAGES = {
  required: 'Please supply your current password.',
  wrong: 'Your current password is incorrect.',
} as const;
