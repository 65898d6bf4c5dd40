/** The contacts list's columns: name or company (fileAs), type, primary phone, primary email, inactive. */
import { OpenCell, Tag, YesNo, dash, yesNo, type DataColumn } from '@/components/data-table';
import type { ContactRow } from '@/lib/contract/contacts';

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
        <OpenCell label={r.fileAs} onOpen={() => open(r)}>
          {showVendorTag && r.isVendor && <Tag>Vendor</Tag>}
        </OpenCell>
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
      csv: (r) => yesNo(r.isInactive),
      cell: (r) => <YesNo value={r.isInactive} tone="red" />,
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
