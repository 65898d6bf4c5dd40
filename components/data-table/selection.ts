/**
 * The data-table's row selection as plain data: the ids of the checked rows. Pure functions, so the rules
 * are unit-tested without a browser (tests/unit/data-table-selection.test.ts).
 *
 * The table keeps no client-side row model: the server sorts and pages, so the only state the browser holds
 * is which rows are checked and which columns are hidden.
 */
export type Checked = ReadonlySet<string>;

/** The rows still on screen keep their check; rows that left the screen (page, sort, filter) leave the selection. */
export function keepOnScreen(checked: Checked, onScreen: readonly string[]): Checked {
  const ids = new Set(onScreen);
  const kept = [...checked].filter((id) => ids.has(id));
  return kept.length === checked.size ? checked : new Set(kept);
}

/**
 * A click on one row's checkbox. With Shift and an earlier click on this page (`anchor`), every selectable
 * row between the two takes the clicked row's new state, as in a mail client.
 */
export function toggleRow(
  checked: Checked,
  { id, on, anchor, range }: { id: string; on: boolean; anchor: string | null; range: boolean },
  selectable: readonly string[],
): Checked {
  const next = new Set(checked);
  const from = anchor === null ? -1 : selectable.indexOf(anchor);
  const to = selectable.indexOf(id);
  const span = range && from >= 0 && to >= 0 ? selectable.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const row of span) {
    if (on) next.add(row);
    else next.delete(row);
  }
  return next;
}

/** The header checkbox: all selectable rows of the page, some of them, or none. */
export function pageState(checked: Checked, selectable: readonly string[]): { all: boolean; some: boolean } {
  const n = selectable.filter((id) => checked.has(id)).length;
  return { all: selectable.length > 0 && n === selectable.length, some: n > 0 && n < selectable.length };
}

/** The header checkbox clicked: checks every selectable row of the page, or unchecks them when all were. */
export function toggleAll(checked: Checked, selectable: readonly string[]): Checked {
  const next = new Set(checked);
  const all = pageState(checked, selectable).all;
  for (const id of selectable) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return next;
}
