/**
 * The column model every table shares, the data-table's lists (components/data-table) and SimpleTable's
 * small tables alike, and the cells that go with it. A column names itself, draws its cell from a row, and
 * may be the row header: the cell that names the row, a `<th scope="row">`, which comes first and is pinned
 * to the table's left edge, so that on a narrow screen it stays in view while the other columns scroll
 * under it. Server-safe (no hooks): a server component can describe and draw a table.
 */
import type { ReactNode } from 'react';

export interface Column<T> {
  /** Unique among the table's columns. */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The column that names the row: drawn as the row header, first and pinned. */
  rowHeader?: boolean;
  /** The header for screen readers only (a column of buttons). */
  headerHidden?: boolean;
  /** Extra classes for its header and cells (width, alignment, hidden at some widths). */
  className?: string;
}

/** The columns in the order they are drawn: the row header first (pinned), the others as given. */
export function pinnedFirst<C extends { rowHeader?: boolean }>(columns: readonly C[]): C[] {
  const header = columns.find((c) => c.rowHeader);
  return header ? [header, ...columns.filter((c) => c !== header)] : [...columns];
}

/**
 * Class of a pinned cell (`.pinned` in app/globals.css): it sticks to the left edge — after the checkbox
 * column with `after` — and hides what scrolls under it with its row's background. The cells' padding and
 * alignment come from the table's `cells` class, not from each cell.
 */
export function pinnedClass(after = false): string {
  return after ? 'pinned pinned-after' : 'pinned';
}

/** Classes of a cell: its pinning and its column's own; undefined when it has none (no empty attribute). */
const cellClass = (pinned: string | undefined, own: string | undefined) => [pinned, own].filter(Boolean).join(' ') || undefined;

/** A body cell of a column, in a table of class `cells`: the row header is a `<th scope="row">`, the others `<td>`. */
export function BodyCell({
  column,
  pinned,
  children,
}: {
  column: Pick<Column<unknown>, 'rowHeader' | 'className'>;
  pinned?: string;
  children: ReactNode;
}) {
  const className = cellClass(pinned, column.className);
  return column.rowHeader ? (
    <th scope="row" className={className}>
      {children}
    </th>
  ) : (
    <td className={className}>{children}</td>
  );
}

/** A column's header cell, in a table of class `cells`. */
export function HeaderCell({
  column,
  pinned,
  sort,
  children,
}: {
  column: Pick<Column<unknown>, 'className'>;
  pinned?: string;
  sort?: 'ascending' | 'descending';
  children: ReactNode;
}) {
  return (
    <th scope="col" aria-sort={sort} className={cellClass(pinned, column.className)}>
      {children}
    </th>
  );
}

/** A header's text, or that text for screen readers only. */
export const headerText = (column: Pick<Column<unknown>, 'header' | 'headerHidden'>) =>
  column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header;
