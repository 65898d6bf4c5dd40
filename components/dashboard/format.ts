/** How the dashboard shows its measures (lib/format.ts for counts and money; hours to two decimals). */
import { LOCALE, formatCount, formatMoney } from '@/lib/format';
import type { Measure } from '@/lib/dashboard/rules';
import type { Measures } from '@/lib/contract/dashboard';

const hours = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
export const formatHours = (n: number) => hours.format(n);

export const MEASURES: readonly { id: keyof Measures; label: string; format: (n: number) => string }[] = [
  { id: 'inspections', label: 'Inspections', format: formatCount },
  { id: 'calibrations', label: 'Calibrations', format: formatCount },
  { id: 'sales', label: 'Sales', format: formatMoney },
  { id: 'hours', label: 'Hours', format: formatHours },
  { id: 'cost', label: 'Cost', format: formatMoney },
];

/** The column of the analysis' measure (counts are calibrations). */
export const measureOf = (m: Measure) => MEASURES.find((x) => x.id === m)!;

/**
 * A measure as shown (docs/dashboard.md#cost). Cost is book hours × the technician's labor rate, so hours worked by
 * technicians without a rate (or by nobody) have no cost anybody can tell: a cost none of whose hours has a
 * rate is not "$0.00" but "No labor rate set", and one some of whose hours have none says how many it leaves
 * out rather than passing a part for the whole.
 */
export function showMeasure(m: (typeof MEASURES)[number], row: Measures): string {
  if (m.id !== 'cost' || row.hours === 0) return m.format(row[m.id]);
  if (row.unratedHours >= row.hours || row.cost === 0) return 'No labor rate set';
  if (row.unratedHours > 0) return `${m.format(row.cost)} + ${formatHours(row.unratedHours)} h without a labor rate`;
  return m.format(row.cost);
}

/**
 * Whether a period has numbers to show: any measure not zero. A period whose numbers are all zero shows
 * the empty state ("No numbers for this period and location.") instead of rows of zeros and charts of
 * nothing (whose summary would name a "highest" location with 0).
 */
export const hasNumbers = (totals: Measures) => MEASURES.some((m) => totals[m.id] !== 0);
