/**
 * Lookup values of the contact area (ContactType, Salutation, AddressType, PhoneType, EmailType,
 * StateProvince, Country, RelatedContactType) and a deterministic generator of contacts, shared by the
 * demo seed (seed.ts) and the benchmark seed (scripts/seed-bench.ts).
 * Lookup rows: [id, value, code, type3, isInactive]. StateProvince.type3 is the country code.
 */

import type { LookupRow } from '../lookups/service';
import { picker } from '../core/random';

/** ContactType: the list's "type" sort follows these ids (the lookup order). */
export const CONTACT_TYPE = {
  employee: 1,
  customer: 2,
  vendor: 3,
  insuranceAgent: 4,
  technician: 5,
  fleetManager: 6,
  other: 7,
  prospect: 8,
} as const;

export const LOOKUPS: Readonly<Record<string, readonly LookupRow[]>> = {
  ContactType: [
    [1, 'Employee', 'EMP', null],
    [2, 'Customer', 'CUS', null],
    [3, 'Vendor', 'VEN', null],
    [4, 'Insurance Agent', 'INS', null],
    [5, 'Technician', 'TEC', null],
    [6, 'Fleet Manager', 'FLT', null],
    [7, 'Other', 'OTH', null],
    [8, 'Prospect', 'PRO', null, true],
  ],
  Salutation: [
    [1, 'Mr.', null, null],
    [2, 'Mrs.', null, null],
    [3, 'Ms.', null, null],
    [4, 'Dr.', null, null],
    [5, 'Prof.', null, null],
    [6, 'Mx.', null, null],
    [7, 'Miss', null, null, true],
  ],
  AddressType: [
    [1, 'Business', 'B', null],
    [2, 'Home', 'H', null],
    [3, 'Mailing', 'M', null],
    [4, 'Billing', 'BL', null],
    [5, 'Shipping', 'S', null],
    [6, 'Other', 'O', null],
  ],
  PhoneType: [
    [1, 'Mobile', 'M', null],
    [2, 'Work', 'W', null],
    [3, 'Home', 'H', null],
    [4, 'Fax', 'F', null],
    [5, 'Other', 'O', null],
    [6, 'Pager', 'P', null, true],
  ],
  EmailType: [
    [1, 'Work', 'W', null],
    [2, 'Personal', 'P', null],
    [3, 'Billing', 'B', null],
    [4, 'Other', 'O', null],
  ],
  Country: [
    [1, 'United States', 'US', 'USA'],
    [2, 'Canada', 'CA', 'CAN'],
    [3, 'Mexico', 'MX', 'MEX'],
  ],
  RelatedContactType: [
    [1, 'Spouse', null, null],
    [2, 'Employer', null, null],
    [3, 'Employee', null, null],
    [4, 'Assistant', null, null],
    [5, 'Insurance Agent', null, null],
    [6, 'Referred By', null, null],
    [7, 'Vehicle Owner', null, null],
    [8, 'Other', null, null],
  ],
  StateProvince: [
    ...(
      [
        ['AL', 'Alabama'],
        ['AK', 'Alaska'],
        ['AZ', 'Arizona'],
        ['AR', 'Arkansas'],
        ['CA', 'California'],
        ['CO', 'Colorado'],
        ['CT', 'Connecticut'],
        ['DE', 'Delaware'],
        ['DC', 'District of Columbia'],
        ['FL', 'Florida'],
        ['GA', 'Georgia'],
        ['HI', 'Hawaii'],
        ['ID', 'Idaho'],
        ['IL', 'Illinois'],
        ['IN', 'Indiana'],
        ['IA', 'Iowa'],
        ['KS', 'Kansas'],
        ['KY', 'Kentucky'],
        ['LA', 'Louisiana'],
        ['ME', 'Maine'],
        ['MD', 'Maryland'],
        ['MA', 'Massachusetts'],
        ['MI', 'Michigan'],
        ['MN', 'Minnesota'],
        ['MS', 'Mississippi'],
        ['MO', 'Missouri'],
        ['MT', 'Montana'],
        ['NE', 'Nebraska'],
        ['NV', 'Nevada'],
        ['NH', 'New Hampshire'],
        ['NJ', 'New Jersey'],
        ['NM', 'New Mexico'],
        ['NY', 'New York'],
        ['NC', 'North Carolina'],
        ['ND', 'North Dakota'],
        ['OH', 'Ohio'],
        ['OK', 'Oklahoma'],
        ['OR', 'Oregon'],
        ['PA', 'Pennsylvania'],
        ['RI', 'Rhode Island'],
        ['SC', 'South Carolina'],
        ['SD', 'South Dakota'],
        ['TN', 'Tennessee'],
        ['TX', 'Texas'],
        ['UT', 'Utah'],
        ['VT', 'Vermont'],
        ['VA', 'Virginia'],
        ['WA', 'Washington'],
        ['WV', 'West Virginia'],
        ['WI', 'Wisconsin'],
        ['WY', 'Wyoming'],
      ] as const
    ).map(([code, name], i): LookupRow => [i + 1, name, code, 'US']),
    ...(
      [
        ['AB', 'Alberta'],
        ['BC', 'British Columbia'],
        ['MB', 'Manitoba'],
        ['NB', 'New Brunswick'],
        ['NS', 'Nova Scotia'],
        ['ON', 'Ontario'],
        ['QC', 'Quebec'],
        ['SK', 'Saskatchewan'],
      ] as const
    ).map(([code, name], i): LookupRow => [60 + i, name, code, 'CA']),
    ...(
      [
        ['BCN', 'Baja California'],
        ['CMX', 'Ciudad de México'],
        ['JAL', 'Jalisco'],
        ['NLE', 'Nuevo León'],
        ['SON', 'Sonora'],
      ] as const
    ).map(([code, name], i): LookupRow => [80 + i, name, code, 'MX']),
  ],
};

