/** The sealed cookie of a started ALLDATA authorization (server only; lib/onboard/sealed.ts seals it). */
import 'server-only';
import { cookies } from 'next/headers';
import { COOKIE_OPTIONS } from '../auth/cookies';
import { seal, unseal } from '../onboard/sealed';
import { SEAL_TTL_SECONDS, type AuthorizationState } from './authorization';

export const ALLDATA_COOKIE = '__Host-adas.alldata';

export async function writeAuthorization(state: AuthorizationState): Promise<void> {
  // Kept past the flow's 10 minutes, so a late callback reads "expired" rather than "not started".
  (await cookies()).set(ALLDATA_COOKIE, await seal(state, SEAL_TTL_SECONDS), { ...COOKIE_OPTIONS, maxAge: SEAL_TTL_SECONDS });
}

/** The started authorization, or null when there is none or its seal does not open. */
export async function readAuthorization(): Promise<AuthorizationState | null> {
  return unseal<AuthorizationState>((await cookies()).get(ALLDATA_COOKIE)?.value, SEAL_TTL_SECONDS);
}
