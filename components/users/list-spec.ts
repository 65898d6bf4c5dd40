/**
 * The users list's URL state (docs/users.md#limits: page size 10, descending by id, filter 9999), built from the
 * contract's defaults. filterBy is the role, firm the location (0 every one), inactive the state.
 * Server-side: the page hands the plain object to the client components, which import only its type.
 */
import 'server-only';
import { USER_DEFAULTS, USER_SORTS, USER_STATES } from '@/lib/user-list';
import { defineList, field, type ListStateOf } from '@/lib/list-state';

export const userList = defineList({
  key: 'users',
  path: '/users',
  sorts: USER_SORTS,
  orderBy: USER_DEFAULTS.orderBy,
  direction: USER_DEFAULTS.direction,
  pageSize: USER_DEFAULTS.pageSize,
  fields: {
    filterBy: field.int(USER_DEFAULTS.filterBy, { min: 1 }),
    firm: field.int(USER_DEFAULTS.firm, { min: 0 }),
    inactive: field.enum(USER_STATES, USER_DEFAULTS.inactive),
  },
});

export type UserListSpec = typeof userList;
export type UserListState = ListStateOf<UserListSpec>;
