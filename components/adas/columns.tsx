/** Columns of the /adas lists: jobs (docs/adas.md#fields "Adas") and vehicles. */
import Link from 'next/link';
import { CELL_LINK, OpenCell, dash, type DataColumn } from '@/components/data-table';
import { statusName, vehicleLabel } from '@/lib/adas/rules';
import type { AdasRow } from '@/lib/contract/adas';
import type { VehicleRecord } from '@/lib/contract/vehicles';
import { jobHref } from './hrefs';
import { StatusBadge } from './status-badge';

/** A row with its creation date as the user reads it, formatted on the server (lib/dates.ts). */
export type Dated<T> = T & { createdLabel: string };
/** Rows fetched in the browser (CSV export) carry the instant itself, which spreadsheets read unambiguously. */
export const undated = <T extends { createdAt: string }>(rows: readonly T[]): Dated<T>[] =>
  rows.map((r) => ({ ...r, createdLabel: r.createdAt }));

export function jobColumns(): DataColumn<Dated<AdasRow>>[] {
  return [
    {
      id: 'ronumber',
      header: 'RO number',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.ronumber,
      className: 'whitespace-nowrap',
      // The link 24 px high: a target a finger can tap (WCAG 2.5.8).
      cell: (r) => (
        <Link href={jobHref(r.adas)} className={CELL_LINK}>
          {r.ronumber}
        </Link>
      ),
    },
    { id: 'vehicle', header: 'Vehicle', sortable: true, csv: (r) => vehicleLabel(r), cell: (r) => vehicleLabel(r) },
    {
      id: 'vin',
      header: 'VIN',
      sortable: true,
      csv: (r) => r.vin,
      className: 'font-mono text-xs whitespace-nowrap',
      cell: (r) => r.vin || dash,
    },
    { id: 'insurance', header: 'Insurance', sortable: true, csv: (r) => r.insuranceName, cell: (r) => r.insuranceName || dash },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      csv: (r) => statusName(r.status),
      cell: (r) => <StatusBadge status={r.status} testId="row-status" />,
    },
    {
      id: 'inspections',
      header: 'Inspections',
      sortable: true,
      csv: (r) => `${r.inspectionsComplete}/${r.inspectionsTotal}`,
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => (
        <span data-testid="row-inspections" aria-label={`${r.inspectionsComplete} of ${r.inspectionsTotal} inspections complete`}>
          {r.inspectionsComplete}/{r.inspectionsTotal}
        </span>
      ),
    },
    {
      id: 'unread',
      header: 'Unread notes',
      csv: (r) => r.unreadNotes ?? 0,
      className: 'tabular-nums',
      cell: (r) =>
        r.unreadNotes ? (
          <span
            data-testid="row-unread"
            className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white"
            aria-label={`${r.unreadNotes} unread notes`}
          >
            {r.unreadNotes}
          </span>
        ) : (
          dash
        ),
    },
    {
      id: 'created',
      header: 'Created',
      sortable: true,
      csv: (r) => r.createdAt,
      className: 'whitespace-nowrap',
      cell: (r) => <time dateTime={r.createdAt}>{r.createdLabel}</time>,
    },
    { id: 'location', header: 'Location', sortable: true, csv: (r) => r.firmName, cell: (r) => r.firmName },
    { id: 'adas', header: 'Job', sortable: true, hidden: true, csv: (r) => r.adas, cell: (r) => r.adas },
  ];
}

export function vehicleColumns(open: (v: VehicleRecord) => void): DataColumn<Dated<VehicleRecord>>[] {
  return [
    {
      id: 'vehicle',
      header: 'Vehicle',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (v) => vehicleLabel(v),
      cell: (v) => <OpenCell label={vehicleLabel(v)} onOpen={() => open(v)} />,
    },
    { id: 'year', header: 'Year', sortable: true, hidden: true, csv: (v) => v.year, cell: (v) => v.year },
    { id: 'make', header: 'Make', sortable: true, hidden: true, csv: (v) => v.make, cell: (v) => v.make },
    { id: 'model', header: 'Model', sortable: true, hidden: true, csv: (v) => v.model, cell: (v) => v.model },
    { id: 'bodystyle', header: 'Body style', csv: (v) => v.bodystyle, cell: (v) => v.bodystyle || dash },
    {
      id: 'vin',
      header: 'VIN',
      sortable: true,
      csv: (v) => v.vin,
      className: 'font-mono text-xs whitespace-nowrap',
      cell: (v) => v.vin || dash,
    },
    { id: 'owner', header: 'Owner', csv: (v) => v.contactName, cell: (v) => v.contactName || dash },
    { id: 'jobs', header: 'Jobs', csv: (v) => v.jobs, className: 'tabular-nums', cell: (v) => v.jobs },
    { id: 'location', header: 'Location', csv: (v) => v.firmName, cell: (v) => v.firmName },
    {
      id: 'created',
      header: 'Created',
      sortable: true,
      csv: (v) => v.createdAt,
      className: 'whitespace-nowrap',
      cell: (v) => <time dateTime={v.createdAt}>{v.createdLabel}</time>,
    },
  ];
}
