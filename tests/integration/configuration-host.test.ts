/**
 * The reference host's ADAS configuration (issue 12) through its routes, with real tokens: every call's
 * happy path, bad input (400 with field errors, never 500), refusals (403 for other roles and for
 * administrators of part of the network), 404 for unknown records and for firms the caller cannot reach,
 * the transactions (imports all-or-none) and the query plans of the big table.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listIdsSql } from '../../api-host/configuration/make-matrices';
import { infoFor, linksFor, rulesFor, systemsFor } from '../../api-host/configuration/rules';
import { runMakeMatrixLinkImport } from '../../api-host/configuration/links';
import { IMPLEMENTATIONS } from '../../api-host/areas';
import { ALL_CALLS, contract } from '../../lib/contract';
import { makeMatrixListQuery } from '../../lib/contract/admin';
import type { BodyOf, CallDef } from '../../lib/contract/define';
import { startTestHost, type CallInput, type ContractInput, type TestHost } from '../../testkit/host';
import { must, two } from '../../testkit/must';

const a = contract.admin;
const p = contract.adasmatrix;

let host: TestHost;
let admin: string;
/** Role 2 reaching only firm 3 (an administrator of part of the network). */
let partAdmin: string;

beforeAll(async () => {
  host = await startTestHost();
  admin = await host.token(1);
  partAdmin = await host.token(await host.addUser({ role: 2, firm: 3, firms: [3, 6, 7, 8] }));
});
afterAll(() => host?.close());

