/**
 * Demo firms: the franchise network (about 40 locations in several states, real postal codes) with their
 * Brand settings (asset sets in public/brands), addresses and coordinates, storage files, insurance
 * opt-in programs and calibration providers. Ids 1–13 keep their meaning (tests and other areas use them);
 * firms without a brand of their own inherit their nearest ancestor's.
 */
import { stateId } from '../contacts/service';
import type { Db } from '../core/db';
import { resolvePostalCode } from './geo';
import { storageNames, writeStoredFiles } from './storage-files';

export type FirmType = 'platform' | 'franchiser' | 'franchisee' | 'shop';
export interface SeedFirm {
  firm: number;
  name: string;
  type: FirmType;
  parent: number | null;
  postalCode: string;
  /** Its own Brand asset set; without one it inherits its ancestor's brand. */
  brand?: string;
  /** Offers calibration to other shops (the providers' directory). */
  provider?: boolean;
  inactive?: boolean;
}

/**
 * The network: platform → two franchisers (Northstar, Apex) → their franchisees → shops, plus
 * independent calibration providers directly under the platform.
 */
export const SEED_FIRMS: readonly SeedFirm[] = [
  { firm: 1, name: 'ADAS Central', type: 'platform', parent: null, postalCode: '30301', brand: 'central' },
  { firm: 2, name: 'Northstar Calibration Network', type: 'franchiser', parent: 1, postalCode: '60601', brand: 'northstar' },
  { firm: 3, name: 'Northstar East', type: 'franchisee', parent: 2, postalCode: '10001', brand: 'northstar', provider: true },
  { firm: 4, name: 'Northstar West', type: 'franchisee', parent: 2, postalCode: '94105', brand: 'west', provider: true },
  { firm: 5, name: 'Northstar South', type: 'franchisee', parent: 2, postalCode: '73301', brand: 'south', provider: true },
  { firm: 6, name: 'Brooklyn Collision & Glass', type: 'shop', parent: 3, postalCode: '11201', brand: 'northstar' },
  { firm: 7, name: 'Queens Auto Body', type: 'shop', parent: 3, postalCode: '11354', brand: 'northstar' },
  { firm: 8, name: 'Newark Precision Repair', type: 'shop', parent: 3, postalCode: '07102', brand: 'northstar', provider: true },
  { firm: 9, name: 'Oakland Auto Glass', type: 'shop', parent: 4, postalCode: '94607', brand: 'west' },
  { firm: 10, name: 'San Jose Collision Center', type: 'shop', parent: 4, postalCode: '95112', brand: 'west' },
  { firm: 11, name: 'Sacramento Body Works', type: 'shop', parent: 4, postalCode: '95814', brand: 'west' },
  { firm: 12, name: 'Austin Calibration Lab', type: 'shop', parent: 5, postalCode: '78701', brand: 'south', provider: true },
  { firm: 13, name: 'Houston Glass & ADAS', type: 'shop', parent: 5, postalCode: '77002', brand: 'south' },
  { firm: 14, name: 'Apex ADAS Alliance', type: 'franchiser', parent: 1, postalCode: '80202', brand: 'apex' },
  { firm: 15, name: 'Apex Florida', type: 'franchisee', parent: 14, postalCode: '33602', provider: true },
  { firm: 16, name: 'Apex Arizona', type: 'franchisee', parent: 14, postalCode: '85004', provider: true },
  { firm: 17, name: 'Apex Colorado', type: 'franchisee', parent: 14, postalCode: '80205' },
  { firm: 18, name: 'Northstar Midwest', type: 'franchisee', parent: 2, postalCode: '60607', provider: true },
  { firm: 19, name: 'Tampa Bay Collision', type: 'shop', parent: 15, postalCode: '33607' },
  { firm: 20, name: 'Orlando ADAS Center', type: 'shop', parent: 15, postalCode: '32801', provider: true },
  { firm: 21, name: 'Miami Auto Glass', type: 'shop', parent: 15, postalCode: '33130' },
  { firm: 22, name: 'Jacksonville Body & Frame', type: 'shop', parent: 15, postalCode: '32202' },
  { firm: 23, name: 'Phoenix Windshield Pros', type: 'shop', parent: 16, postalCode: '85008' },
  { firm: 24, name: 'Tucson Collision Works', type: 'shop', parent: 16, postalCode: '85705' },
  { firm: 25, name: 'Mesa Auto Body', type: 'shop', parent: 16, postalCode: '85201' },
  { firm: 26, name: 'Denver Calibration Garage', type: 'shop', parent: 17, postalCode: '80204', provider: true },
  { firm: 27, name: 'Boulder Auto Glass', type: 'shop', parent: 17, postalCode: '80301' },
  { firm: 28, name: 'Colorado Springs Collision', type: 'shop', parent: 17, postalCode: '80903' },
  { firm: 29, name: 'Chicago Loop Auto Body', type: 'shop', parent: 18, postalCode: '60605' },
  { firm: 30, name: 'Evanston Glass & Calibration', type: 'shop', parent: 18, postalCode: '60201', provider: true },
  { firm: 31, name: 'Milwaukee Collision Center', type: 'shop', parent: 18, postalCode: '53202' },
  { firm: 32, name: 'Madison ADAS Repair', type: 'shop', parent: 18, postalCode: '53703' },
  { firm: 33, name: 'Bronx Auto Glass', type: 'shop', parent: 3, postalCode: '10451' },
  { firm: 34, name: 'Fremont Collision', type: 'shop', parent: 4, postalCode: '94538' },
  { firm: 35, name: 'Dallas ADAS Works', type: 'shop', parent: 5, postalCode: '75201', provider: true },
  { firm: 36, name: 'San Antonio Body Shop', type: 'shop', parent: 5, postalCode: '78205' },
  { firm: 37, name: 'Precision Calibration Services', type: 'shop', parent: 1, postalCode: '07105', provider: true },
  { firm: 38, name: 'Bay Area ADAS Specialists', type: 'shop', parent: 1, postalCode: '94621', provider: true },
  { firm: 39, name: 'Lone Star Calibration', type: 'shop', parent: 1, postalCode: '78704', provider: true },
  { firm: 40, name: 'Sunshine Mobile ADAS', type: 'shop', parent: 1, postalCode: '33126', provider: true },
  { firm: 41, name: 'Tempe Glass Outlet', type: 'shop', parent: 16, postalCode: '85281', inactive: true },
];

