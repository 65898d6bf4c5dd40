/**
 * Demo shared links of role5@example.com (a shop user at Brooklyn Collision & Glass, firm 6) on its
 * inspections: one live, one revoked, one expired, so every state of /links can be seen. Dates are relative
 * to the seeding, as links live days, not years.
 */
import type { Db } from '../core/db';
import { isoSeconds as iso } from '../core/time';

const DAY = 86_400_000;

export function seedLinks(db: Db): void {
  const owner = db.prepare<unknown[], number>("SELECT user FROM user WHERE username = 'role5@example.com'").pluck().get();
  const inspections = db
    .prepare<unknown[], number>(
      'SELECT i.adas_inspection FROM adas_inspection i JOIN adas j ON j.adas = i.adas WHERE j.firm = 6 ORDER BY i.adas_inspection LIMIT 3',
    )
    .pluck()
    .all();
  if (!owner || inspections.length === 0) return;
  const now = Date.now();
  const insert = db.prepare(
    'INSERT INTO share_link (adas_inspection, firm, owner, created_at, expires_at, revoked_at) VALUES (?, 6, ?, ?, ?, ?)',
  );
  const at = (n: number) => inspections[n % inspections.length];
  insert.run(at(0), owner, iso(now - 2 * DAY), iso(now + 5 * DAY), null);
  insert.run(at(1), owner, iso(now - 4 * DAY), iso(now + 10 * DAY), iso(now - DAY));
  insert.run(at(2), owner, iso(now - 40 * DAY), iso(now - 10 * DAY), null);
}
