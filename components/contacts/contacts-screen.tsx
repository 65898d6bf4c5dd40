'use client';
/**
 * The interactive part of /contacts (docs/contacts.md#screens "Contacts screen", #states): the server page renders the rows
 * from the URL; this component adds the view switch, search, filters, selection and bulk actions (Merge
 * from two checked rows, Set inactive), CSV export, and the editor. A new primary phone or email saved in
 * the editor updates its row here at once, without reloading the list.
 */
import dynamic from 'next/dynamic';
import { Icon } from '@/components/ui/icon';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, FilterSelect, ListLink, fetchAllPages, useList, type FilterOption } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import type { ContactList, ContactRow } from '@/lib/contract/contacts';
import { contactApi } from './api';
import { contactColumns } from './columns';
import type { PrimaryChange } from '@/components/contact-info';
import { NEW_ID } from '@/lib/contract/contacts-constants';
import type { EditorTarget, NewContactDefaults } from './contact-editor';
import { ContactSearch } from './contact-search';
import type { ContactListSpec, ContactListState } from './list-spec';
import { listQuery } from './query';
import { canMerge, vendorChecked } from './rules';

// Loaded when first opened: they are not needed to show the list.
const ContactEditor = dynamic(() => import('./contact-editor').then((m) => m.ContactEditor), { ssr: false });
const MergeDialog = dynamic(() => import('./merge-dialog').then((m) => m.MergeDialog), { ssr: false });
// Dialogs bring Radix with them: they load when first needed, not with the list.
const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog), { ssr: false });

const DAYS: readonly FilterOption[] = [
  { value: 0, label: 'Any time' },
  { value: 7, label: 'Last 7 days' },
  { value: 30, label: 'Last 30 days' },
  { value: 90, label: 'Last 90 days' },
  { value: 365, label: 'Last 365 days' },
];
export const ALL_TYPES = 9999;

export interface ContactsScreenProps {
  spec: ContactListSpec;
  state: ContactListState;
  data: ContactList;
  contactTypes: readonly FilterOption[];
  defaults: NewContactDefaults;
}

