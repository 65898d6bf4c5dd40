/** The contact/contacts (and contact/vendors) query of a list state: everything but the view. */
import type { ContactListState } from './list-spec';

export function listQuery(s: ContactListState) {
  return {
    page: s.page,
    pageSize: s.pageSize,
    orderBy: s.orderBy,
    direction: s.direction,
    filterBy: s.filterBy,
    retrospectiveDays: s.retrospectiveDays,
    searchTerm: s.searchTerm,
  };
}
