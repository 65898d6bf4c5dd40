/**
 * The period presets 1–6 of the dashboard filter (docs/dashboard.md#screens, #limits) as local days in the user's time zone,
 * with date-fns on a TZDate. Weeks start on Sunday (en-US, the product's locale); "past 6 months" and
 * "past year" end today and start the day after the same date 6 months / 1 year ago, so "past year" is 365
 * or 366 days. Apart from rules.ts because of its weight: the screen imports it when a preset is picked.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, lightFormat, startOfMonth, startOfQuarter, startOfWeek, subMonths, subYears } from 'date-fns';
import { zoneOf, type Zone } from '../dates';
import type { DayRange, PeriodId } from './rules';

const day = (d: Date) => lightFormat(d, 'yyyy-MM-dd');

/** The range of a preset (1–6) as local days in `zone`, given the moment `now`. */
export function presetRange(preset: Exclude<PeriodId, 7>, now: Date, zone: Zone): DayRange {
  const today = new TZDate(now.getTime(), zoneOf(zone));
  const end = day(today);
  switch (preset) {
    case 1: {
      const y = day(addDays(today, -1));
      return { startDate: y, endDate: y };
    }
    case 2:
      return { startDate: day(startOfWeek(today, { weekStartsOn: 0 })), endDate: end };
    case 3:
      return { startDate: day(startOfMonth(today)), endDate: end };
    case 4:
      return { startDate: day(startOfQuarter(today)), endDate: end };
    case 5:
      return { startDate: day(addDays(subMonths(today, 6), 1)), endDate: end };
    case 6:
      return { startDate: day(addDays(subYears(today, 1), 1)), endDate: end };
  }
}
