/**
 * Ending a signed-in session for good (logout): recorded as ended (lib/auth/revocation.ts) so the cookie is
 * worthless even if a copy survives, and the API token revoked at the host. Used by next-auth's signOut
 * event and by the logout form's route (app/api/session/logout).
 */
import 'server-only';
import { callUpstream } from '../api/upstream';
import { contract } from '../contract';
import { endSession } from './revocation';

export async function endSignedInSession(sid: string, expiresAt: number, apiToken: string): Promise<void> {
  await endSession(sid, expiresAt);
  await callUpstream(contract.auth.revokeToken, {}, apiToken).catch(() => undefined);
}
