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
  return (await endedAmong([s])).size > 0;
}

/**
 * The sessions of `sessions` that have ended, by id, in one read of the shared store (the push route checks
 * all its open streams at once: one round trip every few seconds instead of one per stream).
 */
export async function endedAmong(sessions: readonly SessionIdentity[]): Promise<Set<string>> {
  if (sessions.length === 0) return new Set();
  const users = [...new Set(sessions.map((s) => s.user))];
  const values = await sharedStore().getMany([...sessions.map((s) => endedKey(s.sid)), ...users.map(userKey)]);
  const byUser = new Map(users.map((user, i) => [user, values[sessions.length + i] ?? null]));
  const ended = new Set<string>();
  sessions.forEach((s, i) => {
    const record = byUser.get(s.user);
    if (values[i] || (record && endedByUser(s, record))) ended.add(s.sid);
  });
  return ended;
}

function endedByUser(s: SessionIdentity, record: string): boolean {
  const { before, except } = parseJsonColumn(ENDED_BY_USER, record, `shared store ${userKey(s.user)}`);
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
