/**
 * Dates as the specification shows them (docs/shell.md#limits: MM/DD/YYYY, times hh:mm a) in the user's time
 * zone, and the user's local dates and times turned into instants for the host. date-fns with
 * @date-fns/tz (lightFormat: numeric patterns need no locale data in the bundle). Client-safe.
 *
 * A zone is the profile's TimeZone lookup id (api-host/lookups/schema.ts TIME_ZONES, a Windows zone name
 * mapped to its IANA zone here) or an IANA zone name; an unknown one is Eastern, the default time zone (12).
 */
import { TZDate } from '@date-fns/tz';
import { lightFormat } from 'date-fns';

const EASTERN = 'America/New_York';
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
  12: EASTERN,
  13: 'America/Indiana/Indianapolis',
  14: 'UTC',
};

/** A TimeZone lookup id or an IANA zone name. */
export type Zone = number | string | null | undefined;

/** The IANA zone of a TimeZone lookup id (or the name itself); Eastern when unknown. */
export const zoneOf = (zone: Zone): string =>
  typeof zone === 'string' && zone ? zone : ((typeof zone === 'number' ? ZONES[zone] : undefined) ?? EASTERN);

const valid = (iso: string | null | undefined): iso is string => !!iso && Number.isFinite(Date.parse(iso));
const inZone = (iso: string, zone: Zone) => new TZDate(Date.parse(iso), zoneOf(zone));

/** "MM/DD/YYYY" in the zone; '' for no date. */
export const formatDate = (iso: string | null | undefined, zone: Zone): string =>
  valid(iso) ? lightFormat(inZone(iso, zone), 'MM/dd/yyyy') : '';

/** "MM/DD/YYYY hh:mm a" in the zone; '' for no date. */
export const formatDateTime = (iso: string | null | undefined, zone: Zone): string =>
  valid(iso) ? lightFormat(inZone(iso, zone), 'MM/dd/yyyy hh:mm a') : '';

/** An instant as the value of an <input type="datetime-local"> showing the zone's wall time. */
export const toLocalInput = (iso: string | null | undefined, zone: Zone): string =>
  valid(iso) ? lightFormat(inZone(iso, zone), "yyyy-MM-dd'T'HH:mm") : '';

/** The instant (UTC ISO) of a datetime-local value read as wall time in the zone; null when empty or invalid. */
export function fromLocalInput(value: string, zone: Zone): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = 0] = m;
  const date = new TZDate(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), zoneOf(zone));
  return Number.isFinite(date.getTime()) ? new Date(date.getTime()).toISOString() : null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD value that is a real day. */
export const isLocalDate = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The instant a local day starts in the zone (plus `addDays`), or undefined for a value that is not a day. */
export function dayStart(v: string, zone: Zone, addDays = 0): string | undefined {
  const m = DAY.exec(v);
  if (!m || !isLocalDate(v)) return undefined;
  const d = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + addDays, 0, 0, 0, zoneOf(zone));
  return new Date(d.getTime()).toISOString();
}

/** "MM/DD/YYYY hh:mm:ss AM" in the zone (docs/shell.md#limits, the dashboard's short display); '' for no date. */
export const formatDateTimeSeconds = (iso: string | null | undefined, zone: Zone): string =>
  valid(iso) ? lightFormat(inZone(iso, zone), 'MM/dd/yyyy hh:mm:ss a') : '';

/** The local day (YYYY-MM-DD) in the zone, `addDays` from today: what a date field starts at. */
export const localDay = (zone: Zone, addDays = 0): string =>
  lightFormat(new TZDate(Date.now() + addDays * 86_400_000, zoneOf(zone)), 'yyyy-MM-dd');
