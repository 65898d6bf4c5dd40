/**
 * A benchmark database: the demo seed plus generated contacts (default 100,000 in total), written in one
 * transaction with prepared statements, then ANALYZEd. It never touches the demo database.
 *
 *   npm run seed-bench                                   # .data/bench/reference.db, 100,000 contacts
 *   npm run seed-bench -- .data/bench/reference.db --contacts 250000
 *   npm run seed-bench -- .data/bench/reference.db --measure        # then time the list queries
 *   npm run seed-bench -- .data/bench/reference.db --measure-only   # time an existing database
 *   npm run seed-bench -- .data/bench/reference.db --jobs 100000 --inspections 250000   # ADAS jobs (the defaults)
 *   npm run seed-bench -- .data/bench/reference.db --firms 5000     # and grow the network to 5,000 locations
 *   npm run seed-bench -- .data/bench/reference.db --users 20000    # users (default 10,000 in total)
 *   npm run seed-bench -- .data/bench/reference.db --make-matrices 50000   # ADAS make matrices (default 50,000)
 *   npm run seed-bench -- .data/bench/reference.db --dispatches 20000      # dispatches of the bench's jobs (default 20,000)
 *
 *   npm run seed-bench -- .data/bench/dashboard.db --firms 5000 --dashboard-jobs 1000000 --measure-dashboard   # dashboard (issue 16)
 *
 * Serve it with: API_HOST_DB=.data/bench/reference.db npm run api-host
 *
 * The application log (issue 15) grows with --log-records (over the last year, every level):
 *   npm run seed-bench -- .data/bench/log-1m.db --contacts 0 --log-records 1000000 --measure-log
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { contactGenerator } from '../api-host/contacts/data';
import { CONTACT_SORTS, listQuery } from '../lib/contract/contacts';
import { explainList, listContacts, searchContacts } from '../api-host/contacts/query';
import { openDb, type Db } from '../api-host/core/db';
import { IMPLEMENTATIONS, MIGRATIONS, seed } from '../api-host/areas';
import { buildServer } from '../api-host/core/server';
import { tokenService } from '../api-host/core/tokens';
import { sessionProfileOf } from '../api-host/auth/calls';
import { bulkInsertContacts } from '../api-host/contacts/seed';
import { growAdas, measureAdas } from './seed-bench-adas';
import { measureCalibrations } from './seed-bench-calibrations';
import { growDispatches, measureDispatch } from './seed-bench-dispatch';
import { growDashboard, measureDashboard } from './seed-bench-dashboard';
import zipcodes from 'zipcodes';
import { resolvePostalCode } from '../api-host/locations/geo';
import { listFirms, treeLevel } from '../api-host/locations/network';
import { providersNear } from '../api-host/locations/partners';
import { contract } from '../lib/contract';

const firmListQuery = contract.locations.getFirms.query;
import { explainUsers, listUsers } from '../api-host/users/query';
import { bulkInsertUsers } from '../api-host/users/seed';
import { USER_SORTS, listQuery as userListQuery } from '../lib/contract/users';
import { listIdsSql, listMakeMatrices } from '../api-host/configuration/make-matrices';
import { rulesFor, systemsFor } from '../api-host/configuration/rules';
import { growMakeMatrices } from '../api-host/configuration/seed';
import { makeMatrixListQuery } from '../lib/contract/admin';
import { logRecords } from '../api-host/log/data';
import { explainLog, listLog } from '../api-host/log/query';
import { APP_LOG_FTS_TRIGGER } from '../api-host/log/schema';
import { writeRecords } from '../api-host/log/store';
import { listQuery as logListQuery } from '../lib/contract/log';
import { time, timeAsync } from './lib/timing';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
/** Options that take a value (each area's size option adds itself here). */
const VALUE_OPTIONS = [
  '--contacts',
  '--make-matrices',
  '--log-records',
  '--users',
  '--firms',
  '--jobs',
  '--inspections',
  '--dashboard-jobs',
  '--dispatches',
];
const file = args.find((a, i) => !a.startsWith('--') && !VALUE_OPTIONS.includes(args[i - 1] ?? '')) ?? '.data/bench/reference.db';
function count(name: string, fallback: number): number {
  const n = Number(option(name) ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number (0: the demo data only)`);
  return n;
}
const target = count('--contacts', 100_000);
const makeMatrixTarget = count('--make-matrices', 50_000);
const logTarget = count('--log-records', 0);
const usersTarget = count('--users', 10_000);
const firmTarget = count('--firms', 0);
const jobsTarget = count('--jobs', 100_000);
const inspectionsTarget = count('--inspections', 250_000);
const dashboardJobs = count('--dashboard-jobs', 0);
const dispatchTarget = count('--dispatches', 20_000);

/** Users: the demo users plus generated ones up to --users, spread over every firm (their contacts included). */
async function growUsers(db: Db): Promise<void> {
  const have = db.prepare('SELECT count(*) FROM user').pluck().get() as number;
  const firms = db.prepare('SELECT firm FROM firm ORDER BY firm').pluck().all() as number[];
  const t = performance.now();
  const added = await bulkInsertUsers(db, Math.max(0, usersTarget - have), firms);
  console.log(`[seed-bench] users: ${have + added} (${added} generated in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
}

async function build(): Promise<Db> {
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) rmSync(file + suffix);
  const started = performance.now();
  const db = openDb(file, MIGRATIONS);
  // The files folder beside the database, as scripts/lib/stack.mjs serves it.
  await seed(db, join(dirname(file), 'files'));
  await growUsers(db);
  const seeded = db.prepare('SELECT count(*) FROM contact').pluck().get() as number;
  const firms = db.prepare('SELECT firm FROM firm ORDER BY firm').pluck().all() as number[];
  const make = contactGenerator(100_000, firms, false);
  const t = performance.now();
  function* generated() {
    for (let i = seeded; i < target; i++) yield make.contact(make.rng() < 0.05 ? 'vendor' : undefined);
  }
  bulkInsertContacts(db, generated());
  const inserted = performance.now() - t;
  growConfiguration(db);
  growAdas(db, jobsTarget, inspectionsTarget);
  growDispatches(db, dispatchTarget);
  if (firmTarget) growNetwork(db, firmTarget);
  growDashboard(db, dashboardJobs);
  growLog(db);
  db.exec('ANALYZE');
  db.pragma('wal_checkpoint(TRUNCATE)');
  const n = db.prepare('SELECT count(*) FROM contact').pluck().get() as number;
  console.log(
    `[seed-bench] ${file}: ${n} contacts (${Math.max(0, target - seeded)} generated in ${(inserted / 1000).toFixed(1)} s), total ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return db;
}

/** Whole calls through the host (bearer verification, firm scope, contract validation, JSON), as role 1. */
async function measureHttp(db: Db) {
  const tokens = tokenService(new TextEncoder().encode('bench-secret-0123456789abcdef0123456789'), 3600);
  const app = buildServer({ db, tokens, filesDir: '.data/bench/files' }, IMPLEMENTATIONS);
  await app.ready();
  const token = await tokens.issue(sessionProfileOf(db, 'role1@example.com'));
  console.log('\n[measure] whole calls through the host (fastify inject, role 1), median / max of 25 runs, ms');
  for (const url of [
    '/api/contact/contacts',
    '/api/contact/contacts?orderBy=created&direction=desc&page=2',
    '/api/contact/contacts?orderBy=email&direction=desc&pageSize=100',
    '/api/contact/contacts?searchTerm=smith',
    '/api/contact/contacts?searchTerm=example.net&orderBy=phone',
    '/api/contact/contacts?filterBy=4&retrospectiveDays=30',
    '/api/contact/vendors?orderBy=phone',
    '/api/contact/lookupContact?search=smi',
    // Locations: the list, the largest franchiser's tree (with --firms), provider radius searches.
    '/api/firm/getFirms',
    '/api/firm/getFirms?orderBy=users&direction=desc',
    ...(db.prepare('SELECT 1 FROM firm WHERE firm = ?').get(BENCH_FRANCHISER) ? [`/api/firm/locationTree?firm=${BENCH_FRANCHISER}`] : []),
    '/api/firm/searchForProviders/?firm=1&postalcode=10001&radius=50',
    '/api/firm/searchForProviders/?firm=1&postalcode=60601&radius=500',
    '/api/user/users',
    '/api/user/users?orderBy=name&searchTerm=avery',
    '/api/user/users?orderBy=location&direction=desc&inactive=active',
    '/api/admin/getAdasMakeMatrices',
    '/api/admin/getAdasMakeMatrices?vehicleMake=Toyota&year=2022',
    '/api/admin/getAdasMakeMatrices?searchTerm=windshield&orderBy=system',
  ]) {
    const t = await timeAsync(async () => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }, 25);
    console.log(`  ${url.padEnd(66)} ${t.median.toFixed(2).padStart(7)} ${t.max.toFixed(2).padStart(7)}`);
  }
  await app.close();
}

function measure(db: Db) {
  const allFirms = new Set(db.prepare('SELECT firm FROM firm').pluck().all() as number[]);
  const oneFirm = new Set([7]);
  const total = db.prepare('SELECT count(*) FROM contact WHERE merged_into IS NULL').pluck().get() as number;
  console.log(`\n[measure] ${total} live contacts; list query (count + page) median / max of 15 runs, ms`);
  const cases: [string, Record<string, unknown>, ReadonlySet<number>, boolean][] = [];
  for (const orderBy of CONTACT_SORTS)
    for (const direction of ['asc', 'desc']) cases.push([`sort ${orderBy} ${direction}`, { orderBy, direction }, allFirms, false]);
  cases.push(
    ['page 500 (name)', { page: 500 }, allFirms, false],
    ['last page (name desc, page 9000)', { page: 9000, direction: 'desc' }, allFirms, false],
    ['pageSize 100', { pageSize: 100 }, allFirms, false],
    ['filterBy 4 (insurance agents)', { filterBy: 4 }, allFirms, false],
    ['filterBy 4, sort created desc', { filterBy: 4, orderBy: 'created', direction: 'desc' }, allFirms, false],
    ['retrospectiveDays 7', { retrospectiveDays: 7 }, allFirms, false],
    ['retrospectiveDays 30, sort phone', { retrospectiveDays: 30, orderBy: 'phone' }, allFirms, false],
    ['search "smith"', { searchTerm: 'smith' }, allFirms, false],
    ['search "john smith"', { searchTerm: 'john smith' }, allFirms, false],
    ['search "s" (broad)', { searchTerm: 's' }, allFirms, false],
    ['search "(212) 4"', { searchTerm: '(212) 4' }, allFirms, false],
    ['search "example.net"', { searchTerm: 'example.net' }, allFirms, false],
    ['search "zzzz" (nothing)', { searchTerm: 'zzzz' }, allFirms, false],
    ['one firm (7), sort name', {}, oneFirm, false],
    ['one firm (7), sort created desc, page 50', { orderBy: 'created', direction: 'desc', page: 50 }, oneFirm, false],
    ['vendors, sort name', {}, allFirms, true],
    ['vendors, sort phone desc', { orderBy: 'phone', direction: 'desc' }, allFirms, true],
    ['vendors, search "glass"', { searchTerm: 'glass' }, allFirms, true],
  );
  for (const [name, raw, firms, vendorsOnly] of cases) {
    const q = listQuery.parse(raw);
    let count = 0;
    const t = time(() => (count = listContacts(db, q, { firms, vendorsOnly }).count));
    console.log(`  ${name.padEnd(44)} ${t.median.toFixed(2).padStart(7)} ${t.max.toFixed(2).padStart(7)}   count ${count}`);
    if (flag('--plans')) for (const line of explainList(db, q, { firms, vendorsOnly })) console.log(`      ${line}`);
  }
  console.log('\n[measure] search calls (20 items), ms');
  for (const [name, term, kind] of [
    ['contactSearch "smi"', 'smi', 'contact'],
    ['contactSearch "maria garcia"', 'maria garcia', 'contact'],
    ['phoneSearch "212"', '212', 'phone'],
    ['addressSearch "main"', 'main', 'address'],
    ['vendorSearch "supply"', 'supply', 'vendor'],
  ] as const) {
    const t = time(() => searchContacts(db, kind, term, { firms: allFirms }));
    console.log(`  ${name.padEnd(44)} ${t.median.toFixed(2).padStart(7)} ${t.max.toFixed(2).padStart(7)}`);
  }
}

// ── locations: the network grown to --firms locations ──────────────────────────────────────────
/** The first bench location: the largest franchiser (bench pages render its network tree). */
const BENCH_FRANCHISER = 10_001;

/**
 * Two franchisers (the first the largest) with franchisees of about 45 shops each, at real US postal codes
 * chosen by a seeded PRNG, one in five a calibration provider; administrators (users 1, 2) reach them all.
 * Ids start at BENCH_FRANCHISER; the total of locations becomes `target`.
 */
function growNetwork(db: Db, target: number) {
  const started = performance.now();
  const existing = db.prepare('SELECT count(*) FROM firm').pluck().get() as number;
  const wanted = target - existing;
  if (wanted <= 0) return;
  let seed = 20_260_501;
  const rng = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
  const zips = Object.values(zipcodes.codes).filter((z) => z.country === 'US' && /^\d{5}$/.test(z.zip) && Number.isFinite(z.latitude));
  const insert = db.prepare(
    `INSERT INTO firm (firm, name, firm_type, parent, postal_code, city, state_province, country, phone_no, timezone, language, latitude, longitude, is_provider, firm_number)
     VALUES (?, ?, ?, ?, ?, ?, (SELECT id FROM lookup WHERE key = 'StateProvince' AND code = ?), 1, ?, 12, 1, ?, ?, ?, ?)`,
  );
  const link = db.prepare('INSERT INTO user_firm (user, firm, is_primary) VALUES (?, ?, 0)');
  const shopsPer = 45;
  // The first franchiser takes 55% of the new locations, the second the rest.
  const shares = [Math.round(wanted * 0.55), wanted - Math.round(wanted * 0.55)];
  let id = BENCH_FRANCHISER;
  db.transaction(() => {
    const add = (name: string, type: string, parent: number) => {
      const z = zips[Math.floor(rng() * zips.length)];
      if (!z) throw new Error('No zip codes to place the locations at');
      const firm = id++;
      insert.run(
        firm,
        name,
        type,
        parent,
        z.zip,
        z.city,
        z.state,
        `(${200 + (firm % 700)}) 555-${String(1000 + (firm % 9000))}`,
        z.latitude,
        z.longitude,
        rng() < 0.2 ? 1 : 0,
        `B-${firm}`,
      );
      for (const admin of [1, 2]) link.run(admin, firm);
      return firm;
    };
    shares.forEach((share, f) => {
      const franchiser = add(`Bench Franchiser ${f + 1}`, 'franchiser', 1);
      let left = share - 1;
      for (let e = 1; left > 0; e++) {
        const franchisee = add(`Bench ${f + 1} Franchisee ${e}`, 'franchisee', franchiser);
        left--;
        for (let s = 1; s <= shopsPer && left > 0; s++, left--) add(`Bench ${f + 1}-${e} Shop ${s}`, 'shop', franchisee);
      }
    });
  })();
  db.exec('ANALYZE');
  console.log(
    `[seed-bench] ${file}: ${existing + wanted} locations (${wanted} generated in ${((performance.now() - started) / 1000).toFixed(1)} s; the largest franchiser is ${BENCH_FRANCHISER})`,
  );
}

/** The locations queries at the host: the list, the tree of the largest franchiser, the radius search. */
async function measureLocations(db: Db) {
  const firms = db.prepare('SELECT count(*) FROM firm').pluck().get() as number;
  const all = new Set(db.prepare('SELECT firm FROM firm').pluck().all() as number[]);
  console.log(`\n[measure] ${firms} locations; median / max of 15 runs, ms`);
  const cases: [string, () => unknown][] = [
    ['list, sort firm', () => listFirms(db, firmListQuery.parse({}), all)],
    ['list, sort users desc', () => listFirms(db, firmListQuery.parse({ orderBy: 'users', direction: 'desc' }), all)],
    ['list, page 200 by city', () => listFirms(db, firmListQuery.parse({ orderBy: 'city', page: 200 }), all)],
    ['search "shop 4", type shop', () => listFirms(db, { ...firmListQuery.parse({ type: 'shop' }), searchterm: 'shop 4' }, all)],
    ['tree of the largest franchiser', () => treeLevel(db, BENCH_FRANCHISER, all, false)],
    ['tree of the platform', () => treeLevel(db, 1, all, false)],
  ];
  for (const center of ['10001', '60601', '80202', '94105']) {
    const place = resolvePostalCode(center)!;
    cases.push([`providers within 50 mi of ${center}`, () => providersNear(db, place, 50, { exclude: 0 })]);
    cases.push([`providers within 500 mi of ${center}`, () => providersNear(db, place, 500, { exclude: 0 })]);
  }
  for (const [name, fn] of cases) {
    const t = time(fn);
    console.log(`  ${name.padEnd(44)} ${t.median.toFixed(2).padStart(7)} ${t.max.toFixed(2).padStart(7)}`);
  }
}

/** The user list (user/users) at this size, as role 1 reaching every firm. */
function measureUsers(db: Db) {
  const allFirms = new Set(db.prepare('SELECT firm FROM firm').pluck().all() as number[]);
  const total = db.prepare('SELECT count(*) FROM user WHERE deleted_at IS NULL').pluck().get() as number;
  console.log(`\n[measure] ${total} users; user list (count + page) median / max of 15 runs, ms`);
  const cases: [string, Record<string, unknown>][] = [];
  for (const orderBy of USER_SORTS)
    for (const direction of ['asc', 'desc']) cases.push([`sort ${orderBy} ${direction}`, { orderBy, direction }]);
  cases.push(
    ['page 500', { page: 500 }],
    ['search "avery"', { searchTerm: 'avery' }],
    ['search "quinn lopez", sort name', { searchTerm: 'quinn lopez', orderBy: 'name' }],
    ['search "role1"', { searchTerm: 'role1' }],
    ['role 5', { filterBy: 5 }],
    ['location 7', { firm: 7 }],
    ['inactive, sort location', { inactive: 'inactive', orderBy: 'location' }],
  );
  for (const [name, raw] of cases) {
    const q = userListQuery.parse(raw);
    let count = 0;
    const t = time(() => (count = listUsers(db, q, { firms: allFirms }).count));
    console.log(`  ${name.padEnd(44)} ${t.median.toFixed(2).padStart(7)} ${t.max.toFixed(2).padStart(7)}   count ${count}`);
    if (flag('--plans')) for (const line of explainUsers(db, q, { firms: allFirms })) console.log(`      ${line}`);
  }
}

// ── ADAS configuration (issue 12): the make matrices ────────────────────────────────────────────────
function growConfiguration(db: Db) {
  const t = performance.now();
  const added = growMakeMatrices(db, makeMatrixTarget);
  const n = db.prepare('SELECT count(*) FROM adas_make_matrix').pluck().get() as number;
  console.log(`[seed-bench] ${n} make matrices (${added} generated in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
}

/** The make-matrix list as the call runs it, and the vehicle lookup other areas use (target ≤ 5 ms). */
function measureConfiguration(db: Db) {
  const total = db.prepare('SELECT count(*) FROM adas_make_matrix').pluck().get() as number;
  console.log(`\n[measure] ${total} make matrices; list (count + page) and vehicle lookups, median / max of 15 runs, ms`);
  const system = db
    .prepare("SELECT adas_checklist_matrix FROM adas_checklist_matrix WHERE matrix_item = 'Front Radar'")
    .pluck()
    .get() as number;
  for (const [name, raw] of [
    ['make (default)', {}],
    ['make desc, page 500', { direction: 'desc', page: 500 }],
    ['system', { orderBy: 'system' }],
    ['years desc', { orderBy: 'years', direction: 'desc' }],
    ['make Toyota', { vehicleMake: 'Toyota' }],
    ['system Front Radar, year 2022', { adasChecklistMatrix: system, year: 2022 }],
    ['model RAV4', { vehicleMake: 'Toyota', vehicleModel: 'RAV4' }],
    ['search "windshield"', { searchTerm: 'windshield' }],
    ['search "eyesight stereo"', { searchTerm: 'eyesight stereo' }],
  ] as const) {
    const q = makeMatrixListQuery.parse(raw);
    let count = 0;
    const t = time(() => (count = listMakeMatrices(db, q).count));
    console.log(`  ${name.padEnd(44)} ${t.median.toFixed(2).padStart(7)} ${t.max.toFixed(2).padStart(7)}   count ${count}`);
    if (flag('--plans')) {
      const { sql, params } = listIdsSql(q);
      for (const r of db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]) console.log(`      ${r.detail}`);
    }
  }
  for (const vehicle of [
    { make: 'Toyota', model: 'RAV4', year: 2022 },
    { make: 'Honda', model: 'Odyssey', year: 2024 },
    { make: 'Tesla', model: 'Model Y', year: 2020 },
    { make: 'Subaru', model: 'Outback', year: 2019 },
  ]) {
    let systems = 0;
    const t = time(() => (systems = systemsFor(db, vehicle).length), 50);
    const r = time(() => rulesFor(db, vehicle, 6), 50);
    const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
    console.log(
      `  systemsFor ${name.padEnd(33)} ${t.median.toFixed(2).padStart(7)} ${t.max.toFixed(2).padStart(7)}   systems ${systems}   (rulesFor ${r.median.toFixed(2)} ms)   target ≤ 5 ms`,
    );
  }
}

// ── application log (issue 15) ─────────────────────────────────────────────────────────────────
/**
 * Grows app_log to --log-records: a year of records at every level. The search index is built after the
 * rows, in one statement (row by row, through the trigger, its merges make a million records take ages).
 */
function growLog(db: Db) {
  const have = db.prepare('SELECT count(*) FROM app_log').pluck().get() as number;
  if (logTarget <= have) return;
  const t = performance.now();
  db.pragma('cache_size = -262144');
  // The generated year ends before the demo week: its ids are below the first demo record's.
  const firstDemo = (db.prepare('SELECT min(id) FROM app_log').pluck().get() as number | null) ?? Number.MAX_SAFE_INTEGER;
  const records = logRecords(logTarget - have, { seed: 11, days: 365, end: Date.now() - 8 * 86_400_000 });
  db.exec('DROP TRIGGER app_log_fts_ai');
  for (let done = have; done < logTarget; done += 50_000) writeRecords(db, take(records, Math.min(50_000, logTarget - done)));
  db.transaction(() => {
    db.prepare(
      "INSERT INTO app_log_fts (rowid, message, machine_name, lvl) SELECT id, message, machine_name, 'lvl' || level FROM app_log WHERE id < ?",
    ).run(firstDemo);
    db.exec(APP_LOG_FTS_TRIGGER);
  })();
  db.exec("INSERT INTO app_log_fts (app_log_fts) VALUES ('optimize')");
  console.log(
    `[seed-bench] app_log: ${logTarget} records (${logTarget - have} generated in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
}

function* take<T>(it: Iterator<T>, n: number): Generator<T> {
  for (let i = 0; i < n; i++) {
    const next = it.next();
    if (next.done) return;
    yield next.value;
  }
}

function measureLog(db: Db) {
  const total = db.prepare('SELECT count(*) FROM app_log').pluck().get() as number;
  console.log(`\n[measure] ${total} application log records; list query (count + page) median / max of 15 runs, ms`);
  const cases: [string, Record<string, unknown>][] = [
    ['first page (timestamp asc)', {}],
    ['level Error', { level: 'Error' }],
    ['level Error + search "timeout"', { level: 'Error', searchTerm: 'timeout' }],
    ['level Info + search "sign"', { level: 'Info', searchTerm: 'sign' }],
    ['search "vin" desc', { searchTerm: 'vin', direction: 'desc' }],
    ['search "worker" (machine)', { searchTerm: 'worker' }],
    ['level Warn, page 500', { level: 'Warn', page: 500 }],
    ['sort by level desc', { orderBy: 'level', direction: 'desc' }],
    ['sort by logger, level Fatal', { orderBy: 'name', level: 'Fatal' }],
  ];
  for (const [name, raw] of cases) {
    const q = logListQuery.parse(raw);
    let count = 0;
    const t = time(() => (count = listLog(db, q, { scrubbed: true }).count));
    console.log(`  ${name.padEnd(44)} ${t.median.toFixed(2).padStart(7)} ${t.max.toFixed(2).padStart(7)}   count ${count}`);
    if (flag('--plans')) for (const line of explainLog(db, q)) console.log(`      ${line}`);
  }
}

const db = flag('--measure-only') || flag('--measure-log-only') ? openDb(file, MIGRATIONS) : await build();
if (flag('--measure') || flag('--measure-only')) {
  measure(db);
  measureUsers(db);
  await measureLocations(db);
  measureConfiguration(db);
  await measureHttp(db);
  await measureAdas(db, flag('--plans'));
  await measureCalibrations(db);
  measureDispatch(db);
}
if (flag('--measure-log') || flag('--measure-log-only')) measureLog(db);
if (flag('--measure') || flag('--measure-only') || flag('--measure-dashboard')) measureDashboard(db);
db.close();
