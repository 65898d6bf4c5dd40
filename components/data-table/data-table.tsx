'use client';
/**
 * The one data-table (the list screens' table; README beside it). It knows nothing of any screen: the page
 * renders rows on the server from the URL's list state; this component shows them and turns clicks into
 * new URLs (paging, page size, sorting, search) through a ListController. TanStack Table keeps the browser's
 * table state, with only the features it uses (model.ts): which rows are checked and which columns are
 * shown. The server sorts and pages, so no client-side row model is loaded. The engine is not part of the
 * page's first load: the first page of rows is drawn from the same state without it (on the server and at
 * hydration), and model.ts loads when the user first points at, touches or tabs into the list. A check or a
 * column toggle made before it has loaded takes effect at once and is handed to the engine when it comes,
 * so the engine's state (the Shift+click anchor) is the same as if it had been there from the start.
 *
 * - server-side paging (count, page size selector) and sorting (aria-sort on the sorted column);
 * - sort headers and pager are real links to the URL of their state: they work before hydration and without
 *   JavaScript; once hydrated, a click navigates client-side (ListLink);
 * - row selection with a header checkbox and Shift+click ranges; the checked rows go to the `bulkActions`
 *   render prop; rows that leave the screen (another page, filter or sort) leave the selection, rows still
 *   on screen stay checked (selection.ts);
 * - column visibility: the columns a user shows or hides are kept in the URL and the list's remembered
 *   preferences (`columns`, lib/list-state.ts), so a reload or a return to the bare path keeps them;
 * - the row header (and the checkbox column) come first and are pinned: at narrow widths the table scrolls
 *   sideways inside its own container, under them; the page does not;
 * - live rows (`live`): change notices of the rows' kind refresh the list in place, or say how many rows
 *   changed while the user is in the middle of a selection or an edit (live.tsx);
 * - a toolbar: search box, the screen's filters, the columns menu, CSV export of every matching row;
 * - empty and loading states (loading while a navigation is pending);
 * - optional details under a row (`expandedRow`), spanning the table.
 */
import type { RowData, RowSelectionState } from '@tanstack/react-table';
import { Icon } from '@/components/ui/icon';
import dynamic from 'next/dynamic';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { ScrollBox } from '@/components/ui/scroll-box';
import { BodyCell, HeaderCell, headerText, pinnedClass, pinnedFirst, type Column } from '@/components/ui/table';
import { columnsValue, nextSort, pageCount, readColumns, type BaseFields, type ColumnVisibility } from '@/lib/list-state';
import type { RecordKind } from '@/lib/push/changes';
import type { CsvValue } from './csv';
import { ListLink } from './list-link';
import { Pagination } from './pagination';
import { SELECT_COLUMN, keepOnScreen } from './selection';
import { useListEngine } from './use-engine';
import { ColumnsMenu, ExportButton, SearchBox } from './toolbar';
import { formTarget, type ListController } from './use-list';

/**
 * The live status line (live.tsx), loaded after hydration: nothing arrives before the push connection, which
 * starts later still. Also for views that show a list's records another way (the locations' network tree).
 */
export const LiveStatus = dynamic(() => import('./live').then((m) => m.LiveStatus), {
  ssr: false,
  loading: () => <p className="min-h-5" />,
});

