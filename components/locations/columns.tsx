/** The locations list's columns: name, type, parent, city and state, phone, users, inactive. */
import type { FirmRow } from '@/lib/contract/locations';
import { FIRM_TYPE_LABELS } from '@/lib/contract/locations-constants';
import { OpenCell, YesNo, dash, yesNo, type DataColumn } from '@/components/data-table';

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
      cell: (r) => <OpenCell label={r.name} onOpen={() => open(r)} />,
    },
    { id: 'type', header: 'Type', sortable: true, csv: (r) => FIRM_TYPE_LABELS[r.firmType], cell: (r) => FIRM_TYPE_LABELS[r.firmType] },
    { id: 'parent', header: 'Parent', sortable: true, csv: (r) => r.parentName ?? '', cell: (r) => r.parentName || dash },
    { id: 'city', header: 'City and state', sortable: true, csv: (r) => place(r), cell: (r) => place(r) || dash },
    { id: 'phone', header: 'Phone', sortable: true, className: 'whitespace-nowrap', csv: (r) => r.phoneNo, cell: (r) => r.phoneNo || dash },
    {
      id: 'users',
      header: 'Users',
      sortable: true,
      className: 'text-right tabular-nums',
      csv: (r) => r.users,
      cell: (r) => count(r.users),
    },
    {
      id: 'inactive',
      header: 'Inactive',
      sortable: true,
      csv: (r) => yesNo(r.isInactive),
      cell: (r) => <YesNo value={r.isInactive} tone="red" />,
    },
    { id: 'postalCode', header: 'Postal code', hidden: true, csv: (r) => r.postalCode, cell: (r) => r.postalCode || dash },
    { id: 'id', header: 'Id', hidden: true, csv: (r) => r.firm, cell: (r) => r.firm },
  ];
}
