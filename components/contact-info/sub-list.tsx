'use client';
/**
 * One of a contact's item lists (docs/contacts.md#screens "Contact Info tab"): a title, Add, and — only while a
 * row is checked — Delete and Set as Primary; a Loading indicator; per-row edit links; a "(primary)"
 * marker. `useItems` holds the list and applies the rules of rules.ts around the calls.
 */
import { Icon } from '@/components/ui/icon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, deleteQuestion, deleteTag } from '@/components/ui/confirm-dialog';
import { NEW_ID } from '@/lib/contract/contacts-constants';
import { useForm } from '@/components/ui/use-form';
import {
  addNew,
  applyDelete,
  applyPrimary,
  applySaved,
  becomesPrimary,
  cancelNew,
  checkedOf,
  toggleChecked,
  type Checkable,
  type DeleteResult,
  type PrimaryFlags,
} from './rules';

type Row<T> = T & Checkable;

export interface ItemKind<T> {
  /** The id field (contactAddress, contactPhone, …). */
  key: keyof T & string;
  kind: 'address' | 'phone' | 'email' | 'related';
  load: (contact: number, signal: AbortSignal) => Promise<T[]>;
  save: (record: T) => Promise<{ id: number }>;
  remove: (record: T) => Promise<DeleteResult>;
  setPrimary?: (id: number, contact: number) => Promise<unknown>;
}

export interface Items<T> {
  items: Row<T>[] | null;
  error: string | null;
  reload: () => Promise<void>;
  add: (blank: T) => void;
  cancel: () => void;
  save: (record: T) => Promise<void>;
  remove: (rows: readonly T[]) => Promise<void>;
  primary: (id: number) => Promise<void>;
  toggle: (id: number, checked: boolean) => void;
}

const idOf = <T,>(r: T, key: keyof T) => r[key] as unknown as number;

export function useItems<T>(kind: ItemKind<T>, contact: number): Items<T> {
  const [items, setItems] = useState<Row<T>[] | null>(null);
  // The list's load (an effect) fails here; the calls' busy flag and message are the form hook's (below).
  const [error, setError] = useState<string | null>(null);
  const key = kind.key as never;
  const kindRef = useRef(kind);
  useEffect(() => {
    kindRef.current = kind;
  });

  const fetchInto = useCallback(
    (signal: AbortSignal) =>
      kindRef.current.load(contact, signal).then(
        (list) => {
          if (signal.aborted) return;
          setItems(list as Row<T>[]);
          setError(null);
        },
        (e: Error) => {
          if (e.name !== 'AbortError') setError(e.message);
        },
      ),
    [contact],
  );
  const reload = useCallback(() => fetchInto(new AbortController().signal), [fetchInto]);

  useEffect(() => {
    const ctrl = new AbortController();
    void fetchInto(ctrl.signal);
    return () => ctrl.abort();
  }, [fetchInto]);

  const add = (blank: T) => setItems((list) => addNew(list ?? [], key, { ...blank, isChecked: false }));
  const cancel = () => setItems((list) => cancelNew(list ?? [], key));
  const save = async (record: T) => {
    const wasNew = idOf(record, kind.key) === NEW_ID;
    const { id } = await kind.save(record);
    let next = applySaved(items ?? [], key, id, { ...record, isChecked: false } as Row<T>);
    if (
      kind.setPrimary &&
      kind.kind !== 'related' &&
      becomesPrimary(kind.kind, wasNew, (items ?? []).filter((r) => idOf(r, kind.key) !== NEW_ID) as unknown as PrimaryFlags[])
    ) {
      await kind.setPrimary(id, contact);
      next = applyPrimary(next as unknown as (PrimaryFlags & Checkable)[], key, id) as unknown as Row<T>[];
    }
    setItems(next);
  };
  /** docs/contacts.md#states: one delete call per checked row, then the list reloads. */
  const remove = async (rows: readonly T[]) => {
    let next = items ?? [];
    for (const r of rows) next = applyDelete(next, key, await kind.remove(r));
    setItems(next);
    await reload();
  };
  const primary = async (id: number) => {
    if (!kind.setPrimary) return;
    await kind.setPrimary(id, contact);
    setItems((list) => applyPrimary((list ?? []) as unknown as (PrimaryFlags & Checkable)[], key, id) as unknown as Row<T>[]);
  };
  const toggle = (id: number, checked: boolean) => setItems((list) => toggleChecked(list ?? [], key, id, checked));

  return { items, error, reload, add, cancel, save, remove, primary, toggle };
}

