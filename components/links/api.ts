/** The shared-link calls client components make, through the BFF (typed by the contract; no zod reaches the browser). */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { BodyOf } from '@/lib/contract/define';

type S = typeof contract.links;

export const linkApi = {
  create: (body: BodyOf<S['createShareLink']>) => bff<S['createShareLink']>('POST', 'links/createShareLink', { body }),
  list: (query: Record<string, string | number>) => bff<S['shareLinks']>('GET', 'links/shareLinks', { query }),
  revoke: (link: number) => bff<S['revokeShareLink']>('POST', 'links/revokeShareLink', { body: { link } }),
};

/** The address a link opens (on this site, whatever instance serves it). */
export const sharedUrl = (token: string) => `${window.location.origin}/links?${new URLSearchParams({ t: token })}`;