/** The brand seed firm `firm` shows: its own, else its nearest ancestor's ('central' at the top). */
export function brandOf(firm: number): string {
  for (let f = SEED_FIRMS.find((x) => x.firm === firm); f; f = SEED_FIRMS.find((x) => x.firm === f!.parent)) if (f.brand) return f.brand;
  return 'central';
}

/** The firm and all firms below it, in the seed network. */
export function subtree(firm: number): number[] {
  const out = [firm];
  for (let i = 0; i < out.length; i++) for (const f of SEED_FIRMS) if (f.parent === out[i]) out.push(f.firm);
  return out;
}

const STREETS = [
  'Main St',
  'Commerce Dr',
  'Industrial Pkwy',
  'Market St',
  'Oak Ave',
  'Harbor Blvd',
  'Airport Rd',
  'Center St',
  'Lake Dr',
  'Union Ave',
];
const FIRST = ['Dana', 'Luis', 'Priya', 'Marcus', 'Elena', 'Tom', 'Aisha', 'Ken', 'Rosa', 'Sam', 'Grace', 'Omar'];
const LAST = ['Whitfield', 'Ramos', 'Shah', 'Bennett', 'Kowalski', 'Nguyen', 'Okoro', 'Tanaka', 'Alvarez', 'Reed', 'Lindqvist', 'Haddad'];
/** TimeZone lookup ids (lookups/schema.ts) by state. */
const TIMEZONE: Readonly<Record<string, number>> = { CA: 3, AZ: 5, CO: 4, TX: 6, IL: 6, WI: 6 };

