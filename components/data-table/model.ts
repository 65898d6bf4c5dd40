/**
 * The data-table's engine, TanStack Table: only the features a server-sorted, server-paged list needs in the
 * browser, row selection (with Shift+click ranges) and column visibility, so the rest of the library (row
 * models, sorting, filtering, sizing, pinning) is not bundled. The pinned columns (the checkbox and the row
 * header) never change, so they are simply drawn first and made sticky: the column-pinning feature would
 * add 1.4 kB gzip to every list's first load for a state that never changes.
 *
 * This module is loaded when a list is first used (data-table.tsx), not with the page: the first page of
 * rows is drawn without it. It is React-free — a headless table (TanStack's store bindings for use outside a
 * framework) whose state the data-table keeps in React and hands over on every render — so the unit tests
 * build the very same table (tests/unit/data-table-selection.test.ts).
 */
import { constructTable, columnVisibilityFeature, rowSelectionFeature, tableFeatures, type Row, type RowData } from '@tanstack/react-table';
import type { ColumnDef, RowSelectionState, Table, Updater } from '@tanstack/react-table';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import type { ColumnVisibility } from '@/lib/list-state';
import { SELECT_COLUMN, rowSelectable } from './selection';

export { SELECT_COLUMN };
export const listFeatures = tableFeatures({ rowSelectionFeature, columnVisibilityFeature });
export type ListFeatures = typeof listFeatures;
const engineFeatures = tableFeatures({ ...listFeatures, coreReactivityFeature: storeReactivityBindings() });
export type ListTable<T extends RowData> = Table<typeof engineFeatures, T>;

/** Rows are known by their record id (so a selection survives a refresh); `canSelectRow` may refuse some. */
export function selectionOptions<T extends RowData>(o: {
  selectable: boolean;
  rowId: (row: T) => string;
  canSelectRow?: (row: T) => boolean;
}) {
  const canCheck = rowSelectable(o);
  return {
    getRowId: (row: T) => o.rowId(row),
    enableRowSelection: (row: Pick<Row<ListFeatures, T>, 'original'>) => canCheck(row.original),
  };
}

/** What the data-table gives its engine on every render: its rows, columns and (controlled) state. */
export interface ListTableOptions<T extends RowData> {
  /** The columns in drawing order (the checkbox column first); the library only needs their ids here. */
  columns: { id: string; enableHiding?: boolean }[];
  data: readonly T[];
  selectable: boolean;
  rowId: (row: T) => string;
  canSelectRow?: (row: T) => boolean;
  rowSelection: RowSelectionState;
  columnVisibility: ColumnVisibility;
  onRowSelectionChange: (update: Updater<RowSelectionState>) => void;
  onColumnVisibilityChange: (update: Updater<ColumnVisibility>) => void;
}

function options<T extends RowData>(o: ListTableOptions<T>) {
  return {
    features: engineFeatures,
    columns: o.columns as ColumnDef<typeof engineFeatures, T>[],
    data: o.data,
    ...selectionOptions(o),
    state: { rowSelection: o.rowSelection, columnVisibility: o.columnVisibility },
    onRowSelectionChange: o.onRowSelectionChange,
    onColumnVisibilityChange: o.onColumnVisibilityChange,
  };
}

/** A list's table, built once per data-table when the engine arrives; syncListTable gives it the list. */
export function listTable<T extends RowData>(): ListTable<T> {
  return constructTable<typeof engineFeatures, T>({ features: engineFeatures, columns: [], data: [] });
}

/** Hands the table the data-table's current rows, columns and state (what the React adapter does on each render). */
export function syncListTable<T extends RowData>(table: ListTable<T>, o: ListTableOptions<T>): void {
  table.setOptions((prev) => ({ ...prev, ...options(o) }));
}
