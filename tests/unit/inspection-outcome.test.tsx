// @vitest-environment happy-dom
/**
 * What an inspection's system shows (components/adas/use-inspection-results.ts), the value Complete judges
 * too: a result the host took stays shown until the page renders the row's new version, so the moment
 * between the send and the refresh neither shows the row as it was nor lets Complete skip its question.
 */
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useInspectionResults } from '@/components/adas/use-inspection-results';
import type { OfflineQueue, SentChange } from '@/components/adas/use-offline-queue';
import type { InspectionFields, InspectionSavedResult } from '@/components/adas/inspection-props';

const FAILED = 3;
const row = (version: number, result: number | null): InspectionSavedResult => ({
  adasChecklistMatrix: 7,
  result,
  isNotEquipped: false,
  notes: '',
  version,
  resultAt: null,
  resultByName: '',
});
const inspection = (saved: InspectionSavedResult) => ({ results: [saved] }) as unknown as InspectionFields;
const queue = (sent: SentChange[]) => ({ changes: [], sent, waiting: 0 }) as unknown as OfflineQueue;
const outcomeOf = (saved: InspectionSavedResult, sent: SentChange[]) =>
  renderHook(() => useInspectionResults({ inspection: inspection(saved), items: [], queue: queue(sent) })).result.current.outcome(7);

const taken: SentChange = {
  kind: 'result',
  adasChecklistMatrix: 7,
  result: { result: FAILED, isNotEquipped: false, notes: 'aim off', version: 2 },
};

describe('an inspection system’s outcome', () => {
  it('shows a result the host took while the page still holds the row before it', () => {
    expect(outcomeOf(row(1, null), [taken])).toEqual({ result: FAILED, isNotEquipped: false, notes: 'aim off' });
  });
  it('shows what the host holds once the page renders that version or a later one (someone else’s change)', () => {
    expect(outcomeOf(row(2, FAILED), [taken]).result).toBe(FAILED);
    expect(outcomeOf(row(3, 1), [taken]).result).toBe(1);
  });
  it('shows the saved row when nothing was sent', () => {
    expect(outcomeOf(row(1, null), []).result).toBeNull();
  });
});
