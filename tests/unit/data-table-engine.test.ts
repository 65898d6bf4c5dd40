/**
 * The data-table draws its first page without its engine (components/data-table/use-engine.ts): the view
 * read from the list's state must be the one TanStack Table gives for the same state, and a check made
 * before the engine arrived must leave the engine where a check through it would (its Shift+click anchor).
 */
import type { RowSelectionState, Updater } from '@tanstack/react-table';
import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { SELECT_COLUMN, listTable, syncListTable, type ListTableOptions } from '@/components/data-table/model';
import { withEngine, withoutEngine } from '@/components/data-table/use-engine';
import type { ColumnVisibility } from '@/lib/list-state';

interface Row {
  id: string;
}
const ids = ['a', 'b', 'c', 'd', 'e'];
const noop = () => {};

function optionsOf(o: { checked?: string[]; hidden?: string[]; selectable?: boolean; refused?: string[] }): ListTableOptions<Row> {
  const state = { rowSelection: Object.fromEntries((o.checked ?? []).map((id) => [id, true])) as RowSelectionState };
  const columnVisibility: ColumnVisibility = Object.fromEntries((o.hidden ?? []).map((id) => [id, false]));
  const options: ListTableOptions<Row> = {
    columns: [
      ...(o.selectable === false ? [] : [{ id: SELECT_COLUMN, enableHiding: false }]),
      { id: 'name', enableHiding: false },
      { id: 'city', enableHiding: true },
      { id: 'phone', enableHiding: true },
    ],
    data: ids.map((id) => ({ id })),
    selectable: o.selectable !== false,
    rowId: (r) => r.id,
    canSelectRow: (r) => !(o.refused ?? []).includes(r.id),
    rowSelection: state.rowSelection,
    columnVisibility,
    onRowSelectionChange: (u: Updater<RowSelectionState>) => {
      state.rowSelection = typeof u === 'function' ? u(state.rowSelection) : u;
      options.rowSelection = state.rowSelection;
    },
    onColumnVisibilityChange: noop,
  };
  return options;
}

const drawn = (v: ReturnType<typeof withEngine<Row>>) => ({
  leaves: v.leaves,
  rows: v.rows.map(({ id, checked, canCheck }) => ({ id, checked, canCheck })),
  allChecked: v.allChecked,
  someChecked: v.someChecked,
  hideable: v.hideable,
});

function engineView(o: ListTableOptions<Row>) {
  const table = listTable<Row>();
  syncListTable(table, o);
  return { table, view: withEngine(table, noop) };
}

const change = (checked: boolean, shiftKey = false) =>
  ({ target: { checked }, nativeEvent: { shiftKey } }) as unknown as ChangeEvent<HTMLInputElement>;

describe('data-table without its engine', () => {
  it.each([
    ['nothing checked', {}],
    ['some checked, a column hidden', { checked: ['b', 'd'], hidden: ['city'] }],
    ['all checked', { checked: ids }],
    ['rows that may not be checked', { checked: ['a', 'b'], refused: ['c', 'd', 'e'] }],
    ['no row may be checked', { refused: ids }],
    ['not selectable, every column hidden that may be', { selectable: false, hidden: ['city', 'phone'] }],
  ])('draws what the engine draws: %s', (_, o) => {
    const options = optionsOf(o);
    expect(drawn(withoutEngine(options, noop, noop))).toEqual(drawn(engineView(options).view));
  });

  it('a check made before the engine came is handed over: the next Shift+click takes the range from it', () => {
    const options = optionsOf({});
    const handed: Parameters<Parameters<typeof withoutEngine<Row>>[1]>[0][] = [];
    withoutEngine(options, (a) => handed.push(a), noop).checkRow('b', change(true));
    expect(options.rowSelection).toEqual({ b: true }); // at once, before the engine
    const { table } = engineView(options);
    for (const a of handed)
      if (!('all' in a)) table.getRowModel().rowsById[a.row]?.getToggleSelectedHandler()(change(a.checked, a.shiftKey));
    syncListTable(table, options);
    withEngine(table, noop).checkRow('d', change(true, true));
    syncListTable(table, options);
    expect(Object.keys(options.rowSelection).sort()).toEqual(['b', 'c', 'd']);
  });

  it('"check all" before the engine checks the rows that may be checked, and a second click unchecks them', () => {
    const options = optionsOf({ refused: ['e'] });
    withoutEngine(options, noop, noop).checkAll();
    expect(Object.keys(options.rowSelection).sort()).toEqual(['a', 'b', 'c', 'd']);
    withoutEngine(options, noop, noop).checkAll();
    expect(options.rowSelection).toEqual({});
  });
});
