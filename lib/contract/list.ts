/**
 * Paged lists (shape not shown in the specification): a list call takes page, pageSize, orderBy,
 * direction and searchTerm (plus its own filters) in the query and answers {count, items}: the rows of
 * one page and how many match on all pages. Defaults follow docs/shell.md#limits (page size 10).
 */
import { z } from 'zod';
import { q } from './define';

export const DIRECTIONS = ['asc', 'desc'] as const;
export const LIST_PAGE_SIZE = 10;
export const LIST_PAGE_SIZE_MAX = 500;

export function pagedQuery<const S extends readonly [string, ...string[]], X extends z.ZodRawShape = Record<never, z.ZodType>>(
  sorts: S,
  orderBy: NoInfer<S[number]>,
  extra?: X,
) {
  return z.object({
    page: z.coerce.number({ error: 'Must be a number' }).int().min(1).default(1),
    pageSize: z.coerce.number({ error: 'Must be a number' }).int().min(1).max(LIST_PAGE_SIZE_MAX).default(LIST_PAGE_SIZE),
    orderBy: z.enum(sorts, { error: `One of ${sorts.join(', ')}` }).default(orderBy as S[number]),
    direction: z.enum(DIRECTIONS, { error: 'asc or desc' }).default('asc'),
    searchTerm: q.text(100).default(''),
    ...((extra ?? {}) as X),
  });
}

export const paged = <T extends z.ZodType>(row: T) => z.object({ count: z.number().int().nonnegative(), items: z.array(row) });
export type Paged<T> = { count: number; items: T[] };
