'use client';
/**
 * The one data-table (ARCHITECTURE "Screens"), headless TanStack Table v9 underneath. It knows nothing of
 * any screen: the page renders rows on the server from the URL's list state; this component shows them
 * and turns clicks into new URLs (paging, page size, sorting, search) through a ListController.
 *
 * - server-side paging (count, page size selector) and sorting (aria-sort on the sorted column);
 * - sort headers and pager are real links to the URL of their state: they work before hydration and without
 *   JavaScript; once hydrated, a click navigates client-side (ListLink);
 * - row selection with a header checkbox; the checked rows go to the `bulkActions` render prop; rows that
 *   leave the screen (another page, filter or sort) leave the selection, rows still on screen stay checked;
 * - live rows (`live`): change notices of the rows' kind refresh the list in place, or say how many rows
 *   changed while the user is in the middle of a selection or an edit (live.ts);
 * - a toolbar: search box, the screen's filters, column visibility, CSV export of every matching row;
 * - empty and loading states (loading while a navigation is pending);
 * - optional details under a row (`expandedRow`), spanning the table;
 * - at narrow widths the table scrolls sideways inside its own container; the page does not.
 */
import {
  columnVisibilityFeature,
  functionalUpdate,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type OnChangeFn,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, LoaderCircle } from 'lucide-react';
import dynamic from 'next/dynamic';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { nextSort, type BaseFields } from '@/lib/list-state';
import type { RecordKind } from '@/lib/push/changes';
import type { CsvValue } from './csv';
import { ListLink } from './list-link';
import { Pagination } from './pagination';

// Live rows load after hydration: nothing arrives before the push connection, which starts later still.
const LiveStatus = dynamic(() => import('./live').then((m) => m.LiveStatus), { ssr: false, loading: () => <p className="min-h-5" /> });
import { ColumnsMenu, ExportButton, SearchBox, type SearchFormTarget } from './toolbar';
import type { ListController } from './use-list';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnVisibilityFeature, rowPaginationFeature });

export interface DataColumn<T> {
  /** Unique id; for a sortable column also the server's orderBy value. */
  id: string;
  header: string;
  cell: (row: T) => React.ReactNode;
  /** Sorted on the server by `id`. */
  sortable?: boolean;
  /** The value written to the CSV file; columns without it are not exported. */
  csv?: (row: T) => CsvValue;
  /** The user may hide it (default true). */
  canHide?: boolean;
  /** Hidden until the user shows it. */
  hidden?: boolean;
  /** The column that names the row: rendered as the row header. */
  rowHeader?: boolean;
  /** Extra classes for its header and cells (width, alignment). */
  className?: string;
}

export interface Selection<T> {
  rows: T[];
  clear: () => void;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (visually hidden caption). */
  caption: string;
  columns: readonly DataColumn<T>[];
  /** The page of rows; keep the array stable between renders (it is the table's data). */
  rows: readonly T[];
  /** Rows matching the filter on all pages. */
  count: number;
  rowId: (row: T) => string;
  /** Names a row for its checkbox ("Select {label}"). */
  rowLabel: (row: T) => string;
  list: ListController<BaseFields>;
  search?: { label: string; placeholder?: string };
  /** Filter controls of the screen, shown in the toolbar. */
  filters?: React.ReactNode;
  selectable?: boolean;
  /** Rows that may not be checked (e.g. one's own account); their checkbox is disabled. Default: every row. */
  canSelectRow?: (row: T) => boolean;
  /** Buttons acting on the checked rows. */
  bulkActions?: (selection: Selection<T>) => React.ReactNode;
  /** CSV export of every row matching the current filter. */
  exportCsv?: { filename: string; fetchAll: (onProgress: (done: number, total: number) => void) => Promise<readonly T[]> };
  /** Shown when there are no rows. */
  empty?: React.ReactNode;
  /** Noun for counts: "contacts". */
  noun?: string;
  /** Details shown under a row across the whole table (null: none), e.g. a post's comments. */
  expandedRow?: (row: T) => React.ReactNode;
  /** The kind of record each row is (its rowId is the record id): the list follows change notices of that kind. */
  live?: RecordKind;
}

