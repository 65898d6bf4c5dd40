/**
 * Deterministic demo data: a franchise network with Brand settings and one sign-in per role id 1–17
 * (role<N>@example.com / Demo#2026) plus an inactive account. Later issues append seed steps to SEEDS.
 */
import type { Db } from './db';
import { hashPassword } from './passwords';
import { CONTACT_SEEDS } from './seed-contacts';

export const DEMO_PASSWORD = 'Demo#2026';

type FirmType = 'platform' | 'franchiser' | 'franchisee' | 'shop';
interface SeedFirm {
  firm: number;
  name: string;
  type: FirmType;
  parent: number | null;
  postalCode: string;
  brand: string;
}

/** The network: platform → franchiser → three franchisees → eight shops. Brand = asset set in public/brands. */
export const SEED_FIRMS: readonly SeedFirm[] = [
  { firm: 1, name: 'ADAS Central', type: 'platform', parent: null, postalCode: '30301', brand: 'central' },
  { firm: 2, name: 'Northstar Calibration Network', type: 'franchiser', parent: 1, postalCode: '60601', brand: 'northstar' },
  { firm: 3, name: 'Northstar East', type: 'franchisee', parent: 2, postalCode: '10001', brand: 'northstar' },
  { firm: 4, name: 'Northstar West', type: 'franchisee', parent: 2, postalCode: '94105', brand: 'west' },
  { firm: 5, name: 'Northstar South', type: 'franchisee', parent: 2, postalCode: '73301', brand: 'south' },
  { firm: 6, name: 'Brooklyn Collision & Glass', type: 'shop', parent: 3, postalCode: '11201', brand: 'northstar' },
  { firm: 7, name: 'Queens Auto Body', type: 'shop', parent: 3, postalCode: '11354', brand: 'northstar' },
  { firm: 8, name: 'Newark Precision Repair', type: 'shop', parent: 3, postalCode: '07102', brand: 'northstar' },
  { firm: 9, name: 'Oakland Auto Glass', type: 'shop', parent: 4, postalCode: '94607', brand: 'west' },
  { firm: 10, name: 'San Jose Collision Center', type: 'shop', parent: 4, postalCode: '95112', brand: 'west' },
  { firm: 11, name: 'Sacramento Body Works', type: 'shop', parent: 4, postalCode: '95814', brand: 'west' },
  { firm: 12, name: 'Austin Calibration Lab', type: 'shop', parent: 5, postalCode: '78701', brand: 'south' },
  { firm: 13, name: 'Houston Glass & ADAS', type: 'shop', parent: 5, postalCode: '77002', brand: 'south' },
];

/** Which firm each demo role signs in at. */
const ROLE_FIRM: Readonly<Record<number, number>> = {
  1: 1, 2: 1, 3: 2, 6: 2, 7: 2, 10: 2, 11: 2, 8: 3, 9: 3, 12: 4, 13: 4, 14: 5, 4: 6, 5: 6, 15: 7, 16: 7, 17: 9,
};

const FIRST = ['Avery', 'Blake', 'Casey', 'Devon', 'Emerson', 'Finley', 'Gray', 'Harper', 'Indy', 'Jordan', 'Kendall', 'Logan', 'Morgan', 'Noel', 'Oakley', 'Parker', 'Quinn'];
const LAST = ['Adams', 'Brooks', 'Carter', 'Diaz', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Kim', 'Lopez', 'Moreau', 'Nguyen', 'Okafor', 'Patel', 'Quintero'];

export const TIME_ZONES: readonly [number, string][] = [
  [1, 'Hawaii Standard Time'], [2, 'Alaskan Standard Time'], [3, 'Pacific Standard Time'], [4, 'Mountain Standard Time'],
  [5, 'US Mountain Standard Time'], [6, 'Central Standard Time'], [7, 'Canada Central Standard Time'],
  [8, 'Central America Standard Time'], [9, 'SA Pacific Standard Time'], [10, 'Atlantic Standard Time'],
  [11, 'Newfoundland Standard Time'], [12, 'Eastern Standard Time'], [13, 'US Eastern Standard Time'], [14, 'UTC'],
];
export const LANGUAGES: readonly [number, string, string][] = [
  [1, 'English', 'en'], [2, 'Spanish', 'es'], [3, 'French', 'fr'],
];

/** The firm and all firms below it. */
export function subtree(firm: number): number[] {
  const out = [firm];
  for (let i = 0; i < out.length; i++) for (const f of SEED_FIRMS) if (f.parent === out[i]) out.push(f.firm);
  return out;
}

const timezoneFor = (postal: string) => (/^9/.test(postal) ? 3 : /^7/.test(postal) ? 6 : 12);

async function seedCore(db: Db): Promise<void> {
  const hashes = await Promise.all(Array.from({ length: 18 }, () => hashPassword(DEMO_PASSWORD)));
  const insertFirm = db.prepare('INSERT INTO firm (firm, name, firm_type, parent, postal_code) VALUES (?, ?, ?, ?, ?)');
  const insertPref = db.prepare('INSERT INTO firm_preference (firm, type, name, value) VALUES (?, ?, ?, ?)');
  const insertLookup = db.prepare('INSERT INTO lookup (id, key, value, code, sort) VALUES (?, ?, ?, ?, ?)');
  const insertContact = db.prepare(
    'INSERT INTO contact (contact, firm, contact_type, first_name, last_name, timezone, language) VALUES (?, ?, 1, ?, ?, ?, 1)',
  );
  const insertUser = db.prepare(
    'INSERT INTO user (user, contact, firm, username, password_hash, role, labor_rate, is_inactive, receives_report) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertUserFirm = db.prepare('INSERT INTO user_firm (user, firm, is_primary) VALUES (?, ?, ?)');

  db.transaction(() => {
    for (const f of SEED_FIRMS) {
      insertFirm.run(f.firm, f.name, f.type, f.parent, f.postalCode);
      insertPref.run(f.firm, 'Brand', 'BrandTitle', f.name);
      insertPref.run(f.firm, 'Brand', 'BrandLogo', `/brands/${f.brand}-logo.svg`);
      insertPref.run(f.firm, 'Brand', 'BrandIcon', `/brands/${f.brand}-icon.svg`);
      insertPref.run(f.firm, 'Brand', 'MainLogo', `/brands/${f.brand}-logo.svg`);
    }
    TIME_ZONES.forEach(([id, name], i) => insertLookup.run(id, 'TimeZone', name, null, i));
    LANGUAGES.forEach(([id, name, code], i) => insertLookup.run(id, 'Language', name, code, i));

    const firmsById = new Map(SEED_FIRMS.map((f) => [f.firm, f]));
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
      // Administrators reach every firm; everyone else their firm and the firms below it.
      const reach = role === 1 || role === 2 ? SEED_FIRMS.map((f) => f.firm) : subtree(firm);
      for (const f of reach) insertUserFirm.run(id, f, f === firm ? 1 : 0);
    }
  })();
}

export type SeedStep = (db: Db) => Promise<void> | void;

/** Seed steps in order; later issues append theirs. */
export const SEEDS: SeedStep[] = [seedCore, ...CONTACT_SEEDS];

export async function seed(db: Db): Promise<void> {
  for (const step of SEEDS) await step(db);
}

export function isSeeded(db: Db): boolean {
  return (db.prepare('SELECT COUNT(*) AS n FROM firm').get() as { n: number }).n > 0;
}