export function stateId(code: string): number {
  const row = LOOKUPS.StateProvince?.find((r) => r[2] === code);
  if (!row) throw new Error(`No state or province ${code} in the lookups`);
  return row[0];
}

// ── deterministic generator ─────────────────────────────────────────────────────────────────────
/** mulberry32: a small seeded PRNG, so every seed run produces the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Luis',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kevin',
  'Carol',
  'Brian',
  'Amanda',
  'George',
  'Melissa',
  'Wei',
  'Deborah',
  'Omar',
  'Stephanie',
  'Ryan',
  'Rebecca',
  'Jacob',
  'Sharon',
  'Gary',
  'Laura',
  'Nicholas',
  'Cynthia',
  'Eric',
  'Aisha',
  'Jonathan',
  'Priya',
  'Hiroshi',
  'Sofia',
  'Mateo',
  'Fatima',
  'Dmitri',
  'Chloé',
  'Tariq',
  'Ngozi',
  'Lars',
  'Ingrid',
];
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Chen',
  'Patel',
  'Kowalski',
  "O'Brien",
  'Müller',
  'Okafor',
  'Tanaka',
  'Novak',
  'Fischer',
  'Haddad',
  'Ivanova',
  'Dubois',
  'Lindqvist',
  'Mensah',
  'Sato',
  'Kaur',
  'Rossi',
  'Yilmaz',
  'Berg',
  'Costa',
];
const COMPANY_A = [
  'Precision',
  'Metro',
  'Summit',
  'Coastal',
  'Liberty',
  'Pioneer',
  'Keystone',
  'Redwood',
  'Lone Star',
  'Empire',
  'Harbor',
  'Granite',
  'Eagle',
  'Bayview',
  'Northside',
  'Valley',
  'Capital',
  'Sterling',
  'Frontier',
  'Golden Gate',
];
const COMPANY_B = [
  'Auto Body',
  'Collision',
  'Auto Glass',
  'Fleet Services',
  'Motors',
  'Towing',
  'Car Rental',
  'Insurance Agency',
  'Dealership',
  'Logistics',
  'Transit',
  'Auto Group',
];
const VENDOR_B = [
  'Glass Supply',
  'Calibration Tools',
  'Diagnostics',
  'Parts Distribution',
  'Paint & Coatings',
  'Equipment Rental',
  'Sensor Supply',
  'Target Boards',
  'Lift Service',
  'Software',
];
const COMPANY_SUFFIX = ['', '', ' LLC', ' Inc.', ' Co.'];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Pine St',
  'Elm St',
  'Washington Blvd',
  'Lake Rd',
  'Hill St',
  'Park Ave',
  'Sunset Blvd',
  'River Rd',
  'Industrial Pkwy',
  'Commerce Dr',
  'Broadway',
  'Market St',
  '5th Ave',
  'Mission St',
  'Congress Ave',
  'Westheimer Rd',
];

interface Region {
  state: string;
  areaCodes: readonly string[];
  cities: readonly [city: string, postal: string][];
}
const REGIONS = {
  GA: {
    state: 'GA',
    areaCodes: ['404', '678', '770'],
    cities: [
      ['Atlanta', '30301'],
      ['Marietta', '30060'],
      ['Decatur', '30030'],
    ],
  },
  IL: {
    state: 'IL',
    areaCodes: ['312', '773', '847'],
    cities: [
      ['Chicago', '60601'],
      ['Evanston', '60201'],
      ['Naperville', '60540'],
    ],
  },
  NY: {
    state: 'NY',
    areaCodes: ['212', '718', '917', '347'],
    cities: [
      ['New York', '10001'],
      ['Brooklyn', '11201'],
      ['Queens', '11354'],
      ['Yonkers', '10701'],
    ],
  },
  NJ: {
    state: 'NJ',
    areaCodes: ['973', '201', '908'],
    cities: [
      ['Newark', '07102'],
      ['Jersey City', '07302'],
      ['Elizabeth', '07201'],
    ],
  },
  CA: {
    state: 'CA',
    areaCodes: ['415', '510', '408', '916'],
    cities: [
      ['San Francisco', '94105'],
      ['Oakland', '94607'],
      ['San Jose', '95112'],
      ['Sacramento', '95814'],
    ],
  },
  TX: {
    state: 'TX',
    areaCodes: ['512', '713', '832', '214'],
    cities: [
      ['Austin', '78701'],
      ['Houston', '77002'],
      ['Dallas', '75201'],
      ['San Antonio', '78205'],
    ],
  },
} satisfies Readonly<Record<string, Region>>;
/** The region of each seeded firm (firm ids of api-host/locations/seed.ts SEED_FIRMS). */
const FIRM_REGION: Readonly<Record<number, keyof typeof REGIONS>> = {
  1: 'GA',
  2: 'IL',
  3: 'NY',
  4: 'CA',
  5: 'TX',
  6: 'NY',
  7: 'NY',
  8: 'NJ',
  9: 'CA',
  10: 'CA',
  11: 'CA',
  12: 'TX',
  13: 'TX',
};

