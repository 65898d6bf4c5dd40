/** How a change of prices is said (docs/dispatch.md#screens "Re-pricing"): each line's old and new price. */
import { formatMoney } from '@/lib/format';

const price = (p: number | null) => (p == null ? 'unpriced' : formatMoney(p));

/** "Prices changed: Forward Camera $250.00 → $270.00; Front Radar unpriced → $300.00." ('' when none changed). */
export function repricedText(lines: readonly { system: string; from: number | null; to: number | null }[]): string {
  if (!lines.length) return '';
  return `Prices changed: ${lines.map((l) => `${l.system} ${price(l.from)} → ${price(l.to)}`).join('; ')}.`;
}
