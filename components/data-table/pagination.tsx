'use client';
/**
 * Paging under the data-table: the range shown and the count, the page size, first/previous/next/last.
 * The four page buttons are links to their page's URL (ListLink): they work before hydration and without
 * JavaScript; one that leads nowhere (first page, last page) is shown disabled. The page size is a GET form:
 * without JavaScript a "Show" button submits it.
 */
import { Icon } from '@/components/ui/icon';
import { useId, useMemo } from 'react';
import type { BaseFields } from '@/lib/list-state';
import { ListLink } from './list-link';
import { formTarget, type ListController } from './use-list';

export interface PaginationProps {
  list: ListController<BaseFields>;
  pageSizes: readonly number[];
  pageCount: number;
  count: number;
  noun: string;
  disabled?: boolean;
  onPageSize: (size: number) => void;
}

const fmt = new Intl.NumberFormat('en-US');
/** A page button (`.pager-link` in app/globals.css: 40 px square, dimmed where it leads nowhere). */
const BUTTON = 'pager-link';

function PageLink({
  list,
  page,
  enabled,
  label,
  children,
}: {
  list: ListController<BaseFields>;
  page: number;
  enabled: boolean;
  label: string;
  children: React.ReactNode;
}) {
  if (!enabled)
    return (
      <span role="link" aria-disabled="true" aria-label={label} className={BUTTON}>
        {children}
      </span>
    );
  return (
    <ListLink list={list} change={{ page }} aria-label={label} className={BUTTON}>
      {children}
    </ListLink>
  );
}

export function Pagination({ list, pageSizes, pageCount, count, noun, disabled, onPageSize }: PaginationProps) {
  const sizeId = useId();
  const target = useMemo(() => formTarget(list, 'pageSize'), [list]);
  const { page, pageSize } = list.state;
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);
  const back = page > 1 && !disabled;
  const forward = page < pageCount && !disabled;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-800">
      <p data-testid="list-range" aria-live="polite">
        {count === 0 ? `No ${noun}` : `${fmt.format(from)}–${fmt.format(to)} of ${fmt.format(count)} ${noun}`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <form action={target.action} method="get" className="flex items-center gap-2" onSubmit={(e) => e.preventDefault()}>
          {target.hidden.map(([name, v]) => (
            <input key={name} type="hidden" name={name} value={v} />
          ))}
          <label htmlFor={sizeId} className="flex items-center gap-2">
            Rows per page
            <select
              id={sizeId}
              name="pageSize"
              value={pageSize}
              disabled={disabled}
              onChange={(e) => onPageSize(Number(e.target.value))}
              className="rounded-md border border-slate-300 bg-white px-2 py-2 text-base sm:text-sm"
            >
              {pageSizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2">
              Show
            </button>
          </noscript>
        </form>
        <div className="flex items-center gap-1">
          <PageLink list={list} page={1} enabled={back} label="First page">
            <Icon name="chevron-first" className="size-4" />
          </PageLink>
          <PageLink list={list} page={page - 1} enabled={back} label="Previous page">
            <Icon name="chevron-left" className="size-4" />
          </PageLink>
          <span className="px-2 whitespace-nowrap" data-testid="list-page">
            Page {fmt.format(page)} of {fmt.format(pageCount)}
          </span>
          <PageLink list={list} page={page + 1} enabled={forward} label="Next page">
            <Icon name="chevron-right" className="size-4" />
          </PageLink>
          <PageLink list={list} page={pageCount} enabled={forward} label="Last page">
            <Icon name="chevron-last" className="size-4" />
          </PageLink>
        </div>
      </div>
    </nav>
  );
}
