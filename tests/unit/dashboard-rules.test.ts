/** The dashboard's rules: preset ranges in several zones and across a daylight-saving change, the previous period, range checks, the inspections' JSON text. */
import { describe, expect, it } from 'vitest';
import { adasRecord } from '../../lib/contract/dashboard';
import { presetRange } from '../../lib/dashboard/periods';
import { changeText, daysOf, exportName, previousRange, rangeDays, rangeProblems } from '../../lib/dashboard/rules';
import { must } from '../../testkit/must';

// 03:30 UTC on 2026-03-11 is still the 10th in the Americas (23:30 in New York).
const now = new Date('2026-03-11T03:30:00Z');

describe('preset ranges', () => {
  it.each([
    ['America/New_York', '2026-03-10'],
    ['America/Los_Angeles', '2026-03-10'],
    ['UTC', '2026-03-11'],
    ['Pacific/Honolulu', '2026-03-10'],
  ])("use the user's own today in %s", (zone, today) => {
    expect(presetRange(3, now, zone)).toEqual({ startDate: `${today.slice(0, 7)}-01`, endDate: today });
  });

  it('compute each preset from a fixed clock (Eastern, the default zone 12)', () => {
    const at = new Date('2026-05-14T15:00:00Z'); // Thursday
    expect(presetRange(1, at, 12)).toEqual({ startDate: '2026-05-13', endDate: '2026-05-13' });
    expect(presetRange(2, at, 12)).toEqual({ startDate: '2026-05-10', endDate: '2026-05-14' });
    expect(presetRange(3, at, 12)).toEqual({ startDate: '2026-05-01', endDate: '2026-05-14' });
    expect(presetRange(4, at, 12)).toEqual({ startDate: '2026-04-01', endDate: '2026-05-14' });
    expect(presetRange(5, at, 12)).toEqual({ startDate: '2025-11-15', endDate: '2026-05-14' });
    expect(presetRange(6, at, 12)).toEqual({ startDate: '2025-05-15', endDate: '2026-05-14' });
    expect(rangeDays(presetRange(6, at, 12))).toBe(365);
  });

  it('stay whole days across the spring-forward change (New York, 2026-03-08)', () => {
    const monday = new Date('2026-03-09T04:30:00Z'); // 00:30 EDT on Monday the 9th
    expect(presetRange(1, monday, 'America/New_York')).toEqual({ startDate: '2026-03-08', endDate: '2026-03-08' });
    expect(presetRange(2, monday, 'America/New_York')).toEqual({ startDate: '2026-03-08', endDate: '2026-03-09' });
    const justBefore = new Date('2026-03-09T03:59:00Z'); // 23:59 on Sunday the 8th (EDT)
    expect(presetRange(1, justBefore, 'America/New_York')).toEqual({ startDate: '2026-03-07', endDate: '2026-03-07' });
  });

  it('stay whole days across the fall-back change (Chicago, 2026-11-01)', () => {
    const at = new Date('2026-11-02T05:30:00Z'); // 23:30 CST on Sunday the 1st
    expect(presetRange(1, at, 'America/Chicago')).toEqual({ startDate: '2026-10-31', endDate: '2026-10-31' });
    expect(daysOf({ startDate: '2026-10-31', endDate: '2026-11-02' })).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
  });
});

describe('the previous period', () => {
  it('has the same number of days and ends the day before', () => {
    expect(previousRange({ startDate: '2026-03-01', endDate: '2026-03-31' })).toEqual({ startDate: '2026-01-29', endDate: '2026-02-28' });
    expect(previousRange({ startDate: '2026-03-08', endDate: '2026-03-08' })).toEqual({ startDate: '2026-03-07', endDate: '2026-03-07' });
    const year = { startDate: '2025-05-15', endDate: '2026-05-14' };
    expect(rangeDays(previousRange(year))).toBe(rangeDays(year));
  });

  it('is compared as a percentage, "new" when there was nothing before', () => {
    expect(changeText(125, 100)).toBe('+25%');
    expect(changeText(90, 100)).toBe('−10%');
    expect(changeText(5, 0)).toBe('new');
    expect(changeText(0, 0)).toBe('no change');
  });
});

describe('range checks', () => {
  it('refuse a start after the end, ten years, and days that do not exist', () => {
    expect(rangeProblems({ startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual({
      startDate: 'The start date must be on or before the end date.',
    });
    expect(rangeProblems({ startDate: '2016-01-01', endDate: '2026-01-01' })?.endDate).toMatch(/at most 1096 days/);
    expect(rangeProblems({ startDate: '2026-02-30', endDate: '2026-03-01' })?.startDate).toBeDefined();
    expect(rangeProblems({ startDate: '2026-03-01', endDate: '2026-03-01' })).toBeNull();
  });
});

describe('ADAS records', () => {
  const base = {
    adas: 1,
    firm: 6,
    firmName: 'Shop',
    ronumber: 'R1',
    vehicle: '2021 Honda Pilot',
    vin: '',
    status: 1,
    createdAt: '2026-01-01T00:00:00Z',
    completedInspections: 0,
    calibrations: 0,
    sales: 0,
  };
  it('parse the inspections field from JSON text into a structure', () => {
    const inspections = [
      {
        adasInspection: 4,
        type: 1,
        status: 2,
        inspector: 'Avery Adams',
        completedAt: null,
        results: [
          { system: 'Forward Camera', result: 3, isNotEquipped: false, calibrationType: 'Forward camera – static' },
          { system: 'Side Camera', result: null, isNotEquipped: true, calibrationType: 'Side camera – static' },
        ],
      },
    ];
    expect(adasRecord.parse({ ...base, inspections: JSON.stringify(inspections) }).inspections).toEqual(inspections);
    // A host that does not say whether a system is equipped: it is read as equipped (shown by its result).
    const older = inspections.map((i) => ({
      ...i,
      results: i.results.map((r) => ({ system: r.system, result: r.result, calibrationType: r.calibrationType })),
    }));
    expect(adasRecord.parse({ ...base, inspections: JSON.stringify(older) }).inspections[0]?.results[1]?.isNotEquipped).toBe(false);
  });
  it('fail clearly on text that is not JSON or not inspections', () => {
    expect(must(adasRecord.safeParse({ ...base, inspections: '{oops' }).error?.issues[0], 'issues[0]').message).toBe(
      'The inspections are not valid JSON',
    );
    expect(must(adasRecord.safeParse({ ...base, inspections: '[{"adasInspection":"x"}]' }).error?.issues[0], 'issues[0]').message).toMatch(
      /expected shape/,
    );
  });
});

describe('access', () => {
  it('the dashboard calls allow exactly the roles of the /dashboard route', async () => {
    const { ROUTES } = await import('../../lib/routes');
    const { DASHBOARD_ROLES } = await import('../../lib/contract/dashboard');
    expect(ROUTES.find((r) => r.path === '/dashboard')?.access).toEqual(DASHBOARD_ROLES);
  });
});

describe('exportName (issue 31 §3: CSV names say firm and period)', () => {
  it('names what, the firm and the period', () => {
    expect(exportName('dashboard', 'Brooklyn Collision & Glass', { startDate: '2026-10-01', endDate: '2026-10-31' })).toBe(
      'dashboard-brooklyn-collision-glass-2026-10-01-to-2026-10-31',
    );
    expect(exportName('invoicing', '', { startDate: '2026-01-01', endDate: '2026-03-31' })).toBe(
      'invoicing-all-firms-2026-01-01-to-2026-03-31',
    );
  });
});