/** Address, contact and coordinates of seed firm `f` (deterministic from its id and postal code). */
export function seedDetails(f: Pick<SeedFirm, 'firm' | 'name' | 'postalCode'>) {
  const place = resolvePostalCode(f.postalCode);
  if (!place) throw new Error(`seed firm ${f.firm}: unknown postal code ${f.postalCode}`);
  const n = f.firm;
  const digits = String(1000 + ((n * 7919) % 9000));
  return {
    firstName: FIRST[n % FIRST.length],
    lastName: LAST[(n * 5) % LAST.length],
    addressLines: `${100 + ((n * 37) % 8900)} ${STREETS[n % STREETS.length]}`,
    city: place.city,
    stateProvince: stateId(place.state),
    country: 1,
    phoneNo: `(${200 + ((n * 53) % 700)}) 555-${digits}`,
    email: `office@${f.name
      .toLowerCase()
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}.example.com`,
    timezone: TIMEZONE[place.state] ?? 12,
    language: 1,
    cccId: `CCC-${String(400000 + n * 131)}`,
    firmNumber: `L-${String(n).padStart(4, '0')}`,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/** Insurers' direct-repair programs (fictional), [name, license, city, state, postal code, isMCP]. */
const PROGRAMS: readonly [string, string, string, string, string, boolean][] = [
  ['Keystone Mutual Direct Repair', 'DRP-48213', 'Harrisburg', 'PA', '17101', true],
  ['Harbor Insurance Select Service', 'DRP-10944', 'Boston', 'MA', '02110', false],
  ['Summit Auto Insurance Pro Network', 'DRP-77310', 'Denver', 'CO', '80202', true],
  ['Bluewater Casualty Repair Xpress', 'DRP-55021', 'Tampa', 'FL', '33602', false],
  ['Pioneer Insurance Circle of Excellence', 'DRP-31877', 'Omaha', 'NE', '68102', false],
  ['Lakeshore Mutual TotalCare', 'DRP-62458', 'Chicago', 'IL', '60601', true],
  ['Granite State Preferred Shops', 'DRP-20391', 'Concord', 'NH', '03301', false],
  ['Redwood Auto Insurance Network', 'DRP-94117', 'San Francisco', 'CA', '94105', false],
  ['Prairie Farmers Direct Repair', 'DRP-66012', 'Topeka', 'KS', '66603', false],
  ['Coastal Casualty Glass Program', 'DRP-29401', 'Charleston', 'SC', '29401', true],
  ['Evergreen Mutual Quality Repair', 'DRP-98101', 'Seattle', 'WA', '98101', false],
  ['Frontier Insurance ADAS Certified', 'DRP-85004', 'Phoenix', 'AZ', '85004', true],
];
/** Which firms opted in to which programs (1-based program ids). */
const OPT_INS: Readonly<Record<number, readonly number[]>> = {
  6: [1, 2],
  7: [1, 6, 12],
  9: [8],
  12: [3, 9],
  19: [4, 10],
  23: [12],
  29: [6],
};
/** Providers each firm chose (relationship 5). */
const CHOSEN_PROVIDERS: Readonly<Record<number, readonly number[]>> = { 6: [37], 7: [37, 8], 9: [38], 12: [39], 19: [40], 33: [37] };

/** Demo storage: the locations with storage and the files in their buckets. */
const STORAGE: Readonly<Record<number, readonly string[]>> = {
  2: ['network-price-list.csv', 'franchise-handbook.txt'],
  3: ['calibration-checklist.txt', 'target-setup.csv'],
  7: ['front-camera-aiming.txt', 'invoice-2041.csv', 'shop-floor.png'],
  14: ['apex-onboarding.txt'],
};
/** The demo user (api-host/users/seed.ts: user id = role id) who uploaded each location's files. */
const UPLOADER: Readonly<Record<number, number>> = { 2: 3, 3: 9, 7: 15, 14: 1 };

function demoFile(name: string, firmName: string): { bytes: Buffer; contentType: string } {
  if (name.endsWith('.csv'))
    return {
      bytes: Buffer.from(`item,price\r\nFront camera calibration,250.00\r\nRadar calibration,325.00\r\nBlind spot calibration,180.00\r\n`),
      contentType: 'text/csv',
    };
  if (name.endsWith('.png'))
    // A 1×1 grey pixel.
    return {
      bytes: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
      contentType: 'image/png',
    };
  return { bytes: Buffer.from(`${firmName}\n\n${name.replace(/[-.]/g, ' ')}: notes kept for the demo.\n`), contentType: 'text/plain' };
}

export async function seedFirms(db: Db, filesDir: string): Promise<void> {
  const insertFirm = db.prepare(
    `INSERT INTO firm (firm, name, firm_type, parent, postal_code, is_inactive, first_name, last_name, address_lines, city, state_province, country,
       phone_no, email, timezone, language, ccc_id, firm_number, ccc_diag, latitude, longitude, is_provider, license, is_mcp)
     VALUES (@firm, @name, @type, @parent, @postalCode, @inactive, @firstName, @lastName, @addressLines, @city, @stateProvince, @country,
       @phoneNo, @email, @timezone, @language, @cccId, @firmNumber, @cccDiag, @latitude, @longitude, @provider, @license, @isMcp)`,
  );
  const insertPref = db.prepare('INSERT INTO firm_preference (firm, type, name, value) VALUES (?, ?, ?, ?)');
  const insertProgram = db.prepare(
    'INSERT INTO insurance_program (program, name, license, address_lines, city, state, postal_code, phone, is_mcp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertOptIn = db.prepare('INSERT INTO firm_program (firm, program) VALUES (?, ?)');
  const insertProvider = db.prepare('INSERT INTO firm_provider (firm, provider) VALUES (?, ?)');
  const insertAccount = db.prepare(
    "INSERT INTO storage_account (firm, account, bucket, bucket_created_at) VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ','now'))",
  );
  const insertFile = db.prepare(
    'INSERT INTO stored_file (firm, name, size, content_type, uploaded_at, uploaded_by) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const files: { firm: number; name: string; bytes: Buffer }[] = [];

  db.transaction(() => {
    for (const f of SEED_FIRMS) {
      const d = seedDetails(f);
      insertFirm.run({
        ...f,
        ...d,
        inactive: f.inactive ? 1 : 0,
        cccDiag: f.firm % 3 === 0 ? 1 : 0,
        provider: f.provider ? 1 : 0,
        license: f.provider ? `CAL-${f.postalCode}-${f.firm}` : '',
        isMcp: f.provider && f.firm % 2 === 1 ? 1 : 0,
      });
      if (f.brand) {
        insertPref.run(f.firm, 'Brand', 'BrandTitle', f.name);
        insertPref.run(f.firm, 'Brand', 'BrandLogo', `/brands/${f.brand}-logo.svg`);
        insertPref.run(f.firm, 'Brand', 'BrandIcon', `/brands/${f.brand}-icon.svg`);
        insertPref.run(f.firm, 'Brand', 'MainLogo', `/brands/${f.brand}-logo.svg`);
      }
    }
    // Network-wide defaults the locations inherit, and a few of their own.
    insertPref.run(2, 'Report', 'ReportTitle', 'Northstar ADAS Calibration Report');
    insertPref.run(2, 'Calibration', 'RequirePreScan', 'true');
    insertPref.run(14, 'Report', 'ReportTitle', 'Apex ADAS Calibration Certificate');
    insertPref.run(14, 'Calibration', 'DefaultLaborRate', '115');
    insertPref.run(7, 'Notification', 'NotifyEmail', 'service@queens-auto-body.example.com');
    PROGRAMS.forEach(([name, license, city, state, postal, mcp], i) =>
      insertProgram.run(
        i + 1,
        name,
        license,
        `${200 + i * 17} Insurance Plaza`,
        city,
        state,
        postal,
        `(800) 555-${String(1200 + i * 37)}`,
        mcp ? 1 : 0,
      ),
    );
    for (const [firm, programs] of Object.entries(OPT_INS)) for (const p of programs) insertOptIn.run(Number(firm), p);
    for (const [firm, chosen] of Object.entries(CHOSEN_PROVIDERS)) for (const p of chosen) insertProvider.run(Number(firm), p);
    const byId = new Map(SEED_FIRMS.map((f) => [f.firm, f]));
    let minute = 0;
    for (const [firm, names] of Object.entries(STORAGE)) {
      const id = Number(firm);
      const { account, bucket } = storageNames(id);
      insertAccount.run(id, account, bucket);
      for (const name of names) {
        const file = demoFile(name, byId.get(id)!.name);
        const at = new Date(Date.UTC(2026, 0, 5, 14, 0) + (minute += 97) * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
        insertFile.run(id, name, file.bytes.length, file.contentType, at, UPLOADER[id]);
        files.push({ firm: id, name, bytes: file.bytes });
      }
    }
  })();
  for (const firm of new Set(files.map((f) => f.firm)))
    await writeStoredFiles(
      filesDir,
      firm,
      files.filter((f) => f.firm === firm),
    );
}
