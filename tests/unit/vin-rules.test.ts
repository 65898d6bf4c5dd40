/** VIN rules (lib/vehicle/vin.ts) with published example VINs, and the ADAS job rules (lib/adas/rules.ts). */
import { describe, expect, it } from 'vitest';
import { STATUS, completionProblem, rolledUpStatus } from '@/lib/adas/rules';
import { checkDigit, isValidVin, modelYear, normalizeVin, vinProblem } from '@/lib/vehicle/vin';
import { yearProblem } from '@/lib/vehicle/year';

describe('VIN check digit (49 CFR 565)', () => {
  // Published examples: the worked example of the North-American check digit (X), the 2003 Honda Accord
  // VIN used throughout decoder documentation, an all-ones VIN, a 1993 Acura Legend and a 2017 Tesla Model 3.
  it.each([
    ['1M8GDM9AXKP042788', 'X'],
    ['1HGCM82633A004352', '3'],
    ['11111111111111111', '1'],
    ['JH4KA7561PC008269', '1'],
    ['5YJ3E1EA7HF000337', '7'],
  ])('%s carries check digit %s', (vin, digit) => {
    expect(checkDigit(vin)).toBe(digit);
    expect(isValidVin(vin)).toBe(true);
  });

  it('names the rule a VIN breaks', () => {
    expect(vinProblem('1HGCM82633A00435')).toMatchObject({ rule: 'length', message: 'A VIN has 17 characters; this one has 16.' });
    expect(vinProblem('1HGCM82633A004352X')).toMatchObject({ rule: 'length' });
    expect(vinProblem('1HGCM82O33A004352')).toMatchObject({
      rule: 'letters',
      message: 'A VIN never contains the letters I, O or Q: found O at position 8.',
    });
    expect(vinProblem('1HGCM82I33A004352')?.rule).toBe('letters');
    expect(vinProblem('QHGCM82633A004352')?.message).toContain('found Q at position 1');
    expect(vinProblem('1HGCM8263*A004352')).toMatchObject({ rule: 'characters' });
    expect(vinProblem('1HGCM82643A004352')).toMatchObject({
      rule: 'check-digit',
      message: 'The check digit (position 9) does not match: it should be 3 for these characters, not 4. Check for a typing error.',
    });
  });

  it('does not call a VIN short while it is still being typed, but flags forbidden letters at once', () => {
    expect(vinProblem('1HGCM', { partial: true })).toBeNull();
    expect(vinProblem('1HGCO', { partial: true })?.rule).toBe('letters');
    expect(vinProblem('1HGCM82643A004352', { partial: true })?.rule).toBe('check-digit');
  });

  it('normalises case, spaces and dashes', () => {
    expect(normalizeVin(' 1hgcm826-33a004352 ')).toBe('1HGCM82633A004352');
    expect(isValidVin('1hgcm82633a004352')).toBe(true);
  });
});

describe('model year from position 10', () => {
  it.each([
    ['1HGCM82633A004352', 2003],
    ['JH4KA7561PC008269', 1993],
    ['5YJ3E1EA7HF000337', 2017],
    ['5FNYF6HC8MY671746', 2021],
    ['1M8GDM9AXKP042788', 1989],
  ])('%s is model year %i', (vin, year) => expect(modelYear(vin, 2027)).toBe(year));

  it('never answers a year after the latest one', () => expect(modelYear('5YJ3E1EA0TF000001', 2025)).toBe(1996));
});

describe('model year bounds', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('refuses 1899 and years beyond next year’s models', () => {
    expect(yearProblem(1899, now)).toBe('Enter a model year from 1900 to 2028.');
    expect(yearProblem(2029, now)).toBe('Enter a model year from 1900 to 2028.');
    expect(yearProblem(1900, now)).toBeNull();
    expect(yearProblem(2028, now)).toBeNull();
  });
});

describe('status roll-up (docs/adas.md#states)', () => {
  const { open, complete, inProgress, onHold } = STATUS;
  it('makes the job Complete when every inspection is', () => {
    expect(rolledUpStatus(open, [complete, complete])).toBe(complete);
    expect(rolledUpStatus(inProgress, [complete])).toBe(complete);
  });
  it('leaves the job as its users set it while an inspection is open', () => {
    expect(rolledUpStatus(open, [complete, open])).toBe(open);
    expect(rolledUpStatus(onHold, [complete, inProgress])).toBe(onHold);
  });
  it('reopens a Complete job when an inspection is reopened, added or all deleted', () => {
    expect(rolledUpStatus(complete, [complete, open])).toBe(open);
    expect(rolledUpStatus(complete, [complete, complete, open])).toBe(open);
    expect(rolledUpStatus(complete, [])).toBe(open);
  });
  it('needs a result or "not equipped" for every system before an inspection completes', () => {
    expect(
      completionProblem([
        { result: 1, isNotEquipped: false },
        { result: null, isNotEquipped: true },
      ]),
    ).toBeNull();
    expect(completionProblem([{ result: null, isNotEquipped: false }])).toMatch(/1 system has no result yet/);
    expect(
      completionProblem([
        { result: null, isNotEquipped: false },
        { result: null, isNotEquipped: false },
      ]),
    ).toMatch(/2 systems have no result yet/);
  });
});
