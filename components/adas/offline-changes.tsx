'use client';
/**
 * What the inspection keeps on this device (docs/adas.md#offline): how many changes wait and why (sending,
 * or no connection), a conflict with both values and the choice (keep mine: sent again over the other
 * change; keep theirs: mine dropped), a change the host refused with its reason (try again, or dismiss),
 * and why sending stopped (an ended session). Each change's state also shows on its own system
 * (ChangeState). When the last waiting change is sent it says so once. Nothing when nothing is kept.
 */
import { RESULTS, STATUS_NAMES, nameOf } from '@/lib/adas/rules';
import type { QueuedChange, QueuedResult } from '@/lib/offline/queue';
import { Button } from '@/components/ui/button';
import type { OfflineQueue } from './use-offline-queue';

const valueOf = (v: Pick<QueuedResult, 'result' | 'isNotEquipped' | 'notes'>) =>
  `${v.isNotEquipped ? 'Not equipped' : v.result == null ? 'No result' : nameOf(RESULTS, v.result)}${v.notes ? ` (note: ${v.notes})` : ''}`;

/** The change in a few words: which system or part of the inspection it is. */
export function changeLabel(c: QueuedChange): string {
  switch (c.kind) {
    case 'result':
      return `${c.system}: ${valueOf(c)}`;
    case 'evidence':
      return `${c.fileName} on ${c.system}`;
    case 'inspection':
      return "the inspection's details (inspector, notes, …)";
    case 'status':
      return `setting the inspection ${nameOf(STATUS_NAMES, c.status)}`;
  }
}

export function OfflineChanges({ queue, online }: { queue: OfflineQueue; online: boolean }) {
  const { changes, waiting, problem } = queue;
  if (!changes.length)
    return queue.allSent ? (
      <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900" data-testid="queue-emptied">
        All changes kept on this device were sent.
      </p>
    ) : null;
  const conflicts = changes.filter((c): c is QueuedResult => c.kind === 'result' && c.state === 'conflict');
  const refused = changes.filter((c) => c.state === 'refused');
  const held = conflicts.length + refused.length;
  return (
    <section
      aria-label="Changes kept on this device"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="offline-changes"
    >
      {waiting > 0 && (
        <p role="status" className="font-medium">
          {waiting === 1 ? '1 change waiting to be sent' : `${waiting} changes waiting to be sent`}
          {queue.sending
            ? ' (sending…).'
            : online
              ? '. They are kept on this device and sent in a moment.'
              : '. No connection: they are kept on this device and sent in order when it returns.'}{' '}
          <Button variant="secondary" disabled={queue.sending || !online} onClick={() => void queue.flush()}>
            Send now
          </Button>
        </p>
      )}
      {held > 0 && (
        <p>{held === 1 ? '1 change waits for your choice' : `${held} changes wait for your choice`}; the others are sent as usual.</p>
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
        <div key={c.seq} role="alert" className="flex flex-wrap items-center gap-2" data-testid="offline-refused">
          <span>
            Not sent ({changeLabel(c)}): {c.message}
          </span>
          <Button variant="secondary" onClick={() => void queue.retry(c.seq!)}>
            Try again<span className="sr-only"> {changeLabel(c)}</span>
          </Button>
          <Button variant="ghost" onClick={() => void queue.discard(c.seq!)}>
            Dismiss<span className="sr-only"> {changeLabel(c)}</span>
          </Button>
        </div>
      ))}
    </section>
  );
}

/** A change's state where it belongs (a system's card): waiting, sending, needing a choice, refused, or sent. */
export function ChangeState({ change, sent }: { change: QueuedChange | undefined; sent: boolean }) {
  const text = !change
    ? sent
      ? 'Sent'
      : null
    : change.state === 'conflict'
      ? 'Changed by someone else meanwhile: choose above'
      : change.state === 'refused'
        ? `Not sent: ${change.message ?? ''}`
        : 'Waiting to be sent';
  if (!text) return null;
  const tone = !change ? 'text-green-800' : change.state === 'waiting' ? 'text-amber-900' : 'text-red-800';
  return (
    <span className={`mt-1 block text-xs font-medium ${tone}`} data-testid="change-state">
      {text}
    </span>
  );
}
