/**
 * Dates as the specification shows them (operations §9: MM/DD/YYYY, times hh:mm a), in the user's time
 * zone (the profile's TimeZone lookup id, lib/contract/lookup-groups), with date-fns. Client-safe.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** IANA zones of the TimeZone lookup ids (api-host/lookups/schema.ts); unknown ids fall back to UTC. */
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

export const ianaZone = (timezone: number | null | undefined) => (timezone != null && ZONES[timezone]) || 'UTC';

function at(iso: string, timezone: number | null | undefined): TZDate | null {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new TZDate(ms, ianaZone(timezone));
}

/** MM/DD/YYYY in the user's zone ('' for a value that is not a date). */
export const formatDate = (iso: string, timezone: number | null | undefined) => {
  const d = at(iso, timezone);
  return d ? format(d, 'MM/dd/yyyy') : '';
};

/** MM/DD/YYYY hh:mm a in the user's zone. */
export const formatDateTime = (iso: string, timezone: number | null | undefined) => {
  const d = at(iso, timezone);
  return d ? format(d, 'MM/dd/yyyy hh:mm a') : '';
};
