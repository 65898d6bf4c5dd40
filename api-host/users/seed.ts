/**
 * Demo users: one sign-in per role id 1–17 (role<N>@example.com / Demo#2026) plus an inactive account, and
 * a staff of about forty more across the network (every role, active and inactive, with and without
 * reports, some linked to several locations), all with the same password. A user reaches their linked
 * locations and every firm below them (core/reach.ts): administrators (roles 1, 2) are linked to the platform
 * firm and so reach every firm; everyone else is linked to their own firm and reaches what lies below it.
 * `bulkInsertUsers` is what the benchmark seed (scripts/seed-bench.ts) uses for 10,000 users.
 */
import { oneRow } from '../core/sql';
import { nth, picker } from '../core/random';
import type { Db } from '../core/db';
import { SEED_FIRMS, brandOf } from '../locations/service';
import type { FirmType } from '../../lib/contract/locations-constants';
import { hashPassword } from '../core/passwords';

export const DEMO_PASSWORD = 'Demo#2026';

/** Which firm each demo role signs in at. */
const ROLE_FIRM: Readonly<Record<number, number>> = {
  1: 1,
  2: 1,
  3: 2,
  6: 2,
  7: 2,
  10: 2,
  11: 2,
  8: 3,
  9: 3,
  12: 4,
  13: 4,
  14: 5,
  4: 6,
  5: 6,
  15: 7,
  16: 7,
  17: 9,
};

const FIRST = [
  'Avery',
  'Blake',
  'Casey',
  'Devon',
  'Emerson',
  'Finley',
  'Gray',
  'Harper',
  'Indy',
  'Jordan',
  'Kendall',
  'Logan',
  'Morgan',
  'Noel',
  'Oakley',
  'Parker',
  'Quinn',
];
const LAST = [
  'Adams',
  'Brooks',
  'Carter',
  'Diaz',
  'Evans',
  'Foster',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Kim',
  'Lopez',
  'Moreau',
  'Nguyen',
  'Okafor',
  'Patel',
  'Quintero',
];

/** Given and family names of the rest of the staff. */
const STAFF_FIRST = [
  'Alex',
  'Bailey',
  'Cameron',
  'Dana',
  'Elliot',
  'Frankie',
  'Glenn',
  'Hayden',
  'Isa',
  'Jamie',
  'Kai',
  'Lee',
  'Micah',
  'Nico',
  'Ollie',
  'Peyton',
  'Reese',
  'Sage',
  'Taylor',
  'Val',
];
const STAFF_LAST = [
  'Reyes',
  'Schmidt',
  'Tanaka',
  'Ulrich',
  'Vasquez',
  'Walsh',
  'Xu',
  'Young',
  'Zimmer',
  'Abbott',
  'Bishop',
  'Cole',
  'Dunn',
  'Ellis',
  'Fischer',
  'Grant',
  'Hale',
  'Irwin',
  'Joyce',
  'Klein',
  'Lam',
];

/** Roles that fit each kind of firm. */
const ROLES_BY_TYPE: Readonly<Record<FirmType, readonly number[]>> = {
  platform: [2, 10, 11],
  franchiser: [3, 6, 7, 10, 11],
  franchisee: [8, 9, 12, 13, 14],
  shop: [4, 5, 15, 16, 17],
};

const timezoneFor = (postal: string) => (/^9/.test(postal) ? 3 : /^7/.test(postal) ? 6 : 12);
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

export interface SeedUser {
  firm: number;
  firstName: string;
  lastName: string;
  username: string;
  role: number;
  laborRate: number;
  timezone: number;
  language: number;
  isInactive: boolean;
  receivesReport: boolean;
  /** Locations beyond `firm` (which is linked as the primary one). */
  alsoFirms?: readonly number[];
}

