/**
 * Dates as the specification shows them (operations §9: MM/DD/YYYY, times hh:mm a) in the user's time zone,
 * with date-fns. Pages format on the server, so date-fns stays out of the browser's first load.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';

/** The IANA zone of each TimeZone lookup id (api-host/lookups/schema.ts TIME_ZONES). */
const ZONES: Readonly<Record<number, string>> = {
  1: 'Pacific/Honolulu',
  2: 'America/Anchorage',
  3: 'America/Los_Angeles',
  4: 'America/Denver',
  5: 'America/Phoenix',
  6: 'America/Chicago',
  7: 'America/Regina',
  8: 'America/Guatemala',
  9: 'America/Bogota',
  10: 'America/Halifax',
  11: 'America/St_Johns',
  12: 'America/New_York',
  13: 'America/Indiana/Indianapolis',
  14: 'UTC',
};
export const zoneOf = (timezone: number | null | undefined) => ZONES[timezone ?? 12] ?? 'America/New_York';

/** "MM/DD/YYYY hh:mm a" in the user's time zone; the text itself when it is not a date. */
export function formatDateTime(iso: string, timezone: number | null | undefined): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'MM/dd/yyyy hh:mm a', { in: tz(zoneOf(timezone)) });
}