/** Calls as role 1 unless told; must answer 200; the body parsed by the call's response schema. */
const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = admin) => host.ok(token, call, input);
async function fails(status: number, call: CallDef, input?: CallInput, token = admin) {
  const res = await host.api<{ error: string; fieldErrors?: Record<string, string[]> }>(token, call, input);
  expect(res.status, `${call.path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}
const one = (sql: string, ...args: unknown[]) =>
  host.db
    .prepare(sql)
    .pluck()
    .get(...args);
const systemId = (name: string) => one('SELECT adas_checklist_matrix FROM adas_checklist_matrix WHERE matrix_item = ?', name) as number;
const calibrationId = (name: string) => one('SELECT calibration_type FROM adas_calibration_type WHERE name = ?', name) as number;

const CONFIG_MODULES = ['admin', 'alldata', 'adasmatrix', 'testdrive', 'language', 'report', 'scanpro'] as const;
/** Calls of those modules that read the knowledge base for an ADAS job's screens (issue 13): any ADAS role. */
const JOB_READS: readonly CallDef[] = [
  contract.admin.getAdasChecklistMappedToDecoded,
  contract.alldata.getLinksInternal,
  contract.alldata.getGeneralInfoLinks,
];
const CONFIG_CALLS: CallDef[] = [
  ...CONFIG_MODULES.flatMap((m) =>
    Object.values(contract[m]).filter(
      (c): c is CallDef => typeof c === 'object' && c !== null && 'path' in c && 'response' in c && !JOB_READS.includes(c as CallDef),
    ),
  ),
  contract.lookups.keywords,
  contract.lookups.testdriveResultType,
  contract.lookups.saveTestdriveResultType,
  contract.adas.vehicleChecklistMatrixVehicleModel,
  contract.adas.saveVehicleChecklistMatrixVehicleModel,
];

const makeMatrix = (over: Record<string, unknown> = {}) => ({
  adasChecklistMatrixVehicle: -1,
  adasChecklistMatrix: systemId('Front Radar'),
  vehicleMake: 'Mazda',
  yearStart: 2020,
  yearEnd: 2024,
  system: 'Mazda Radar Cruise Control radar',
  location: 'Behind the front emblem',
  isRR: true,
  isRI: true,
  calibrationType: calibrationId('Front radar – static'),
  url: 'https://www.mazdaserviceinfo.com',
  cccLineKeywords: 'bumper cover, emblem , Emblem,  radar   sensor',
  cccLocationKeywords: ['Front Bumper', 'Grille'],
  cccSubletKeywords: '',
  models: [
    { id: -1, name: 'CX-5', isAdd: true },
    { id: -1, name: 'CX-50', isAdd: true },
  ],
  ...over,
});

describe('access', () => {
  it('every configuration call is for roles 1 and 2 only: role 3 gets 403 before any validation', async () => {
    expect(CONFIG_CALLS.length).toBeGreaterThan(50);
    const role3 = await host.token(3);
    for (const call of CONFIG_CALLS) {
      expect(call.access, call.path).toEqual([1, 2]);
      expect(call.bff, call.path).toBe(true);
      const res = await host.api(role3, call, {});
      expect(res.status, call.path).toBe(403);
    }
  });

  it('the knowledge base is maintained by administrators of the whole network only (403 for part of it)', async () => {
    const refused = await fails(403, a.getAdasMakeMatrices, {}, partAdmin);
    expect(refused.error).toMatch(/whole network/);
    await fails(
      403,
      a.saveAdasNoScrubList,
      { body: { adasNoScrubList: -1, vehicleMake: 'Kia', yearStart: 2020, yearEnd: 2021, reason: 'x' } },
      partAdmin,
    );
    await fails(403, p.systemCalibrations, {}, partAdmin);
  });

  it('firm-scoped records of a firm the caller cannot reach answer 404, like unknown ones', async () => {
    await fails(404, contract.testdrive.testdriveRecommendations, { query: { firm: 1 } }, partAdmin);
    const networkDrive = one('SELECT testdrive_recommendation FROM testdrive_recommendation WHERE firm = 1 LIMIT 1') as number;
    await fails(404, contract.testdrive.testdriveRecommendation, { query: { testDriveRecommendation: networkDrive } }, partAdmin);
    await fails(404, contract.testdrive.deleteTestdriveRecommendation, { query: { testDriveRecommendation: networkDrive } }, partAdmin);
    await fails(404, contract.lookups.testdriveResultType, { query: { firm: 1 } }, partAdmin);
    await fails(404, contract.scanpro.GetScanProConfiguration, { query: { businessId: 9 } }, partAdmin);
    await fails(404, p.getCalibrationPricing, { query: { calibrationType: calibrationId('Forward camera – static'), firm: 9 } }, partAdmin);
    // Their own firms work.
    const own = await ok(
      p.getCalibrationPricing,
      { query: { calibrationType: calibrationId('Forward camera – static'), firm: 6 } },
      partAdmin,
    );
    expect(own).toMatchObject({ source: 'firm', price: 325, firmPrice: 325, networkPrice: 295 });
    await ok(contract.scanpro.GetScanProConfiguration, { query: { businessId: 6 } }, partAdmin);
  });
});

describe('systems (checklist matrices)', () => {
  it('lists the seeded systems in their order with items and counts', async () => {
    const list = await ok(a.getAdasMatrix, { query: { pageSize: 50 } });
    expect(list.count).toBe(13);
    expect(list.items[0]).toMatchObject({ matrixItem: 'Forward Camera', isHighlight: true });
    expect(must(list.items[0], 'items[0]').items.length).toBeGreaterThan(2);
    expect(must(list.items[0], 'items[0]').makeMatrices).toBeGreaterThan(5);
    const byName = await ok(a.getAdasMatrix, { query: { orderBy: 'matrixItem', direction: 'desc', pageSize: 2 } });
    expect(byName.items.map((s: { matrixItem: string }) => s.matrixItem)).toEqual(['Surround View Camera', 'Steering Angle Sensor']);
    const found = await ok(a.getAdasMatrix, { query: { searchTerm: 'hud' } });
    expect(found.items.map((s: { matrixItem: string }) => s.matrixItem)).toEqual(['Head-Up Display']);
  });

  it('saves a system with keywords (normalised comma text) and items; items are added and removed', async () => {
    const { id } = await ok(a.saveAdasMatrix, {
      body: {
        adasChecklistMatrix: -1,
        matrixItem: 'Rear Radar',
        keywords: ' rear radar,  Rear Radar, cross traffic ,',
        items: [
          { adasChecklistMatrixItem: -1, item: 'Bracket secure' },
          { adasChecklistMatrixItem: -1, item: 'Aim checked' },
        ],
        sort: 35,
      },
    });
    let saved = must((await ok(a.getAdasMatrix, { query: { searchTerm: 'Rear Radar' } })).items[0], 'saved');
    expect(saved.keywords).toBe('rear radar, cross traffic');
    expect(saved.items.map((i: { item: string }) => i.item)).toEqual(['Bracket secure', 'Aim checked']);
    const [bracket, aim] = two(saved.items, 'the saved items');
    await ok(a.saveAdasMatrix, {
      body: {
        ...saved,
        items: [{ ...bracket, isRemove: true }, aim, { adasChecklistMatrixItem: -1, item: 'No fault codes' }],
      },
    });
    saved = must((await ok(a.getAdasMatrix, { query: { searchTerm: 'Rear Radar' } })).items[0], 'the saved system');
    expect(saved.items.map((i: { item: string }) => i.item)).toEqual(['Aim checked', 'No fault codes']);
    expect(await ok(contract.lookups.keywords, { query: { types: 'checklist' } })).toContain('cross traffic');
    await ok(a.saveAdasMatrix, { body: { ...saved, isRemove: true } });
    expect(one('SELECT count(*) FROM adas_checklist_matrix WHERE adas_checklist_matrix = ?', id)).toBe(0);
  });

  it('refuses an empty name, a duplicate name, 1,000 keywords and deleting a system in use', async () => {
    expect((await fails(400, a.saveAdasMatrix, { body: { adasChecklistMatrix: -1, matrixItem: '  ' } })).fieldErrors?.matrixItem).toEqual([
      'This field is required',
    ]);
    expect(
      (await fails(400, a.saveAdasMatrix, { body: { adasChecklistMatrix: -1, matrixItem: 'front radar' } })).fieldErrors?.matrixItem?.[0],
    ).toMatch(/already exists/);
    const many = Array.from({ length: 1000 }, (_, i) => `keyword ${i}`).join(',');
    expect(
      (await fails(400, a.saveAdasMatrix, { body: { adasChecklistMatrix: -1, matrixItem: 'Many', keywords: many } })).fieldErrors?.keywords,
    ).toEqual(['At most 100 keywords (this list has 1,000)']);
    expect((await fails(400, a.deleteAdasMatrix, { query: { id: systemId('Forward Camera') } })).error).toMatch(
      /used by \d+ make matrices/,
    );
    await fails(404, a.deleteAdasMatrix, { query: { id: 99999 } });
    await fails(400, a.deleteAdasMatrix, { query: { id: 'x' } });
  });
});

describe('make matrices', () => {
  it('lists by make and order, and filters by make, system, year, model and search in SQL', async () => {
    const all = await ok(a.getAdasMakeMatrices, {});
    expect(all.count).toBe(one('SELECT count(*) FROM adas_make_matrix'));
    expect(all.items).toHaveLength(10);
    expect(all.items[0]).toMatchObject({ vehicleMake: 'BMW', sort: 1 });
    const toyota = await ok(a.getAdasMakeMatrices, { query: { vehicleMake: 'toyota', pageSize: 100 } });
    expect(toyota.items.every((r: { vehicleMake: string }) => r.vehicleMake === 'Toyota')).toBe(true);
    expect(toyota.items.map((r: { sort: number }) => r.sort)).toEqual(toyota.items.map((_: unknown, i: number) => i + 1));
    const radar = await ok(a.getAdasMakeMatrices, { query: { adasChecklistMatrix: systemId('Front Radar'), year: 2020, pageSize: 100 } });
    expect(
      radar.items.every(
        (r: { matrixItem: string; yearStart: number; yearEnd: number }) =>
          r.matrixItem === 'Front Radar' && r.yearStart <= 2020 && r.yearEnd >= 2020,
      ),
    ).toBe(true);
    const tesla2023 = await ok(a.getAdasMakeMatrices, { query: { vehicleMake: 'Tesla', year: 2023, pageSize: 100 } });
    expect(tesla2023.items.map((r: { matrixItem: string }) => r.matrixItem)).not.toContain('Front Radar');
    const odyssey = await ok(a.getAdasMakeMatrices, { query: { vehicleMake: 'Honda', vehicleModel: 'Odyssey', pageSize: 100 } });
    expect(odyssey.items.map((r: { matrixItem: string }) => r.matrixItem)).toContain('Surround View Camera');
    const civic = await ok(a.getAdasMakeMatrices, { query: { vehicleMake: 'Honda', vehicleModel: 'Civic', pageSize: 100 } });
    expect(civic.items.map((r: { matrixItem: string }) => r.matrixItem)).not.toContain('Surround View Camera');
    const search = await ok(a.getAdasMakeMatrices, { query: { searchTerm: 'eyesight stereo' } });
    expect(search.items.map((r: { vehicleMake: string }) => r.vehicleMake)).toEqual(['Subaru']);
    const bySystem = await ok(a.getAdasMakeMatrices, { query: { orderBy: 'system', pageSize: 3 } });
    expect(bySystem.items.every((r: { matrixItem: string }) => r.matrixItem === 'Forward Camera')).toBe(true);
    const byYears = await ok(a.getAdasMakeMatrices, { query: { orderBy: 'years', direction: 'desc', pageSize: 1 } });
    expect(must(byYears.items[0], 'items[0]').yearStart).toBe(one('SELECT max(year_start) FROM adas_make_matrix'));
    await fails(400, a.getAdasMakeMatrices, { query: { orderBy: 'nope' } });
  });

  it('saves a make matrix with models, keywords and names in one go; reads it back', async () => {
    const { id } = await ok(a.saveAdasMakeMatrix, {
      body: { ...makeMatrix(), static: ['Radar aiming (reflector)'], systems: ['MRCC radar'] },
    });
    const r = await ok(a.getAdasMakeMatrix, { query: { id } });
    expect(r).toMatchObject({
      vehicleMake: 'Mazda',
      vehicleModel: 'CX-5, CX-50',
      matrixItem: 'Front Radar',
      systemType: 2,
      calibrationTypeName: 'Front radar – static',
      calibrationMode: 'static',
      cccLineKeywords: 'bumper cover, emblem, radar sensor',
      cccLocationKeywords: 'Front Bumper, Grille',
      static: ['Radar aiming (reflector)'],
      systems: ['MRCC radar'],
      sort: 1,
    });
    expect(r.models.map((m: { name: string }) => m.name)).toEqual(['CX-5', 'CX-50']);
    expect(await ok(contract.lookups.keywords, { query: { types: 'line', vehicleMake: 'Mazda' } })).toEqual(
      expect.arrayContaining(['bumper cover', 'emblem', 'radar sensor']),
    );
    expect(systemsFor(host.db, { make: 'MAZDA', model: 'cx-5', year: 2022 }).map((s) => s.makeMatrix)).toEqual([id]);
    expect(systemsFor(host.db, { make: 'Mazda', model: 'CX-30', year: 2022 })).toEqual([]);

    // Models: one removed, one added (isAdd/isDelete), the others kept.
    const cx50 = must(
      r.models.find((m: { name: string }) => m.name === 'CX-50'),
      'the CX-50',
    );
    await ok(a.saveAdasMakeMatrix, {
      body: {
        ...makeMatrix(),
        adasChecklistMatrixVehicle: id,
        models: [
          { ...cx50, isDelete: true },
          { id: -1, name: 'CX-90', isAdd: true },
        ],
      },
    });
    expect((await ok(a.getAdasMakeMatrix, { query: { id } })).vehicleModel).toBe('CX-5, CX-90');
    // Model variability calls.
    const models = await ok(contract.adas.vehicleChecklistMatrixVehicleModel, { query: { adasChecklistMatrixVehicle: id } });
    const after = await ok(contract.adas.saveVehicleChecklistMatrixVehicleModel, {
      body: {
        adasChecklistMatrixVehicle: id,
        models: [
          { ...must(models[0], 'a model'), isDelete: true },
          { id: -1, name: 'CX-30', isAdd: true },
        ],
      },
    });
    expect(after.map((m: { name: string }) => m.name)).toEqual(['CX-30', 'CX-90']);
    await fails(400, contract.adas.saveVehicleChecklistMatrixVehicleModel, {
      body: { adasChecklistMatrixVehicle: id, models: [{ id: 1, name: 'x', isDelete: true }] },
    });
    await fails(404, contract.adas.vehicleChecklistMatrixVehicleModel, { query: { adasChecklistMatrixVehicle: 999999 } });

    // Names through saveAdasMakeMatrixLookups; the system must be the row's.
    await ok(a.saveAdasMakeMatrixLookups, {
      body: {
        adasChecklistMatrix: systemId('Front Radar'),
        adasChecklistMatrixVehicle: id,
        systems: ['MRCC'],
        locations: ['Front emblem'],
        static: [],
        dynamic: ['Radar dynamic aiming'],
      },
    });
    expect(await ok(a.getAdasMakeMatrix, { query: { id } })).toMatchObject({
      systems: ['MRCC'],
      locations: ['Front emblem'],
      static: [],
      dynamic: ['Radar dynamic aiming'],
    });
    await fails(400, a.saveAdasMakeMatrixLookups, {
      body: {
        adasChecklistMatrix: systemId('Forward Camera'),
        adasChecklistMatrixVehicle: id,
        systems: [],
        locations: [],
        static: [],
        dynamic: [],
      },
    });
  });

  it('refuses a duplicate make, system, years and models; a reversed year range; a foreign calibration; 1,000 keywords', async () => {
    const base = makeMatrix({ vehicleMake: 'Volvo', models: [] });
    const { id } = await ok(a.saveAdasMakeMatrix, { body: base });
    const dup = await fails(400, a.saveAdasMakeMatrix, { body: base });
    expect(dup.fieldErrors?.vehicleMake?.[0]).toBe(`A make matrix for Volvo, Front Radar, 2020–2024 (every model) already exists (#${id})`);
    expect(one("SELECT count(*) FROM adas_make_matrix WHERE vehicle_make = 'Volvo'")).toBe(1);
    // The same make, system and years for other models is another make matrix.
    await ok(a.saveAdasMakeMatrix, { body: { ...base, models: [{ id: -1, name: 'XC90', isAdd: true }] } });
    expect((await fails(400, a.saveAdasMakeMatrix, { body: { ...base, yearStart: 2025, yearEnd: 2020 } })).fieldErrors?.yearEnd).toEqual([
      'The end year is before the start year',
    ]);
    expect((await fails(400, a.saveAdasMakeMatrix, { body: { ...base, yearStart: 1899 } })).fieldErrors?.yearStart).toEqual([
      'A year from 1950',
    ]);
    expect(
      (await fails(400, a.saveAdasMakeMatrix, { body: { ...base, yearEnd: 2021, systemType: 1 } })).fieldErrors?.calibrationType?.[0],
    ).toMatch(/not one of the chosen system type/);
    const many = Array.from({ length: 1000 }, (_, i) => `kw${i}`);
    expect(
      (await fails(400, a.saveAdasMakeMatrix, { body: { ...base, yearEnd: 2022, cccSubletKeywords: many } })).fieldErrors
        ?.cccSubletKeywords,
    ).toEqual(['At most 100 keywords (this list has 1,000)']);
    expect((await fails(400, a.saveAdasMakeMatrix, { body: { ...base, vehicleMake: '' } })).fieldErrors?.vehicleMake).toEqual([
      'This field is required',
    ]);
    await fails(400, a.saveAdasMakeMatrix, { body: { ...base, adasChecklistMatrix: 99999 } });
    await fails(404, a.saveAdasMakeMatrix, { body: { ...base, adasChecklistMatrixVehicle: 99999 } });
  });

  it('moves a row within its make and renumbers the others', async () => {
    const ids = (await ok(a.getAdasMakeMatrices, { query: { vehicleMake: 'Kia', pageSize: 100 } })).items.map(
      (r: { adasChecklistMatrixVehicle: number }) => r.adasChecklistMatrixVehicle,
    );
    const last = ids[ids.length - 1];
    expect(await ok(a.moveAdasMakeMatrix, { query: { id: last, to: 1 } })).toEqual({ id: last, sort: 1 });
    const after = (await ok(a.getAdasMakeMatrices, { query: { vehicleMake: 'Kia', pageSize: 100 } })).items;
    expect(after.map((r: { adasChecklistMatrixVehicle: number }) => r.adasChecklistMatrixVehicle)).toEqual([last, ...ids.slice(0, -1)]);
    expect(after.map((r: { sort: number }) => r.sort)).toEqual(after.map((_: unknown, i: number) => i + 1));
    expect((await ok(a.moveAdasMakeMatrix, { query: { id: last, to: 999 } })).sort).toBe(ids.length);
    await fails(400, a.moveAdasMakeMatrix, { query: { id: last, to: 0 } });
    await fails(404, a.moveAdasMakeMatrix, { query: { id: 999999, to: 1 } });
  });

  it('deletes a make matrix with its models, names and keywords', async () => {
    const { id } = await ok(a.saveAdasMakeMatrix, { body: makeMatrix({ vehicleMake: 'Acura', static: ['x'] }) });
    await ok(a.deleteAdasMakeMatrix, { query: { id } });
    expect(one('SELECT count(*) FROM adas_make_matrix_model WHERE make_matrix = ?', id)).toBe(0);
    expect(one("SELECT count(*) FROM adas_keyword WHERE owner = ? AND kind IN ('line','location','sublet')", id)).toBe(0);
    await fails(404, a.deleteAdasMakeMatrix, { query: { id } });
    await fails(404, a.getAdasMakeMatrix, { query: { id } });
  });

  it('answers the categories: systems, types, calibrations, makes in use and the firms the caller reaches', async () => {
    const c = await ok(a.getAdasMakeMatrixCategories);
    expect(c.makes).toEqual(
      expect.arrayContaining(['BMW', 'Chevrolet', 'Ford', 'Honda', 'Hyundai', 'Kia', 'Nissan', 'Subaru', 'Tesla', 'Toyota']),
    );
    expect(c.makes).toEqual([...c.makes].sort((x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase())));
    expect(c.systemTypes[0]).toEqual({ id: 1, name: 'Forward camera' });
    expect(c.calibrationTypes.length).toBeGreaterThan(15);
    expect(c.firms).toHaveLength(one('SELECT count(*) FROM firm') as number);
  });

  it('walks indexes for the list pages and the vehicle lookup (no table scan, no sort of the whole table)', () => {
    const plan = (q: Record<string, unknown>) => {
      const { sql, params } = listIdsSql(makeMatrixListQuery.parse(q));
      return (host.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join(' | ');
    };
    expect(plan({})).toMatch(/USING (COVERING )?INDEX adas_make_matrix_by_make/);
    expect(plan({})).not.toMatch(/TEMP B-TREE/);
    expect(plan({ vehicleMake: 'Toyota' })).toMatch(/INDEX adas_make_matrix_by_make \(vehicle_make=\?\)/);
    expect(plan({ orderBy: 'years' })).toMatch(/INDEX adas_make_matrix_by_years/);
    expect(plan({ adasChecklistMatrix: 1 })).toMatch(/INDEX adas_make_matrix_by_system \(adas_checklist_matrix=\?\)/);
    expect(plan({ searchTerm: 'camera' })).toMatch(/VIRTUAL TABLE INDEX/);
    const lookup = (
      host.db
        .prepare('EXPLAIN QUERY PLAN SELECT make_matrix FROM adas_make_matrix_model x WHERE x.vehicle_make = ? AND x.vehicle_model = ?')
        .all('Toyota', 'RAV4') as { detail: string }[]
    )
      .map((r) => r.detail)
      .join(' | ');
    expect(lookup).toMatch(/INDEX adas_make_matrix_model_by_vehicle/);
  });
});

