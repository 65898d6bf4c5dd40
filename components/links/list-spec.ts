/**
 * The list of shared links at /links (newest first, 10 a page): the user's own, or (`scope=firm`, the firms'
 * administrators) every link of the firms they reach. Server-side, like every list spec.
 */
import 'server-only';
import { SHARE_SCOPES, SHARE_SORTS } from '@/lib/contract/links';
import { defineList, field, type ListStateOf } from '@/lib/list-state';

export const linkList = defineList({
  key: 'links',
  path: '/links',
  sorts: SHARE_SORTS,
  orderBy: 'created',
  direction: 'desc',
  pageSize: 10,
  fields: { scope: field.enum(SHARE_SCOPES, 'mine') },
});

export type LinkListSpec = typeof linkList;
export type LinkListState = ListStateOf<LinkListSpec>;
