'use client';
/**
 * The interactive part of /users (docs/users.md#screens "Users list and user edit"): the server page renders the
 * rows from the URL; this component adds search, the role / location / state filters, selection with the
 * bulk actions (Activate, Deactivate, Delete, each confirmed where it takes something away; one's own row
 * cannot be checked), CSV export of every matching row, "Add user" and the user profile dialog.
 */
import dynamic from 'next/dynamic';
import { Icon } from '@/components/ui/icon';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, FilterSelect, fetchAllPages, useList, type FilterOption } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import { useForm } from '@/components/ui/use-form';
import type { RoleItem, UserList, UserRow } from '@/lib/contract/users';
import { ALL_ROLES_FILTER, canCheckRow } from '@/lib/user-list';
import { userApi } from './api';
import { userColumns } from './columns';
import type { UserListSpec, UserListState } from './list-spec';
import { listQuery } from './query';
import type { Person } from './rules';
import { USER_ADMINISTRATION } from './source';
import type { UserDialogTarget } from './user-dialog';

// Loaded when first opened: not needed to show the list.
const UserDialog = dynamic(() => import('./user-dialog').then((m) => m.UserDialog), { ssr: false });
const BulkConfirm = dynamic(() => import('./bulk-confirm').then((m) => m.BulkConfirm), { ssr: false });

const STATES: readonly FilterOption[] = [
  { value: 'all', label: 'Active and inactive' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export interface LocationOption {
  firm: number;
  firmName: string;
  depth: number;
}

export interface UsersScreenProps {
  spec: UserListSpec;
  state: UserListState;
  data: UserList;
  roles: readonly RoleItem[];
  locations: readonly LocationOption[];
  viewer: Person & { firm: number };
}

type Bulk = { action: 'delete' | 'deactivate'; rows: UserRow[]; clear: () => void };

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

export function UsersScreen({ spec, state, data, roles, locations, viewer }: UsersScreenProps) {
  const list = useList(spec, state);
  const [dialog, setDialog] = useState<UserDialogTarget | null>(null);
  const [bulk, setBulk] = useState<Bulk | null>(null);
  // The screen's own calls (activate) and what they, and the bulk dialogs, have to say.
  const calls = useForm();
  const { busy, message: flash, say } = calls;
  const setFlash = (m: { kind: 'success' | 'error'; text: string } | null) => say(m && m.text, m?.kind);

  const open = useCallback((row: UserRow) => setDialog({ mode: 'editing', username: row.username }), []);
  const columns = useMemo(() => userColumns(open, viewer.user), [open, viewer.user]);

  const roleOptions = useMemo<FilterOption[]>(
    () => [{ value: ALL_ROLES_FILTER, label: 'All roles' }, ...roles.map((r) => ({ value: r.role, label: r.roleName }))],
    [roles],
  );
  const locationOptions = useMemo<FilterOption[]>(
    () => [
      { value: 0, label: 'All locations' },
      ...locations.map((l) => ({ value: l.firm, label: `${'\u2003'.repeat(Math.min(l.depth, 4))}${l.firmName}` })),
    ],
    [locations],
  );
  const location = state.firm > 0 ? locations.find((l) => l.firm === state.firm) : undefined;
  const filtered = state.searchTerm !== '' || state.filterBy !== ALL_ROLES_FILTER || state.firm !== 0 || state.inactive !== 'all';

  const exportAll = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages((page, pageSize) => userApi.list({ ...listQuery(state), page, pageSize }), { onProgress }),
    [state],
  );

  const activate = (rows: UserRow[], clear: () => void) =>
    calls.run(async () => {
      const { count } = await userApi.activate(rows, true);
      clear();
      list.refresh();
      return `${plural(count, 'user')} activated.`;
    });

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading
        actions={
          <Button
            onClick={() => setDialog({ mode: 'adding', location: location ? { firm: location.firm, name: location.firmName } : null })}
          >
            <Icon name="plus" className="size-4" />
            Add user
          </Button>
        }
      >
        Users
      </PageHeading>

      {flash && (
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <Alert kind={flash.kind}>{flash.text}</Alert>
          </div>
          <Button variant="ghost" onClick={() => setFlash(null)} aria-label="Dismiss message">
            ×
          </Button>
        </div>
      )}

      <DataTable<UserRow>
        caption="Users"
        noun="users"
        columns={columns}
        rows={data.items}
        count={data.count}
        rowId={(r) => String(r.user)}
        rowLabel={(r) => r.fileAs}
        list={list}
        live="user"
        selectable
        canSelectRow={(r) => canCheckRow(r, viewer)}
        search={{ label: 'Filter the list', placeholder: 'Name or username' }}
        filters={
          <>
            <FilterSelect label="Role" value={state.filterBy} options={roleOptions} onChange={(v) => list.go({ filterBy: Number(v) })} />
            <FilterSelect label="Location" value={state.firm} options={locationOptions} onChange={(v) => list.go({ firm: Number(v) })} />
            <FilterSelect
              label="State"
              value={state.inactive}
              options={STATES}
              onChange={(v) => list.go({ inactive: v as UserListState['inactive'] })}
            />
          </>
        }
        bulkActions={({ rows, clear }) => (
          <>
            <Button variant="secondary" disabled={rows.length === 0 || busy} onClick={() => void activate(rows, clear)}>
              Activate
            </Button>
            <Button variant="secondary" disabled={rows.length === 0 || busy} onClick={() => setBulk({ action: 'deactivate', rows, clear })}>
              Deactivate
            </Button>
            <Button variant="secondary" disabled={rows.length === 0 || busy} onClick={() => setBulk({ action: 'delete', rows, clear })}>
              Delete
            </Button>
          </>
        )}
        exportCsv={{ filename: 'users', fetchAll: exportAll }}
        empty={
          <span className="flex flex-col items-center gap-2">
            <span>{filtered ? 'No users match the search and filters.' : 'No users yet.'}</span>
            {filtered && (
              <Button variant="secondary" onClick={() => list.go({ searchTerm: '', filterBy: ALL_ROLES_FILTER, firm: 0, inactive: 'all' })}>
                Clear search and filters
              </Button>
            )}
          </span>
        }
      />

      {dialog && (
        <UserDialog
          open
          onOpenChange={(o) => !o && setDialog(null)}
          target={dialog}
          source={USER_ADMINISTRATION}
          viewer={viewer}
          onSaved={() => list.refresh()}
        />
      )}

      {bulk && (
        <BulkConfirm
          action={bulk.action}
          rows={bulk.rows}
          onClose={() => setBulk(null)}
          onConfirm={async () => {
            const { rows, clear } = bulk;
            if (bulk.action === 'delete') {
              const { count } = await userApi.remove(rows.map((r) => r.user));
              setFlash({ kind: 'success', text: `${plural(count, 'user')} deleted.` });
            } else {
              const { count } = await userApi.activate(rows, false);
              setFlash({ kind: 'success', text: `${plural(count, 'user')} deactivated.` });
            }
            clear();
            list.refresh();
          }}
        />
      )}
    </div>
  );
}
