/**
 * The search calls the command palette makes, through the BFF (lib/bff/client.ts). Typed by the contract
 * (type imports only: no zod reaches the browser).
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';

type S = typeof contract.search;

export const searchApi = {
  /** The caller's records the term finds, by kind (lib/contract/search.ts). */
  palette: (term: string, signal?: AbortSignal) => bff<S['palette']>('GET', 'search/palette', { query: { term }, signal }),
};
