/** The locations list's columns: name, type, parent, city and state, phone, users, inactive. */
import type { DataColumn } from '@/components/data-table';
import type { FirmRow } from '@/lib/contract/firm';
import { FIRM_TYPE_LABELS } from '@/lib/contract/firm-constants';

const dash = <span className="text-slate-400">—</span>;
const place = (r: FirmRow) => [r.city, r.stateCode].filter(Boolean).join(', ');

export function locationColumns(open: (row: FirmRow) => void, count: (n: number) => string): DataColumn<FirmRow>[] {
  return [
    {
      id: 'firm',
      header: 'Name',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.name,
      cell: (r) => (
        <button type="button" className="text-left font-medium text-brand-700 underline-offset-2 hover:underline" onClick={() => open(r)}>
          {r.name}
        </button>
      ),
    },
    { id: 'type', header: 'Type', sortable: true, csv: (r) => FIRM_TYPE_LABELS[r.firmType], cell: (r) => FIRM_TYPE_LABELS[r.firmType] },
    { id: 'parent', header: 'Parent', sortable: true, csv: (r) => r.parentName ?? '', cell: (r) => r.parentName || dash },
    { id: 'city', header: 'City and state', sortable: true, csv: (r) => place(r), cell: (r) => place(r) || dash },
    { id: 'phone', header: 'Phone', sortable: true, className: 'whitespace-nowrap', csv: (r) => r.phoneNo, cell: (r) => r.phoneNo || dash },
    { id: 'users', header: 'Users', sortable: true, className: 'text-right tabular-nums', csv: (r) => r.users, cell: (r) => count(r.users) },
    {
      id: 'inactive',
      header: 'Inactive',
      sortable: true,
      csv: (r) => (r.isInactive ? 'Yes' : 'No'),
      cell: (r) =>
        r.isInactive ? <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-800">Yes</span> : <span className="text-slate-600">No</span>,
    },
    { id: 'postalCode', header: 'Postal code', hidden: true, csv: (r) => r.postalCode, cell: (r) => r.postalCode || dash },
    { id: 'id', header: 'Id', hidden: true, csv: (r) => r.firm, cell: (r) => r.firm },
  ];
}
