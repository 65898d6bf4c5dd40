'use server';
/**
 * Password reset: the request (always the same neutral confirmation, whether or not the username exists)
 * and, from the mailed link, the new password.
 */
import { UpstreamError } from '@/lib/api/errors';
import { callUpstream } from '@/lib/api/upstream';
import { contract } from '@/lib/contract';
import { email, required, validate } from '@/lib/validation/fields';
import { passwordPairError } from '@/lib/validation/password';

export type ResetState = { username: string; fieldError?: string; error?: string; done?: boolean };

export async function requestReset(_prev: ResetState, form: FormData): Promise<ResetState> {
  const username = String(form.get('username') ?? '').trim();
  const fieldError = validate(username, [required, email]);
  if (fieldError) return { username, fieldError };
  try {
    await callUpstream(contract.auth.resetPassword, { body: { username } });
  } catch (e) {
    // Unreachable or timed out: say so, keep what was typed. Any other answer stays neutral.
    if (e instanceof UpstreamError && (e.kind === 'unreachable' || e.kind === 'timeout')) return { username, error: e.message };
  }
  return { username, done: true };
}

export type NewPasswordState = { error?: string; done?: boolean };

/** The second half of a reset: the new password twice (the password rule), set with the mailed token. */
export async function chooseNewPassword(_prev: NewPasswordState, form: FormData): Promise<NewPasswordState> {
  const token = String(form.get('token') ?? '');
  const password = String(form.get('password') ?? '');
  const problem = passwordPairError(password, String(form.get('again') ?? ''));
  if (problem) return { error: problem };
  try {
    const answer = await callUpstream(contract.auth.completeReset, { body: { token, password } });
    return answer.success ? { done: true } : { error: answer.reason };
  } catch (e) {
    if (e instanceof UpstreamError && e.kind === 'bad-request')
      return { error: e.fieldErrors?.password?.[0] ?? e.fieldErrors?.token?.[0] ?? e.message };
    return { error: e instanceof UpstreamError ? e.message : 'The password could not be changed. Please try again.' };
  }
}
