/**
 * Demo users: one sign-in per role id 1–17 (role<N>@example.com / Demo#2026) plus an inactive account,
 * each with their own contact. Administrators (roles 1, 2) reach every firm; everyone else their firm and
 * the firms below it.
 */
import type { Db } from '../db';
import { SEED_FIRMS, subtree } from '../firms/seed';
import { hashPassword } from '../passwords';

export const DEMO_PASSWORD = 'Demo#2026';

/** Which firm each demo role signs in at. */
const ROLE_FIRM: Readonly<Record<number, number>> = {
  1: 1, 2: 1, 3: 2, 6: 2, 7: 2, 10: 2, 11: 2, 8: 3, 9: 3, 12: 4, 13: 4, 14: 5, 4: 6, 5: 6, 15: 7, 16: 7, 17: 9,
};

const FIRST = ['Avery', 'Blake', 'Casey', 'Devon', 'Emerson', 'Finley', 'Gray', 'Harper', 'Indy', 'Jordan', 'Kendall', 'Logan', 'Morgan', 'Noel', 'Oakley', 'Parker', 'Quinn'];
const LAST = ['Adams', 'Brooks', 'Carter', 'Diaz', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Kim', 'Lopez', 'Moreau', 'Nguyen', 'Okafor', 'Patel', 'Quintero'];

const timezoneFor = (postal: string) => (/^9/.test(postal) ? 3 : /^7/.test(postal) ? 6 : 12);

export async function seedUsers(db: Db): Promise<void> {
  const hashes = await Promise.all(Array.from({ length: 18 }, () => hashPassword(DEMO_PASSWORD)));
  const insertContact = db.prepare(
    'INSERT INTO contact (contact, firm, contact_type, first_name, last_name, timezone, language) VALUES (?, ?, 1, ?, ?, ?, 1)',
  );
  const insertUser = db.prepare(
    'INSERT INTO user (user, contact, firm, username, password_hash, role, labor_rate, is_inactive, receives_report) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertUserFirm = db.prepare('INSERT INTO user_firm (user, firm, is_primary) VALUES (?, ?, ?)');
  const firmsById = new Map(SEED_FIRMS.map((f) => [f.firm, f]));

  db.transaction(() => {
    for (let role = 1; role <= 18; role++) {
      // Role 18 is not a role: it is the inactive account (a shop user, role 5).
      const inactive = role === 18;
      const firm = inactive ? 8 : ROLE_FIRM[role];
      const tz = timezoneFor(firmsById.get(firm)!.postalCode);
      const id = role;
      const contact = 1000 + role;
      const username = inactive ? 'inactive@example.com' : `role${role}@example.com`;
      insertContact.run(contact, firm, FIRST[(role - 1) % 17], inactive ? 'Inactive' : LAST[(role - 1) % 17], tz);
      insertUser.run(id, contact, firm, username, hashes[role - 1], inactive ? 5 : role, 85 + role, inactive ? 1 : 0, role % 2);
      const reach = role === 1 || role === 2 ? SEED_FIRMS.map((f) => f.firm) : subtree(firm);
      for (const f of reach) insertUserFirm.run(id, f, f === firm ? 1 : 0);
    }
  })();
}
