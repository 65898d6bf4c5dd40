/** The users list's columns: who a user is at a glance (name, username, role, primary location, state, reports). */
import type { DataColumn } from '@/components/data-table';
import type { UserRow } from '@/lib/contract/user';

const dash = <span className="text-slate-400">—</span>;
const yes = (on: boolean, tone: 'red' | 'green') =>
  on ? (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${tone === 'red' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}>Yes</span>
  ) : (
    <span className="text-slate-600">No</span>
  );
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
        <span className="flex flex-wrap items-center gap-x-2">
          <button type="button" className="text-left font-medium text-brand-700 underline-offset-2 hover:underline" onClick={() => open(r)}>
            {r.fileAs}
          </button>
          {r.user === viewer && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">You</span>}
        </span>
      ),
    },
    { id: 'username', header: 'Username', sortable: true, className: 'break-all', csv: (r) => r.username, cell: (r) => r.username },
    { id: 'role', header: 'Role', sortable: true, csv: (r) => r.roleName, cell: (r) => r.roleName || dash },
    { id: 'location', header: 'Primary location', sortable: true, csv: (r) => r.firmName, cell: (r) => r.firmName },
    { id: 'inactive', header: 'Inactive', sortable: true, csv: (r) => (r.isInactive ? 'Yes' : 'No'), cell: (r) => yes(r.isInactive, 'red') },
    { id: 'reports', header: 'Receives reports', sortable: true, csv: (r) => (r.receivesReport ? 'Yes' : 'No'), cell: (r) => yes(r.receivesReport, 'green') },
    { id: 'locations', header: 'Locations', hidden: true, className: 'text-right', csv: (r) => r.locations, cell: (r) => count.format(r.locations) },
    { id: 'id', header: 'Id', sortable: true, hidden: true, csv: (r) => r.user, cell: (r) => r.user },
  ];
}