function sortIcon(dir: false | 'asc' | 'desc') {
  if (dir === 'asc') return <ArrowUp aria-hidden="true" className="size-3.5" />;
  if (dir === 'desc') return <ArrowDown aria-hidden="true" className="size-3.5" />;
  return <ArrowUpDown aria-hidden="true" className="size-3.5 text-slate-400" />;
}

function HeaderCheckbox({ checked, indeterminate, onChange, disabled }: { checked: boolean; indeterminate: boolean; onChange: (e: unknown) => void; disabled: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-4 accent-brand-600"
      aria-label="Select all rows on this page"
      checked={checked}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

export function DataTable<T extends RowData>({
  caption,
  columns,
  rows,
  count,
  rowId,
  rowLabel,
  list,
  search,
  filters,
  selectable = false,
  canSelectRow,
  bulkActions,
  exportCsv,
  empty = 'Nothing to show.',
  noun = 'rows',
  expandedRow,
  live,
}: DataTableProps<T>) {
  const { state, pending } = list;

  // Selection belongs to the rows on screen: rows that left it (a new page, sort or filter) leave it too;
  // rows a refresh keeps stay checked.
  const ids = rows.map(rowId);
  const idsKey = ids.join(',');
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [selectionFor, setSelectionFor] = useState(idsKey);
  if (selectionFor !== idsKey) {
    setSelectionFor(idsKey);
    const onScreen = new Set(ids);
    setRowSelection((checked) => Object.fromEntries(Object.entries(checked).filter(([id, on]) => on && onScreen.has(id))));
  }
  const anyChecked = Object.values(rowSelection).some(Boolean);

  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(() =>
    Object.fromEntries(columns.filter((c) => c.hidden).map((c) => [c.id, false])),
  );

  const defs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => c.csv?.(row) ?? null,
        cell: ({ row }) => c.cell(row.original),
        enableSorting: c.sortable === true,
        enableHiding: c.canHide !== false,
      })),
    [columns],
  );
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  const sorting = useMemo<SortingState>(() => [{ id: state.orderBy, desc: state.direction === 'desc' }], [state.orderBy, state.direction]);
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: state.page - 1, pageSize: state.pageSize }), [state.page, state.pageSize]);

  // Sorting and paging are links (ListLink); only the page size selector changes the table's state.
  const onPaginationChange: OnChangeFn<PaginationState> = (updater) => {
    const next = functionalUpdate(updater, pagination);
    if (next.pageSize !== pagination.pageSize) list.go({ pageSize: next.pageSize });
  };

  const table = useTable({
    features,
    columns: defs,
    data: rows as T[],
    getRowId: (row) => rowId(row),
    state: { sorting, pagination, rowSelection, columnVisibility },
    onPaginationChange,
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: setColumnVisibility,
    manualSorting: true,
    manualPagination: true,
    rowCount: count,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    enableRowSelection: selectable && canSelectRow ? (row) => canSelectRow(row.original) : selectable,
    enableRowRangeSelection: selectable,
  });

  const selected = useMemo(
    () => rows.filter((r) => rowSelection[rowId(r)]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rowId is a pure accessor
    [rows, rowSelection],
  );
  const selection: Selection<T> = { rows: selected, clear: () => setRowSelection({}) };

  const visibleColumns = table.getVisibleLeafColumns();
  const span = visibleColumns.length + (selectable ? 1 : 0);
  const pageSizes = (list.spec.fields.pageSize.values ?? [state.pageSize]) as readonly number[];
  // Without JavaScript the search box is a GET form: the list's other state goes along as hidden fields.
  const searchTarget = useMemo<SearchFormTarget>(() => {
    const query = new URL(list.href({ searchTerm: '', page: 1 }), 'http://list').searchParams;
    return { action: list.spec.path, hidden: [...query].filter(([name]) => name !== 'searchTerm') };
  }, [list]);

  return (
    <section aria-label={caption} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        {search && (
          <SearchBox
            label={search.label}
            placeholder={search.placeholder}
            value={state.searchTerm}
            onSearch={(searchTerm) => list.go({ searchTerm }, { replace: true })}
            target={searchTarget}
          />
        )}
        {filters}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <ColumnsMenu
            columns={table
              .getAllLeafColumns()
              .filter((c) => c.getCanHide())
              .map((c) => ({ id: c.id, label: byId.get(c.id)?.header ?? c.id, visible: c.getIsVisible(), toggle: (v: boolean) => c.toggleVisibility(v) }))}
          />
          {exportCsv && <ExportButton columns={columns} count={count} {...exportCsv} />}
        </div>
      </div>

      {(selectable || bulkActions) && (
        <div className="flex min-h-10 flex-wrap items-center gap-2" role="group" aria-label="Actions on checked rows">
          {bulkActions?.(selection)}
          <span className="text-sm text-slate-700" aria-live="polite">
            {selected.length > 0 ? `${selected.length} checked` : ''}
          </span>
          {selected.length > 0 && (
            <button type="button" className="text-sm text-brand-700 underline" onClick={selection.clear}>
              Uncheck all
            </button>
          )}
        </div>
      )}

      {live && <LiveStatus kind={live} rowsKey={rows} url={list.href({})} busy={anyChecked} refresh={list.refresh} />}

      <div className="relative min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm">
        <div className="max-w-full overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm" aria-busy={pending || undefined}>
            <caption className="sr-only">
              {caption}
              {`, sorted by ${byId.get(state.orderBy)?.header ?? state.orderBy} ${state.direction === 'asc' ? 'ascending' : 'descending'}`}
            </caption>
            <thead className="bg-slate-50 text-xs font-semibold text-slate-700 uppercase">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id} className="border-b border-slate-200">
                  {selectable && (
                    <th scope="col" className="w-10 px-3 py-2">
                      <HeaderCheckbox
                        checked={rows.length > 0 && table.getIsAllPageRowsSelected()}
                        indeterminate={table.getIsSomePageRowsSelected()}
                        onChange={table.getToggleAllPageRowsSelectedHandler()}
                        disabled={rows.length === 0}
                      />
                    </th>
                  )}
                  {group.headers.map((header) => {
                    const col = byId.get(header.column.id);
                    const dir = header.column.getIsSorted();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                        className={`px-3 py-2 whitespace-nowrap ${col?.className ?? ''}`}
                      >
                        {header.column.getCanSort() ? (
                          <ListLink
                            list={list}
                            change={nextSort(state, header.column.id)}
                            className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-1 text-inherit uppercase no-underline hover:bg-slate-200"
                          >
                            {col?.header}
                            {sortIcon(dir)}
                          </ListLink>
                        ) : (
                          col?.header
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className={pending ? 'opacity-50' : undefined}>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={span} className="px-3 py-10 text-center text-slate-600">
                    {empty}
                  </td>
                </tr>
              )}
              {table.getRowModel().rows.map((row) => {
                const details = expandedRow?.(row.original);
                return (
                  <Fragment key={row.id}>
                    <tr className={`border-b border-slate-100 last:border-0 ${row.getIsSelected() ? 'bg-brand-50' : 'hover:bg-slate-50'}`}>
                      {selectable && (
                        <td className="w-10 px-3 py-2">
                          <input
                            type="checkbox"
                            className="size-4 accent-brand-600"
                            aria-label={`Select ${rowLabel(row.original)}`}
                            checked={row.getIsSelected()}
                            disabled={!row.getCanSelect()}
                            onChange={row.getToggleSelectedHandler()}
                          />
                        </td>
                      )}
                      {row.getVisibleCells().map((cell) => {
                        const col = byId.get(cell.column.id);
                        const Tag = col?.rowHeader ? 'th' : 'td';
                        return (
                          <Tag key={cell.id} {...(col?.rowHeader ? { scope: 'row' } : {})} className={`px-3 py-2 align-top font-normal text-slate-900 ${col?.className ?? ''}`}>
                            <table.FlexRender cell={cell} />
                          </Tag>
                        );
                      })}
                    </tr>
                    {details != null && details !== false && (
                      <tr className="border-b border-slate-200 bg-slate-50">
                        <td colSpan={span} className="px-3 py-3">
                          {details}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
        {pending && (
          <div className="absolute inset-0 flex items-start justify-center pt-16" role="status">
            <span className="inline-flex items-center gap-2 rounded-md bg-white px-3 py-2 text-sm text-slate-800 shadow">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              Loading…
            </span>
          </div>
        )}
      </div>

      <Pagination
        list={list}
        pageSizes={pageSizes}
        count={count}
        noun={noun}
        pageCount={table.getPageCount()}
        onPageSize={(n) => table.setPageSize(n)}
        disabled={pending}
      />
    </section>
  );
}