export function ContactsScreen({ spec, state, data, contactTypes, defaults }: ContactsScreenProps) {
  const list = useList(spec, state);
  const view = state.view;
  const noun = view === 'vendors' ? 'vendors' : 'contacts';

  // Rows patched after a primary phone/email change; a new server render (another `data`) replaces them.
  const [patched, setPatched] = useState<{ data: ContactList; rows: Record<number, Partial<ContactRow>> }>({ data, rows: {} });
  if (patched.data !== data) setPatched({ data, rows: {} });
  const rows = useMemo(
    () => data.items.map((r) => (patched.rows[r.contact] ? { ...r, ...patched.rows[r.contact] } : r)),
    [data.items, patched.rows],
  );
  const onPrimaryChange = useCallback(
    (contact: number, change: PrimaryChange) =>
      setPatched((p) => {
        const now = p.data.items.find((r) => r.contact === contact);
        if (!now) return p;
        return { ...p, rows: { ...p.rows, [contact]: { ...p.rows[contact], ...change } } };
      }),
    [],
  );

  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const open = useCallback((row: ContactRow) => setEditor({ id: row.contact, view }), [view]);
  const columns = useMemo(() => contactColumns(open, view === 'contacts'), [open, view]);

  const [merging, setMerging] = useState<{ rows: ContactRow[]; clear: () => void } | null>(null);
  const [deactivating, setDeactivating] = useState<{ rows: ContactRow[]; clear: () => void } | null>(null);
  const [flash, setFlash] = useState<string | null>(null);

  const typeOptions = useMemo<FilterOption[]>(() => [{ value: ALL_TYPES, label: 'All types' }, ...contactTypes], [contactTypes]);
  const dayOptions = useMemo<readonly FilterOption[]>(
    () =>
      DAYS.some((d) => d.value === state.retrospectiveDays)
        ? DAYS
        : [...DAYS, { value: state.retrospectiveDays, label: `Last ${state.retrospectiveDays} days` }],
    [state.retrospectiveDays],
  );
  const filtered = state.searchTerm !== '' || state.filterBy !== ALL_TYPES || state.retrospectiveDays !== 0;

  const exportAll = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages((page, pageSize) => contactApi.list(view, { ...listQuery(state), page, pageSize }), { onProgress }),
    [state, view],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading
        actions={
          <Button onClick={() => setEditor({ id: NEW_ID, view })}>
            <Icon name="plus" className="size-4" />
            {view === 'vendors' ? 'Add vendor' : 'Add contact'}
          </Button>
        }
      >
        Contacts
      </PageHeading>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label="Contacts or vendors" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
          {(['contacts', 'vendors'] as const).map((v) => (
            <ListLink
              key={v}
              list={list}
              change={{ view: v, filterBy: ALL_TYPES }}
              aria-current={view === v ? 'page' : undefined}
              className={`rounded px-4 py-2 text-sm font-medium ${view === v ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
            >
              {v === 'vendors' ? 'Vendors' : 'Contacts'}
            </ListLink>
          ))}
        </nav>
        <ContactSearch view={view} onPick={(id) => setEditor({ id, view })} />
      </div>

      {flash && (
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <Alert kind="success">{flash}</Alert>
          </div>
          <Button variant="ghost" onClick={() => setFlash(null)} aria-label="Dismiss message">
            ×
          </Button>
        </div>
      )}

      <DataTable<ContactRow>
        caption={view === 'vendors' ? 'Vendors' : 'Contacts'}
        noun={noun}
        columns={columns}
        rows={rows}
        count={data.count}
        rowId={(r) => String(r.contact)}
        live="contact"
        rowLabel={(r) => r.fileAs}
        list={list}
        selectable
        search={{ label: 'Filter the list', placeholder: 'Name, phone or email' }}
        filters={
          <>
            {view === 'contacts' && (
              <FilterSelect label="Type" value={state.filterBy} options={typeOptions} onChange={(v) => list.go({ filterBy: Number(v) })} />
            )}
            <FilterSelect
              label="Created"
              value={state.retrospectiveDays}
              options={dayOptions}
              onChange={(v) => list.go({ retrospectiveDays: Number(v) })}
            />
          </>
        }
        bulkActions={({ rows: checked, clear }) =>
          view === 'vendors' ? (
            <Button variant="secondary" disabled={!vendorChecked(checked.length)} onClick={() => setDeactivating({ rows: checked, clear })}>
              Set inactive
            </Button>
          ) : (
            <>
              <Button
                variant="secondary"
                disabled={!canMerge(checked.length)}
                title={canMerge(checked.length) ? undefined : 'Check two or more contacts to merge them'}
                onClick={() => setMerging({ rows: checked, clear })}
              >
                Merge
              </Button>
              <Button variant="secondary" disabled={checked.length === 0} onClick={() => setDeactivating({ rows: checked, clear })}>
                Set inactive
              </Button>
            </>
          )
        }
        exportCsv={{ filename: noun, fetchAll: exportAll }}
        empty={
          <span className="flex flex-col items-center gap-2">
            <span>{filtered ? `No ${noun} match the search and filters.` : `No ${noun} yet.`}</span>
            {filtered && (
              <Button variant="secondary" onClick={() => list.go({ searchTerm: '', filterBy: ALL_TYPES, retrospectiveDays: 0 })}>
                Clear search and filters
              </Button>
            )}
          </span>
        }
      />

      {editor && (
        <ContactEditor
          key={`${editor.view}-${editor.id}`}
          target={editor}
          defaults={{ ...defaults, contactType: state.filterBy !== ALL_TYPES ? state.filterBy : defaults.contactType }}
          onClose={() => setEditor(null)}
          onSaved={() => list.refresh()}
          onPrimaryChange={onPrimaryChange}
        />
      )}

      {merging && (
        <MergeDialog
          contacts={merging.rows}
          onClose={() => setMerging(null)}
          onMerged={() => {
            merging.clear();
            list.refresh();
          }}
        />
      )}

      {deactivating && (
        <ConfirmDialog
          open={deactivating !== null}
          onOpenChange={(o) => !o && setDeactivating(null)}
          title="Set inactive"
          confirmLabel="Set inactive"
          message={
            deactivating &&
            (deactivating.rows.length === 1 && deactivating.rows[0]
              ? `Set ${deactivating.rows[0].fileAs} inactive?`
              : `Set the ${deactivating.rows.length} checked ${noun} inactive?`)
          }
          onConfirm={async () => {
            if (!deactivating) return;
            const { count } = await contactApi.setInactive(deactivating.rows.map((r) => r.contact));
            deactivating.clear();
            setFlash(`${count} ${count === 1 ? noun.slice(0, -1) : noun} set inactive.`);
            list.refresh();
          }}
        />
      )}
    </div>
  );
}
