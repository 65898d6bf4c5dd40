/**
 * The rules of the ALLDATA authorization callback (/alldataApproval), apart from any I/O so they can be
 * tested alone. /alldataAuthorize seals an AuthorizationState (state and PKCE verifier, bound to the firm
 * and user who started it) in a cookie; the callback must bring back the same state, within
 * AUTHORIZATION_TTL_MS, to the same user at the same firm. Each problem has its own page text.
 */
import { ALLDATA_MESSAGES, CONNECT_ROLES } from '../contract/alldata-account';

/** How long a started authorization may take to come back. */
export const AUTHORIZATION_TTL_MS = 10 * 60_000;
/** The seal outlives the flow, so an expired flow reads as expired rather than as forged. */
export const SEAL_TTL_SECONDS = 24 * 3600;

export interface AuthorizationState {
  state: string;
  verifier: string;
  firm: number;
  user: number;
  /** Epoch ms. */
  issuedAt: number;
}

export const AUTHORIZATION_PROBLEMS = {
  missingState: 'ALLDATA came back without the state of an authorization, so it was not accepted. Please start again.',
  notStarted: 'No ALLDATA authorization was started in this browser (or it was started too long ago). Please start again.',
  forged: 'This ALLDATA answer does not belong to the authorization started in this browser, so it was refused. Please start again.',
  expired: 'This ALLDATA authorization took longer than 10 minutes and has expired. Please start again.',
  otherUser:
    'This ALLDATA authorization was started by another user or for another location. Please start again while signed in as yourself.',
  denied: 'Access to ALLDATA was not allowed, so nothing was connected. You can start again whenever you are ready.',
  provider: 'ALLDATA could not complete the authorization. Please start again.',
  noCode: 'ALLDATA came back without an authorization code. Please start again.',
  replayed: 'This ALLDATA authorization was already used. Each authorization completes once; please start again.',
  codeRefused: 'ALLDATA refused the authorization code (it may have expired or been used already). Please start again.',
  unreachable: "ALLDATA can't be reached right now. Please try again in a few minutes.",
  notInPlan: ALLDATA_MESSAGES.notInPlan,
  notAllowed: "Only your firm's administrators can connect ALLDATA.",
} as const;
export type AuthorizationProblem = keyof typeof AUTHORIZATION_PROBLEMS;

export interface CallbackParams {
  state?: string;
  code?: string;
  error?: string;
}

/**
 * Checks a callback against the sealed state and the signed-in user. The order matters: a callback is
 * matched to its own flow before anything it says (even "denied") is believed.
 */
export function checkCallback(
  params: CallbackParams,
  sealed: AuthorizationState | null,
  who: { user: number; firm: number },
  now: number,
): { ok: true; code: string } | { ok: false; problem: AuthorizationProblem } {
  if (!params.state) return { ok: false, problem: 'missingState' };
  if (!sealed) return { ok: false, problem: 'notStarted' };
  if (params.state !== sealed.state) return { ok: false, problem: 'forged' };
  if (now - sealed.issuedAt > AUTHORIZATION_TTL_MS) return { ok: false, problem: 'expired' };
  if (sealed.user !== who.user || sealed.firm !== who.firm) return { ok: false, problem: 'otherUser' };
  if (params.error) return { ok: false, problem: params.error === 'access_denied' ? 'denied' : 'provider' };
  if (!params.code) return { ok: false, problem: 'noCode' };
  return { ok: true, code: params.code };
}

/** The shared-store key that records a used state or code (only its hash is kept). */
export const replayKey = (kind: 'state' | 'code', digest: string) => `alldata:${kind}:${digest}`;

/** Whether a role may connect its firm's ALLDATA account (the contract's CONNECT_ROLES). */
export const isConnector = (role: number | null): boolean => role != null && (CONNECT_ROLES as readonly number[]).includes(role);
