'use client';
/**
 * The drawing of one dashboard chart with recharts (a well-kept React SVG chart library): horizontal bars
 * (one per table row, its name on the axis) or a line over the period's days. Decorative for assistive
 * technology (its parent is aria-hidden; the summary and the table carry the numbers), so recharts' keyboard
 * layer is off: nothing in it takes focus.
 */
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { Measure } from '@/lib/dashboard/rules';
import { LOCALE } from '@/lib/format';
import { measureOf } from './format';

export interface ChartPoint {
  key: string;
  label: string;
  value: number;
}

const BRAND = 'var(--color-brand-600)';
const AXIS = { fontSize: 11, fill: '#475569' };
const compact = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 });
/** MM/DD/YYYY shortened to MM/DD for the time axis' ticks. */
const shortDay = (label: string) => label.slice(0, 5);

export function ChartDrawing({ kind, measure, points }: { kind: 'bars' | 'line'; measure: Measure; points: readonly ChartPoint[] }) {
  const { label, format } = measureOf(measure);
  const data = [...points];
  const tooltip = <Tooltip formatter={(v) => [format(Number(v)), label]} isAnimationActive={false} />;
  const common = { responsive: true, accessibilityLayer: false, data, style: { width: '100%', height: '100%' } } as const;
  if (kind === 'bars')
    return (
      <BarChart {...common} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" tick={AXIS} tickFormatter={(v: number) => compact.format(v)} allowDecimals={measure === 'hours'} />
        <YAxis
          type="category"
          dataKey="label"
          tick={AXIS}
          width={110}
          interval={0}
          tickFormatter={(v: string) => (v.length > 16 ? `${v.slice(0, 15)}…` : v)}
        />
        {tooltip}
        <Bar dataKey="value" name={label} fill={BRAND} radius={2} isAnimationActive={false} />
      </BarChart>
    );
  return (
    <LineChart {...common} margin={{ top: 4, right: 12, bottom: 0, left: 0 }}>
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      <XAxis dataKey="label" tick={AXIS} tickFormatter={shortDay} minTickGap={24} />
      <YAxis tick={AXIS} width={44} tickFormatter={(v: number) => compact.format(v)} allowDecimals={measure === 'hours'} />
      {tooltip}
      <Line dataKey="value" name={label} stroke={BRAND} strokeWidth={2} dot={false} isAnimationActive={false} />
    </LineChart>
  );
}
