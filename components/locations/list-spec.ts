/**
 * The locations screen's URL state (docs/locations.md#limits: page size 10, ascending by firm, filter null — "all"
 * here): the list's paging, sort, search and type filter, and the network view (view=tree) with its root
 * and the show-inactive switch. Server-side: the page hands the plain object to client components.
 */
import 'server-only';
import { LOCATION_DEFAULTS } from '@/lib/contract/locations';
import { LOCATION_FILTERS, LOCATION_SORTS } from '@/lib/contract/locations-constants';
import { defineList, field, type ListStateOf } from '@/lib/list-state';

export const LOCATION_VIEWS = ['list', 'tree'] as const;

export const locationList = defineList({
  key: 'locations',
  path: '/locations',
  sorts: LOCATION_SORTS,
  orderBy: LOCATION_DEFAULTS.orderBy,
  direction: LOCATION_DEFAULTS.direction,
  pageSize: LOCATION_DEFAULTS.pageSize,
  fields: {
    type: field.enum(LOCATION_FILTERS, LOCATION_DEFAULTS.type),
    view: field.enum(LOCATION_VIEWS, 'list'),
    /** The tree's root (0: the user's own location); a position, not a preference. */
    root: field.int(0, { min: 0, remember: false }),
    /** 1: the tree shows inactive locations too. */
    inactive: field.int(0, { min: 0, max: 1 }),
  },
});

export type LocationListSpec = typeof locationList;
export type LocationListState = ListStateOf<LocationListSpec>;
