/**
 * A location as its history sees it (docs/history.md#what-is-recorded): the Location form's fields, its
 * active state, its preferences ("Preference · {category} · {name}"), its storage (account, bucket, and
 * each file as a part "Storage file · {name}") and its own calibration prices (parts "Price · {system
 * type} · {calibration}"). A location is its own firm: its history is scoped to it (who reaches the
 * location reads it). Its partners (opt-in programs, calibration providers) are a record of their own,
 * `locationPartners` (id: the location), because more roles keep them (/insurance, /providers) than may
 * read the location itself.
 */
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { shown, withHistory, type Fields, type Snapshot } from '../history/service';

interface FirmRow {
  firm: number;
  name: string;
  firm_type: string;
  parent_name: string | null;
  postal_code: string;
  first_name: string;
  last_name: string;
  address_lines: string;
  city: string;
  state: string | null;
  country: string | null;
  phone_no: string;
  email: string;
  timezone: string | null;
  language: string | null;
  ccc_id: string;
  firm_number: string;
  ccc_diag: number;
  is_inactive: number;
}

/** The names under which a location's storage is recorded: a part a file, two fields the account. */
const STORAGE_FILE_PART = 'Storage file · ';
const STORAGE_FIELDS = ['Storage account', 'Storage bucket'] as const;

/**
 * SQL true for a history row (alias `h`) of a location's storage: shown only to those who may read the
 * storage itself (its file names, sizes and types are no business of the location's other readers).
 */
export const STORAGE_HISTORY_ROWS = `(substr(h.part, 1, ${STORAGE_FILE_PART.length}) = '${STORAGE_FILE_PART}' OR (h.part = '' AND h.field IN (${STORAGE_FIELDS.map((f) => `'${f}'`).join(', ')})))`;

export function locationSnapshot(db: Db, firm: number): Snapshot | null {
  const f = prepared<FirmRow>(
    db,
    `SELECT f.firm, f.name, f.firm_type, p.name AS parent_name, f.postal_code, f.first_name, f.last_name, f.address_lines, f.city,
            sp.value AS state, co.value AS country, f.phone_no, f.email, tz.value AS timezone, lang.value AS language, f.ccc_id, f.firm_number,
            f.ccc_diag, f.is_inactive
     FROM firm f LEFT JOIN firm p ON p.firm = f.parent
     LEFT JOIN lookup sp ON sp.key = 'StateProvince' AND sp.id = f.state_province
     LEFT JOIN lookup co ON co.key = 'Country' AND co.id = f.country
     LEFT JOIN lookup tz ON tz.key = 'TimeZone' AND tz.id = f.timezone
     LEFT JOIN lookup lang ON lang.key = 'Language' AND lang.id = f.language
     WHERE f.firm = ?`,
  ).get(firm);
  if (!f) return null;
  const preferences: Record<string, string | null> = {};
  for (const p of prepared<{
    type: string;
    name: string;
    value: string | null;
  }>(db, 'SELECT type, name, value FROM firm_preference WHERE firm = ? ORDER BY type, name').all(firm))
    preferences[`Preference · ${p.type} · ${p.name}`] = shown(p.value);
  const parts: Record<string, Fields> = {};
  for (const p of prepared<{ system_type: string; name: string; price_cents: number }>(
    db,
    `SELECT s.name AS system_type, t.name, p.price_cents FROM adas_calibration_price p
     JOIN adas_calibration_type t ON t.calibration_type = p.calibration_type JOIN adas_system_type s ON s.system_type = t.system_type
     WHERE p.firm = ? ORDER BY s.sort, t.name`,
  ).all(firm))
    parts[`Price · ${p.system_type} · ${p.name}`] = { Price: `$${(p.price_cents / 100).toFixed(2)}` };
  for (const file of prepared<{ name: string; size: number; content_type: string }>(
    db,
    'SELECT name, size, content_type FROM stored_file WHERE firm = ? ORDER BY name',
  ).all(firm))
    parts[`${STORAGE_FILE_PART}${file.name}`] = { Size: `${file.size} bytes`, Type: file.content_type };
  const storage = prepared<{ account: string; bucket: string | null }>(
    db,
    'SELECT account, bucket FROM storage_account WHERE firm = ?',
  ).get(firm);
  const fields: Fields = {
    Name: f.name,
    Type: f.firm_type,
    Parent: shown(f.parent_name),
    'Postal code': shown(f.postal_code),
    'First name': shown(f.first_name),
    'Last name': shown(f.last_name),
    Address: shown(f.address_lines),
    City: shown(f.city),
    'State/Province': shown(f.state),
    Country: shown(f.country),
    Phone: shown(f.phone_no),
    Email: shown(f.email),
    'Time zone': shown(f.timezone),
    Language: shown(f.language),
    'CCC ID': shown(f.ccc_id),
    'Firm number': shown(f.firm_number),
    'CCC diagnostics': f.ccc_diag ? 'Yes' : 'No',
    Active: f.is_inactive ? 'No' : 'Yes',
    ...preferences,
    [STORAGE_FIELDS[0]]: shown(storage?.account),
    [STORAGE_FIELDS[1]]: shown(storage?.bucket),
  };
  return { firm: f.firm, fields, parts };
}

/** Runs a write of location `id` (null: the write creates one, `created` names it) and records what it changed, in the caller's transaction. */
export function withLocationHistory<T>(db: Db, by: number, id: number | null, write: () => T, created?: (result: T) => number): T {
  return withHistory(db, { kind: 'location', by: by }, id, locationSnapshot, write, created);
}

/** The same in a transaction of its own (a savepoint in a caller's): a change of location `id`'s partners, storage or prices. */
export function changingLocation<T>(db: Db, by: number, id: number, write: () => T): T {
  return db.transaction(() => withLocationHistory(db, by, id, write))();
}

/** A location's partners (id: the location): the insurance programs it opted in to and the calibration providers it chose. */
export function partnersSnapshot(db: Db, firm: number): Snapshot | null {
  const r = prepared<{ programs: string | null; providers: string | null }>(
    db,
    `SELECT (SELECT group_concat(name, ', ') FROM (SELECT ip.name FROM firm_program fp JOIN insurance_program ip ON ip.program = fp.program
               WHERE fp.firm = f.firm ORDER BY ip.name COLLATE NOCASE)) AS programs,
            (SELECT group_concat(name, ', ') FROM (SELECT pf.name FROM firm_provider x JOIN firm pf ON pf.firm = x.provider
               WHERE x.firm = f.firm ORDER BY pf.name COLLATE NOCASE)) AS providers
     FROM firm f WHERE f.firm = ?`,
  ).get(firm);
  if (!r) return null;
  return { firm, fields: { 'Opt-in programs': shown(r.programs), 'Calibration providers': shown(r.providers) } };
}

/** A change of location `id`'s partners, in a transaction of its own (a savepoint in a caller's), recorded. */
export function changingPartners<T>(db: Db, by: number, id: number, write: () => T): T {
  return db.transaction(() => withHistory(db, { kind: 'locationPartners', by }, id, partnersSnapshot, write))();
}