describe('the rules other areas read (rules.ts)', () => {
  it('systems, prices, exceptions, exclusions and no-scrub of a vehicle', () => {
    const rav4 = rulesFor(host.db, { make: 'Toyota', model: 'RAV4', year: 2022 }, 6);
    expect(rav4.noScrub).toEqual([]);
    const camera = rav4.systems.find((s) => s.matrixItem === 'Forward Camera')!;
    expect(camera).toMatchObject({
      calibrationTypeName: 'Forward camera – static',
      calibrationMode: 'static',
      isRR: true,
      price: { cents: 32500, source: 'firm' },
    });
    // The parts that require a system are the scrub's (its lexicon); a make matrix adds only where the make differs.
    expect(camera.keywords).toEqual({ location: [], line: [], sublet: [] });
    expect(camera.exceptKeywords).toEqual([]);
    const outback = rulesFor(host.db, { make: 'Subaru', model: 'Outback', year: 2022 }, 6);
    expect(outback.systems.find((s) => s.matrixItem === 'Blind Spot Monitoring')?.keywords).toEqual({
      location: ['rear bumper', 'rear bumper reinforcement'],
      line: [],
      sublet: ['srvd'],
    });
    expect(camera.staticNames).toEqual(['Front camera static calibration (target board)']);
    expect(rav4.exclusions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          phrase: 'radar detector',
          adasChecklistMatrix: null,
          reason: 'An aftermarket radar detector is not a vehicle sensor.',
        }),
      ]),
    );
    // A make that differs: Tesla has no grille in front of its radar.
    const teslaRadar = rulesFor(host.db, { make: 'Tesla', model: 'Model Y', year: 2020 }, 6).systems.find(
      (s) => s.matrixItem === 'Front Radar',
    )!;
    expect(teslaRadar.exceptKeywords).toEqual(['grille', 'grille emblem']);
    expect(teslaRadar.exceptions[0]).toEqual({ keyword: 'grille', reason: 'Tesla vehicles have no grille in front of the radar.' });
    const network = rulesFor(host.db, { make: 'Toyota', model: 'RAV4', year: 2022 }, 7).systems.find(
      (s) => s.matrixItem === 'Forward Camera',
    )!;
    expect(network.price).toEqual({ cents: 29500, source: 'network' });
    const modelS = rulesFor(host.db, { make: 'tesla', model: 'model s', year: 2019 }, null);
    expect(modelS.noScrub.map((n) => n.reason)).toEqual(['Calibrations on these vehicles are done by Tesla service only.']);
    // Tesla dropped the radar after 2021 and the ultrasonic sensors after 2022.
    const names = (year: number) => systemsFor(host.db, { make: 'Tesla', model: 'Model Y', year }).map((s) => s.matrixItem);
    expect(names(2020)).toEqual(expect.arrayContaining(['Front Radar', 'Park Assist']));
    expect(names(2024)).not.toEqual(expect.arrayContaining(['Front Radar']));
    expect(names(2024)).not.toContain('Park Assist');
  });

  it('OEM links and info lookups of a vehicle: its make, its model or every model, its years', () => {
    const links = linksFor(host.db, { make: 'Toyota', model: 'RAV4', year: 2022 });
    expect(links.map((l) => l.title)).toEqual([
      'RAV4 millimeter wave radar beam axis adjustment',
      'Toyota Safety Sense camera calibration procedure',
      'Toyota collision repair information',
    ]);
    expect(linksFor(host.db, { make: 'Toyota', model: 'Camry', year: 2022 }, 'adas').map((l) => l.title)).toEqual([
      'Toyota Safety Sense camera calibration procedure',
    ]);
    const info = infoFor(host.db, { make: 'subaru', year: 2020 });
    expect(info.map((i) => i.description)).toEqual(['EyeSight windshield must be Subaru-approved glass']);
    expect(info[0]).toMatchObject({ lookupType: 'Position statement', isReportAdd: true, keywords: ['windshield', 'glass'] });
    expect(infoFor(host.db, { make: 'Subaru', year: 2017 })).toEqual([]);
  });
});

