/** The getFirms / firmAdvancedSearch query of a list state (the search call when there is a search term). */
import type { LocationListState } from './list-spec';

export function firmListQuery(s: LocationListState) {
  return {
    page: s.page,
    pageSize: s.pageSize,
    orderBy: s.orderBy,
    direction: s.direction,
    type: s.type,
    ...(s.searchTerm ? { searchterm: s.searchTerm } : {}),
  };
}
