/**
 * The contacts list's URL state (docs/contacts.md#limits: page size 10, direction asc, filterBy 9999, retrospective
 * days 0), built from the contract's defaults. Server-side: the page hands the resulting plain object to
 * the client components, which import only its type.
 */
import 'server-only';
import { CONTACT_DEFAULTS, CONTACT_SORTS } from '@/lib/contract/contacts';
import { defineList, field, type ListStateOf } from '@/lib/list-state';

export const CONTACT_VIEWS = ['contacts', 'vendors'] as const;
/** Retrospective days offered by the filter (0 = any time). */
export const RETROSPECTIVE_DAYS = [0, 7, 30, 90, 365] as const;

export const contactList = defineList({
  key: 'contacts',
  path: '/contacts',
  sorts: CONTACT_SORTS,
  orderBy: CONTACT_DEFAULTS.orderBy,
  direction: CONTACT_DEFAULTS.direction,
  pageSize: CONTACT_DEFAULTS.pageSize,
  fields: {
    view: field.enum(CONTACT_VIEWS, 'contacts'),
    filterBy: field.int(CONTACT_DEFAULTS.filterBy, { min: 1 }),
    retrospectiveDays: field.int(CONTACT_DEFAULTS.retrospectiveDays, { min: 0, max: 36500 }),
  },
});

export type ContactListSpec = typeof contactList;
export type ContactListState = ListStateOf<ContactListSpec>;
