/** Columns of the dispatch queue (docs/dispatch.md#fields): the other side, the vehicle, the systems, the dates and the status. */
import { OpenCell, Tag, dash, type DataColumn, type TagTone } from '@/components/data-table';
import { MODE_LABELS, showDay, showVisit, type DispatchStatus, type DispatchView } from '@/lib/dispatch/rules';
import type { DispatchRow } from '@/lib/contract/dispatch';
import { formatMoney } from '@/lib/format';

/** A row with its last change as the user reads it, formatted on the server (lib/dates.ts). */
export type DatedRow = DispatchRow & { changedLabel: string };

export const STATUS_TONES: Readonly<Record<DispatchStatus, TagTone>> = {
  Requested: 'brand',
  Proposed: 'amber',
  Accepted: 'green',
  Completed: 'brand',
  Closed: 'slate',
  Declined: 'red',
  Cancelled: 'slate',
};

export const DispatchStatusTag = ({ status }: { status: DispatchStatus }) => <Tag tone={STATUS_TONES[status]}>{status}</Tag>;

export const vehicleOf = (r: Pick<DispatchRow, 'year' | 'make' | 'model'>) => `${r.year} ${r.make} ${r.model}`;

export function dispatchColumns(view: DispatchView, open: (r: DatedRow) => void): DataColumn<DatedRow>[] {
  return [
    {
      id: 'vehicle',
      header: 'Vehicle',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => vehicleOf(r),
      cell: (r) => (
        <OpenCell label={vehicleOf(r)} name={`Open the calibration of the ${vehicleOf(r)} (${r.status})`} onOpen={() => open(r)}>
          <span className="block font-mono text-xs text-slate-600">{r.vin || 'No VIN'}</span>
        </OpenCell>
      ),
    },
    view === 'received'
      ? { id: 'shop', header: 'Shop', sortable: true, csv: (r) => r.shopName, cell: (r) => r.shopName }
      : { id: 'provider', header: 'Provider', sortable: true, csv: (r) => r.providerName, cell: (r) => r.providerName },
    { id: 'ronumber', header: 'RO number', csv: (r) => r.ronumber, className: 'whitespace-nowrap', cell: (r) => r.ronumber || dash },
    {
      id: 'systems',
      header: 'Systems',
      csv: (r) => r.systems.join('; '),
      cell: (r) =>
        r.systems.length ? (
          <ul className="flex flex-col">
            {r.systems.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        ) : (
          dash
        ),
    },
    {
      id: 'requested',
      header: 'Asked for',
      sortable: true,
      csv: (r) => r.requestedDate,
      className: 'whitespace-nowrap',
      cell: (r) => (
        <>
          {showDay(r.requestedDate)}
          <span className="block text-xs text-slate-600">{MODE_LABELS[r.mode]}</span>
          {r.proposedDate && <span className="block text-xs text-amber-900">Proposed: {showDay(r.proposedDate)}</span>}
        </>
      ),
    },
    {
      id: 'scheduled',
      header: 'Scheduled',
      sortable: true,
      csv: (r) => showVisit(r.scheduledDate, r.windowStart, r.windowEnd),
      className: 'whitespace-nowrap',
      cell: (r) =>
        r.scheduledDate ? (
          <>
            {showVisit(r.scheduledDate, r.windowStart, r.windowEnd)}
            {r.technicianName && <span className="block text-xs text-slate-600">{r.technicianName}</span>}
          </>
        ) : (
          dash
        ),
    },
    { id: 'status', header: 'Status', sortable: true, csv: (r) => r.status, cell: (r) => <DispatchStatusTag status={r.status} /> },
    {
      id: 'total',
      header: 'Total',
      csv: (r) => r.total.toFixed(2),
      className: 'whitespace-nowrap tabular-nums text-right',
      cell: (r) => formatMoney(r.total),
    },
    { id: 'changed', header: 'Last change', hidden: true, csv: (r) => r.statusChangedAt, cell: (r) => r.changedLabel },
    { id: 'dispatch', header: 'Dispatch', hidden: true, sortable: true, csv: (r) => r.dispatch, cell: (r) => `#${r.dispatch}` },
  ];
}
