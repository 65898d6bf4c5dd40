'use client';
/** Paging under the data-table: the range shown and the count, the page size, first/previous/next/last. */
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';

export interface PaginationProps {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  pageCount: number;
  count: number;
  noun: string;
  canPrevious: boolean;
  canNext: boolean;
  disabled?: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onLast: () => void;
  onPageSize: (size: number) => void;
}

const fmt = new Intl.NumberFormat('en-US');

export function Pagination(p: PaginationProps) {
  const sizeId = useId();
  const from = p.count === 0 ? 0 : (p.page - 1) * p.pageSize + 1;
  const to = Math.min(p.count, p.page * p.pageSize);
  const btn =
    'inline-flex size-10 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white';
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-800">
      <p data-testid="list-range" aria-live="polite">
        {p.count === 0 ? `No ${p.noun}` : `${fmt.format(from)}–${fmt.format(to)} of ${fmt.format(p.count)} ${p.noun}`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={sizeId} className="flex items-center gap-2">
          Rows per page
          <select
            id={sizeId}
            value={p.pageSize}
            disabled={p.disabled}
            onChange={(e) => p.onPageSize(Number(e.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-2 text-base sm:text-sm"
          >
            {p.pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-center gap-1">
          <button type="button" className={btn} onClick={p.onFirst} disabled={!p.canPrevious || p.disabled} aria-label="First page">
            <ChevronFirst aria-hidden="true" className="size-4" />
          </button>
          <button type="button" className={btn} onClick={p.onPrevious} disabled={!p.canPrevious || p.disabled} aria-label="Previous page">
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
          <span className="px-2 whitespace-nowrap" data-testid="list-page">
            Page {fmt.format(p.page)} of {fmt.format(p.pageCount)}
          </span>
          <button type="button" className={btn} onClick={p.onNext} disabled={!p.canNext || p.disabled} aria-label="Next page">
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
          <button type="button" className={btn} onClick={p.onLast} disabled={!p.canNext || p.disabled} aria-label="Last page">
            <ChevronLast aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </nav>
  );
}
