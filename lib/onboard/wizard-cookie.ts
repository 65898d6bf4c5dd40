/**
 * The onboarding wizard's sealed cookie (server only): the step ids and entered values of one invitation
 * (lib/onboard/steps.ts WizardState). Another invitation's state, or a seal that does not open, starts afresh.
 */
import 'server-only';
import { cookies } from 'next/headers';
import { COOKIE_OPTIONS } from '../auth/cookies';
import { seal, unseal } from './sealed';
import { newWizard, type WizardState } from './steps';

export const WIZARD_COOKIE = '__Host-adas.onboard';
/** A day to finish the wizard; the invitation's own expiry is the host's check. */
const TTL_SECONDS = 24 * 3600;

/** The wizard's state for `invitation`; `unreadable` when a cookie was there but could not be opened. */
export async function readWizard(invitation: string, testMode: boolean): Promise<{ state: WizardState; unreadable: boolean }> {
  const raw = (await cookies()).get(WIZARD_COOKIE)?.value;
  const state = await unseal<WizardState>(raw, TTL_SECONDS);
  if (state && state.invitation === invitation) return { state, unreadable: false };
  return { state: newWizard(invitation, testMode), unreadable: !!raw && !state };
}

export async function writeWizard(state: WizardState): Promise<void> {
  (await cookies()).set(WIZARD_COOKIE, await seal(state, TTL_SECONDS), { ...COOKIE_OPTIONS, maxAge: TTL_SECONDS - 60 });
}
