/**
 * The offline queue's rules (lib/offline/queue.ts): what goes next — a conflict or a refusal holds back only
 * the later changes of its own system, everything else is sent in order — and where a change of a system
 * goes (into its waiting record unless that one is being sent).
 */
import { describe, expect, it } from 'vitest';
import { mergeTarget, sendable, type QueuedChange } from '../../lib/offline/queue';

const base = { owner: '5:1', user: 5, adasInspection: 1, queuedAt: '', clientKey: 'k-00000000' };
const result = (seq: number, system: number, state: QueuedChange['state'] = 'waiting'): QueuedChange => ({
  ...base,
  seq,
  state,
  kind: 'result',
  adasChecklistMatrix: system,
  system: `S${system}`,
  result: 3,
  isNotEquipped: false,
  notes: '',
});
const photo = (seq: number, state: QueuedChange['state'] = 'waiting'): QueuedChange => ({
  ...base,
  seq,
  state,
  kind: 'evidence',
  adasInspectionResult: 9,
  system: 'S9',
  firm: 6,
  caption: '',
  fileName: 'a.jpg',
  file: new Blob(['x']),
});

describe('what is sent next', () => {
  it('sends every waiting change in the order made', () => {
    expect(sendable([result(1, 1), photo(2), result(3, 2)]).map((c) => c.seq)).toEqual([1, 2, 3]);
  });
  it('a conflict holds back only the later changes of its system; photos and other systems go on', () => {
    const all = [
      result(1, 1, 'conflict'),
      photo(2),
      result(3, 1),
      result(4, 2),
      { ...base, seq: 5, state: 'waiting', kind: 'status', status: 2 } as QueuedChange,
    ];
    expect(sendable(all).map((c) => c.seq)).toEqual([2, 4, 5]);
  });
  it('a refused change holds back the later changes of its system too, and is not sent again by itself', () => {
    expect(sendable([result(1, 1, 'refused'), result(2, 1), photo(3, 'refused'), photo(4)]).map((c) => c.seq)).toEqual([4]);
  });
});

describe('where a change of a system goes', () => {
  it("into the system's last record while it waits and is not being sent", () => {
    expect(mergeTarget([result(1, 1), result(2, 2)], 1, null)?.seq).toBe(1);
    expect(mergeTarget([result(1, 1)], 1, 1)).toBeNull();
    expect(mergeTarget([result(1, 1, 'conflict')], 1, null)).toBeNull();
    expect(mergeTarget([result(1, 2)], 1, null)).toBeNull();
  });
});
