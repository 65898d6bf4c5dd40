/** Mounts the push hub on the reference host and makes it the context's push sink (`ctx.push`). */
import type { FastifyInstance } from 'fastify';
import { tokenStanding } from '../auth/service';
import { isService } from '../core/caller';
import type { HostContext } from '../core/context';
import { PushHub, type HubAuth, type HubOptions, type Verified } from './hub';

export { PushHub, DEFAULT_HUB_OPTIONS, SERVICE_OWNER, type HubOptions } from './hub';
export type { PushOwner, PushSink } from '../core/push';

/**
 * Bearer checks against the host's own tokens and users: a revoked token or an inactive user is refused. The
 * app's own server (the service secret, as on its service calls) may open connections too: settings notices.
 */
export function hostHubAuth(ctx: HostContext): HubAuth {
  const verify = async (token: string): Promise<Verified | null> => {
    const claims = await ctx.tokens.verify(token);
    const standing = claims && tokenStanding(ctx.db, claims);
    if (!claims || !standing) return null;
    return { owner: { user: claims.user, role: standing.role, firm: claims.firm, tokenId: claims.jti }, expiresAt: claims.exp * 1000 };
  };
  return { verify, negotiate: verify, service: (request) => isService(ctx, request) };
}

export function mountPushHub(app: FastifyInstance, ctx: HostContext, options: Partial<HubOptions> = {}): PushHub {
  const hub = new PushHub(hostHubAuth(ctx), options);
  hub.mount(app);
  ctx.push = hub;
  return hub;
}
