/**
 * The /dispatch list's URL state (docs/dispatch.md#limits: 10 rows, newest first): the work sent to the
 * caller's locations (view received: the provider's queue) or sent by them (view sent), a status filter and
 * the search. `dispatch` opens one in its dialog (a push notice links there). Server-side: the page hands
 * the resulting plain object to the client components.
 */
import 'server-only';
import { DISPATCH_DEFAULTS, DISPATCH_FILTERS, DISPATCH_SORTS, DISPATCH_VIEWS } from '@/lib/dispatch/rules';
import { defineList, field, type ListStateOf } from '@/lib/list-state';

export const dispatchList = defineList({
  key: 'dispatch',
  path: '/dispatch',
  sorts: DISPATCH_SORTS,
  orderBy: DISPATCH_DEFAULTS.orderBy,
  direction: DISPATCH_DEFAULTS.direction,
  pageSize: DISPATCH_DEFAULTS.pageSize,
  searchMax: 60,
  fields: {
    view: field.enum(DISPATCH_VIEWS, 'received'),
    status: field.enum(DISPATCH_FILTERS, 'all'),
    /** A dispatch to open (not remembered: a link's, once). */
    dispatch: field.int(0, { min: 0, remember: false }),
  },
});

export type DispatchListSpec = typeof dispatchList;
export type DispatchListState = ListStateOf<DispatchListSpec>;
