/** Mounts the push hub on the reference host and makes it the context's push sink (`ctx.push`). */
import type { FastifyInstance } from 'fastify';
import type { HostContext } from '../server';
import { PushHub, type HubAuth, type HubOptions, type Verified } from './hub';

export { PushHub, DEFAULT_HUB_OPTIONS, type HubOptions } from './hub';
export type { PushOwner, PushSink } from './types';

/** Bearer checks against the host's own tokens and users. */
export function hostHubAuth(ctx: HostContext): HubAuth {
  const verify = async (token: string): Promise<Verified | null> => {
    const profile = await ctx.tokens.verify(token);
    if (!profile) return null;
    return { owner: { user: profile.user, role: profile.roles ?? null, firm: profile.firm }, expiresAt: profile.exp * 1000 };
  };
  const active = ctx.db.prepare('SELECT is_inactive FROM user WHERE user = ?');
  return {
    verify,
    async negotiate(token) {
      const v = await verify(token);
      if (!v) return null;
      const row = active.get(v.owner.user) as { is_inactive: number } | undefined;
      return row && !row.is_inactive ? v : null;
    },
  };
}

export function mountPushHub(app: FastifyInstance, ctx: HostContext, options: Partial<HubOptions> = {}): PushHub {
  const hub = new PushHub(hostHubAuth(ctx), options);
  hub.mount(app);
  ctx.push = hub;
  return hub;
}
