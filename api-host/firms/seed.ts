/** Demo firms: the franchise network with its Brand settings (asset sets in public/brands). */
import type { Db } from '../db';

export type FirmType = 'platform' | 'franchiser' | 'franchisee' | 'shop';
export interface SeedFirm {
  firm: number;
  name: string;
  type: FirmType;
  parent: number | null;
  postalCode: string;
  brand: string;
}

/** The network: platform → franchiser → three franchisees → eight shops. */
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

/** The firm and all firms below it, in the seed network. */
export function subtree(firm: number): number[] {
  const out = [firm];
  for (let i = 0; i < out.length; i++) for (const f of SEED_FIRMS) if (f.parent === out[i]) out.push(f.firm);
  return out;
}

export function seedFirms(db: Db): void {
  const insertFirm = db.prepare('INSERT INTO firm (firm, name, firm_type, parent, postal_code) VALUES (?, ?, ?, ?, ?)');
  const insertPref = db.prepare('INSERT INTO firm_preference (firm, type, name, value) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (const f of SEED_FIRMS) {
      insertFirm.run(f.firm, f.name, f.type, f.parent, f.postalCode);
      insertPref.run(f.firm, 'Brand', 'BrandTitle', f.name);
      insertPref.run(f.firm, 'Brand', 'BrandLogo', `/brands/${f.brand}-logo.svg`);
      insertPref.run(f.firm, 'Brand', 'BrandIcon', `/brands/${f.brand}-icon.svg`);
      insertPref.run(f.firm, 'Brand', 'MainLogo', `/brands/${f.brand}-logo.svg`);
    }
  })();
}
