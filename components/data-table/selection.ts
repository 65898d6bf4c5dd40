/**
 * The data-table's row selection: TanStack Table's row-selection feature (model.ts) keeps the checked row ids
 * (`RowSelectionState`, keyed by `rowId`), checks Shift+click ranges from the row last clicked, and leaves
 * rows that may not be checked out of ranges and of "check all". What it does not know is that the server
 * pages: the rows that leave the screen (another page, sort or filter) must leave the selection, which this
 * module does. The rules are unit-tested on a headless table built the same way
 * (tests/unit/data-table-selection.test.ts). Engine-free, so the page's first load does not carry TanStack.
 */
import type { RowSelectionState } from '@tanstack/react-table';

/** The id of the checkbox column (a display column of the table, never a list's own). */
export const SELECT_COLUMN = '__select';

/** Whether a row may be checked: the list is selectable and `canSelectRow` (if any) allows it. */
export const rowSelectable =
  <T>(o: { selectable: boolean; canSelectRow?: (row: T) => boolean }) =>
  (row: T): boolean =>
    o.selectable && (!o.canSelectRow || o.canSelectRow(row));

/** The rows still on screen keep their check; rows that left the screen (page, sort, filter) leave the selection. */
export function keepOnScreen(checked: RowSelectionState, onScreen: readonly string[]): RowSelectionState {
  const ids = new Set(onScreen);
  const kept = Object.keys(checked).filter((id) => ids.has(id));
  if (kept.length === Object.keys(checked).length) return checked;
  return Object.fromEntries(kept.map((id) => [id, true] as const));
}