/** Inserts users with their own contact (an employee) and their location links; answers their ids. */
export function userInserter(db: Db, passwordHash: string) {
  const contact = db.prepare(
    'INSERT INTO contact (firm, contact_type, first_name, last_name, timezone, language) VALUES (?, 1, ?, ?, ?, ?)',
  );
  const user = db.prepare(
    'INSERT INTO user (contact, firm, username, password_hash, role, labor_rate, is_inactive, receives_report) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const link = db.prepare('INSERT INTO user_firm (user, firm, is_primary) VALUES (?, ?, ?)');
  return (u: SeedUser): number => {
    const c = contact.run(u.firm, u.firstName, u.lastName, u.timezone, u.language).lastInsertRowid;
    const id = Number(
      user.run(c, u.firm, u.username, passwordHash, u.role, u.laborRate, u.isInactive ? 1 : 0, u.receivesReport ? 1 : 0).lastInsertRowid,
    );
    link.run(id, u.firm, 1);
    for (const f of u.alsoFirms ?? []) if (f !== u.firm) link.run(id, f, 0);
    return id;
  };
}

/** The demo staff beyond the role sign-ins: three to four people per firm, deterministic. */
function demoStaff(): SeedUser[] {
  const out: SeedUser[] = [];
  let n = 0;
  for (const f of SEED_FIRMS) {
    const roles = ROLES_BY_TYPE[f.type];
    const people = f.type === 'shop' ? 4 : 3;
    for (let i = 0; i < people; i++, n++) {
      const firstName = nth(STAFF_FIRST, n);
      const lastName = nth(STAFF_LAST, n * 5);
      out.push({
        firm: f.firm,
        firstName,
        lastName,
        username: `${slug(firstName)}.${slug(lastName)}${n}@${brandOf(f.firm)}.example.com`,
        role: nth(roles, n + i),
        laborRate: 65 + ((n * 13) % 60) + (n % 4) * 0.25,
        timezone: timezoneFor(f.postalCode),
        language: n % 9 === 4 ? 2 : 1,
        isInactive: n % 7 === 3,
        receivesReport: n % 3 !== 1,
        // Some franchisee and shop staff also work at a location of a sister franchisee.
        alsoFirms: n % 8 === 5 && (f.type === 'shop' || f.type === 'franchisee') ? [f.firm === 12 ? 9 : 12] : undefined,
      });
    }
  }
  return out;
}

export async function seedUsers(db: Db): Promise<void> {
  const hashes = await Promise.all(Array.from({ length: 19 }, () => hashPassword(DEMO_PASSWORD)));
  const insertContact = db.prepare(
    'INSERT INTO contact (contact, firm, contact_type, first_name, last_name, timezone, language) VALUES (?, ?, 1, ?, ?, ?, 1)',
  );
  const insertUser = db.prepare(
    'INSERT INTO user (user, contact, firm, username, password_hash, role, labor_rate, is_inactive, receives_report) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertUserFirm = db.prepare('INSERT INTO user_firm (user, firm, is_primary) VALUES (?, ?, 1)');
  const firmsById = new Map(SEED_FIRMS.map((f) => [f.firm, f]));

  db.transaction(() => {
    for (let role = 1; role <= 18; role++) {
      // Role 18 is not a role: it is the inactive account (a shop user, role 5).
      const inactive = role === 18;
      const firm = inactive ? 8 : ROLE_FIRM[role];
      if (firm === undefined) throw new Error(`No demo firm for role ${role}`);
      const tz = timezoneFor(firmsById.get(firm)!.postalCode);
      const id = role;
      const contact = 1000 + role;
      const username = inactive ? 'inactive@example.com' : `role${role}@example.com`;
      insertContact.run(contact, firm, FIRST[(role - 1) % 17], inactive ? 'Inactive' : LAST[(role - 1) % 17], tz);
      insertUser.run(id, contact, firm, username, nth(hashes, role - 1), inactive ? 5 : role, 85 + role, inactive ? 1 : 0, role % 2);
      // Administrators are linked to the platform firm (firm 1, the top of the network): they reach every firm.
      insertUserFirm.run(id, role === 1 || role === 2 ? 1 : firm);
    }
    // The staff share one hash (demo data with one known password; each sign-in still verifies it).
    const insert = userInserter(db, nth(hashes, 18));
    for (const u of demoStaff()) insert(u);
  })();
}

/** Benchmark users (scripts/seed-bench.ts): `count` more users spread over `firms`, in one transaction. */
export async function bulkInsertUsers(db: Db, count: number, firms: readonly number[], seed = 10_000): Promise<number> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const types = new Map(
    db
      .prepare<unknown[], { firm: number; firm_type: FirmType }>('SELECT firm, firm_type FROM firm')
      .all()
      .map((f) => [f.firm, f.firm_type]),
  );
  let state = seed;
  const rng = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const pick = picker(rng);
  const first = [...FIRST, ...STAFF_FIRST];
  const last = [...LAST, ...STAFF_LAST];
  db.transaction(() => {
    const insert = userInserter(db, hash);
    const start = oneRow(db.prepare<unknown[], number>('SELECT coalesce(max(user), 0) FROM user').pluck().get()) + 1;
    for (let i = 0; i < count; i++) {
      const firm = pick(firms);
      const firstName = pick(first);
      const lastName = pick(last);
      insert({
        firm,
        firstName,
        lastName,
        username: `${slug(firstName)}.${slug(lastName)}.${start + i}@bench.example.com`,
        role: pick(ROLES_BY_TYPE[types.get(firm) ?? 'shop']),
        laborRate: 60 + Math.round(rng() * 8000) / 100,
        timezone: pick([3, 6, 12]),
        language: rng() < 0.1 ? 2 : 1,
        isInactive: rng() < 0.12,
        receivesReport: rng() < 0.6,
      });
    }
  })();
  return count;
}
