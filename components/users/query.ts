/** The user/users query of a list state. */
import type { UserListState } from './list-spec';

export function listQuery(s: UserListState) {
  return {
    page: s.page,
    pageSize: s.pageSize,
    orderBy: s.orderBy,
    direction: s.direction,
    filterBy: s.filterBy,
    firm: s.firm,
    inactive: s.inactive,
    searchTerm: s.searchTerm,
  };
}