/** A list's column: the shared column model (components/ui/table.tsx) and what a list adds to it. */
export interface DataColumn<T> extends Column<T> {
  /** Unique id; for a sortable column also the server's orderBy value, and its name in the saved `columns`. */
  id: string;
  /** Sorted on the server by `id`. */
  sortable?: boolean;
  /** The value written to the CSV file; columns without it are not exported. */
  csv?: (row: T) => CsvValue;
  /** The user may hide it (default true). */
  canHide?: boolean;
  /** Hidden until the user shows it. */
  hidden?: boolean;
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

/** The checkbox column: a 24 px checkbox between the cells' 12 px paddings (3 rem); the row header is pinned after it. */
const SELECT_CELL = { className: 'w-12' };

function HeaderCheckbox({
  checked,
  indeterminate,
  onChange,
  disabled,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: () => void;
  disabled: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="row-check"
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
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  // Selection belongs to the rows on screen: rows that left it (a new page, sort or filter) leave it too;
  // rows a refresh keeps stay checked.
  const ids = rows.map(rowId);
  const idsKey = ids.join(',');
  const [checked, setChecked] = useState<RowSelectionState>({});
  const [selectionFor, setSelectionFor] = useState(idsKey);
  if (selectionFor !== idsKey) {
    setSelectionFor(idsKey);
    setChecked((c) => keepOnScreen(c, ids));
  }

  // The columns shown: each column's default, changed by the list's saved `columns` value.
  const defaults = useMemo<ColumnVisibility>(() => Object.fromEntries(columns.map((c) => [c.id, !c.hidden])), [columns]);
  const shown = useMemo(() => readColumns(state.columns, defaults), [state.columns, defaults]);

  // Drawn in this order: the checkbox column, the row header, the others (ui/table.tsx pinnedFirst).
  const definitions = useMemo<{ id: string; enableHiding: boolean }[]>(
    () => [
      ...(selectable ? [{ id: SELECT_COLUMN, enableHiding: false }] : []),
      ...pinnedFirst(columns).map((c) => ({ id: c.id, enableHiding: c.canHide !== false })),
    ],
    [columns, selectable],
  );
  const rowHeader = columns.find((c) => c.rowHeader)?.id;
  const view = useListEngine({
    columns: definitions,
    data: rows,
    selectable,
    rowId,
    canSelectRow,
    rowSelection: checked,
    columnVisibility: shown,
    onRowSelectionChange: setChecked,
    onColumnVisibilityChange: (update) => {
      const next = typeof update === 'function' ? update(shown) : update;
      list.keep({ columns: columnsValue(next, defaults) });
    },
  });

  const selected = useMemo(
    () => rows.filter((r) => checked[rowId(r)]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rowId is a pure accessor
    [rows, checked],
  );
  const selection: Selection<T> = { rows: selected, clear: () => setChecked({}) };

  const leaves = view.leaves;
  const span = leaves.length;
  const pageSizes = (list.spec.fields.pageSize.values ?? [state.pageSize]) as readonly number[];
  // Without JavaScript the search box is a GET form: the list's other state goes along as hidden fields.
  const searchTarget = useMemo(() => formTarget(list, 'searchTerm'), [list]);
  // The pinned cells: the checkbox column at the edge, the row header after it (3 rem: SELECT_CELL's width).
  const pinnedAt = (id: string) => (id === SELECT_COLUMN ? pinnedClass() : id === rowHeader ? pinnedClass(selectable) : undefined);
  const anySelectable = view.rows.some((r) => r.canCheck);

  return (
    // Pointing at, touching or tabbing into the list loads its engine (use-engine.ts) before the first check.
    <section
      aria-label={caption}
      className="flex min-w-0 flex-col gap-3"
      onPointerEnter={view.prepare}
      onTouchStart={view.prepare}
      onFocus={view.prepare}
    >
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
            columns={view.hideable.map((c) => ({
              id: c.id,
              label: byId.get(c.id)?.header ?? c.id,
              visible: c.visible,
              toggle: (v: boolean) => view.showColumn(c.id, v),
            }))}
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

      {live && <LiveStatus kind={live} rowsKey={rows} url={list.href({})} busy={selected.length > 0} refresh={list.refresh} />}

      <div className="relative min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm">
        <ScrollBox label={caption} className="max-w-full overflow-x-auto">
          <table className="cells list-rows w-full min-w-[40rem] border-collapse text-left text-sm" aria-busy={pending || undefined}>
            <caption className="sr-only">
              {caption}
              {`, sorted by ${byId.get(state.orderBy)?.header ?? state.orderBy} ${state.direction === 'asc' ? 'ascending' : 'descending'}`}
            </caption>
            <thead className="text-xs font-semibold text-slate-700 uppercase">
              <tr className="border-b border-slate-200 bg-slate-50">
                {leaves.map((leaf) => {
                  if (leaf === SELECT_COLUMN)
                    return (
                      <HeaderCell key={leaf} column={SELECT_CELL} pinned={pinnedAt(leaf)}>
                        <HeaderCheckbox
                          checked={view.allChecked}
                          indeterminate={view.someChecked && !view.allChecked}
                          onChange={view.checkAll}
                          disabled={!anySelectable}
                        />
                      </HeaderCell>
                    );
                  const col = byId.get(leaf)!;
                  const dir = state.orderBy === col.id ? state.direction : false;
                  return (
                    <HeaderCell
                      key={col.id}
                      column={col}
                      pinned={pinnedAt(col.id)}
                      sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {col.sortable ? (
                        // Its arrow (unsorted, ascending, descending) is drawn by `.sort-link` from aria-sort (app/globals.css).
                        <ListLink list={list} change={nextSort(state, col.id)} className="sort-link">
                          {col.header}
                        </ListLink>
                      ) : (
                        headerText(col)
                      )}
                    </HeaderCell>
                  );
                })}
              </tr>
            </thead>
            <tbody className={pending ? 'opacity-50' : undefined}>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={span} className="px-3 py-10 text-center text-slate-600">
                    {empty}
                  </td>
                </tr>
              )}
              {view.rows.map((row) => {
                const isChecked = row.checked;
                const details = expandedRow?.(row.original);
                return (
                  <Fragment key={row.id}>
                    <tr data-checked={isChecked || undefined}>
                      {leaves.map((leaf) =>
                        leaf === SELECT_COLUMN ? (
                          <BodyCell key={leaf} column={SELECT_CELL} pinned={pinnedAt(SELECT_COLUMN)}>
                            <input
                              type="checkbox"
                              className="row-check"
                              aria-label={`Select ${rowLabel(row.original)}`}
                              checked={isChecked}
                              disabled={!row.canCheck}
                              // Shift+click checks or unchecks every row from the one clicked last (the feature's range).
                              onChange={(event) => view.checkRow(row.id, event)}
                            />
                          </BodyCell>
                        ) : (
                          <BodyCell key={leaf} column={byId.get(leaf)!} pinned={pinnedAt(leaf)}>
                            {byId.get(leaf)!.cell(row.original)}
                          </BodyCell>
                        ),
                      )}
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
        </ScrollBox>
        {pending && (
          <div className="absolute inset-0 z-20 flex items-start justify-center pt-16" role="status">
            <span className="inline-flex items-center gap-2 rounded-md bg-white px-3 py-2 text-sm text-slate-800 shadow">
              <Icon name="loader-circle" className="size-4 animate-spin" />
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
        pageCount={pageCount(count, state.pageSize)}
        onPageSize={(pageSize) => list.go({ pageSize })}
        disabled={pending}
      />
    </section>
  );
}
