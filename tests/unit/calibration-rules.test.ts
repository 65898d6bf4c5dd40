/** The calibration rules (issues 14, 32): quote totals and the price check, JSON-text-or-list. The scrub's rules: scrub-rules.test.ts. */
import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES, checkQuote, completesWithInspection, jsonList } from '../../lib/calibrations/rules';
import { listOrJson, requestFile } from '../../lib/contract/calibrations';

describe('quote totals and the price check', () => {
  const required = [
    { adasChecklistMatrix: 1, system: 'Forward Camera', calibrationType: 'Forward camera – static' },
    { adasChecklistMatrix: 2, system: 'Front Radar', calibrationType: 'Front radar – static' },
  ];
  it('sums in cents and counts unpriced lines', () => {
    const q = checkQuote(
      [
        { adasChecklistMatrix: 1, calibrationType: 'Forward camera – static', price: 0.1 },
        { adasChecklistMatrix: 2, calibrationType: 'Front radar – static', price: 0.2 },
        { adasChecklistMatrix: 3, calibrationType: 'x', price: null },
      ],
      new Map(),
      required,
    );
    expect(q.total).toBe(0.3);
    expect(q.unpriced).toBe(1);
    expect(q.flagged).toBe(false);
  });
  it('flags a line under the agreed price (type names ignoring case) and a missing required calibration', () => {
    const q = checkQuote(
      [{ adasChecklistMatrix: 1, calibrationType: 'FORWARD CAMERA – STATIC', price: 349.99 }],
      new Map([['forward camera – static', 350]]),
      required,
    );
    expect(q.lines[0]).toMatchObject({ agreedPrice: 350, underAgreed: true });
    expect(q.missing.map((m) => m.system)).toEqual(['Front Radar']);
    expect(
      checkQuote(
        [{ adasChecklistMatrix: 1, calibrationType: 'Forward camera – static', price: 350 }],
        new Map([['forward camera – static', 350]]),
        required.slice(0, 1),
      ).flagged,
    ).toBe(false);
  });
});

describe('JSON text or list', () => {
  it('reads lists, JSON text of lists, empty text and null; refuses other text', () => {
    expect(jsonList([1])).toEqual([1]);
    expect(jsonList('[{"a":1}]')).toEqual([{ a: 1 }]);
    expect(jsonList('  ')).toEqual([]);
    expect(jsonList(null)).toEqual([]);
    expect(jsonList('{"a":1}')).toBeNull();
    expect(jsonList('[oops')).toBeNull();
    const files = listOrJson(requestFile);
    expect(files.parse('[{"name":"a.pdf","url":"u"}]')).toEqual([{ name: 'a.pdf', url: 'u' }]);
    expect(files.parse([{ name: 'a.pdf', url: 'u' }])).toEqual([{ name: 'a.pdf', url: 'u' }]);
    expect(files.safeParse('not json').success).toBe(false);
  });
});

describe('a request follows its inspection (issue 31 §4)', () => {
  it('completes every status but the closing ones and Completed itself', () => {
    expect(REQUEST_STATUSES.filter(completesWithInspection)).toEqual(['New', 'Quoted', 'Approved', 'Scheduled', 'In Progress']);
  });
});
