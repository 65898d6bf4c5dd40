'use client';
/**
 * ADAS records of /dashboard (docs/dashboard.md#fields "ADAS records"): the records behind the numbers — the jobs created
 * in the period or with an inspection completed in it, each opening its job, with the inspections
 * completed, calibrations and sales the numbers count for it in the period (from the host: the same facts
 * as every figure, so the columns add up to the numbers' totals), and its inspections (parsed by the contract from the host's JSON
 * text) listed under it: type, status, technician, completion, and the results per system. Created times
 * in the short format MM/DD/YYYY hh:mm:ss A.
 */
import Link from 'next/link';
import { useMemo } from 'react';
import { jobHref } from '@/components/adas';
import { CELL_LINK, DataTable, fetchAllPages, useList, type DataColumn } from '@/components/data-table';
import { INSPECTION_TYPES, RESULTS, nameOf, statusName } from '@/lib/adas/rules';
import type { AdasRecord } from '@/lib/contract/dashboard';
import { exportName, showDay, type DayRange } from '@/lib/dashboard/rules';
import { formatDateTimeSeconds, type Zone } from '@/lib/dates';
import { formatCount, formatMoney } from '@/lib/format';
import { dashboardApi } from './api';
import { DashboardFrame, type LocationChoice } from './dashboard-frame';
import type { DashboardListSpec, RecordsListSpec, RecordsState } from './list-spec';

interface Props {
  spec: RecordsListSpec;
  numbersSpec: DashboardListSpec;
  state: RecordsState;
  isAdmin: boolean;
  zone: Zone;
  range: DayRange;
  locations: readonly LocationChoice[];
  records: { count: number; items: AdasRecord[]; technician?: string } | null;
  problems?: Partial<Record<'startDate' | 'endDate' | 'firm', string>> | null;
}

export function RecordsScreen(props: Props) {
  const { spec, state, records, range, zone } = props;
  const list = useList(spec, state);
  const columns = useMemo<DataColumn<AdasRecord>[]>(
    () => [
      {
        id: 'created',
        header: 'Created',
        sortable: true,
        csv: (r) => formatDateTimeSeconds(r.createdAt, zone),
        cell: (r) => formatDateTimeSeconds(r.createdAt, zone),
      },
      {
        id: 'ronumber',
        header: 'RO number',
        sortable: true,
        rowHeader: true,
        csv: (r) => r.ronumber,
        // The link 24 px high: a target a finger can tap (WCAG 2.5.8).
        cell: (r) => (
          <Link href={jobHref(r.adas)} className={`${CELL_LINK} underline`}>
            {r.ronumber}
          </Link>
        ),
      },
      { id: 'vehicle', header: 'Vehicle', sortable: true, csv: (r) => r.vehicle, cell: (r) => r.vehicle },
      { id: 'firm', header: 'Location', sortable: true, csv: (r) => r.firmName, cell: (r) => r.firmName },
      { id: 'status', header: 'Status', sortable: true, csv: (r) => statusName(r.status), cell: (r) => statusName(r.status) },
      // What the numbers count for the job in the period (api-host/dashboard/billable.ts): the same words as the totals.
      {
        id: 'inspections',
        header: 'Inspections completed',
        csv: (r) => r.completedInspections,
        cell: (r) => formatCount(r.completedInspections),
        className: 'text-right tabular-nums',
      },
      {
        id: 'calibrations',
        header: 'Calibrations',
        csv: (r) => r.calibrations,
        cell: (r) => formatCount(r.calibrations),
        className: 'text-right tabular-nums',
      },
      { id: 'sales', header: 'Sales', csv: (r) => r.sales, cell: (r) => formatMoney(r.sales), className: 'text-right tabular-nums' },
    ],
    [zone],
  );
  const tech = state.tech >= 0 ? state.tech : undefined;
  const query = {
    firm: state.firm,
    startDate: range.startDate,
    endDate: range.endDate,
    orderBy: state.orderBy,
    direction: state.direction,
    tech,
  };
  const period = `${showDay(range.startDate)} to ${showDay(range.endDate)}`;
  const technician = tech !== undefined ? (records?.technician ?? 'this technician') : null;

  return (
    <DashboardFrame {...props} spec={spec} state={state} view="records">
      {technician && (
        <p className="text-sm text-slate-700" data-testid="records-of-technician">
          Jobs with inspections of {technician} completed {period}, as the numbers count them.{' '}
          <Link href={list.href({ tech: -1 })} className="text-brand-700 underline underline-offset-2">
            Show every job of the period
          </Link>
        </p>
      )}
      {!technician && records && (
        <p className="text-sm text-slate-700" data-testid="records-rule">
          The jobs created {period} or with an inspection completed then. Inspections completed, Calibrations and Sales are what the numbers
          count for each job in this period: its inspections completed in it, their Calibrated systems, at the approved request&apos;s price
          or else the configured price.
        </p>
      )}
      {records && (
        <DataTable<AdasRecord>
          caption={technician ? `ADAS jobs of ${technician}, inspections completed ${period}` : `ADAS records ${period}`}
          noun="jobs"
          columns={columns}
          rows={records.items}
          count={records.count}
          rowId={(r) => String(r.adas)}
          live="adas"
          rowLabel={(r) => `${r.ronumber} ${r.vehicle}`}
          list={list}
          exportCsv={{
            filename: exportName(
              technician ? `adas-records-${technician.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : 'adas-records',
              props.locations.find((l) => l.firm === state.firm)?.name ?? '',
              range,
            ),
            fetchAll: (onProgress) => fetchAllPages((page, pageSize) => dashboardApi.records({ ...query, page, pageSize }), { onProgress }),
          }}
          expandedRow={(r) =>
            r.inspections.length === 0 ? (
              <p className="text-sm text-slate-600">No inspections yet.</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm text-slate-700">
                {r.inspections.map((i) => (
                  <li key={i.adasInspection}>
                    <span className="font-medium">{nameOf(INSPECTION_TYPES, i.type) || 'Inspection'}</span> · {statusName(i.status)}
                    {i.inspector ? ` · ${i.inspector}` : ''}
                    {i.completedAt ? ` · completed ${formatDateTimeSeconds(i.completedAt, zone)}` : ''}
                    {i.results.length > 0 && (
                      <span className="block text-xs text-slate-600">
                        {i.results
                          .map((x) => `${x.system}: ${x.isNotEquipped ? 'Not equipped' : nameOf(RESULTS, x.result) || 'no result'}`)
                          .join(' · ')}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )
          }
          empty={
            technician
              ? `No inspections of ${technician} were completed in this period.`
              : 'No ADAS jobs were created or completed in this period.'
          }
        />
      )}
    </DashboardFrame>
  );
}
