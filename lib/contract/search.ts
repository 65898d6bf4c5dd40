/**
 * The command palette's server search (docs/shell.md#screens): one call finding the caller's contacts, ADAS jobs (by RO
 * number or any part of the VIN), vehicles (by VIN), users and locations. Not in the specification; the
 * decisions:
 * - every kind is searched only for a role that may list it: its roles are the `access` of the list call of
 *   the screen it opens (SEARCH_KIND_ROLES); a role that may not list users finds no users, and so on;
 * - every record is scoped to the caller's firms, as on its list;
 * - at most SEARCH_KIND_LIMIT items per kind, in a fixed kind order; the app turns an item into a link;
 * - a term of 2 to 100 characters; below three characters RO numbers, VINs, names and usernames match by
 *   prefix, from three any part of an RO number or VIN matches (the trigram indexes of the lists).
 */
import { z } from 'zod';
import type { RoleId } from '../roles';
import { adass } from './adas';
import { contacts } from './contacts';
import { defineCall, q } from './define';
import { getFirms } from './locations';
import { SEARCH_TERM_MIN } from './search-constants';
import { users } from './users';
import { vehicles } from './vehicles';

export const SEARCH_KINDS = ['job', 'vehicle', 'contact', 'user', 'location'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Who finds each kind: the roles of the list call behind its screen. */
export const SEARCH_KIND_ROLES: Record<SearchKind, readonly RoleId[]> = {
  job: adass.access as readonly RoleId[],
  vehicle: vehicles.access as readonly RoleId[],
  contact: contacts.access as readonly RoleId[],
  user: users.access as readonly RoleId[],
  location: getFirms.access as readonly RoleId[],
};

export { SEARCH_KIND_LIMIT, SEARCH_TERM_MIN } from './search-constants';

export const searchItem = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  /** The line the palette shows: a name, an RO number, a VIN. */
  title: z.string(),
  /** A second, quieter line: the vehicle, the location, the username. */
  detail: z.string(),
  /** What the screen the item opens searches for (a VIN, a name, a username); empty for jobs (opened by id). */
  searchTerm: z.string(),
});
export type SearchItem = z.infer<typeof searchItem>;

export const palette = defineCall({
  method: 'GET',
  path: 'search/palette',
  query: z.object({ term: q.text(100).pipe(z.string().min(SEARCH_TERM_MIN, `At least ${SEARCH_TERM_MIN} characters`)) }),
  response: z.object({ items: z.array(searchItem) }),
  access: 'signed-in',
  bff: true,
});
