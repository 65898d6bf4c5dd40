/**
 * The data-table's table state, drawn with or without its engine. TanStack Table (model.ts) decides which
 * rows are checked (Shift+click ranges, rows that may not be checked) and which columns are shown, but it is
 * not needed to draw a page of rows: until the user first points at, touches or tabs into the list, the view
 * is read straight from the same controlled state (nothing can be checked yet, the shown columns are the
 * list state's), so the page's first load does not carry the engine. `prepare()` loads it; a check made in
 * the moment before it has arrived is applied at once (the browser's checkbox must change on the click) and
 * handed to the engine when it comes, so its state — the Shift+click anchor — is what it would have been.
 */
import type { RowData, RowSelectionState, Updater } from '@tanstack/react-table';
import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import type { ListTable, ListTableOptions } from './model';
import { rowSelectable } from './selection';

type Engine = typeof import('./model');
/** A check made before the engine arrived, handed to it in order once it has. */
type Early = { row: string; checked: boolean; shiftKey: boolean } | { all: boolean };

export interface RowView<T> {
  id: string;
  original: T;
  checked: boolean;
  canCheck: boolean;
}

export interface TableView<T> {
  /** The shown columns' ids, in drawing order. */
  leaves: string[];
  rows: RowView<T>[];
  allChecked: boolean;
  someChecked: boolean;
  /** The columns the user may show or hide. */
  hideable: { id: string; visible: boolean }[];
  checkRow: (id: string, event: ChangeEvent<HTMLInputElement>) => void;
  checkAll: () => void;
  showColumn: (id: string, visible: boolean) => void;
  /** Starts loading the engine: the user is about to use the list. */
  prepare: () => void;
}

export function withEngine<T extends RowData>(table: ListTable<T>, prepare: () => void): TableView<T> {
  return {
    leaves: table.getVisibleLeafColumns().map((c) => c.id),
    rows: table.getRowModel().rows.map((r) => ({ id: r.id, original: r.original, checked: r.getIsSelected(), canCheck: r.getCanSelect() })),
    allChecked: table.getIsAllPageRowsSelected(),
    someChecked: table.getIsSomePageRowsSelected(),
    hideable: table
      .getAllLeafColumns()
      .filter((c) => c.getCanHide())
      .map((c) => ({ id: c.id, visible: c.getIsVisible() })),
    checkRow: (id, event) => table.getRowModel().rowsById[id]?.getToggleSelectedHandler()(event),
    checkAll: () => table.toggleAllPageRowsSelected(),
    showColumn: (id, visible) => table.getColumn(id)?.toggleVisibility(visible),
    prepare,
  };
}

export function withoutEngine<T extends RowData>(
  o: ListTableOptions<T>,
  handOver: (action: Early) => void,
  prepare: () => void,
): TableView<T> {
  const canCheck = rowSelectable(o);
  const rows = o.data.map((r) => {
    const id = o.rowId(r);
    return { id, original: r, checked: o.rowSelection[id] === true, canCheck: canCheck(r) };
  });
  const checkable = rows.filter((r) => r.canCheck);
  const allChecked = checkable.length > 0 && checkable.every((r) => r.checked);
  const visible = (id: string) => o.columnVisibility[id] ?? true;
  const select = (update: Updater<RowSelectionState>, action: Early) => {
    o.onRowSelectionChange(update);
    handOver(action);
  };
  return {
    leaves: o.columns.map((c) => c.id).filter(visible),
    rows,
    allChecked,
    someChecked: checkable.some((r) => r.checked),
    hideable: o.columns.filter((c) => c.enableHiding !== false).map((c) => ({ id: c.id, visible: visible(c.id) })),
    checkRow: (id, event) => {
      const checked = event.target.checked;
      select((c) => (checked ? { ...c, [id]: true } : Object.fromEntries(Object.entries(c).filter(([k]) => k !== id))), {
        row: id,
        checked,
        shiftKey: (event.nativeEvent as MouseEvent).shiftKey === true,
      });
    },
    checkAll: () => {
      const all = !allChecked;
      select((c) => (all ? { ...c, ...Object.fromEntries(checkable.map((r) => [r.id, true])) } : {}), { all });
    },
    showColumn: (id, shown) => {
      o.onColumnVisibilityChange({ ...o.columnVisibility, [id]: shown });
      prepare();
    },
    prepare,
  };
}

/** The data-table's view of its rows and columns. */
export function useListEngine<T extends RowData>(o: ListTableOptions<T>): TableView<T> {
  const [wanted, setWanted] = useState(false);
  const [engine, setEngine] = useState<{ table: ListTable<T>; sync: Engine['syncListTable'] } | null>(null);
  const [early, setEarly] = useState<Early[]>([]);
  const prepare = useCallback(() => setWanted(true), []);
  const handOver = useCallback((action: Early) => {
    setEarly((list) => [...list, action]);
    setWanted(true);
  }, []);

  useEffect(() => {
    if (!wanted || engine) return;
    let current = true;
    import('./model').then(
      (m) => current && setEngine({ table: m.listTable<T>(), sync: m.syncListTable }),
      // Offline, or a new deployment's chunk: the next use tries again; the list still draws without it.
      () => current && setWanted(false),
    );
    return () => {
      current = false;
    };
  }, [wanted, engine]);

  // The table takes the list's current rows, columns and state on every render, as TanStack's React adapter does.
  if (engine) engine.sync(engine.table, o);

  useEffect(() => {
    if (!engine || early.length === 0) return;
    const { table } = engine;
    for (const action of early) {
      if ('all' in action) table.toggleAllPageRowsSelected(action.all);
      else
        table.getRowModel().rowsById[action.row]?.getToggleSelectedHandler()({
          target: { checked: action.checked },
          nativeEvent: { shiftKey: action.shiftKey },
        });
    }
    // Handed over once: the engine (an outside system arriving) now holds these checks.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEarly([]);
  }, [engine, early]);

  return engine ? withEngine(engine.table, prepare) : withoutEngine(o, handOver, prepare);
}
