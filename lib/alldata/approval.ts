/**
 * The callback's work at /alldataApproval (server only). The callback must match the authorization sealed
 * in this browser (./authorization.ts), and each state and code completes once across every app instance
 * (replay records in lib/store). Then the code is exchanged with the verifier and the firm's tokens go to
 * the API (alldata/setToken) — never to the browser.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { UpstreamError } from '../api/errors';
import { api } from '../api/server';
import type { AppSession } from '../auth/session';
import { contract } from '../contract';
import { sharedStore } from '../store';
import { AUTHORIZATION_TTL_MS, checkCallback, replayKey, type AuthorizationProblem } from './authorization';
import { ExchangeError, exchangeCode } from './client';
import { readAuthorization } from './cookie';

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

/** Completes the authorization the callback `params` answers: null when the firm's token is stored, else why not. */
export async function completeAuthorization(params: URLSearchParams, session: AppSession): Promise<AuthorizationProblem | null> {
  const sealed = await readAuthorization();
  const checked = checkCallback(
    { state: params.get('state') ?? undefined, code: params.get('code') ?? undefined, error: params.get('error') ?? undefined },
    sealed,
    { user: session.user, firm: session.profile.firm },
    Date.now(),
  );
  if (!checked.ok) return checked.problem;

  // Claim the state and the code before using them: a second arrival of either is a replay.
  const store = sharedStore();
  const uses = await Promise.all([
    store.incr(replayKey('state', digest(sealed!.state)), AUTHORIZATION_TTL_MS),
    store.incr(replayKey('code', digest(checked.code)), AUTHORIZATION_TTL_MS),
  ]);
  if (uses.some((u) => u.value > 1)) return 'replayed';

  try {
    const tokens = await exchangeCode(params, sealed!.state, sealed!.verifier);
    await api(contract.alldataAccount.setToken, { body: tokens });
    return null;
  } catch (e) {
    if (e instanceof ExchangeError) return e.kind;
    if (e instanceof UpstreamError && e.kind === 'forbidden') return 'notInPlan';
    throw e;
  }
}
