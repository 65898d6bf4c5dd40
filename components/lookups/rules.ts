/** The lookup administration rules of docs/lookups.md#errors, as the screen applies them. */
import type { LookupDeleteResult } from '@/lib/contract/lookups';

/** A lookup delete counts as done only when the first result's Results is empty; else the reasons to show. */
export function deleteOutcome(results: readonly LookupDeleteResult[]): { done: true } | { done: false; reasons: string[] } {
  const first = results[0];
  if (first && first.Results.length === 0) return { done: true };
  return { done: false, reasons: first?.Results.length ? first.Results : ['The value could not be deleted.'] };
}

/** A group upsert applies only when the answered id equals the id sent; else why not. */
export function groupUpsertOutcome(
  sentId: number,
  answer: { id: number; reason: string | null },
): { applied: true } | { applied: false; reason: string } {
  if (answer.id === sentId) return { applied: true };
  return { applied: false, reason: answer.reason ?? 'The group was not renamed.' };
}

/** The position a value moves to (up: -1, down: +1), or null at the ends. */
export function movedTo(index: number, step: -1 | 1, length: number): number | null {
  const to = index + step;
  return to < 0 || to >= length ? null : to;
}
