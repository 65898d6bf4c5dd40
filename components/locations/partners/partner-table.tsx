/**
 * A table of opt-in programs or providers (docs/locations.md#fields "Opt-in program and provider"): name with
 * its MCP and pending-change marks, license, address, phone, optionally the relationship and the
 * distance, and one action cell per row (a SimpleTable: at narrow widths it scrolls inside its own box,
 * the name pinned).
 */
import type { PartnerEntry } from '@/lib/contract/locations-partners';
import { RELATIONSHIP_LABELS } from '@/lib/contract/locations-constants';
import { formatMiles } from '@/lib/format';
import { SimpleTable } from '@/components/ui/simple-table';
import type { Column } from '@/components/ui/table';

export interface PartnerTableProps {
  caption: string;
  entries: readonly PartnerEntry[];
  showRelationship?: boolean;
  showDistance?: boolean;
  actionHeader: string;
  action: (e: PartnerEntry) => React.ReactNode;
}

const address = (e: PartnerEntry) =>
  [e.addressLines, [e.city, [e.state, e.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(', ');

export function PartnerTable({ caption, entries, showRelationship, showDistance, actionHeader, action }: PartnerTableProps) {
  const columns: Column<PartnerEntry>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (e) => (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-slate-900">{e.firmName}</span>
          {e.isMCP && <span className="rounded bg-brand-50 px-1.5 text-xs text-brand-800">MCP</span>}
          {e.isAdd && <span className="rounded bg-green-50 px-1.5 text-xs text-green-800">New</span>}
          {e.isRemove && <span className="rounded bg-red-50 px-1.5 text-xs text-red-800">Will be removed</span>}
        </span>
      ),
    },
    { id: 'license', header: 'License', className: 'whitespace-nowrap text-slate-700', cell: (e) => e.license || '—' },
    { id: 'address', header: 'Address', className: 'text-slate-700', cell: (e) => address(e) || '—' },
    { id: 'phone', header: 'Phone', className: 'whitespace-nowrap text-slate-700', cell: (e) => e.phone || '—' },
    ...(showRelationship
      ? [
          {
            id: 'relationship',
            header: 'Relationship',
            className: 'text-slate-700',
            cell: (e: PartnerEntry) => RELATIONSHIP_LABELS[e.relationship] ?? 'Other provider',
          },
        ]
      : []),
    ...(showDistance
      ? [
          {
            id: 'distance',
            header: 'Distance',
            className: 'text-right whitespace-nowrap text-slate-700 tabular-nums',
            cell: (e: PartnerEntry) => <span data-testid="distance">{e.distance == null ? '—' : formatMiles(e.distance)}</span>,
          },
        ]
      : []),
    { id: 'action', header: actionHeader, cell: action },
  ];
  return (
    <SimpleTable
      caption={caption}
      columns={columns}
      rows={entries}
      rowKey={(e) => e.firm2}
      rowAttributes={() => ({ 'data-testid': 'partner-row' })}
      tableClassName="min-w-[44rem]"
    />
  );
}
