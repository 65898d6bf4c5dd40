/**
 * The configuration area's rules (issue 12): keyword lists ↔ comma text, prices, the pricing import's
 * header and row checks, the model changes of a make matrix, the report recommendation's year clamp and
 * the scan-pro wizard's step rules.
 */
import { describe, expect, it } from 'vitest';
import { SAVE_STEP, canOpenStep, checkYearRange, clampYears, goToStep, wizardStart } from '@/components/configuration/rules';
import { calibrationModeOf, calibrationTypeLabel } from '@/lib/configuration/constants';
import { joinKeywords, keywordProblem, splitKeywords } from '@/lib/configuration/keywords';
import { applyModelChanges, modelChanges, modelsText } from '@/lib/configuration/models';
import { readPrice } from '@/lib/configuration/money';
import { checkPricingRow, pricingCells, pricingHeader } from '@/lib/configuration/pricing-csv';
import { formatDate, formatDateTime } from '@/lib/dates';

describe('keyword lists ↔ comma text', () => {
  it('splits comma text into trimmed, de-duplicated keywords (case-insensitive, first spelling kept)', () => {
    expect(splitKeywords(' Windshield,front  bumper,, windshield ,GRILLE emblem, grille Emblem ')).toEqual([
      'Windshield',
      'front bumper',
      'GRILLE emblem',
    ]);
    expect(splitKeywords('')).toEqual([]);
    expect(splitKeywords(['a, b', 'c', 'B'])).toEqual(['a', 'b', 'c']);
  });
  it('joins a list into the server’s comma text, and the round trip is stable', () => {
    const chips = ['side mirror', 'rear bumper', 'wheel alignment'];
    const text = joinKeywords(chips);
    expect(text).toBe('side mirror, rear bumper, wheel alignment');
    expect(splitKeywords(text)).toEqual(chips);
    expect(joinKeywords(splitKeywords(text))).toBe(text);
    expect(joinKeywords(['a,b'])).toBe('a, b');
  });
  it('says when a list is too long or a keyword too long', () => {
    expect(keywordProblem(Array.from({ length: 1000 }, (_, i) => `k${i}`))).toBe('At most 100 keywords (this list has 1,000)');
    expect(keywordProblem(['x'.repeat(61)])).toMatch(/^A keyword has at most 60 characters/);
    expect(keywordProblem(['windshield'])).toBeNull();
  });
});

describe('prices', () => {
  it('reads dollars with at most two decimals into cents', () => {
    expect(readPrice('125')).toEqual({ ok: true, cents: 12500 });
    expect(readPrice('$1,250.5')).toEqual({ ok: true, cents: 125050 });
    expect(readPrice(0)).toEqual({ ok: true, cents: 0 });
    expect(readPrice(19.99)).toEqual({ ok: true, cents: 1999 });
  });
  it('refuses what is not a price, with a clear message', () => {
    expect(readPrice('abc')).toEqual({ ok: false, message: '"abc" is not a price: use a number such as 125.00' });
    expect(readPrice('1,25')).toMatchObject({ ok: false });
    expect(readPrice('-1')).toEqual({ ok: false, message: 'A price cannot be negative' });
    expect(readPrice('1.234')).toEqual({ ok: false, message: 'A price has at most two decimals' });
    expect(readPrice(Number.NaN)).toMatchObject({ ok: false });
    expect(readPrice('100000.01')).toEqual({ ok: false, message: 'A price is at most 100,000.00' });
  });
});