describe('make exceptions and exclusions', () => {
  it('saves, lists, offers the make’s keywords and deletes a make exception', async () => {
    const srvd = await ok(a.getMakeExceptionLookups, { query: { make: 'Subaru', adasChecklistMatrix: systemId('Blind Spot Monitoring') } });
    expect(srvd.keywords).toEqual(expect.arrayContaining(['rear bumper', 'srvd']));
    const lookups = await ok(a.getMakeExceptionLookups, { query: { make: 'Subaru', adasChecklistMatrix: systemId('Forward Camera') } });
    expect(lookups.models).toEqual([]);
    const honda = await ok(a.getMakeExceptionLookups, { query: { make: 'Honda' } });
    expect(honda.models).toContain('Odyssey');
    const { id } = await ok(a.saveAdasMakeExclusion, {
      body: {
        adasMakeExclusion: -1,
        vehicleMake: 'Subaru',
        adasChecklistMatrix: systemId('Forward Camera'),
        keywords: 'windshield molding, cowl',
        reason: 'Trim only',
      },
    });
    const list = await ok(a.getAdasMakeExclusions, { query: { id: systemId('Forward Camera'), vehicleMake: 'Subaru' } });
    expect(list.items).toEqual([
      expect.objectContaining({ adasMakeExclusion: id, keywords: 'windshield molding, cowl', matrixItem: 'Forward Camera' }),
    ]);
    expect(await ok(contract.lookups.keywords, { query: { types: 'exception', vehicleMake: 'Subaru' } })).toContain('cowl');
    expect(
      (await fails(400, a.saveAdasMakeExclusion, { body: { adasMakeExclusion: -1, vehicleMake: 'Subaru', keywords: ' , ' } })).fieldErrors
        ?.keywords,
    ).toEqual(['At least one keyword']);
    await fails(400, a.getMakeExceptionLookups, { query: {} });
    await ok(a.deleteAdasMakeExclusion, { query: { id } });
    await fails(404, a.deleteAdasMakeExclusion, { query: { id } });
    await fails(404, a.saveAdasMakeExclusion, { body: { adasMakeExclusion: id, vehicleMake: 'Subaru', keywords: 'x' } });
  });

  it('saves and deletes an exclusion; a repeated phrase is refused', async () => {
    const list = await ok(a.getAdasExclusions, { query: { pageSize: 100 } });
    expect(list.items.map((e: { keyword: string }) => e.keyword)).toContain('radar detector');
    const { id } = await ok(a.saveAdasExclusion, { body: { adasExclusion: -1, keyword: 'Polish', reason: 'Detail operation' } });
    expect((await fails(400, a.saveAdasExclusion, { body: { adasExclusion: -1, keyword: 'polish' } })).fieldErrors?.keyword?.[0]).toMatch(
      /already an exclusion/,
    );
    expect((await fails(400, a.saveAdasExclusion, { body: { adasExclusion: -1, keyword: 'a, b' } })).fieldErrors?.keyword).toEqual([
      'One phrase, without commas',
    ]);
    await ok(a.deleteAdasExclusion, { query: { id } });
    await fails(404, a.deleteAdasExclusion, { query: { id } });
  });
});

