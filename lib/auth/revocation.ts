/**
 * Ended sessions. The session is a self-contained encrypted cookie, so ending it (logout, a password
 * change, deactivation) is recorded in the shared store (lib/store) and checked wherever a session cookie
 * is decoded (lib/auth/jwt.ts: the guard, pages, the BFF, push), until the session could have expired
 * anyway. Two records:
 *   - one session, by its id: `session:ended:{sid}` (logout);
 *   - a user's sessions signed in before a moment, but one: `session:user:{user}` = {before, except}
 *     (a password change ends the user's other sessions; deactivation and deletion end all of them).
 */
import type { CallDef } from '../contract/define';
import { z } from 'zod';
import { parseJsonColumn } from '../json-column';
import { sharedStore } from '../store';

/** The longest a session cookie lives (next-auth's maxAge); the API token's own expiry ends it earlier. */
export const SESSION_MAX_AGE_S = 12 * 3600;

export interface SessionIdentity {
  sid: string;
  user: number;
  /** Sign-in time, epoch ms. */
  signedInAt: number;
}

const endedKey = (sid: string) => `session:ended:${sid}`;
const userKey = (user: number) => `session:user:${user}`;
/** A user's ended sessions as endSessionsOf records them; anything else fails the check rather than letting the sessions live. */
const ENDED_BY_USER = z.object({ before: z.number(), except: z.string().nullable() });

/** Ends one session until `untilMs` (its own expiry). */
export async function endSession(sid: string, untilMs: number): Promise<void> {
  const ttl = untilMs - Date.now();
  if (ttl > 0) await sharedStore().set(endedKey(sid), '1', ttl);
}

/** Ends every session of these users signed in until now, except the session `except` (the caller's own). */
export async function endSessionsOf(users: readonly number[], except?: { user: number; sid: string }): Promise<void> {
  const before = Date.now();
  await Promise.all(
    [...new Set(users)].map((user) =>
      sharedStore().set(
        userKey(user),
        JSON.stringify({ before, except: except?.user === user ? except.sid : null }),
        SESSION_MAX_AGE_S * 1000,
      ),
    ),
  );
}

export async function isEnded(s: SessionIdentity): Promise<boolean> {
  const [ended, byUser] = await sharedStore().getMany([endedKey(s.sid), userKey(s.user)]);
  if (ended) return true;
  if (!byUser) return false;
  const { before, except } = parseJsonColumn(ENDED_BY_USER, byUser, `shared store ${userKey(s.user)}`);
  return s.signedInAt <= before && s.sid !== except;
}

/**
 * After a successful call: the sessions it ends (the contract's `endsSessionsOf`), recorded here whichever
 * way the call was made (BFF or server). The caller's own session survives a change of their own password.
 */
export async function applySessionEffects(call: CallDef, body: unknown, answer: unknown, session: SessionIdentity | null): Promise<void> {
  const users = call.endsSessionsOf?.(body, answer) ?? [];
  if (users.length) await endSessionsOf(users, session ?? undefined);
}
