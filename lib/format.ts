/**
 * How the product shows numbers, money, sizes and dates (ARCHITECTURE "Screens"): for the user's locale
 * (en-US, the product's only one), dates as MM/DD/YYYY and times as hh:mm a (operations §9) in the user's
 * time zone, with date-fns. Client-safe.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';

export const LOCALE = 'en-US';

const counts = new Intl.NumberFormat(LOCALE);
const money = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' });
const decimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

export const formatCount = (n: number) => counts.format(n);
export const formatMoney = (n: number) => money.format(n);
/** Distances in miles, one decimal: "12.4 mi". */
export const formatMiles = (n: number) => `${decimal.format(n)} mi`;

export function formatBytes(n: number): string {
  if (n < 1024) return `${counts.format(n)} B`;
  if (n < 1024 * 1024) return `${decimal.format(n / 1024)} KB`;
  if (n < 1024 ** 3) return `${decimal.format(n / 1024 ** 2)} MB`;
  return `${decimal.format(n / 1024 ** 3)} GB`;
}

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