export interface SubListProps<T> {
  title: string;
  /** The confirmation's noun: "Address", "Phone", "Email", "Related Contact". */
  tag: string;
  idKey: keyof T & string;
  list: Items<T>;
  describe: (row: T) => React.ReactNode;
  /** Names the row for its checkbox and edit link. */
  rowName: (row: T) => string;
  isPrimary?: (row: T) => boolean;
  onAdd: () => void;
  onEdit: (row: T) => void;
}

export function SubList<T>({ title, tag, idKey, list, describe, rowName, isPrimary, onAdd, onEdit }: SubListProps<T>) {
  const [confirm, setConfirm] = useState(false);
  const calls = useForm();
  const { busy } = calls;
  const error = calls.message?.text ?? null;
  const rows = list.items ?? [];
  const checked = checkedOf(rows).filter((r) => idOf(r, idKey) !== NEW_ID);
  const headingId = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`;

  // Offered with exactly one row checked (below).
  const [first] = checked;
  const setPrimary = () => first && calls.run(() => list.primary(idOf(first, idKey)));

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid={`sublist-${tag.toLowerCase().replace(/\s+/g, '-')}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="mr-auto text-base font-semibold text-slate-900">
          {title}
        </h3>
        {checked.length > 0 && (
          <Button variant="danger" onClick={() => setConfirm(true)} disabled={busy}>
            Delete
          </Button>
        )}
        {checked.length > 0 && isPrimary && (
          <Button
            variant="secondary"
            onClick={setPrimary}
            disabled={busy || checked.length !== 1}
            title={checked.length !== 1 ? 'Check one row to make it the primary' : undefined}
          >
            Set as Primary
          </Button>
        )}
        <Button variant="secondary" onClick={onAdd} disabled={list.items === null} aria-label={`Add ${tag}`}>
          <Icon name="plus" className="size-4" />
          Add
        </Button>
      </div>
      {(error || list.error) && <Alert>{error ?? list.error}</Alert>}
      {list.items === null && !list.error && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Icon name="loader-circle" className="size-4 animate-spin" />
          Loading…
        </p>
      )}
      {list.items !== null && rows.length === 0 && <p className="text-sm text-slate-600">None yet.</p>}
      {rows.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {rows.map((r) => {
            const id = idOf(r, idKey);
            const isNew = id === NEW_ID;
            return (
              <li key={id} className={`flex items-start gap-3 px-3 py-2 text-sm ${r.isChecked ? 'bg-brand-50' : ''}`}>
                <input
                  type="checkbox"
                  className="size-6 shrink-0 accent-brand-600"
                  aria-label={`Check ${rowName(r)}`}
                  checked={r.isChecked === true}
                  disabled={isNew}
                  onChange={(e) => list.toggle(id, e.target.checked)}
                />
                <div className="min-w-0 flex-1 break-words text-slate-900">
                  {isNew ? <span className="text-slate-600 italic">New {tag.toLowerCase()} (not saved yet)</span> : describe(r)}
                  {isPrimary?.(r) && <span className="ml-1 font-medium whitespace-nowrap text-brand-700">(primary)</span>}
                </div>
                {!isNew && (
                  <button type="button" className="text-brand-700 underline" onClick={() => onEdit(r)} aria-label={`Edit ${rowName(r)}`}>
                    Edit
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        message={deleteQuestion(deleteTag(tag, checked.length))}
        onConfirm={() => list.remove(checked)}
      />
    </section>
  );
}
