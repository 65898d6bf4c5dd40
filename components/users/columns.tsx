/** The users list's columns: who a user is at a glance (name, username, role, primary location, state, reports). */
import { OpenCell, Tag, YesNo, dash, yesNo, type DataColumn } from '@/components/data-table';
import type { UserRow } from '@/lib/contract/users';

const count = new Intl.NumberFormat('en-US');

export function userColumns(open: (row: UserRow) => void, viewer: number): DataColumn<UserRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.fileAs,
      cell: (r) => (
        <OpenCell label={r.fileAs} onOpen={() => open(r)}>
          {r.user === viewer && <Tag>You</Tag>}
        </OpenCell>
      ),
    },
    { id: 'username', header: 'Username', sortable: true, className: 'break-all', csv: (r) => r.username, cell: (r) => r.username },
    { id: 'role', header: 'Role', sortable: true, csv: (r) => r.roleName, cell: (r) => r.roleName || dash },
    { id: 'location', header: 'Primary location', sortable: true, csv: (r) => r.firmName, cell: (r) => r.firmName },
    {
      id: 'inactive',
      header: 'Inactive',
      sortable: true,
      csv: (r) => yesNo(r.isInactive),
      cell: (r) => <YesNo value={r.isInactive} tone="red" />,
    },
    {
      id: 'reports',
      header: 'Receives reports',
      sortable: true,
      csv: (r) => yesNo(r.receivesReport),
      cell: (r) => <YesNo value={r.receivesReport} tone="green" />,
    },
    {
      id: 'locations',
      header: 'Locations',
      hidden: true,
      className: 'text-right',
      csv: (r) => r.locations,
      cell: (r) => count.format(r.locations),
    },
    { id: 'id', header: 'Id', sortable: true, hidden: true, csv: (r) => r.user, cell: (r) => r.user },
  ];
}
