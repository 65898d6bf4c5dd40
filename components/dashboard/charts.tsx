/**
 * The dashboard's charts, plain SVG and CSS: bars for the table's rows, a line for the period's days.
 * No chart library: these two shapes need none. They are server components (the page renders them from the
 * same answer as the table and hands them to the screen), so they cost no JavaScript at all and show with
 * the first paint. The table beside them is the accessible form of the same numbers; each chart is one
 * image with a text summary (role="img", aria-label), and its text is also shown below it for everyone.
 */
import type { DashboardAnswer, DashboardTop } from '@/lib/contract/dashboard';
import { analysisOf, showDay, type AnalysisId } from '@/lib/dashboard/rules';
import { measureOf } from './format';

/** The bars of the table's rows (this page of them) and the line of the period's days, for `analysis`. */
export function AnalysisCharts({ analysis: id, table, top }: { analysis: AnalysisId; table: DashboardAnswer; top: DashboardTop }) {
  const analysis = analysisOf(id);
  const measure = measureOf(analysis.measure);
  return (
    <div className="grid min-w-0 gap-3 lg:grid-cols-2">
      <BarChart
        title={`${measure.label}, ${analysis.label}${table.count > table.items.length ? ' (this page)' : ''}`}
        bars={table.items.map((r) => ({ key: r.key, label: analysis.group === 'day' ? showDay(r.label) : r.label, value: r[measure.id] }))}
        format={measure.format}
      />
      <LineChart title={`${measure.label} by day`} points={top.series.map((s) => ({ day: s.day, value: s[measure.id] }))} format={measure.format} />
    </div>
  );
}

export interface Bar {
  key: string;
  label: string;
  value: number;
}

export function BarChart({ title, bars, format }: { title: string; bars: readonly Bar[]; format: (n: number) => string }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const top = [...bars].sort((a, b) => b.value - a.value)[0];
  const summary = bars.length === 0 ? `${title}: no data.` : `${title}: ${bars.length} rows; the highest is ${top.label} with ${format(top.value)}.`;
  return (
    <figure className="min-w-0 rounded-md border border-slate-200 bg-white p-3">
      <figcaption className="mb-2 text-sm font-medium text-slate-800">{title}</figcaption>
      <div role="img" aria-label={summary} className="flex flex-col gap-1.5">
        {bars.map((b) => (
          <div key={b.key} className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-2 text-xs text-slate-700">
            <span className="truncate" title={b.label}>
              {b.label}
            </span>
            <span className="h-3 rounded-sm bg-slate-100">
              <span className="block h-3 rounded-sm bg-brand-600" style={{ width: `${max > 0 ? Math.max(1, (b.value / max) * 100) : 0}%` }} />
            </span>
            <span className="tabular-nums">{format(b.value)}</span>
          </div>
        ))}
      </div>
    </figure>
  );
}

/** At most this many points are drawn: longer periods are summed into runs of days (a week, a fortnight…). */
const MAX_POINTS = 60;

function bucketed(points: readonly { day: string; value: number }[]) {
  const size = Math.ceil(points.length / MAX_POINTS);
  if (size <= 1) return points;
  const out: { day: string; value: number }[] = [];
  for (let i = 0; i < points.length; i += size) out.push({ day: points[i].day, value: points.slice(i, i + size).reduce((s, p) => s + p.value, 0) });
  return out;
}

export function LineChart({ title, points: days, format }: { title: string; points: readonly { day: string; value: number }[]; format: (n: number) => string }) {
  const points = bucketed(days);
  const W = 600;
  const H = 140;
  const max = Math.max(0, ...points.map((p) => p.value));
  const total = points.reduce((s, p) => s + p.value, 0);
  const peak = points.reduce<{ day: string; value: number } | null>((best, p) => (!best || p.value > best.value ? p : best), null);
  const per = points.length < days.length ? `the ${Math.ceil(days.length / MAX_POINTS)} days from` : '';
  const summary =
    days.length === 0
      ? `${title}: no days.`
      : `${title} from ${showDay(days[0].day)} to ${showDay(days.at(-1)!.day)}: ${format(total)} in all${peak && peak.value > 0 ? `, highest ${per ? `in ${per}` : 'on'} ${showDay(peak.day)} (${format(peak.value)})` : ''}.`;
  const x = (i: number) => (points.length <= 1 ? W / 2 : (i / (points.length - 1)) * W);
  const y = (v: number) => H - (max > 0 ? (v / max) * (H - 8) : 0) - 4;
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  return (
    <figure className="min-w-0 rounded-md border border-slate-200 bg-white p-3">
      <figcaption className="mb-2 text-sm font-medium text-slate-800">{title}</figcaption>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="h-32 w-full">
        <line x1="0" y1={H - 4} x2={W} y2={H - 4} className="stroke-slate-200" strokeWidth="1" />
        <path d={path} fill="none" className="stroke-brand-600" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <p className="mt-1 text-xs text-slate-600">{summary}</p>
    </figure>
  );
}
