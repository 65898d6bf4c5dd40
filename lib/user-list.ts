/**
 * The user list's sorts, states and defaults (docs/users.md#limits: page size 10, descending by id, filter 9999),
 * without zod so client components can use them; lib/contract/users.ts builds its query schema from them.
 */
export const USER_SORTS = ['id', 'name', 'username', 'role', 'location', 'inactive', 'reports'] as const;
export const USER_STATES = ['all', 'active', 'inactive'] as const;
/** filterBy: every role. */
export const ALL_ROLES_FILTER = 9999;
export const USER_DEFAULTS = {
  pageSize: 10,
  orderBy: 'id',
  direction: 'desc',
  filterBy: ALL_ROLES_FILTER,
  firm: 0,
  inactive: 'all',
} as const;

/** Bulk actions never touch one's own account: the own row cannot be checked. */
export const canCheckRow = (row: { user: number }, viewer: { user: number }) => row.user !== viewer.user;
