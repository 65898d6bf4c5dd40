/**
 * A user as their history sees them (docs/history.md#what-is-recorded): the dialog's fields (names,
 * username, role, location, time zone, language, labor rate, active, mail choices, photo) and the locations
 * they may access. The password is a secret field: its hash is compared, never written; a change reads
 * "Password: changed". A deleted user is no record any more (one "Deleted" row).
 */
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { recordChange, shown, type Snapshot } from '../history/service';

interface UserRow {
  firm: number;
  username: string;
  first_name: string;
  last_name: string;
  contact_type: string | null;
  role: string | null;
  firm_name: string;
  timezone: string | null;
  language: string | null;
  labor_rate: number | null;
  is_inactive: number;
  receives_report: number;
  receives_invoice: number;
  image_photo_path: string | null;
  password_hash: string;
  locations: string | null;
}

const PASSWORD = 'Password';

export function userSnapshot(db: Db, user: number): Snapshot | null {
  const u = prepared<UserRow>(
    db,
    `SELECT u.firm, u.username, c.first_name, c.last_name, ct.value AS contact_type, r.name AS role, f.name AS firm_name, tz.value AS timezone,
            lang.value AS language, u.labor_rate, u.is_inactive, u.receives_report, u.receives_invoice, u.image_photo_path, u.password_hash,
            (SELECT group_concat(name, ', ') FROM (SELECT lf.name FROM user_firm uf JOIN firm lf ON lf.firm = uf.firm WHERE uf.user = u.user ORDER BY lf.name)) AS locations
     FROM user u JOIN contact c ON c.contact = u.contact JOIN firm f ON f.firm = u.firm
     LEFT JOIN role r ON r.role = u.role
     LEFT JOIN lookup ct ON ct.key = 'ContactType' AND ct.id = c.contact_type
     LEFT JOIN lookup tz ON tz.key = 'TimeZone' AND tz.id = c.timezone
     LEFT JOIN lookup lang ON lang.key = 'Language' AND lang.id = c.language
     WHERE u.user = ? AND u.deleted_at IS NULL`,
  ).get(user);
  if (!u) return null;
  return {
    firm: u.firm,
    fields: {
      Username: u.username,
      'First name': shown(u.first_name),
      'Last name': shown(u.last_name),
      'Contact type': shown(u.contact_type),
      Role: shown(u.role),
      Location: u.firm_name,
      Locations: shown(u.locations),
      'Time zone': shown(u.timezone),
      Language: shown(u.language),
      'Labor rate': u.labor_rate == null ? null : `$${u.labor_rate.toFixed(2)}`,
      Active: u.is_inactive ? 'No' : 'Yes',
      'Receives report': u.receives_report ? 'Yes' : 'No',
      'Receives invoice': u.receives_invoice ? 'Yes' : 'No',
      Photo: shown(u.image_photo_path),
      [PASSWORD]: u.password_hash,
    },
    secret: [PASSWORD],
  };
}

/** Runs a write of user `id` (null: the write creates one, `created` names it) and records what it changed, in the caller's transaction. */
export function withUserHistory<T>(db: Db, by: number | null, id: number | null, write: () => T, created?: (result: T) => number): T {
  // A user who added themselves (onboarding's first user) is their own first row's author.
  const before = id == null ? null : userSnapshot(db, id);
  const result = write();
  const which = id ?? created?.(result);
  if (which != null) recordChange(db, { kind: 'user', id: which, by: by ?? which }, before, userSnapshot(db, which));
  return result;
}
