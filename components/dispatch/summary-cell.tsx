/**
 * Where an inspection sent its calibrations, in a cell of its job's list of inspections: the provider, the
 * dispatch's status and the visit scheduled, or that it was never sent to one (docs/dispatch.md#screens).
 */
import { showDay } from '@/lib/dispatch/rules';
import type { DispatchSummary } from '@/lib/contract/dispatch';
import { DispatchStatusTag } from './columns';

export function DispatchSummaryCell({ dispatch: d }: { dispatch: DispatchSummary | null }) {
  if (!d) return <span className="text-slate-700">Not sent to a provider</span>;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span>{d.providerName}</span>
      <DispatchStatusTag status={d.status} />
      {d.scheduledDate && d.status === 'Accepted' && <span className="text-xs text-slate-600">Scheduled {showDay(d.scheduledDate)}</span>}
    </span>
  );
}
