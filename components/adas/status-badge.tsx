/** A job's or inspection's status as a coloured label (lib/adas/rules.ts names). */
import { STATUS, statusName } from '@/lib/adas/rules';

const TONES: Readonly<Record<number, string>> = {
  [STATUS.open]: 'bg-sky-50 text-sky-800 ring-sky-200',
  [STATUS.complete]: 'bg-green-50 text-green-800 ring-green-200',
  [STATUS.inProgress]: 'bg-amber-50 text-amber-900 ring-amber-200',
  [STATUS.onHold]: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function StatusBadge({ status, testId }: { status: number; testId?: string }) {
  return (
    <span data-testid={testId} className={`tag inline-flex ring-1 ${TONES[status] ?? TONES[STATUS.onHold]}`}>
      {statusName(status)}
    </span>
  );
}
