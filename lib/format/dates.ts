/**
 * Dates as the specification shows them (operations §9: MM/DD/YYYY, times hh:mm a) in the user's time
 * zone, with date-fns (lightFormat: numeric patterns need no locale data in the bundle). The session
 * profile names the zone by its TimeZone lookup id (a Windows zone name,
 * api-host/lookups/schema.ts TIME_ZONES); ZONES maps each id to its IANA zone. Client-safe.
 */
import { TZDate } from '@date-fns/tz';
import { lightFormat } from 'date-fns';

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

/** The IANA zone of a TimeZone lookup id (Eastern, the default time zone 12, when unknown). */
export const zoneOf = (timezone: number | null | undefined): string => ZONES[timezone ?? 12] ?? ZONES[12];

const valid = (iso: string | null | undefined): iso is string => !!iso && Number.isFinite(Date.parse(iso));

/** "MM/DD/YYYY hh:mm a" in the zone; '' for no date. */
export const formatDateTime = (iso: string | null | undefined, zone: string): string => (valid(iso) ? lightFormat(new TZDate(iso, zone), 'MM/dd/yyyy hh:mm a') : '');

/** "MM/DD/YYYY" in the zone; '' for no date. */
export const formatDate = (iso: string | null | undefined, zone: string): string => (valid(iso) ? lightFormat(new TZDate(iso, zone), 'MM/dd/yyyy') : '');

/** An instant as the value of an <input type="datetime-local"> showing the zone's wall time. */
export const toLocalInput = (iso: string | null | undefined, zone: string): string => (valid(iso) ? lightFormat(new TZDate(iso, zone), "yyyy-MM-dd'T'HH:mm") : '');

/** The instant (UTC ISO) of a datetime-local value read as wall time in the zone; null when empty or invalid. */
export function fromLocalInput(value: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const date = new TZDate(y, mo - 1, d, h, mi, s || 0, zone);
  return Number.isFinite(date.getTime()) ? new Date(date.getTime()).toISOString() : null;
}