describe('info lookups, no-scrub list and exports', () => {
  it('info lookups: list with filters, one, save, delete, export as CSV', async () => {
    const list = await ok(a.getAdasMatrixInfoLookups, { query: { lookupType: 'Position statement', pageSize: 100 } });
    expect(list.items.every((i: { lookupType: string }) => i.lookupType === 'Position statement')).toBe(true);
    const body: BodyOf<typeof a.saveAdasMatrixInfoLookup> = {
      adasChecklistMatrixInfoLookup: -1,
      vehicleMake: 'Mazda',
      yearStart: 2019,
      yearEnd: 2025,
      lookupType: 'Position statement',
      keywords: ['scan'],
      url: 'https://www.mazdaserviceinfo.com',
      source: 'Mazda',
      isReportAdd: true,
      description: '=HYPERLINK("http://evil")',
    };
    const { id } = await ok(a.saveAdasMatrixInfoLookup, { body });
    expect(await ok(a.getAdasMatrixInfoLookup, { query: { id } })).toMatchObject({
      vehicleMake: 'Mazda',
      matrixItem: '',
      isReportAdd: true,
    });
    const csv = await ok(a.checklistMatrixAdasInfoExport, { query: { vehicleMake: 'Mazda', isInactive: false } });
    expect(csv.rows).toBe(1);
    const rows = Papa.parse<string[]>(csv.csv).data;
    expect(must(rows[0], 'rows[0]').slice(0, 3)).toEqual(['Make', 'Year start', 'Year end']);
    expect(must(rows[1], 'rows[1]')[5]).toBe(`'=HYPERLINK("http://evil")`);
    expect(
      (await fails(400, a.saveAdasMatrixInfoLookup, { body: { ...body, lookupType: 'Gossip' } })).fieldErrors?.lookupType,
    ).toBeTruthy();
    expect((await fails(400, a.saveAdasMatrixInfoLookup, { body: { ...body, url: 'javascript:alert(1)' } })).fieldErrors?.url).toBeTruthy();
    await ok(a.deleteAdasMatrixInfoLookup, { query: { id } });
    await fails(404, a.getAdasMatrixInfoLookup, { query: { id } });
  });

  it('no-scrub list: save, list, rules, delete', async () => {
    const { id } = await ok(a.saveAdasNoScrubList, {
      body: { adasNoScrubList: -1, vehicleMake: 'Kia', vehicleModel: 'Soul', yearStart: 2020, yearEnd: 2021, reason: 'Fleet vehicles' },
    });
    expect(rulesFor(host.db, { make: 'Kia', model: 'Soul', year: 2021 }, null).noScrub.map((n) => n.adasNoScrubList)).toEqual([id]);
    expect(rulesFor(host.db, { make: 'Kia', model: 'Soul', year: 2022 }, null).noScrub).toEqual([]);
    const list = await ok(a.getAdasNoScrubList, { query: { searchTerm: 'fleet' } });
    expect(list.items.map((n: { adasNoScrubList: number }) => n.adasNoScrubList)).toEqual([id]);
    expect(
      (
        await fails(400, a.saveAdasNoScrubList, {
          body: { adasNoScrubList: -1, vehicleMake: 'Kia', yearStart: 2022, yearEnd: 2021, reason: 'x' },
        })
      ).fieldErrors?.yearEnd,
    ).toEqual(['The end year is before the start year']);
    await ok(a.deleteAdasNoScrubList, { query: { id } });
    await fails(404, a.deleteAdasNoScrubList, { query: { id } });
  });

  it('exports the keywords and triggers of the make matrices as CSV', async () => {
    const all = await ok(a.checklistMatrixVehicleKeywordsTriggersExport, {});
    expect(all.rows).toBe(one('SELECT count(*) FROM adas_make_matrix'));
    const subaru = await ok(a.checklistMatrixVehicleKeywordsTriggersExport, {
      query: { vehicleMake: 'Subaru', adasChecklistMatrix: systemId('Forward Camera') },
    });
    const rows = Papa.parse<string[]>(subaru.csv).data.filter((r) => r.length > 1);
    expect(rows[0]).toContain('CCC line keywords');
    expect(rows).toHaveLength(2);
    expect(must(rows[1], 'rows[1]')[0]).toBe('Subaru');
    expect(subaru.fileName).toMatch(/^make-matrix-keywords-triggers-\d{4}-\d\d-\d\d\.csv$/);
  });
});

