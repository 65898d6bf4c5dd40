/**
 * Local dates and times of the user's time zone turned into instants for the host, and back for inputs
 * (the zone is the profile's TimeZone lookup id, lib/dates.ts). Client-safe and light: TZDate only — the
 * dates the screens show are formatted on the server (lib/dates.ts, date-fns).
 */
import { TZDate } from '@date-fns/tz';
import { ianaZone } from '@/lib/dates';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

export const isLocalDate = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The instant a local day starts (plus `addDays`), or undefined for a value that is not a date. */
export function dayStart(v: string, timezone: number, addDays = 0): string | undefined {
  const m = DAY.exec(v);
  if (!m || !isLocalDate(v)) return undefined;
  const d = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + addDays, 0, 0, 0, ianaZone(timezone));
  return new Date(d.getTime()).toISOString();
}

/** An instant as the value of an <input type="datetime-local"> showing the zone's wall time. */
export function toLocalInput(iso: string | null, timezone: number): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  const d = new TZDate(Date.parse(iso), ianaZone(timezone));
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant of a datetime-local value read as wall time in the zone; null when empty or invalid. */
export function fromLocalInput(value: string, timezone: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  const date = new TZDate(y, mo - 1, d, h, mi, 0, ianaZone(timezone));
  return Number.isFinite(date.getTime()) ? new Date(date.getTime()).toISOString() : null;
}
