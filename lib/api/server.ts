/** Upstream calls from server components and server actions, with the session's token. */
import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { applySessionEffects, endSession } from '../auth/revocation';
import { readSession } from '../auth/session';
import type { CallDef, ResponseOf } from '../contract/define';
import { REQUEST_ID_HEADER, isRequestId } from '../log/request-id';
import { UpstreamError } from './errors';
import { callUpstream, type CallInput } from './upstream';

/** Where an upstream 401 sends the user: a handler that clears the session, then /login. */
export const SESSION_EXPIRED_PATH = '/api/session/expired';

export async function api<C extends CallDef>(call: C, input?: CallInput<C>): Promise<ResponseOf<C>> {
  const [session, requestHeaders] = await Promise.all([readSession(), headers()]);
  // proxy.ts gave the request its id (lib/log/request-id.ts); the host writes it with its lines too.
  const requestId = requestHeaders.get(REQUEST_ID_HEADER);
  try {
    const answer = await callUpstream(call, input, session?.apiToken, isRequestId(requestId) ? requestId : undefined);
    if (call.endsSessionsOf) await applySessionEffects(call, call.body.parse(input?.body ?? {}), answer, session);
    return answer;
  } catch (e) {
    if (e instanceof UpstreamError && e.kind === 'unauthorized') {
      // The upstream refused the token: the session is over for every request, then the cookie goes.
      if (session) await endSession(session.sid, session.profile.exp * 1000);
      redirect(SESSION_EXPIRED_PATH);
    }
    throw e;
  }
}