describe('links', () => {
  it('lists ADAS or general links, creates, saves (reviews), updates, removes and replaces a vehicle’s links', async () => {
    const adas = await ok(contract.alldata.getLinkManage, { query: { pageSize: 100 } });
    expect(adas.items.every((l: { type: string }) => l.type === 'adas')).toBe(true);
    const general = await ok(contract.alldata.getLinkManage, { query: { adaslinks: false, pageSize: 100 } });
    expect(general.items.every((l: { type: string; year: string }) => l.type === 'general' && l.year === 'All years')).toBe(true);
    const { ids } = await ok(contract.alldata.createAdasLinks, {
      body: {
        links: [
          { title: 'Mazda radar aiming', url: 'https://www.mazdaserviceinfo.com/radar', make: 'Mazda', yearStart: 2020, yearEnd: 2024 },
        ],
      },
    });
    const linkId = must(ids[0], 'the new link');
    const fresh = await ok(contract.alldata.getLinkManage, { query: { make: 'Mazda', isNew: true } });
    expect(fresh.items).toEqual([expect.objectContaining({ id: linkId, isNew: true, year: '2020–2024' })]);
    // "Added" is recorded for a link someone added, and absent for the demo knowledge base's (issue 31 §9).
    expect(Date.now() - Date.parse(must(must(fresh.items[0], 'the new link').createdAt, 'the time it was added'))).toBeLessThan(120_000);
    expect(adas.items.filter((l: { id: number }) => l.id !== linkId).every((l: { createdAt: string | null }) => l.createdAt === null)).toBe(
      true,
    );
    await ok(contract.alldata.saveAdasLinks, {
      body: {
        id: linkId,
        title: 'Mazda radar aiming procedure',
        url: 'https://www.mazdaserviceinfo.com/radar',
        make: 'Mazda',
        model: 'CX-5',
        yearStart: 2020,
        yearEnd: null,
      },
    });
    expect((await ok(contract.alldata.getLinkManage, { query: { make: 'Mazda' } })).items[0]).toMatchObject({
      isNew: false,
      model: 'CX-5',
      year: '2020 on',
    });
    expect(await ok(contract.alldata.updateAdasLinks, { body: { ids: [linkId, 999999], isNew: true, type: 'general' } })).toEqual({
      count: 1,
    });
    expect((await ok(contract.alldata.getLinkManage, { query: { adaslinks: false, make: 'Mazda' } })).count).toBe(1);
    await fails(400, contract.alldata.updateAdasLinks, { body: { ids: [linkId] } });
    expect(await ok(contract.alldata.removeLinksManage, { body: { ids: [linkId] } })).toEqual({ count: 1 });
    await fails(404, contract.alldata.saveAdasLinks, { body: { id: linkId, title: 't', url: 'https://x.example', make: 'Mazda' } });
    expect(
      (await fails(400, contract.alldata.createAdasLinks, { body: { links: [{ title: 't', url: 'ftp://x', make: 'Mazda' }] } }))
        .fieldErrors?.['links.0.url'],
    ).toBeTruthy();

    const vehicle: Omit<BodyOf<typeof contract.alldata.saveLinksByVehicle>, 'links'> = {
      make: 'Mazda',
      model: 'CX-9',
      yearStart: 2021,
      yearEnd: 2023,
      type: 'adas',
    };
    await ok(contract.alldata.saveLinksByVehicle, {
      body: {
        ...vehicle,
        links: [
          { title: 'A', url: 'https://a.example' },
          { title: 'B', url: 'https://b.example' },
        ],
      },
    });
    expect(
      await ok(contract.alldata.saveLinksByVehicle, { body: { ...vehicle, links: [{ title: 'C', url: 'https://c.example' }] } }),
    ).toEqual({ count: 1 });
    expect((await ok(contract.alldata.getLinkManage, { query: { make: 'Mazda' } })).items.map((l: { title: string }) => l.title)).toEqual([
      'C',
    ]);
  });

  it('the make-matrix-links import stores its rows in the same table, as new ADAS links', async () => {
    const id = Number(host.db.prepare("INSERT INTO make_matrix_link_import (file_name, user) VALUES ('l.csv', 1)").run().lastInsertRowid);
    const notice = await runMakeMatrixLinkImport(
      host.ctx,
      id,
      'l.csv',
      'make,model,yearStart,yearEnd,title,url\nGenesis,GV80,2021,2024,GV80 camera,https://genesis.example/cam\nGenesis,,2025,2021,Bad years,https://genesis.example\n',
    );
    expect(notice).toMatchObject({ imported: 1, rejected: 1 });
    expect((await ok(contract.alldata.getLinkManage, { query: { make: 'Genesis', isNew: true } })).items).toEqual([
      expect.objectContaining({ title: 'GV80 camera', model: 'GV80', type: 'adas' }),
    ]);
  });
});

