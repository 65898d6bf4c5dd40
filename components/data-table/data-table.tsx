'use client';
/**
 * The one data-table (ARCHITECTURE "Screens"). It knows nothing of any screen: the page renders rows on the
 * server from the URL's list state; this component shows them and turns clicks into new URLs (paging, page
 * size, sorting, search) through a ListController. No client-side table model: the server sorts and pages,
 * so the browser keeps only which rows are checked and which columns are hidden (selection.ts) — a table
 * library would add ~14 kB gzip to every list's first load for state this small.
 *
 * - server-side paging (count, page size selector) and sorting (aria-sort on the sorted column);
 * - sort headers and pager are real links to the URL of their state: they work before hydration and without
 *   JavaScript; once hydrated, a click navigates client-side (ListLink);
 * - row selection with a header checkbox and Shift+click ranges; the checked rows go to the `bulkActions`
 *   render prop; rows that leave the screen (another page, filter or sort) leave the selection, rows still
 *   on screen stay checked;
 * - live rows (`live`): change notices of the rows' kind refresh the list in place, or say how many rows
 *   changed while the user is in the middle of a selection or an edit (live.ts);
 * - a toolbar: search box, the screen's filters, column visibility, CSV export of every matching row;
 * - empty and loading states (loading while a navigation is pending);
 * - optional details under a row (`expandedRow`), spanning the table;
 * - at narrow widths the table scrolls sideways inside its own container; the page does not.
 */
import { ArrowDown, ArrowUp, ArrowUpDown, LoaderCircle } from 'lucide-react';
import dynamic from 'next/dynamic';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { nextSort, pageCount, type BaseFields } from '@/lib/list-state';
import type { RecordKind } from '@/lib/push/changes';
import type { CsvValue } from './csv';
import { ListLink } from './list-link';
import { Pagination } from './pagination';
import { keepOnScreen, pageState, toggleAll, toggleRow, type Checked } from './selection';

import { ColumnsMenu, ExportButton, SearchBox } from './toolbar';
import { formTarget, type ListController } from './use-list';

/**
 * The live status line (live.tsx), loaded after hydration: nothing arrives before the push connection, which
 * starts later still. Also for views that show a list's records another way (the locations' network tree).
 */
export const LiveStatus = dynamic(() => import('./live').then((m) => m.LiveStatus), { ssr: false, loading: () => <p className="min-h-5" /> });

/** The set with `id` in it or out of it. */
const toggled = (set: ReadonlySet<string>, id: string, present: boolean) => {
  const next = new Set(set);
  if (present) next.add(id);
  else next.delete(id);
  return next;
};

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

function HeaderCheckbox({ checked, indeterminate, onChange, disabled }: { checked: boolean; indeterminate: boolean; onChange: () => void; disabled: boolean }) {
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

export function DataTable<T>({
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
  const [checked, setChecked] = useState<Checked>(() => new Set());
  const [selectionFor, setSelectionFor] = useState(idsKey);
  if (selectionFor !== idsKey) {
    setSelectionFor(idsKey);
    setChecked((c) => keepOnScreen(c, ids));
  }
  const selectableIds = selectable ? rows.filter((r) => !canSelectRow || canSelectRow(r)).map(rowId) : [];
  const page = pageState(checked, selectableIds);
  // The row last clicked: a Shift+click checks or unchecks every row from it to the clicked one.
  const anchor = useRef<string | null>(null);

  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(columns.filter((c) => c.hidden).map((c) => c.id)));
  const visibleColumns = columns.filter((c) => !hidden.has(c.id));
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  const selected = useMemo(
    () => rows.filter((r) => checked.has(rowId(r))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rowId is a pure accessor
    [rows, checked],
  );
  const selection: Selection<T> = { rows: selected, clear: () => setChecked(new Set()) };

  const span = visibleColumns.length + (selectable ? 1 : 0);
  const pageSizes = (list.spec.fields.pageSize.values ?? [state.pageSize]) as readonly number[];
  // Without JavaScript the search box is a GET form: the list's other state goes along as hidden fields.
  const searchTarget = useMemo(() => formTarget(list, 'searchTerm'), [list]);

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
            columns={columns
              .filter((c) => c.canHide !== false)
              .map((c) => ({ id: c.id, label: c.header, visible: !hidden.has(c.id), toggle: (v: boolean) => setHidden((h) => toggled(h, c.id, !v)) }))}
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

      {live && <LiveStatus kind={live} rowsKey={rows} url={list.href({})} busy={checked.size > 0} refresh={list.refresh} />}

      <div className="relative min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm">
        <div className="max-w-full overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm" aria-busy={pending || undefined}>
            <caption className="sr-only">
              {caption}
              {`, sorted by ${byId.get(state.orderBy)?.header ?? state.orderBy} ${state.direction === 'asc' ? 'ascending' : 'descending'}`}
            </caption>
            <thead className="bg-slate-50 text-xs font-semibold text-slate-700 uppercase">
              <tr className="border-b border-slate-200">
                {selectable && (
                  <th scope="col" className="w-10 px-3 py-2">
                    <HeaderCheckbox
                      checked={page.all}
                      indeterminate={page.some}
                      onChange={() => setChecked((c) => toggleAll(c, selectableIds))}
                      disabled={selectableIds.length === 0}
                    />
                  </th>
                )}
                {visibleColumns.map((col) => {
                  const dir = state.orderBy === col.id ? state.direction : false;
                  return (
                    <th
                      key={col.id}
                      scope="col"
                      aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                      className={`px-3 py-2 whitespace-nowrap ${col.className ?? ''}`}
                    >
                      {col.sortable ? (
                        <ListLink
                          list={list}
                          change={nextSort(state, col.id)}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-1 text-inherit uppercase no-underline hover:bg-slate-200"
                        >
                          {col.header}
                          {sortIcon(dir)}
                        </ListLink>
                      ) : (
                        col.header
                      )}
                    </th>
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
              {rows.map((row, i) => {
                const id = ids[i];
                const isChecked = checked.has(id);
                const details = expandedRow?.(row);
                return (
                  <Fragment key={id}>
                    <tr className={`border-b border-slate-100 last:border-0 ${isChecked ? 'bg-brand-50' : 'hover:bg-slate-50'}`}>
                      {selectable && (
                        <td className="w-10 px-3 py-2 align-top">
                          <input
                            type="checkbox"
                            className="size-4 accent-brand-600"
                            aria-label={`Select ${rowLabel(row)}`}
                            checked={isChecked}
                            disabled={!selectableIds.includes(id)}
                            onChange={(e) => {
                              const range = 'shiftKey' in e.nativeEvent && e.nativeEvent.shiftKey === true;
                              const click = { id, on: e.target.checked, anchor: anchor.current, range };
                              setChecked((c) => toggleRow(c, click, selectableIds));
                              anchor.current = id;
                            }}
                          />
                        </td>
                      )}
                      {visibleColumns.map((col) => {
                        const Tag = col.rowHeader ? 'th' : 'td';
                        return (
                          <Tag key={col.id} {...(col.rowHeader ? { scope: 'row' } : {})} className={`px-3 py-2 align-top font-normal text-slate-900 ${col.className ?? ''}`}>
                            {col.cell(row)}
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
        pageCount={pageCount(count, state.pageSize)}
        onPageSize={(pageSize) => list.go({ pageSize })}
        disabled={pending}
      />
    </section>
  );
}
