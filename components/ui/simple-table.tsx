/**
 * A small read-only table inside a card or a dialog (a job's inspections, its repair lines, a vehicle's
 * systems, a group's values, a report), on the same column model as the data-table (ui/table.tsx): the
 * caption for screen readers (or shown), column headers, the row header first and pinned, and a scroll
 * box so a phone never scrolls the page sideways. Long, sortable, paged lists use components/data-table.
 * Server-safe: no state, so a server component can draw one.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { ScrollBox } from './scroll-box';
import { BodyCell, HeaderCell, headerText, pinnedClass, pinnedFirst, type Column } from './table';

/** What a row may add to its `<tr>`: a class (a dimmed or marked row) and data attributes. */
export type RowAttributes = Pick<HTMLAttributes<HTMLTableRowElement>, 'className'> & { [data: `data-${string}`]: string | undefined };

export interface SimpleTableProps<T> {
  caption: string;
  /** Shows the caption above the headers (a report's title); by default it is for screen readers only. */
  captionVisible?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  rowAttributes?: (row: T) => RowAttributes;
  /** Shown in place of the rows when there are none; without it the table shows only its headers. */
  empty?: ReactNode;
  /** Classes of the scroll box (a max height: the box scrolls, the headers stay). */
  boxClassName?: string;
  /** Classes of the table (a min width, below which it scrolls sideways in its box). */
  tableClassName?: string;
  /**
   * Below 640 px each row is drawn as a card (its cells stacked, each with its column's name) instead of
   * a row to scroll sideways: for tables of controls a phone user works through (an inspection's systems).
   */
  cardsOnPhone?: boolean;
}

/**
 * A phone's cards: the box, table, head, body and rows carry their own utilities (each is one element, and
 * they must outrank the same element's base utilities); what every cell and every cell's column name share
 * is said once in app/globals.css (`.cards`, `.card-label`), not repeated on each cell.
 */
const CARD = {
  box: 'max-sm:overflow-visible max-sm:border-0 max-sm:bg-transparent',
  table: 'cards max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:flex max-sm:flex-col max-sm:gap-3',
  row: 'max-sm:flex max-sm:flex-col max-sm:rounded-lg max-sm:border max-sm:border-slate-200',
} as const;

export function SimpleTable<T>({
  caption,
  captionVisible,
  columns,
  rows,
  rowKey,
  rowAttributes,
  empty,
  boxClassName = '',
  tableClassName = '',
  cardsOnPhone = false,
}: SimpleTableProps<T>) {
  const card = (part: keyof typeof CARD) => (cardsOnPhone ? CARD[part] : '');
  const drawn = pinnedFirst(columns);
  const pin = (c: Column<T>) => (c.rowHeader ? pinnedClass() : undefined);
  return (
    <ScrollBox
      label={caption}
      className={`min-w-0 overflow-auto rounded-lg border border-slate-200 bg-white ${card('box')} ${boxClassName}`}
    >
      <table className={`cells w-full text-left text-sm ${card('table')} ${tableClassName}`}>
        <caption className={captionVisible ? 'px-3 py-2 text-left font-medium text-slate-800' : 'sr-only'}>{caption}</caption>
        <thead className={`sticky top-0 z-20 text-slate-700 ${card('head')}`}>
          <tr className="bg-slate-50">
            {drawn.map((c) => (
              <HeaderCell key={c.id} column={c} pinned={pin(c)}>
                {headerText(c)}
              </HeaderCell>
            ))}
          </tr>
        </thead>
        <tbody className={card('body')}>
          {rows.length === 0 && empty != null && (
            <tr className="bg-white">
              <td colSpan={drawn.length} className="px-3 py-3 text-slate-600">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row, index) => {
            const { className = '', ...data } = rowAttributes?.(row) ?? {};
            // A background of the row's own (a marked row) replaces white; the pinned cell inherits either.
            const background = /(^|\s)bg-/.test(className) ? '' : 'bg-white';
            return (
              <tr key={rowKey(row, index)} className={`border-t border-slate-100 ${background} ${card('row')} ${className}`} {...data}>
                {drawn.map((c) => (
                  <BodyCell key={c.id} column={c} pinned={pin(c)}>
                    {cardsOnPhone && !c.rowHeader && !c.headerHidden && <span className="card-label">{c.header}</span>}
                    {c.cell(row)}
                  </BodyCell>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