describe('calibration pricing', () => {
  it('lists calibration types by system type with their network price', async () => {
    const camera = await ok(p.systemCalibrations, { query: { systemType: 1 } });
    expect(camera.items.map((c) => [c.name, c.price])).toEqual([
      ['Forward camera – dynamic', 195],
      ['Forward camera – static', 295],
      ['Forward camera – static + dynamic', 395],
    ]);
    const all = await ok(p.systemCalibrations, { query: { orderBy: 'price', direction: 'desc', pageSize: 1 } });
    expect(must(all.items[0], 'items[0]').name).toBe('Forward camera – static + dynamic');
  });

  it('answers the price that applies and says which; saves network and firm prices; money is validated', async () => {
    const id = calibrationId('Rear camera – static');
    expect(await ok(p.getCalibrationPricing, { query: { calibrationType: id } })).toMatchObject({
      price: 150,
      source: 'network',
      firm: null,
      firmPrice: null,
    });
    expect(await ok(p.getCalibrationPricing, { query: { calibrationType: id, firm: 10 } })).toMatchObject({
      price: 150,
      source: 'network',
      firm: 10,
    });
    await ok(p.saveCalibrationPricing, { body: { calibrationType: id, firm: 10, price: 139.99 } });
    expect(await ok(p.getCalibrationPricing, { query: { calibrationType: id, firm: 10 } })).toMatchObject({
      price: 139.99,
      source: 'firm',
      networkPrice: 150,
    });
    await ok(p.saveCalibrationPricing, { body: { calibrationType: id, firm: 10, price: null } });
    expect((await ok(p.getCalibrationPricing, { query: { calibrationType: id, firm: 10 } })).source).toBe('network');
    expect((await ok(p.getCalibrationPricing, { query: { calibrationType: calibrationId('Lidar – static') } })).source).toBe('none');

    for (const [price, message] of [
      ['abc', '"abc" is not a price: use a number such as 125.00'],
      [-5, 'A price cannot be negative'],
      [12.345, 'A price has at most two decimals'],
      [100000.01, 'A price is at most 100,000.00'],
    ] as const)
      expect(
        (await fails(400, p.saveCalibrationPricing, { body: { calibrationType: id, firm: 10, price } })).fieldErrors?.price,
        String(price),
      ).toEqual([message]);
    expect((await fails(400, p.saveCalibrationPricing, { body: { calibrationType: -1, price: 10 } })).fieldErrors).toMatchObject({
      systemType: ['This field is required'],
      name: ['This field is required'],
    });
    const created = await ok(p.saveCalibrationPricing, {
      body: { calibrationType: -1, systemType: 13, name: 'Lidar – dynamic', mode: 'dynamic', price: '1,250.50' },
    });
    expect(await ok(p.getCalibrationPricing, { query: { calibrationType: created.id } })).toMatchObject({
      price: 1250.5,
      mode: 'dynamic',
      systemTypeName: 'Lidar',
    });
    expect(
      (
        await fails(400, p.saveCalibrationPricing, {
          body: { calibrationType: -1, systemType: 13, name: 'lidar – DYNAMIC', mode: 'dynamic', price: 1 },
        })
      ).fieldErrors?.name?.[0],
    ).toMatch(/already has a calibration named/);
    await fails(404, p.getCalibrationPricing, { query: { calibrationType: 99999 } });
    await ok(p.removeCalibration, { query: { systemType: 13, calibrationType: created.id } });
    await fails(404, p.removeCalibration, { query: { systemType: 13, calibrationType: created.id } });
    expect(
      (await fails(400, p.removeCalibration, { query: { systemType: 1, calibrationType: calibrationId('Forward camera – static') } }))
        .error,
    ).toMatch(/used by \d+ make matrices/);
  });

  const rows = [
    { line: 2, systemType: 'Forward camera', calibration: 'Forward camera – static', mode: 'Static', price: '299.00' },
    { line: 3, systemType: 'Rear camera', calibration: 'Rear camera – static', mode: 'static', price: 'abc' },
    { line: 4, systemType: 'Lidar', calibration: 'Lidar – aiming', mode: 'Static + dynamic', price: '$450' },
    { line: 5, systemType: 'Warp drive', calibration: 'Flux', mode: 'Static', price: '1' },
    { line: 6, systemType: 'Forward camera', calibration: 'forward camera – static', mode: 'Sideways', price: '' },
  ];

  it('imports: a preview changes nothing; "all" with a bad row applies none; "valid" applies the valid rows in one go', async () => {
    const before = one('SELECT price_cents FROM adas_calibration_type WHERE name = ?', 'Forward camera – static');
    const preview = await ok(p.importCalibrationPricing, { body: { apply: 'preview', rows } });
    expect(preview).toMatchObject({ valid: 2, invalid: 3, applied: 0 });
    expect(preview.rows.map((r: { status: string }) => r.status)).toEqual(['update', 'error', 'new', 'error', 'error']);
    expect(must(preview.rows[1], 'rows[1]').errors).toEqual({ Price: '"abc" is not a price: use a number such as 125.00' });
    expect(must(preview.rows[3], 'rows[3]').errors).toEqual({ 'System type': 'Unknown system type "Warp drive"' });
    expect(must(preview.rows[4], 'rows[4]').errors).toMatchObject({ Calibration: 'Repeats line 2', Price: 'A price is required' });
    expect(must(preview.rows[4], 'rows[4]').errors.Mode).toMatch(/^"Sideways" is not a mode/);
    expect(one('SELECT price_cents FROM adas_calibration_type WHERE name = ?', 'Forward camera – static')).toBe(before);

    expect(await ok(p.importCalibrationPricing, { body: { apply: 'all', rows } })).toMatchObject({ applied: 0, invalid: 3 });
    expect(one('SELECT price_cents FROM adas_calibration_type WHERE name = ?', 'Forward camera – static')).toBe(before);
    expect(one('SELECT count(*) FROM adas_calibration_type WHERE name = ?', 'Lidar – aiming')).toBe(0);

    expect(await ok(p.importCalibrationPricing, { body: { apply: 'valid', rows } })).toMatchObject({ applied: 2 });
    expect(one('SELECT price_cents FROM adas_calibration_type WHERE name = ?', 'Forward camera – static')).toBe(29900);
    expect(one('SELECT mode FROM adas_calibration_type WHERE name = ?', 'Lidar – aiming')).toBe('static-dynamic');
    const again = await ok(p.importCalibrationPricing, { body: { apply: 'preview', rows: rows.slice(0, 1) } });
    expect(must(again.rows[0], 'rows[0]').status).toBe('unchanged');
  });

  it('imports and exports a firm’s own prices', async () => {
    const res = await ok(p.importCalibrationPricing, {
      body: {
        apply: 'all',
        firm: 11,
        rows: [
          { line: 2, systemType: 'Front radar', calibration: 'Front radar – static', mode: '', price: '260' },
          { line: 3, systemType: 'Front radar', calibration: 'Made up', mode: '', price: '1' },
        ],
      },
    });
    expect(res).toMatchObject({ applied: 0, invalid: 1 });
    await ok(p.importCalibrationPricing, {
      body: {
        apply: 'all',
        firm: 11,
        rows: [{ line: 2, systemType: 'Front radar', calibration: 'Front radar – static', mode: '', price: '260' }],
      },
    });
    expect((await ok(p.getCalibrationPricing, { query: { calibrationType: calibrationId('Front radar – static'), firm: 11 } })).price).toBe(
      260,
    );
    const csv = Papa.parse<string[]>((await ok(p.exportCalibrationPricing, { query: { firm: 11 } })).csv).data;
    expect(csv[0]).toEqual(['System type', 'Calibration', 'Mode', 'Price', 'Network price', 'Source']);
    expect(csv.find((r) => r[1] === 'Front radar – static')).toEqual([
      'Front radar',
      'Front radar – static',
      'Static',
      '260.00',
      '275.00',
      'firm',
    ]);
    const network = Papa.parse<string[]>((await ok(p.exportCalibrationPricing)).csv).data;
    expect(network[0]).toEqual(['System type', 'Calibration', 'Mode', 'Price']);
    await fails(400, p.importCalibrationPricing, { body: { apply: 'all', rows: [] } });
    await fails(400, p.importCalibrationPricing, { body: { apply: 'sometimes', rows } });
  });
});

