/** The contacts list's columns: name or company (fileAs), type, primary phone, primary email, inactive. */
import type { DataColumn } from '@/components/data-table';
import type { ContactRow } from '@/lib/contract/contact';

const dash = <span className="text-slate-400">—</span>;
const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });

export function contactColumns(open: (row: ContactRow) => void, showVendorTag: boolean): DataColumn<ContactRow>[] {
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
          {showVendorTag && r.isVendor && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">Vendor</span>}
        </span>
      ),
    },
    { id: 'type', header: 'Type', sortable: true, csv: (r) => r.contactTypeName, cell: (r) => r.contactTypeName || dash },
    {
      id: 'phone',
      header: 'Primary phone',
      sortable: true,
      csv: (r) => r.phoneNo ?? '',
      className: 'whitespace-nowrap',
      cell: (r) => <span data-testid="row-phone">{r.phoneNo || dash}</span>,
    },
    {
      id: 'email',
      header: 'Primary email',
      sortable: true,
      csv: (r) => r.emailAddress ?? '',
      className: 'break-all',
      cell: (r) => <span data-testid="row-email">{r.emailAddress || dash}</span>,
    },
    {
      id: 'inactive',
      header: 'Inactive',
      sortable: true,
      csv: (r) => (r.isInactive ? 'Yes' : 'No'),
      cell: (r) =>
        r.isInactive ? <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-800">Yes</span> : <span className="text-slate-600">No</span>,
    },
    {
      id: 'created',
      header: 'Created',
      sortable: true,
      hidden: true,
      csv: (r) => r.createdAt,
      className: 'whitespace-nowrap',
      cell: (r) => {
        const d = new Date(r.createdAt);
        return Number.isNaN(d.getTime()) ? r.createdAt : date.format(d);
      },
    },
    { id: 'id', header: 'Id', hidden: true, csv: (r) => r.contact, cell: (r) => r.contact },
  ];
}
