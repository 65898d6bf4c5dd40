/**
 * Administrator statistics of /dashboard (roles 1 and 2; docs/dashboard.md#screens), rendered on the server: the
 * period's counts and failed VINs, the month's top locations and makes, the franchisers reviewed with
 * their inspections by month and by status, VIN decodes by call, the application log's recent warnings
 * and errors, and the reference host's own database: pages per table and index, and slow queries whose
 * plan scans a table. Small reports, each a captioned table.
 */
import 'server-only';
import { api } from '@/lib/api/server';
import { contract } from '@/lib/contract';
import { statusName } from '@/lib/adas/rules';
import { showDay, type DayRange } from '@/lib/dashboard/rules';
import { formatDateTimeSeconds, type Zone } from '@/lib/dates';
import { formatBytes, formatCount } from '@/lib/format';
import { SimpleTable } from '@/components/ui/simple-table';
import type { Column } from '@/components/ui/table';
import { DashboardFrame, type LocationChoice } from './dashboard-frame';
import type { DashboardListSpec, DashboardState } from './list-spec';

interface Props {
  spec: DashboardListSpec;
  state: DashboardState;
  isAdmin: boolean;
  zone: Zone;
  range: DayRange;
  locations: readonly LocationChoice[];
}

interface ReportProps {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly React.ReactNode[])[];
  empty?: string;
  /** Long reports start folded: their caption opens them. */
  folded?: boolean;
}

function Report({ folded, ...props }: ReportProps) {
  if (!folded) return <ReportTable {...props} />;
  return (
    <details className="rounded-md border border-slate-200 bg-white">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
        {props.caption} ({formatCount(props.rows.length)} rows)
      </summary>
      <ReportTable {...props} />
    </details>
  );
}

type Cells = readonly React.ReactNode[];

/** A report of rows of cells under its headers; the first cell names the row. */
function ReportTable({ caption, head, rows, empty = 'Nothing to show.' }: ReportProps) {
  const columns: Column<Cells>[] = head.map((header, j) => ({
    id: String(j),
    header,
    rowHeader: j === 0,
    className: j === 0 ? undefined : 'tabular-nums',
    cell: (r) => r[j],
  }));
  return <SimpleTable caption={caption} captionVisible columns={columns} rows={rows} rowKey={(_, i) => i} empty={empty} />;
}

export async function AdminStatistics(props: Props) {
  const { range, zone } = props;
  const d = contract.dashboard;
  const [counts, top, review, byMonth, byStatus, decodes, failed, log, fragmentation, missing] = await Promise.all([
    api(d.counts, { query: { ...range } }),
    api(d.topStats),
    api(d.clientReview),
    api(d.clientInspections),
    api(d.clientBreakdown),
    api(d.decodeStats),
    api(d.failedVins, { query: { ...range } }),
    api(d.internalLog),
    api(d.indexFragmentation),
    api(d.missingIndexes),
  ]);
  const period = `${showDay(range.startDate)} to ${showDay(range.endDate)}`;
  const pct = (n: number) => `${Math.round(n * 1000) / 10}%`;

  return (
    <DashboardFrame {...props} numbersSpec={props.spec} view="admin">
      <div className="grid min-w-0 gap-3 lg:grid-cols-2">
        <Report caption={`Counts, ${period}`} head={['What', 'Count']} rows={counts.map((c) => [c.name, formatCount(c.count)])} />
        <Report
          caption={`VIN decodes by call since ${formatDateTimeSeconds(top.since, zone)}`}
          head={['Call', 'Decoded', 'Failed']}
          rows={decodes.map((x) => [x.call, formatCount(x.decoded), formatCount(x.failed)])}
        />
        <Report
          caption="Top locations, last 30 days"
          head={['Location', 'Jobs']}
          rows={top.locations.map((l) => [l.name, formatCount(l.jobs)])}
        />
        <Report caption="Top makes, last 30 days" head={['Make', 'Jobs']} rows={top.makes.map((m) => [m.make, formatCount(m.jobs)])} />
      </div>
      <Report
        caption="Clients (franchisers)"
        head={['Client', 'Locations', 'Users', 'Jobs, last 30 days', 'Last job']}
        rows={review.map((c) => [
          c.name,
          formatCount(c.locations),
          formatCount(c.users),
          formatCount(c.jobs),
          formatDateTimeSeconds(c.lastJobAt, zone),
        ])}
      />
      <div className="grid min-w-0 gap-3 lg:grid-cols-2">
        <Report
          folded
          caption="Client inspections completed by month"
          head={['Client', 'Month', 'Inspections']}
          rows={byMonth.map((c) => [c.name, c.month, formatCount(c.inspections)])}
        />
        <Report
          caption="Client inspections by status"
          head={['Client', 'Status', 'Inspections']}
          rows={byStatus.map((c) => [c.name, statusName(c.status), formatCount(c.inspections)])}
        />
      </div>
      <Report
        caption={`Failed VINs, ${period}`}
        head={['VIN', 'Reason', 'Call', 'Location', 'When']}
        rows={failed.map((f) => [f.vin, f.reason, f.call, f.firmName ?? '', formatDateTimeSeconds(f.decodedAt, zone)])}
        empty="No failed decodes in this period."
      />
      <Report
        folded
        caption="Application log: recent warnings and errors"
        head={['When', 'Level', 'Source', 'Message']}
        rows={log.map((l) => [formatDateTimeSeconds(l.timestamp, zone), l.level, l.name, l.message])}
      />
      <Report
        folded
        caption={`Database: ${formatCount(fragmentation.pages)} pages of ${formatBytes(fragmentation.pageSize)}, ${formatCount(fragmentation.freePages)} free`}
        head={['Table or index', 'Kind', 'Size', 'Unused', 'Out-of-sequence pages']}
        rows={fragmentation.objects.map((o) => [o.name, o.kind, formatBytes(o.bytes), formatBytes(o.unusedBytes), pct(o.fragmentation)])}
      />
      <Report
        caption="Slow queries that scan a table (index candidates)"
        head={['Table', 'Query', 'Times', 'Average', 'Slowest']}
        rows={missing.map((m) => [
          m.table,
          <code key="q" className="break-all text-xs">
            {m.sql}
          </code>,
          formatCount(m.count),
          `${m.averageMs} ms`,
          `${m.maxMs} ms`,
        ])}
        empty="No slow query has scanned a table."
      />
    </DashboardFrame>
  );
}
