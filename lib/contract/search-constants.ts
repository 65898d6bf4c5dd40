/** Numbers of the palette's search shared with client components, without zod (lib/contract/search.ts). */
export const SEARCH_KIND_LIMIT = 5;
export const SEARCH_TERM_MIN = 2;
