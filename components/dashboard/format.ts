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
 * A measure as shown (issue 31 §3): a cost of 0 against hours worked is not a cost of $0.00 but a cost
 * nobody can tell, because the technicians have no labor rate (cost = book hours × the technician's rate).
 */
export function showMeasure(m: (typeof MEASURES)[number], row: Measures): string {
  if (m.id === 'cost' && row.cost === 0 && row.hours > 0) return 'No labor rate set';
  return m.format(row[m.id]);
}

/**
 * Whether a period has numbers to show: any measure not zero. A period whose numbers are all zero shows
 * the empty state ("No numbers for this period and location.") instead of rows of zeros and charts of
 * nothing (whose summary would name a "highest" location with 0).
 */
export const hasNumbers = (totals: Measures) => MEASURES.some((m) => totals[m.id] !== 0);
