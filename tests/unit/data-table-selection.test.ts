/**
 * The data-table's row selection, on a headless table built with the data-table's own features and
 * selection options (components/data-table/model.ts): a click is the checkbox's change event, Shift+click
 * the same with `shiftKey`, as the browser sends them.
 */
import { constructTable, tableFeatures, type RowSelectionState } from '@tanstack/react-table';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { describe, expect, it } from 'vitest';
import { SELECT_COLUMN, listFeatures, selectionOptions } from '@/components/data-table/model';
import { keepOnScreen } from '@/components/data-table/selection';

interface Row {
  id: string;
}
const page = ['a', 'b', 'c', 'd', 'e'];

/** A table of `ids`, with `checked` checked; rows outside `selectable` may not be checked. */
function tableOf(ids: readonly string[], { checked = [] as string[], selectable = ids } = {}) {
  const table = constructTable({
    features: tableFeatures({ ...listFeatures, coreReactivityFeature: storeReactivityBindings() }),
    columns: [{ id: SELECT_COLUMN }],
    data: ids.map((id) => ({ id })),
    initialState: { rowSelection: Object.fromEntries(checked.map((id) => [id, true])) as RowSelectionState },
    ...selectionOptions<Row>({ selectable: true, rowId: (r) => r.id, canSelectRow: (r) => selectable.includes(r.id) }),
  });
  const click = (id: string, on: boolean, shiftKey = false) =>
    table.getRow(id).getToggleSelectedHandler()({ target: { checked: on }, nativeEvent: { shiftKey } });
  const selected = () => [...table.getSelectedRowIds()].sort();
  return { table, click, selected };
}

describe('data-table selection', () => {
  it('keeps the checked rows still on screen and drops the others', () => {
    expect(Object.keys(keepOnScreen({ a: true, x: true, c: true }, page))).toEqual(['a', 'c']);
    const same: RowSelectionState = { a: true, b: true };
    expect(keepOnScreen(same, page)).toBe(same); // unchanged: no new state, no re-render
  });

  it('checks and unchecks one row', () => {
    const t = tableOf(page);
    t.click('b', true);
    expect(t.selected()).toEqual(['b']);
    const u = tableOf(page, { checked: ['b', 'c'] });
    u.click('b', false);
    expect(u.selected()).toEqual(['c']);
  });

  it('Shift+click takes every row between the last clicked one and this one, in either direction', () => {
    const t = tableOf(page);
    t.click('b', true);
    t.click('d', true, true);
    expect(t.selected()).toEqual(['b', 'c', 'd']);
    const u = tableOf(page, { checked: ['b', 'c', 'd'] });
    u.click('e', true);
    u.click('b', false, true);
    expect(u.selected()).toEqual([]);
  });

  it('a range never reaches rows that may not be checked, and without an anchor on the page is one row', () => {
    const selectable = ['a', 'b', 'd', 'e']; // c may not be checked
    const t = tableOf(page, { selectable });
    t.click('a', true);
    t.click('e', true, true);
    expect(t.selected()).toEqual(['a', 'b', 'd', 'e']);
    expect(t.table.getRow('c').getCanSelect()).toBe(false);

    // The row clicked last is on another page now (the list moved on): Shift+click checks one row.
    const u = tableOf(['gone', 'other'], { selectable: ['gone', 'other', ...selectable] });
    u.click('gone', true);
    u.table.setOptions((o) => ({ ...o, data: page.map((id) => ({ id })) }));
    u.table.setRowSelection((s) => keepOnScreen(s, page));
    u.click('d', true, true);
    expect(u.selected()).toEqual(['d']);
  });

  it('the header checkbox: none, some, all; a click checks all, or unchecks all when all were', () => {
    const state = (checked: string[], ids = page) => {
      const { table } = tableOf(ids, { checked });
      return { all: table.getIsAllPageRowsSelected(), some: table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected() };
    };
    expect(state([])).toEqual({ all: false, some: false });
    expect(state(['a'])).toEqual({ all: false, some: true });
    expect(state(page)).toEqual({ all: true, some: false });
    expect(state([], [])).toEqual({ all: false, some: false });

    const some = tableOf(page, { checked: ['a'] });
    some.table.toggleAllPageRowsSelected();
    expect(some.selected()).toEqual(page);
    const all = tableOf(page, { checked: page });
    all.table.toggleAllPageRowsSelected();
    expect(all.selected()).toEqual([]);
    // Only the page's selectable rows change.
    const two = tableOf(page, { selectable: ['a', 'b'] });
    two.table.toggleAllPageRowsSelected();
    expect(two.selected()).toEqual(['a', 'b']);
  });
});
