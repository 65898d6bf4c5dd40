/** Upstream calls from server components and server actions, with the session's token. */
import 'server-only';
import { redirect } from 'next/navigation';
import { readSession } from '../auth/session';
import type { CallDef, ResponseOf } from '../contract/define';
import { UpstreamError } from './errors';
import { callUpstream, type CallInput } from './upstream';

/** Where an upstream 401 sends the user: a handler that clears the session, then /login. */
export const SESSION_EXPIRED_PATH = '/api/session/expired';

export async function api<C extends CallDef>(call: C, input?: CallInput): Promise<ResponseOf<C>> {
  const session = await readSession();
  try {
    return await callUpstream(call, input, session?.apiToken);
  } catch (e) {
    if (e instanceof UpstreamError && e.kind === 'unauthorized') redirect(SESSION_EXPIRED_PATH);
    throw e;
  }
}
