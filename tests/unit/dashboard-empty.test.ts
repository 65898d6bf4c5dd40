/** The dashboard's empty period (issue 31 §10): a period whose numbers are all zero has nothing to chart. */
import { describe, expect, it } from 'vitest';
import { hasNumbers } from '../../components/dashboard/format';

const zero = { inspections: 0, calibrations: 0, sales: 0, hours: 0, cost: 0 };

describe('hasNumbers', () => {
  it('is false when every measure is zero, true when any one is not', () => {
    expect(hasNumbers(zero)).toBe(false);
    for (const id of Object.keys(zero) as (keyof typeof zero)[])
      expect(hasNumbers({ ...zero, [id]: id === 'hours' ? 0.25 : 1 }), id).toBe(true);
  });
});
