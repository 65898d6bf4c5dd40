'use server';
/** Password-reset request: always the same neutral confirmation, whether or not the username exists. */
import { UpstreamError } from '@/lib/api/errors';
import { callUpstream } from '@/lib/api/upstream';
import { contract } from '@/lib/contract';
import { email, required, validate } from '@/lib/validation/fields';

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
