/** The dashboard's empty period (issue 31 §10): a period whose numbers are all zero has nothing to chart. */
import { describe, expect, it } from 'vitest';
import { MEASURES, hasNumbers, showMeasure } from '../../components/dashboard/format';

const zero = { inspections: 0, calibrations: 0, sales: 0, hours: 0, cost: 0, unratedHours: 0 };

describe('hasNumbers', () => {
  it('is false when every measure is zero, true when any one is not', () => {
    expect(hasNumbers(zero)).toBe(false);
    for (const id of ['inspections', 'calibrations', 'sales', 'hours', 'cost'] as const)
      expect(hasNumbers({ ...zero, [id]: id === 'hours' ? 0.25 : 1 }), id).toBe(true);
  });
});

describe('a cost cell (issue 31 §3)', () => {
  const cost = MEASURES.find((m) => m.id === 'cost')!;
  it('is never $0.00 against hours worked: without any labor rate it says so', () => {
    expect(showMeasure(cost, { ...zero, hours: 2.5, unratedHours: 2.5 })).toBe('No labor rate set');
    // Roll-ups kept from before the unrated hours were recorded: a cost of 0 against hours still says why.
    expect(showMeasure(cost, { ...zero, hours: 2.5 })).toBe('No labor rate set');
  });
  it('says how many hours a partial cost leaves out, and is plain money when every hour has a rate or none was worked', () => {
    expect(showMeasure(cost, { ...zero, hours: 4, cost: 150, unratedHours: 1.5 })).toBe('$150.00 + 1.5 h without a labor rate');
    expect(showMeasure(cost, { ...zero, hours: 4, cost: 150 })).toBe('$150.00');
    expect(showMeasure(cost, zero)).toBe('$0.00');
    expect(
      showMeasure(
        MEASURES.find((m) => m.id === 'hours')!,
        { ...zero, hours: 4, unratedHours: 4 },
      ),
    ).toBe('4.0');
  });
});
