/**
 * search/palette: the command palette's search across the areas (decisions in lib/contract/search.ts).
 * A kind the caller's role may not list is not searched at all.
 */
import { contract } from '../../lib/contract';
import { SEARCH_KINDS, SEARCH_KIND_ROLES } from '../../lib/contract/search';
import type { RoleId } from '../../lib/roles';
import { implement } from '../core/implement';
import { paletteSearch } from './query';

/** The kinds a role finds, in the palette's order. */
export const kindsFor = (role: number | null) => SEARCH_KINDS.filter((k) => role != null && SEARCH_KIND_ROLES[k].includes(role as RoleId));

export const searchCalls = [
  implement(contract.search.palette, ({ query, caller, ctx }) => ({
    items: paletteSearch(kindsFor(caller.role), { db: ctx.db, term: query.term, firms: caller.firms }),
  })),
];
