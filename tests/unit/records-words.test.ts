/**
 * Words a person reads on records (docs/dashboard.md#what-a-request-bills, docs/roles.md): why a quoted
 * calibration is not billed, a repair order written once in a sentence, and the shop roles by their names.
 */
import { describe, expect, it } from 'vitest';
import { RESULT, roText } from '../../lib/adas/rules';
import { leftOutWhy, refusedWhy } from '../../lib/dashboard/rules';
import { roleLabel } from '../../lib/roles';

describe('why a quoted calibration is not billed', () => {
  it('says what was recorded for the system', () => {
    expect(leftOutWhy({ result: RESULT.failed, isNotEquipped: false })).toBe('Failed: the calibration did not succeed.');
    expect(leftOutWhy({ result: RESULT.required, isNotEquipped: false })).toMatch(/^Calibration required: it was not performed/);
    expect(leftOutWhy({ result: RESULT.passed, isNotEquipped: false })).toMatch(/^Passed/);
    expect(leftOutWhy({ result: RESULT.notApplicable, isNotEquipped: false })).toMatch(/^Not applicable/);
    expect(leftOutWhy({ result: null, isNotEquipped: false })).toMatch(/^No result recorded/);
    // Not equipped wins over whatever result the row still holds.
    expect(leftOutWhy({ result: RESULT.calibrated, isNotEquipped: true })).toMatch(/^Not equipped/);
    expect(leftOutWhy(undefined)).toMatch(/^Not on the inspection/);
    expect(refusedWhy('Cancelled')).toBe('The request is Cancelled: nothing of it is billed.');
  });
});

describe('a repair order in a sentence', () => {
  it('is written once', () => {
    expect(roText('RO-24817')).toBe('RO-24817');
    expect(roText('ro 24817')).toBe('ro 24817');
    expect(roText('24817')).toBe('RO 24817');
    expect(roText('CAL-9')).toBe('RO CAL-9');
    expect(roText('ROBERTS-1')).toBe('RO ROBERTS-1');
  });
});

describe('shop roles', () => {
  it('are labelled by their names, not "Admin"', () => {
    expect([15, 16, 17].map(roleLabel)).toEqual(['Shop (technician)', 'Shop (estimator)', 'Shop (read only)']);
    expect(roleLabel(10)).toBe('Admin');
  });
});
