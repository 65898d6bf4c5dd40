'use client';
/**
 * The numbers of /dashboard (docs/dashboard.md#screens): the period's totals against the previous period of equal
 * length, the breadcrumb of the firm analysed, the charts (charts.tsx: their summaries rendered on the server
 * by the page and handed in as `charts`; recharts loads after the first paint), and the analysis table (the data-table: sorted, paged by 10, CSV of every
 * row). Rows of locations link one level down (Enter or a click); the breadcrumb goes back up.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { CELL_LINK, DataTable, fetchAllPages, useList, type DataColumn } from '@/components/data-table';
import type { AnalysisRow, DashboardAnswer, DashboardTop } from '@/lib/contract/dashboard';
import { exportName, analysisOf, changeText, showDay, type Analysis, type DayRange } from '@/lib/dashboard/rules';
import { dashboardApi } from './api';
import { DashboardFrame, dashboardViewHref, type LocationChoice } from './dashboard-frame';
import { MEASURES, formatHours, hasNumbers, showMeasure } from './format';
import type { DashboardListSpec, DashboardState } from './list-spec';
import type { Zone } from '@/lib/dates';

// The assistant loads when its box is first opened.
const Assistant = dynamic(() => import('./assistant').then((m) => m.Assistant), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-600">Loading…</p>,
});

interface Props {
  spec: DashboardListSpec;
  state: DashboardState;
  isAdmin: boolean;
  zone: Zone;
  range: DayRange;
  locations: readonly LocationChoice[];
  problems?: Partial<Record<'startDate' | 'endDate' | 'firm', string>> | null;
  data: { table: DashboardAnswer; top: DashboardTop } | null;
  /** The analysis' charts (charts.tsx AnalysisCharts), shown when there are numbers. */
  charts: React.ReactNode;
}

const NAME_HEADER: Record<Analysis['group'], string> = {
  service: 'Service',
  make: 'Vehicle make',
  tech: 'Technician',
  location: 'Name',
  day: 'Day',
  invoice: 'Location',
  provider: 'Calibrated by',
  workShop: 'Shop',
  workService: 'Service',
  workTech: 'Technician',
};

export function DashboardScreen(props: Props) {
  const { spec, state, data, range } = props;
  const list = useList(spec, state);
  const [asking, setAsking] = useState(false);
  const analysis = analysisOf(state.analysis);

  const columns = useMemo<DataColumn<AnalysisRow>[]>(() => {
    // Technicians' rows: the "by tech" analyses, and a shop's "all" (a location without locations under it lists its technicians).
    const isTechRow = (r: AnalysisRow) => analysis.group === 'tech' || (analysis.group === 'location' && r.firm == null);
    return [
      {
        id: 'firm',
        header: NAME_HEADER[analysis.group],
        sortable: true,
        rowHeader: true,
        csv: (r) => (analysis.group === 'day' ? showDay(r.label) : r.label),
        cell: (r) =>
          r.drill && r.firm != null ? (
            <Link href={list.href({ firm: r.firm })} className={`${CELL_LINK} underline`}>
              {r.label}
            </Link>
          ) : isTechRow(r) ? (
            // A technician's row opens their jobs of the period (the records view, `tech`; "Unassigned" is 0).
            <Link
              href={dashboardViewHref(props.spec, state, range, 'records', { tech: r.key || '0' })}
              className={`${CELL_LINK} underline`}
            >
              {r.label}
            </Link>
          ) : analysis.group === 'day' ? (
            showDay(r.label)
          ) : (
            r.label
          ),
      },
      ...MEASURES.map((m): DataColumn<AnalysisRow> => ({
        id: m.id,
        header: m.label,
        sortable: true,
        className: 'text-right tabular-nums',
        csv: (r) => r[m.id],
        cell: (r) => showMeasure(m, r),
      })),
      // What the cost leaves out (format.ts showMeasure): in the CSV beside the cost, on screen when shown.
      {
        id: 'unratedHours',
        header: 'Hours without a labor rate',
        hidden: true,
        className: 'text-right tabular-nums',
        csv: (r) => r.unratedHours,
        cell: (r) => formatHours(r.unratedHours),
      },
    ];
  }, [analysis.group, list, props.spec, state, range]);

  const query = {
    firm: state.firm,
    startDate: range.startDate,
    endDate: range.endDate,
    analysis: state.analysis,
    orderBy: state.orderBy,
    direction: state.direction,
  };
  const top = data?.top;
  // Rows of zeros (every location listed with nothing) are no numbers either: the table shows its empty
  // state ("No numbers for this period and location."), and no chart is drawn.
  const numbers = !!data && data.table.count > 0 && hasNumbers(data.table.totals);
  const crumbs = top ? [{ firm: 0, name: 'All firms' }, ...top.path] : [];

  return (
    <DashboardFrame {...props} spec={spec} state={state} numbersSpec={spec} view="numbers">
      {top && (
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-700">
            {crumbs.map((c, i) => (
              <li key={c.firm} className="flex items-center gap-1">
                {i > 0 && <span aria-hidden="true">›</span>}
                {c.firm === state.firm ? (
                  <span aria-current="page" className="font-semibold text-slate-900">
                    {c.name}
                  </span>
                ) : (
                  <Link href={list.href({ firm: c.firm })} className="text-brand-700 underline underline-offset-2">
                    {c.name}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {top && (
        <section aria-label="Totals" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {MEASURES.map((m) => (
            <div key={m.id} className="rounded-md border border-slate-200 bg-white p-3">
              <p className="text-xs text-slate-600">{m.label}</p>
              <p className="text-lg font-semibold tabular-nums text-slate-900">{showMeasure(m, top.totals)}</p>
              <p className="text-xs text-slate-600">
                {changeText(top.totals[m.id], top.previousTotals[m.id])} vs {showDay(top.previous.startDate)}–
                {showDay(top.previous.endDate)}
              </p>
            </div>
          ))}
        </section>
      )}
      {data && (
        <p className="sr-only" role="status">
          {`${analysis.label}, ${showDay(range.startDate)} to ${showDay(range.endDate)}: ${data.table.count} rows.`}
        </p>
      )}
      {numbers && props.charts}
      {data && (
        <DataTable<AnalysisRow>
          caption={`${analysis.label} — ${showDay(range.startDate)} to ${showDay(range.endDate)}`}
          noun="rows"
          columns={columns}
          rows={numbers ? data.table.items : []}
          count={numbers ? data.table.count : 0}
          rowId={(r) => r.key}
          rowLabel={(r) => r.label}
          list={list}
          exportCsv={{
            filename: exportName(
              analysis.group === 'invoice' ? 'invoicing' : 'dashboard',
              props.locations.find((l) => l.firm === state.firm)?.name ?? '',
              range,
            ),
            fetchAll: (onProgress) => fetchAllPages((page, pageSize) => dashboardApi.figures({ ...query, page, pageSize }), { onProgress }),
          }}
          empty="No numbers for this period and location."
        />
      )}
      <details className="rounded-md border border-slate-200 bg-white p-3" onToggle={(e) => e.currentTarget.open && setAsking(true)}>
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Ask the assistant</summary>
        {asking && <Assistant />}
      </details>
    </DashboardFrame>
  );
}
