'use client';
/**
 * The scrub's checks (docs/scrub.md "Checks"): a line the scrub cannot settle lists the systems it may
 * require, each with why, for the estimator to confirm (the calibration joins the scrub's calibrations) or
 * dismiss; the decision shows who made it and when, and can be opened again. Shown beside the line in the
 * scrub's line table and as a list on the calibration request. Only the roles that decide checks see the
 * buttons (lib/contract/calibrations.ts CHECK_DECIDER_ROLES); the others see the state.
 */
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { useForm } from '@/components/ui/use-form';
import type { LineCheckOut, ScrubResult, ScrubbedLine } from '@/lib/contract/calibrations';
import { formatDateTime } from '@/lib/dates';
import { calibrationApi } from './api';

export interface CheckContext {
  adasInspection: number;
  /** Whether the user decides checks (every role but the technician and the read-only user). */
  canDecide: boolean;
  timezone: number;
  /** The kept scrub as the decision left it. */
  onDecided: (scrub: ScrubResult) => void;
}

type Decision = 'confirmed' | 'dismissed' | 'open';

const decisionText = (c: LineCheckOut, timezone: number) =>
  c.decision
    ? `${c.decision.decision === 'confirmed' ? 'Confirmed' : 'Dismissed'}${c.decision.byName ? ` by ${c.decision.byName}` : ''}, ${formatDateTime(c.decision.at, timezone)}`
    : 'To check';

/** One check: its system, why, its state, and the estimator's buttons. */
/** Without `context` the check is shown as it stands, without buttons (see ScrubLines). */
export function CheckItem({ line, check, context }: { line: ScrubbedLine; check: LineCheckOut; context?: CheckContext }) {
  const call = useForm({ initial: {} });
  const describedBy = useId();
  const decide = (decision: Decision) => {
    if (call.busy || !context) return;
    void call.run(async () => {
      context.onDecided(
        await calibrationApi.decideCheck({
          adasInspection: context.adasInspection,
          lineNum: line.lineNum,
          adasChecklistMatrix: check.adasChecklistMatrix,
          decision,
        }),
      );
    });
  };
  const button = (decision: Decision, label: string) => (
    <button
      type="button"
      aria-disabled={call.busy || undefined}
      aria-describedby={describedBy}
      onClick={() => decide(decision)}
      className="min-h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-800 hover:bg-slate-100 aria-disabled:cursor-progress aria-disabled:opacity-60"
    >
      {label}
      <span className="sr-only">
        {' '}
        {check.system} for line {line.lineNum}
      </span>
    </button>
  );
  const state = check.decision?.decision ?? 'open';
  return (
    <li className="flex flex-col gap-1" data-testid="scrub-check" data-state={state}>
      <div>
        <span
          className={`mr-1 inline-block rounded px-1.5 py-0.5 text-xs font-medium ${state === 'confirmed' ? 'bg-brand-50 text-brand-800' : state === 'dismissed' ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-900'}`}
        >
          {decisionText(check, context?.timezone ?? 0)}: {check.system}
        </span>
        <span id={describedBy} className="text-slate-700">
          {check.why}
        </span>
      </div>
      {context?.canDecide && (
        <div className="flex flex-wrap gap-1" role="group" aria-label={`Decide ${check.system} for line ${line.lineNum}`}>
          {state !== 'confirmed' && button('confirmed', 'Confirm')}
          {state !== 'dismissed' && button('dismissed', 'Dismiss')}
          {state !== 'open' && button('open', 'Reopen')}
        </div>
      )}
      {call.message?.kind === 'error' && <Alert>{call.message.text}</Alert>}
    </li>
  );
}

/** A line's checks. */
export function LineChecks({ line, context }: { line: ScrubbedLine; context?: CheckContext }) {
  if (!line.checks.length) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label={`Checks of line ${line.lineNum}`}>
      {line.checks.map((c) => (
        <CheckItem key={c.adasChecklistMatrix} line={line} check={c} context={context} />
      ))}
    </ul>
  );
}

/**
 * Every line of a scrub with checks, as the calibration request shows them; a confirmed system the request
 * does not hold is said (it was confirmed after the request was made, or left out of it).
 */
export function ScrubChecks({ scrub, context, requested }: { scrub: ScrubResult; context: CheckContext; requested?: ReadonlySet<number> }) {
  const lines = scrub.lines.filter((l) => l.checks.length > 0);
  const headingId = useId();
  if (!lines.length) return null;
  const open = lines.flatMap((l) => l.checks).filter((c) => !c.decision).length;
  const missing = requested
    ? [
        ...new Set(
          lines.flatMap((l) =>
            l.checks.filter((c) => c.decision?.decision === 'confirmed' && !requested.has(c.adasChecklistMatrix)).map((c) => c.system),
          ),
        ),
      ]
    : [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Lines to check{open ? ` (${open} undecided)` : ''}
      </h3>
      {missing.length > 0 && (
        <Alert kind="info">Confirmed but not on this request: {missing.join(', ')}. Add them when the request is quoted again.</Alert>
      )}
      <ol className="flex flex-col gap-3">
        {lines.map((l) => (
          <li key={l.lineNum} className="rounded-md border border-slate-200 p-2 text-sm">
            <p className="mb-1 break-words text-slate-900">
              Line {l.lineNum}. {l.operation} {l.description}
            </p>
            <LineChecks line={l} context={context} />
          </li>
        ))}
      </ol>
    </section>
  );
}
