/** The log viewer's time range, as the user types it (wall time in their zone). */
import { RANGE_REVERSED } from '@/lib/contract/log-constants';
import { fromLocalInput } from '@/lib/dates';

/** The range the inputs describe (UTC instants), or why it cannot be used. */
export function rangeOf(from: string, to: string, zone: string): { from: string; to: string } | { error: string } | null {
  if (!from && !to) return null;
  const f = fromLocalInput(from, zone);
  const t = fromLocalInput(to, zone);
  if (!f || !t) return { error: 'Give both the start and the end of the range' };
  return f > t ? { error: RANGE_REVERSED } : { from: f, to: t };
}