export interface GenPhone {
  phoneType: number;
  phoneNo: string;
  extension: string;
}
export interface GenEmail {
  emailType: number;
  emailAddress: string;
}
export interface GenAddress {
  addressType: number;
  addressLines: string;
  city: string;
  stateProvince: number;
  postalCode: string;
  country: number;
}
export interface GenContact {
  firm: number;
  contactType: number;
  isCompany: boolean;
  companyName: string;
  salutation: number | null;
  firstName: string;
  lastName: string;
  notes: string;
  language: number;
  timezone: number;
  isVendor: boolean;
  isInactive: boolean;
  /** Days before now. */
  ageDays: number;
  phones: GenPhone[];
  emails: GenEmail[];
  addresses: GenAddress[];
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '');

export interface Generator {
  contact(kind?: 'person' | 'company' | 'vendor'): GenContact;
  phone(firm: number, type?: number): GenPhone;
  address(firm: number, type: number): GenAddress;
  pick<T>(list: readonly T[]): T;
  rng: () => number;
}

/**
 * A deterministic generator. `firms` weights where contacts go; `fictionalPhones` keeps numbers in the
 * fictional 555 exchange (demo data), otherwise any exchange (benchmark volume).
 */
export function contactGenerator(seed: number, firms: readonly number[], fictionalPhones = true): Generator {
  const rng = prng(seed);
  const pick = picker(rng);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rng() * 10)).join('');
  const region = (firm: number) => REGIONS[FIRM_REGION[firm] ?? 'GA'];
  const regionTimezone: Partial<Record<keyof typeof REGIONS, number>> = { CA: 3, TX: 6, IL: 6 };
  const tz = (firm: number) => regionTimezone[FIRM_REGION[firm] ?? 'GA'] ?? 12;

  const phone = (firm: number, type = 1): GenPhone => {
    const exchange = fictionalPhones ? '555' : String(200 + Math.floor(rng() * 800));
    return {
      phoneType: type,
      phoneNo: `(${pick(region(firm).areaCodes)}) ${exchange}-${digits(4)}`,
      extension: rng() < 0.1 ? digits(3) : '',
    };
  };
  const address = (firm: number, type: number): GenAddress => {
    const r = region(firm);
    const [city, postal] = pick(r.cities);
    const suite = rng() < 0.2 ? `, Suite ${100 + Math.floor(rng() * 400)}` : '';
    return {
      addressType: type,
      addressLines: `${1 + Math.floor(rng() * 9899)} ${pick(STREETS)}${suite}`,
      city,
      stateProvince: stateId(r.state),
      postalCode: postal,
      country: 1,
    };
  };

  const contact = (kind: 'person' | 'company' | 'vendor' = rng() < 0.85 ? 'person' : 'company'): GenContact => {
    const firm = pick(firms);
    const isPerson = kind === 'person';
    const firstName = isPerson ? pick(FIRST_NAMES) : '';
    const lastName = isPerson ? pick(LAST_NAMES) : '';
    const companyName = isPerson ? '' : `${pick(COMPANY_A)} ${pick(kind === 'vendor' ? VENDOR_B : COMPANY_B)}${pick(COMPANY_SUFFIX)}`;
    const contactType =
      kind === 'vendor'
        ? CONTACT_TYPE.vendor
        : isPerson
          ? pick([
              CONTACT_TYPE.customer,
              CONTACT_TYPE.customer,
              CONTACT_TYPE.customer,
              CONTACT_TYPE.insuranceAgent,
              CONTACT_TYPE.technician,
              CONTACT_TYPE.other,
            ])
          : pick([CONTACT_TYPE.customer, CONTACT_TYPE.fleetManager, CONTACT_TYPE.insuranceAgent]);
    const domain = isPerson ? pick(['example.com', 'example.net', 'example.org']) : `${slug(companyName)}.example.com`;
    const local = isPerson
      ? `${slug(firstName)}.${slug(lastName)}${rng() < 0.3 ? digits(2) : ''}`
      : pick(['info', 'office', 'sales', 'billing']);
    const phones = [phone(firm, isPerson ? 1 : 2)];
    if (rng() < 0.35) phones.push(phone(firm, isPerson ? pick([2, 3]) : 4));
    const emails: GenEmail[] = rng() < 0.9 ? [{ emailType: isPerson ? pick([1, 2]) : 1, emailAddress: `${local}@${domain}` }] : [];
    if (isPerson && rng() < 0.15) emails.push({ emailType: 2, emailAddress: `${slug(firstName)}${digits(3)}@example.net` });
    const addresses = rng() < 0.85 ? [address(firm, isPerson ? 2 : 1)] : [];
    if (!isPerson && rng() < 0.3) addresses.push(address(firm, 4));
    return {
      firm,
      contactType,
      isCompany: !isPerson,
      companyName,
      salutation: isPerson && rng() < 0.4 ? pick([1, 2, 3, 4]) : null,
      firstName,
      lastName,
      notes: rng() < 0.1 ? 'Prefers to be called in the morning.' : '',
      language: rng() < 0.12 ? 2 : 1,
      timezone: tz(firm),
      isVendor: kind === 'vendor',
      isInactive: rng() < 0.05,
      ageDays: Math.floor(rng() * rng() * 900),
      phones,
      emails,
      addresses,
    };
  };
  return { contact, phone, address, pick, rng };
}
