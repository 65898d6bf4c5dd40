'use client';
/**
 * What the inspection keeps on this device (issue 30 §2): "N changes waiting to be sent", a conflict with
 * both values and the choice (keep mine: sent again over the other change; keep theirs: mine dropped), a
 * file the host refused with why, and why sending stopped (an ended session). Nothing when nothing is kept.
 */
import { RESULTS, nameOf } from '@/lib/adas/rules';
import type { QueuedResult } from '@/lib/offline/queue';
import { Button } from '@/components/ui/button';
import type { OfflineQueue } from './use-offline-queue';

const valueOf = (v: Pick<QueuedResult, 'result' | 'isNotEquipped'>) =>
  v.isNotEquipped ? 'Not equipped' : v.result == null ? 'No result' : nameOf(RESULTS, v.result);

export function OfflineChanges({ queue }: { queue: OfflineQueue }) {
  const { changes, waiting, problem } = queue;
  if (!changes.length) return null;
  const conflicts = changes.filter((c): c is QueuedResult => c.kind === 'result' && c.state === 'conflict');
  const refused = changes.filter((c) => c.state === 'refused');
  return (
    <section
      aria-label="Changes kept on this device"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      {waiting > 0 && (
        <p role="status" className="font-medium">
          {waiting === 1 ? '1 change waiting to be sent' : `${waiting} changes waiting to be sent`}
          {queue.sending ? ' (sending…)' : '.'} They are kept on this device and sent in order when the connection returns.{' '}
          <Button variant="secondary" disabled={queue.sending} onClick={() => void queue.flush()}>
            Send now
          </Button>
        </p>
      )}
      {problem && <p role="alert">{problem}</p>}
      {conflicts.map((c) => (
        <div
          key={c.seq}
          role="alert"
          className="flex flex-col gap-1 rounded border border-amber-400 bg-white p-2"
          data-testid="offline-conflict"
        >
          <p>
            <span className="font-semibold">{c.system}</span> was changed by {c.theirs?.by || 'someone else'} while yours waited.
          </p>
          <p>
            Theirs: <strong>{c.theirs ? valueOf(c.theirs) : 'unknown'}</strong> · Yours: <strong>{valueOf(c)}</strong>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void queue.keepMine(c.seq!)}>
              Keep mine<span className="sr-only"> for {c.system}</span>
            </Button>
            <Button variant="secondary" onClick={() => void queue.discard(c.seq!)}>
              Keep theirs<span className="sr-only"> for {c.system}</span>
            </Button>
          </div>
        </div>
      ))}
      {refused.map((c) => (
        <p key={c.seq} role="alert" className="flex flex-wrap items-center gap-2">
          <span>
            Not sent{c.kind === 'evidence' ? ` (${c.fileName}, ${c.system})` : ` (${c.system})`}: {c.message}
          </span>
          <Button variant="ghost" onClick={() => void queue.discard(c.seq!)}>
            Dismiss
          </Button>
        </p>
      ))}
    </section>
  );
}
