/**
 * The data-table's TanStack Table setup: only the features a server-sorted, server-paged list needs in the
 * browser, row selection (with Shift+click ranges) and column visibility, so the rest of the library (row
 * models, sorting, filtering, sizing, pinning) is not bundled. The pinned columns (the checkbox and the row
 * header) never change, so they are simply drawn first and made sticky: the column-pinning feature would
 * add 1.4 kB gzip to every list's first load for a state that never changes. React-free, so the unit tests
 * build the same table headless (tests/unit/data-table-selection.test.ts).
 */
import { columnVisibilityFeature, rowSelectionFeature, tableFeatures, type Row, type RowData } from '@tanstack/react-table';

export const listFeatures = tableFeatures({ rowSelectionFeature, columnVisibilityFeature });
export type ListFeatures = typeof listFeatures;

/** The id of the checkbox column (a display column of the table, never a list's own). */
export const SELECT_COLUMN = '__select';

/** Rows are known by their record id (so a selection survives a refresh); `canSelectRow` may refuse some. */
export function selectionOptions<T extends RowData>(o: {
  selectable: boolean;
  rowId: (row: T) => string;
  canSelectRow?: (row: T) => boolean;
}) {
  return {
    getRowId: (row: T) => o.rowId(row),
    enableRowSelection: (row: Row<ListFeatures, T>) => o.selectable && (!o.canSelectRow || o.canSelectRow(row.original)),
  };
}
