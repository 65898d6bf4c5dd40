/**
 * Schema of lookups (operations §3): the values of named groups (ContactType, Country, TimeZone, …). Each
 * area that owns a group writes its values as reference data in its own migration, with lookupRowsSql.
 */
import { sqlText } from '../sql';

/** A lookup row of reference data: [id, value, code, type3, isInactive]. */
export type LookupRow = readonly [id: number, value: string, code: string | null, type3: string | null, inactive?: boolean];

/** An INSERT of reference lookup values, sorted in the order given, for a migration. */
export function lookupRowsSql(groups: Readonly<Record<string, readonly LookupRow[]>>): string {
  const rows = Object.entries(groups).flatMap(([key, list]) =>
    list.map(([id, value, code, type3, inactive], i) => `(${id}, ${sqlText(key)}, ${sqlText(value)}, ${sqlText(code)}, ${sqlText(type3)}, ${i}, ${inactive ? 1 : 0})`),
  );
  return rows.length ? `INSERT OR IGNORE INTO lookup (id, key, value, code, type3, sort, is_inactive) VALUES\n  ${rows.join(',\n  ')};` : '';
}

export const TIME_ZONES: readonly LookupRow[] = (
  [
    [1, 'Hawaii Standard Time'], [2, 'Alaskan Standard Time'], [3, 'Pacific Standard Time'], [4, 'Mountain Standard Time'],
    [5, 'US Mountain Standard Time'], [6, 'Central Standard Time'], [7, 'Canada Central Standard Time'],
    [8, 'Central America Standard Time'], [9, 'SA Pacific Standard Time'], [10, 'Atlantic Standard Time'],
    [11, 'Newfoundland Standard Time'], [12, 'Eastern Standard Time'], [13, 'US Eastern Standard Time'], [14, 'UTC'],
  ] as const
).map(([id, name]): LookupRow => [id, name, null, null]);

export const LANGUAGES: readonly LookupRow[] = [
  [1, 'English', 'en', null],
  [2, 'Spanish', 'es', null],
  [3, 'French', 'fr', null],
];

export const LOOKUPS_SCHEMA = /* sql */ `
CREATE TABLE lookup (
  id          INTEGER NOT NULL,
  key         TEXT NOT NULL,
  value       TEXT NOT NULL,
  code        TEXT,
  type3       TEXT,
  sort        INTEGER NOT NULL DEFAULT 0,
  firm        INTEGER NOT NULL DEFAULT 1,
  is_inactive INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key, id)
);

${lookupRowsSql({ TimeZone: TIME_ZONES, Language: LANGUAGES })}
`;
