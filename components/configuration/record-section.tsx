'use client';
/**
 * One section of /configuration: its heading and actions, the data-table of its records (server-side
 * paging, sorting, search and filters from the URL), an editor for a new or an opened record, deletion of
 * the checked rows after the one confirmation, and CSV export of every matching row.
 */
import { Icon } from '@/components/ui/icon';
import { useMemo, useState } from 'react';
import { DataTable, useList, type DataColumn, type ListController, type Selection } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import type { Paged } from '@/lib/contract/list';
import type { BaseFields, ListSpec, ListState } from '@/lib/list-state';
import type { Query } from './api';
import { DeleteConfirm, Flash, SectionHeader, useExportAll, useSection } from './kit';

export interface EditorSlot<T> {
  /** The record opened, or 'new'. */
  target: T | 'new';
  close: () => void;
  /** After a save: the message for the list (the list reloads). */
  saved: (message: string) => void;
  /** After a save that ends the editing: the message for the list, and the editor closes. */
  done: (message: string) => void;
}

export interface SectionActions {
  refresh: () => void;
  flash: (message: string) => void;
  fail: (message: string) => void;
}

export interface RecordSectionProps<T, F extends BaseFields, Q extends Query = Query> {
  title: string;
  noun: string;
  /** The word of the delete question ("Are you sure you wish to Delete this {tag}?"). */
  tag: string;
  spec: ListSpec<F>;
  state: ListState<F>;
  data: Paged<T>;
  /** The list's call query (for the CSV export of every matching row). */
  query: Q;
  fetchPage: (query: Q) => Promise<Paged<T>>;
  /** The columns, given what their cells may do: open a record, reload the list, tell the user. */
  columns: (open: (row: T) => void, act: SectionActions) => DataColumn<T>[];
  rowId: (row: T) => number;
  rowLabel: (row: T) => string;
  search: { label: string; placeholder?: string };
  /** The section's filters, given the list (to change the URL). */
  filters?: (list: ListController<F>) => React.ReactNode;
  filtered: boolean;
  addLabel?: string;
  actions?: React.ReactNode;
  editor: (slot: EditorSlot<T>) => React.ReactNode;
  remove?: (row: T) => Promise<unknown>;
  /** More actions on the checked rows (beside Delete). */
  bulkActions?: (selection: Selection<T>, act: SectionActions) => React.ReactNode;
  /** Above the table (messages of the section's own actions). */
  children?: React.ReactNode;
}

export function RecordSection<T extends object, F extends BaseFields, Q extends Query = Query>(p: RecordSectionProps<T, F, Q>) {
  const list = useList(p.spec, p.state);
  const s = useSection<T>();
  const [failure, setFailure] = useState<string | null>(null);
  const { columns: makeColumns } = p;
  const { refresh } = list;
  const { setEditing, setFlash } = s;
  const act = useMemo<SectionActions>(
    () => ({
      refresh,
      flash: (m) => {
        setFailure(null);
        setFlash(m);
      },
      fail: setFailure,
    }),
    [refresh, setFlash],
  );
  const columns = useMemo(() => makeColumns((row) => setEditing(row), act), [makeColumns, setEditing, act]);
  const exportAll = useExportAll(p.query, p.fetchPage);
  const editorSlot = (target: T | 'new'): EditorSlot<T> => {
    const close = () => s.setEditing(null);
    const saved = (message: string) => {
      s.setFlash(message);
      list.refresh();
    };
    const done = (message: string) => {
      saved(message);
      close();
    };
    return { target, close, saved, done };
  };
  const remove = p.remove;

  return (
    <section aria-labelledby="section-title" className="flex min-w-0 flex-col gap-4">
      <SectionHeader title={p.title}>
        {p.actions}
        {p.addLabel && (
          <Button onClick={() => s.setEditing('new')}>
            <Icon name="plus" className="size-4" />
            {p.addLabel}
          </Button>
        )}
      </SectionHeader>
      {p.children}
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <Flash text={s.flash} onDismiss={() => s.setFlash(null)} />
      <DataTable<T>
        caption={p.title}
        noun={p.noun}
        columns={columns}
        rows={p.data.items}
        count={p.data.count}
        rowId={(r) => String(p.rowId(r))}
        rowLabel={p.rowLabel}
        list={list as unknown as ListController<BaseFields>}
        search={p.search}
        filters={p.filters?.(list)}
        selectable={!!remove || !!p.bulkActions}
        bulkActions={
          remove || p.bulkActions
            ? (selection) => (
                <>
                  {p.bulkActions?.(selection, act)}
                  {remove && (
                    <Button variant="secondary" disabled={selection.rows.length === 0} onClick={() => s.setDeleting(selection)}>
                      Delete
                    </Button>
                  )}
                </>
              )
            : undefined
        }
        exportCsv={{ filename: p.spec.key.replace(/^config-/, ''), fetchAll: exportAll }}
        empty={p.filtered ? `No ${p.noun} match the search and filters.` : `No ${p.noun} yet.`}
      />
      {s.editing && p.editor(editorSlot(s.editing))}
      {remove && (
        <DeleteConfirm
          deleting={s.deleting}
          tag={p.tag}
          name={p.rowLabel}
          remove={remove}
          onClose={() => s.setDeleting(null)}
          onDone={(n) => {
            s.setFlash(n === 1 ? `1 ${p.tag} deleted.` : `${n} ${p.noun} deleted.`);
            list.refresh();
          }}
        />
      )}
    </section>
  );
}
