/**
 * The dashboard's charts: bars for the table's rows, a line for the period's days, from the same answers as
 * the table. This part is a server component: it shapes the points and writes each chart's text summary,
 * which is the screen-reader and no-JS form of the chart together with the table. The drawing itself
 * (recharts, chart-drawing.tsx) loads in the browser only on this route (chart-frame.tsx, next/dynamic
 * without SSR) into a box of the chart's final size, so nothing moves when it arrives; it is aria-hidden.
 */
import type { DashboardAnswer, DashboardTop } from '@/lib/contract/dashboard';
import { analysisOf, showDay, type AnalysisId } from '@/lib/dashboard/rules';
import { ChartFrame } from './chart-frame';
import type { ChartPoint } from './chart-drawing';
import { measureOf } from './format';

/** Heights in px: the line's box, and the bars' box (one row per bar plus the axis). */
const LINE_HEIGHT = 160;
const barsHeight = (bars: number) => Math.max(96, bars * 28 + 32);

/** The bars of the table's rows (this page of them) and the line of the period's days, for `analysis`. */
export function AnalysisCharts({ analysis: id, table, top }: { analysis: AnalysisId; table: DashboardAnswer; top: DashboardTop }) {
  const analysis = analysisOf(id);
  const measure = measureOf(analysis.measure);
  const format = measure.format;

  const barTitle = `${measure.label}, ${analysis.label}${table.count > table.items.length ? ' (this page)' : ''}`;
  const bars: ChartPoint[] = table.items.map((r) => ({
    key: r.key,
    label: analysis.group === 'day' ? showDay(r.label) : r.label,
    value: r[measure.id],
  }));
  const highest = bars.reduce<ChartPoint | null>((best, b) => (!best || b.value > best.value ? b : best), null);
  const barSummary = highest
    ? `${barTitle}: ${bars.length} rows; the highest is ${highest.label} with ${format(highest.value)}.`
    : `${barTitle}: no data.`;

  const lineTitle = `${measure.label} by day`;
  const days: ChartPoint[] = top.series.map((s) => ({ key: s.day, label: showDay(s.day), value: s[measure.id] }));
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const peak = days.reduce<ChartPoint | null>((best, d) => (!best || d.value > best.value ? d : best), null);
  const [first] = days;
  const last = days.at(-1);
  const lineSummary =
    !first || !last
      ? `${lineTitle}: no days.`
      : `${lineTitle} from ${first.label} to ${last.label}: ${format(total)} in all${peak && peak.value > 0 ? `, highest on ${peak.label} (${format(peak.value)})` : ''}.`;

  return (
    <div className="grid min-w-0 gap-3 lg:grid-cols-2">
      <Chart title={barTitle} summary={barSummary} height={barsHeight(bars.length)} kind="bars" measure={analysis.measure} points={bars} />
      <Chart title={lineTitle} summary={lineSummary} height={LINE_HEIGHT} kind="line" measure={analysis.measure} points={days} />
    </div>
  );
}

function Chart({
  title,
  summary,
  height,
  ...drawing
}: { title: string; summary: string; height: number } & React.ComponentProps<typeof ChartFrame>) {
  return (
    <figure className="min-w-0 rounded-md border border-slate-200 bg-white p-3">
      <figcaption className="mb-2 text-sm font-medium text-slate-800">{title}</figcaption>
      <div aria-hidden="true" data-chart={drawing.kind} className="w-full" style={{ height }}>
        <ChartFrame {...drawing} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{summary}</p>
    </figure>
  );
}
