/**
 * The /adas list's URL state: the jobs (docs/adas.md#limits: 10 rows, descending by job, no status filter) or the
 * vehicles (view=vehicles). Both views share one state; a sort the view does not have falls back to its
 * default. Server-side: the page hands the resulting plain object to the client components.
 */
import 'server-only';
import { ADAS_DEFAULTS, ADAS_SORTS, VEHICLE_SORTS } from '@/lib/adas/rules';
import { defineList, field, type ListStateOf } from '@/lib/list-state';

export const ADAS_VIEWS = ['jobs', 'vehicles'] as const;
const SORTS = [...new Set([...ADAS_SORTS, ...VEHICLE_SORTS])];

export const adasList = defineList({
  key: 'adas',
  path: '/adas',
  sorts: SORTS,
  orderBy: ADAS_DEFAULTS.orderBy,
  direction: ADAS_DEFAULTS.direction,
  pageSize: ADAS_DEFAULTS.pageSize,
  searchMax: 40,
  fields: {
    view: field.enum(ADAS_VIEWS, 'jobs'),
    /** A status; 0: every status (the specification's "null"). */
    filterBy: field.int(0, { min: 0, max: 4 }),
    /** A location; 0: every location of the caller. */
    firm: field.int(0, { min: 0 }),
    /** Created from / to, local dates YYYY-MM-DD, both inclusive. */
    from: field.text(10),
    to: field.text(10),
  },
});

export type AdasListSpec = typeof adasList;
export type AdasListState = ListStateOf<AdasListSpec>;