describe('the pricing import', () => {
  it('finds the columns in any order and case, and names the missing ones', () => {
    const h = pricingHeader(['\uFEFFprice', 'MODE', 'calibration', 'System Type']);
    expect(h).toEqual({ ok: true, index: { 'System type': 3, Calibration: 2, Mode: 1, Price: 0 } });
    expect(pricingHeader(['System type', 'Calibration', 'Mode'])).toEqual({
      ok: false,
      message: 'The file has no "Price" column. Its first line must name the columns System type, Calibration, Mode, Price.',
    });
    expect(pricingHeader(['a', 'b'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('"System type", "Calibration", "Mode", "Price" columns'),
    });
  });
  it('checks each row: required cells, the mode, the price', () => {
    const h = pricingHeader(['System type', 'Calibration', 'Mode', 'Price']);
    if (!h.ok) throw new Error('header');
    const cells = (row: string[]) => pricingCells(row, h.index, 2);
    expect(checkPricingRow(cells(['Forward camera', 'Forward camera – static', 'Static + Dynamic', '395.00']))).toEqual({
      ok: true,
      row: { line: 2, systemType: 'Forward camera', calibration: 'Forward camera – static', mode: 'static-dynamic', priceCents: 39500 },
    });
    expect(checkPricingRow(cells(['Forward camera', 'x', 'static', 'abc']))).toEqual({
      ok: false,
      errors: { Price: '"abc" is not a price: use a number such as 125.00' },
    });
    expect(checkPricingRow(cells(['', '', '', '']))).toEqual({
      ok: false,
      errors: {
        'System type': 'A system type is required',
        Calibration: 'A calibration name is required',
        Mode: 'A mode is required',
        Price: 'A price is required',
      },
    });
    expect(checkPricingRow(cells(['Radar', 'x', '', '10']), true)).toMatchObject({ ok: true, row: { mode: null } });
    expect(checkPricingRow(cells(['Radar', 'x', 'wobbly', '10']))).toMatchObject({
      ok: false,
      errors: { Mode: expect.stringContaining('is not a mode') },
    });
    expect(checkPricingRow(cells(['Radar', 'x', 'static']))).toMatchObject({ ok: false, errors: { Price: 'A price is required' } });
  });
  it('reads modes by value or label', () => {
    expect(['static', 'Dynamic', 'static-dynamic', 'Static & dynamic', 'INITIALIZATION'].map(calibrationModeOf)).toEqual([
      'static',
      'dynamic',
      'static-dynamic',
      'static-dynamic',
      'initialization',
    ]);
    expect(calibrationModeOf('sideways')).toBeNull();
  });
  it('labels a calibration type with its mode once (issue 31 §9)', () => {
    expect(calibrationTypeLabel('Forward camera – static', 'static')).toBe('Forward camera – static');
    expect(calibrationTypeLabel('Forward camera – static + dynamic', 'static-dynamic')).toBe('Forward camera – static + dynamic');
    expect(calibrationTypeLabel('Front radar', 'static')).toBe('Front radar (Static)');
    expect(calibrationTypeLabel('Radar – static', 'dynamic')).toBe('Radar – static (Dynamic)');
    expect(calibrationTypeLabel('Forward camera', null)).toBe('Forward camera');
    expect(calibrationTypeLabel('Blind spot – on-road', 'on-road')).toBe('Blind spot – on-road');
    expect(calibrationTypeLabel('Corner radar – static/dynamic', 'static-dynamic')).toBe('Corner radar – static/dynamic');
    expect(calibrationTypeLabel('Corner radar – static & dynamic', 'static-dynamic')).toBe('Corner radar – static & dynamic');
    expect(calibrationTypeLabel('Corner radar – aim', 'static-dynamic')).toBe('Corner radar – aim (Static + dynamic)');
  });
});

describe('make matrix models (isAdd / isDelete)', () => {
  const loaded = [
    { id: 1, name: 'Camry' },
    { id: 2, name: 'RAV4' },
  ];
  it('turns the chips into changes against the loaded models', () => {
    expect(modelChanges(loaded, ['rav4', 'Highlander', 'Highlander '])).toEqual([
      { id: 1, name: 'Camry', isAdd: false, isDelete: true },
      { id: 2, name: 'RAV4', isAdd: false, isDelete: false },
      { id: -1, name: 'Highlander', isAdd: true, isDelete: false },
    ]);
  });
  it('applies changes: deletes by id, adds new names once, keeps the rest, reports foreign ids', () => {
    expect(
      applyModelChanges(loaded, [
        { id: 1, name: 'Camry', isAdd: false, isDelete: true },
        { id: -1, name: 'camry', isAdd: true, isDelete: false },
        { id: -1, name: 'RAV4', isAdd: true, isDelete: false },
        { id: 9, name: 'X', isAdd: false, isDelete: true },
      ]),
    ).toEqual({ add: ['camry'], remove: [1], unknown: [9] });
  });
  it('sorts the models into one text and a case-free key', () => {
    expect(modelsText(['RAV4', 'camry', '4Runner'])).toEqual({ text: '4Runner, camry, RAV4', key: '4runner|camry|rav4' });
  });
});

describe('the report recommendation’s year clamp', () => {
  const d = { yearStart: '2019', yearEnd: '2022' };
  it('moves the end year up when the start year passes it', () => {
    expect(clampYears(d, 'yearStart', '2024')).toEqual({ yearStart: '2024', yearEnd: '2024' });
  });
  it('moves the start year down when the end year goes below it', () => {
    expect(clampYears(d, 'yearEnd', '2017')).toEqual({ yearStart: '2017', yearEnd: '2017' });
  });
  it('the editors refuse a reversed range with the one message', () => {
    expect(checkYearRange({ yearStart: '2024', yearEnd: '2020' })).toEqual({ yearEnd: 'The end year is before the start year' });
    expect(checkYearRange({ yearStart: '2020', yearEnd: '2020' })).toEqual({});
    expect(checkYearRange({ yearStart: '', yearEnd: '2020' })).toEqual({});
  });
  it('leaves the other value alone while a year is being typed, or when the range is in order', () => {
    expect(clampYears(d, 'yearEnd', '2')).toEqual({ yearStart: '2019', yearEnd: '2' });
    expect(clampYears(d, 'yearEnd', '202')).toEqual({ yearStart: '2019', yearEnd: '202' });
    expect(clampYears(d, 'yearStart', '2020')).toEqual({ yearStart: '2020', yearEnd: '2022' });
    expect(clampYears({ yearStart: '', yearEnd: '2022' }, 'yearEnd', '2010')).toEqual({ yearStart: '', yearEnd: '2010' });
  });
});

describe('the scan-pro wizard’s steps', () => {
  it('starts at step 1; moving keeps the highest visited step', () => {
    let s = wizardStart();
    expect(s).toEqual({ step: 1, visited: 1, changed: false });
    s = goToStep(s, 2, 4).state;
    s = goToStep(s, 3, 4).state;
    s = goToStep(s, 1, 4).state;
    expect(s).toEqual({ step: 1, visited: 3, changed: false });
    expect(canOpenStep(s, 3)).toBe(true);
    expect(canOpenStep(s, 4)).toBe(true);
    expect(goToStep(s, 4, 4).state.step).toBe(4);
  });
  it('cannot skip ahead of the next unvisited step or past the last', () => {
    expect(goToStep(wizardStart(), 4, 4).state).toEqual({ step: 2, visited: 2, changed: false });
    expect(goToStep({ step: 4, visited: 4, changed: false }, 9, 4).state.step).toBe(4);
    expect(canOpenStep(wizardStart(), 3)).toBe(false);
  });
  it('step 99 does not change the step, but saves changed criteria', () => {
    const s = { step: 2, visited: 3, changed: true };
    expect(goToStep(s, SAVE_STEP, 4)).toEqual({ state: { step: 2, visited: 3, changed: false }, save: true });
    expect(goToStep({ ...s, changed: false }, SAVE_STEP, 4)).toEqual({ state: { step: 2, visited: 3, changed: false }, save: false });
  });
  it('leaving a step with changed criteria saves and clears the flag; unchanged criteria do not save', () => {
    expect(goToStep({ step: 2, visited: 2, changed: true }, 3, 4)).toEqual({ state: { step: 3, visited: 3, changed: false }, save: true });
    expect(goToStep({ step: 2, visited: 2, changed: false }, 1, 4)).toEqual({
      state: { step: 1, visited: 2, changed: false },
      save: false,
    });
    // Staying on the same step is not leaving it.
    expect(goToStep({ step: 2, visited: 2, changed: true }, 2, 4)).toEqual({ state: { step: 2, visited: 2, changed: true }, save: false });
  });
});

describe('dates in the user’s time zone', () => {
  it('shows MM/DD/YYYY and hh:mm a in the profile’s zone', () => {
    expect(formatDate('2026-01-15T03:30:00Z', 12)).toBe('01/14/2026');
    expect(formatDateTime('2026-01-15T14:30:00Z', 12)).toBe('01/15/2026 09:30 AM');
    expect(formatDateTime('2026-07-15T14:30:00Z', 3)).toBe('07/15/2026 07:30 AM');
    expect(formatDate('not a date', 12)).toBe('');
  });
});
