/** The owner's list of shared links at /links (newest first, 10 a page). Server-side, like every list spec. */
import 'server-only';
import { SHARE_SORTS } from '@/lib/contract/share';
import { defineList, type ListStateOf } from '@/lib/list-state';

export const linkList = defineList({ key: 'links', path: '/links', sorts: SHARE_SORTS, orderBy: 'created', direction: 'desc', pageSize: 10 });

export type LinkListSpec = typeof linkList;
export type LinkListState = ListStateOf<LinkListSpec>;