describe('test drives, result types, translations, report recommendations, scan-pro', () => {
  it('test-drive recommendations of a firm: list, one, save, delete', async () => {
    const network = await ok(contract.testdrive.testdriveRecommendations, { query: { firm: 1, pageSize: 50 } });
    expect(network.items.length).toBeGreaterThan(2);
    expect(network.items.every((r: { firm: number; firmName: string }) => r.firm === 1 && r.firmName === 'ADAS Central')).toBe(true);
    const { id } = await ok(contract.testdrive.saveTestDriveRecommendation, {
      body: {
        firm: 6,
        testDriveRecommendation: -1,
        recommendation: 'Short loop',
        driveType: 1,
        vehicleMake: 'Honda',
        recommendationText: 'Drive the short loop.',
      },
    });
    expect(await ok(contract.testdrive.testdriveRecommendation, { query: { testDriveRecommendation: id } })).toMatchObject({
      driveTypeName: 'Road test',
      vehicleMake: 'Honda',
    });
    expect(
      (
        await fails(400, contract.testdrive.saveTestDriveRecommendation, {
          body: { firm: 6, testDriveRecommendation: -1, recommendation: 'x', driveType: 7, recommendationText: 'y' },
        })
      ).fieldErrors?.driveType,
    ).toBeTruthy();
    await ok(contract.testdrive.deleteTestdriveRecommendation, { query: { testDriveRecommendation: id } });
    await fails(404, contract.testdrive.testdriveRecommendation, { query: { testDriveRecommendation: id } });
  });

  it('result types: a new one defaults to firm 1; inactive ones can be hidden; one by id', async () => {
    const { id } = await ok(contract.lookups.saveTestdriveResultType, {
      body: {
        testdriveResultType: -1,
        driveType: 2,
        testdriveResultTypeName: 'Calibration aborted',
        testdriveResultCode: 'ABORT',
        year: 2024,
        vehicleMake: 'Kia',
      },
    });
    expect(one('SELECT firm FROM testdrive_result_type WHERE testdrive_result_type = ?', id)).toBe(1);
    const single = await ok(contract.lookups.testdriveResultType, { query: { testdriveResultType: id } });
    expect(single).toMatchObject({
      count: 1,
      items: [{ testdriveResultType: id, year: 2024, driveTypeName: 'Dynamic calibration drive' }],
    });
    const active = await ok(contract.lookups.testdriveResultType, { query: { showInactive: false, pageSize: 100 } });
    expect(active.items.some((r: { isInactive: boolean }) => r.isInactive)).toBe(false);
    expect(
      (
        await fails(400, contract.lookups.saveTestdriveResultType, {
          body: { testdriveResultType: -1, driveType: 1, testdriveResultTypeName: '', testdriveResultCode: 'X' },
        })
      ).fieldErrors?.testdriveResultTypeName,
    ).toEqual(['This field is required']);
    await fails(
      404,
      contract.lookups.saveTestdriveResultType,
      { body: { testdriveResultType: id, firm: 1, driveType: 1, testdriveResultTypeName: 'x', testdriveResultCode: 'X' } },
      partAdmin,
    );
  });

  it('translations: add, refuse a second of the same text, save, list, delete', async () => {
    const { id } = await ok(contract.language.addTranslation, {
      body: { translationType: 'System', languageCode: 'fr', source: 'Park Assist', text: 'Aide au stationnement' },
    });
    expect(
      (
        await fails(400, contract.language.addTranslation, {
          body: { translationType: 'System', languageCode: 'fr', source: 'park assist', text: 'x' },
        })
      ).fieldErrors?.source?.[0],
    ).toMatch(/already has a translation/);
    await ok(contract.language.saveTranslation, {
      body: { translation: id, translationType: 'System', languageCode: 'fr', source: 'Park Assist', text: 'Aide au parking' },
    });
    const list = await ok(contract.language.translations, { query: { translationType: 'System', languageCode: 'fr' } });
    expect(list.items.map((t: { text: string }) => t.text)).toContain('Aide au parking');
    await fails(400, contract.language.translations, { query: { languageCode: 'de' } });
    await ok(contract.language.deleteTranslation, { query: { translation: id } });
    await fails(404, contract.language.deleteTranslation, { query: { translation: id } });
  });

  it('report recommendations: years never reversed; systems and makes as lists', async () => {
    const body = {
      reportRecommendation: -1,
      title: 'Camera glass',
      yearStart: 2020,
      yearEnd: 2024,
      systems: [systemId('Forward Camera')],
      makes: ['Honda', 'honda', 'Kia'],
      content: 'Use OEM glass.',
    };
    expect(
      (await fails(400, contract.report.saveReportRecommendation, { body: { ...body, yearStart: 2025 } })).fieldErrors?.yearEnd,
    ).toEqual(['The end year is before the start year']);
    await fails(400, contract.report.saveReportRecommendation, { body: { ...body, systems: [99999] } });
    const { id } = await ok(contract.report.saveReportRecommendation, { body });
    const list = await ok(contract.report.getReportRecommendations, { query: { searchTerm: 'camera glass' } });
    expect(list.items).toEqual([
      expect.objectContaining({ reportRecommendation: id, makes: ['honda', 'Kia'], systemNames: ['Forward Camera'] }),
    ]);
    await ok(contract.report.removeReportRecommendation, { query: { reportRecommendation: id } });
    await fails(404, contract.report.removeReportRecommendation, { query: { reportRecommendation: id } });
  });

  it('scan-pro: the defaults, then what was saved', async () => {
    const fresh = await ok(contract.scanpro.GetScanProConfiguration, { query: { businessId: 12 } });
    expect(fresh).toMatchObject({ businessId: 12, checklist: [], updatedAt: null, criteria: { makes: [], preRepairScan: true } });
    const saved = await ok(contract.scanpro.SaveScanProConfiguration, {
      body: {
        businessId: 12,
        criteria: { makes: ['Subaru'], yearStart: 2019, yearEnd: 2025, preRepairScan: false, postRepairScan: true },
        checklist: [systemId('Forward Camera'), systemId('Forward Camera')],
      },
    });
    expect(saved.updatedAt).toMatch(/^\d{4}-/);
    expect(await ok(contract.scanpro.GetScanProConfiguration, { query: { businessId: 12 } })).toMatchObject({
      checklist: [systemId('Forward Camera')],
      criteria: { makes: ['Subaru'], preRepairScan: false },
    });
    expect(
      (
        await fails(400, contract.scanpro.SaveScanProConfiguration, {
          body: { businessId: 12, criteria: { makes: [], yearStart: 2024, yearEnd: 2020 } },
        })
      ).fieldErrors?.['criteria.yearEnd'],
    ).toEqual(['The end year is before the start year']);
    await fails(400, contract.scanpro.SaveScanProConfiguration, {
      body: { businessId: 12, criteria: { makes: [], yearStart: 2020, yearEnd: 2021 }, checklist: [99999] },
    });
    await fails(404, contract.scanpro.GetScanProConfiguration, { query: { businessId: 999 } });
  });
});

it('no configuration call answers 500 to junk input', async () => {
  for (const call of CONFIG_CALLS) {
    const res = await host.api(
      admin,
      call,
      call.method === 'GET' ? { query: { id: 'x', firm: 'y', page: '-1' } } : { body: { junk: true, rows: 'x' } },
    );
    expect(res.status, `${call.path} ${JSON.stringify(res.body)}`).toBeLessThan(500);
  }
});

it('the reference host implements every configuration call of the contract, once', () => {
  for (const c of CONFIG_CALLS)
    expect(
      IMPLEMENTATIONS.filter((i) => i.call === c),
      c.path,
    ).toHaveLength(1);
  expect(ALL_CALLS.filter((c) => c.path.startsWith('admin/')).every((c) => IMPLEMENTATIONS.some((i) => i.call === c))).toBe(true);
});
