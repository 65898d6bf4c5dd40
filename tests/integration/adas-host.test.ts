/**
 * The reference host's ADAS jobs, inspections, vehicles and VIN decoding (issue 13) through its routes,
 * with real tokens: every call's happy path, bad input (400 with field errors, never a 500), roles (403)
 * and other firms' records (404), the status roll-up in one transaction and a second "complete" that
 * races the first, and the list's paging, sorting, filters and search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainAdasList, listAdas } from '../../api-host/adas/query';
import { subtree } from '../../api-host/locations/seed';
import { STATUS } from '../../lib/adas/rules';
import { checkDigit } from '../../lib/vehicle/vin';
import { contract } from '../../lib/contract';
import { ADAS_SORTS, adassQuery } from '../../lib/contract/adas';
import type { CallDef } from '../../lib/contract/define';
import { startTestHost, type CallInput, type ContractInput, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const a = contract.adas;
const v = contract.vehicles;
const d = contract.decode;

let host: TestHost;
/** role5@example.com: a shop user of Brooklyn Collision & Glass (firm 6). */
let shop: string;
/** role17@example.com: a shop user of Oakland Auto Glass (firm 9). */
let otherShop: string;
/** role9@example.com: a franchisee user of Northstar East (firm 3: shops 6, 7, 8). */
let franchise: string;
let guest: string;

beforeAll(async () => {
  host = await startTestHost();
  [shop, otherShop, franchise] = await Promise.all([host.token(5), host.token(17), host.token(9)]);
  guest = await host.token(await host.addUser({ role: null, firm: 6 }));
});
afterAll(() => host?.close());

const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = shop) => host.ok(token, call, input);
async function status(call: CallDef, input: CallInput, token: string, expected: number) {
  const res = await host.api<{ error: string; fieldErrors?: Record<string, string[]> }>(token, call, input);
  expect(res.status, `${call.path}: ${JSON.stringify(res.body)}`).toBe(expected);
  return res.body;
}

const one = <T>(sql: string, ...params: unknown[]) => host.db.prepare(sql).get(...params) as T;
/** A seeded job of `firm` (the first: the tests' own jobs come after the seed's). */
const jobOf = (firm: number) => one<{ adas: number }>('SELECT adas FROM adas WHERE firm = ? ORDER BY adas LIMIT 1', firm).adas;
const customerOf = (firm: number) =>
  one<{ contact: number }>('SELECT contact FROM contact WHERE firm = ? AND contact_type = 2 AND merged_into IS NULL LIMIT 1', firm).contact;

/** A 2021 Honda Pilot VIN of the decoder's table (5FN YF6H…), with serial `n`. */
function pilotVin(n: number): string {
  const draft = `5FNYF6HC0MY${String(n).padStart(6, '0')}`;
  return draft.slice(0, 8) + checkDigit(draft) + draft.slice(9);
}

const newJob = (more: Record<string, unknown> = {}) => ({
  ronumber: 'T-1001',
  vehicle: { vehicle: -1, year: 2021, make: 'Honda', model: 'Pilot', vin: pilotVin(1) },
  ...more,
});

describe('decoding VINs', () => {
  it('decodes the year from position 10, the make from the WMI and the model from the table', async () => {
    const res = await ok(d.decodeAdas, { query: { vin: pilotVin(2) } });
    expect(res).toMatchObject({
      isDecoded: true,
      year: 2021,
      make: 'Honda',
      model: 'Pilot',
      bodystyle: 'SUV',
      source: 'pattern',
      reason: '',
    });
  });

  it('decodes the make alone for a known WMI whose model is not in the table, and records the failure', async () => {
    const before = one<{ n: number }>('SELECT count(*) AS n FROM vin_decode WHERE is_decoded = 0').n;
    const res = await ok(d.decodeAdas, { query: { vin: 'JM1BL1H58A1120789' } }); // Mazda 3, 2010
    expect(res).toMatchObject({ isDecoded: false, make: 'Mazda', year: 2010, source: 'wmi' });
    expect(one<{ n: number }>('SELECT count(*) AS n FROM vin_decode WHERE is_decoded = 0').n).toBe(before + 1);
  });

  it.each([
    ['1HGCM82633A00435', 'A VIN has 17 characters; this one has 16.'],
    ['1HGCM82O33A004352', 'A VIN never contains the letters I, O or Q: found O at position 8.'],
    [
      '1HGCM82643A004352',
      'The check digit (position 9) does not match: it should be 3 for these characters, not 4. Check for a typing error.',
    ],
  ])('refuses %s naming the rule, and keeps the failed decode', async (vin, message) => {
    const res = await status(d.decodeAdas, { query: { vin } }, shop, 400);
    expect(res.fieldErrors?.vin).toEqual([message]);
    expect(one<{ reason: string }>('SELECT reason FROM vin_decode ORDER BY vin_decode DESC LIMIT 1').reason).toBe(message);
  });

  it('caches full decodes (decode/neo) and decodes again when forced', async () => {
    const vin = pilotVin(3);
    expect(await ok(d.neo, { query: { vin } })).toMatchObject({ cached: false, model: 'Pilot' });
    expect(await ok(d.neo, { query: { vin } })).toMatchObject({ cached: true, model: 'Pilot' });
    expect(await ok(d.neo, { query: { vin, force: true } })).toMatchObject({ cached: false });
  });

  it('answers the systems of a VIN and of a year, make and model', async () => {
    const byVin = await ok(d.adascdk, { query: { vin: pilotVin(4) } });
    expect(byVin.decode.model).toBe('Pilot');
    expect(Array.isArray(byVin.systems)).toBe(true);
    const byModel = await ok(d.neoadas, { body: { year: 2021, make: 'Honda', model: 'Pilot' } });
    expect(byModel.systems.map((s: { adasChecklistMatrix: number }) => s.adasChecklistMatrix)).toEqual(
      byVin.systems.map((s: { adasChecklistMatrix: number }) => s.adasChecklistMatrix),
    );
    await status(d.neoadas, { body: { year: 1899, make: 'Honda', model: 'Pilot' } }, shop, 400);
  });

  it('needs a session', async () => {
    await status(d.decodeAdas, { query: { vin: pilotVin(5) } }, 'not-a-token', 401);
  });
});

describe('the job list', () => {
  it('shows a shop user the jobs of its location only, a franchise user its network, newest first', async () => {
    const mine = await ok(a.adass, { query: {} });
    expect(mine.items).toHaveLength(10);
    expect(new Set(mine.items.map((r) => r.firm))).toEqual(new Set([6]));
    expect(mine.count).toBe(one<{ n: number }>('SELECT count(*) AS n FROM adas WHERE firm = 6').n);
    expect(mine.items.map((r) => r.adas)).toEqual([...mine.items.map((r) => r.adas)].sort((x, y) => y - x));
    const network = await ok(a.adass, { query: {} }, franchise);
    expect(network.count).toBe(one<{ n: number }>(`SELECT count(*) AS n FROM adas WHERE firm IN (${subtree(3).join(', ')})`).n);
  });

  it('sorts by every column both ways, with the same rows whichever plan runs', () => {
    const firms = new Set([3, 6, 7, 8]);
    for (const orderBy of ADAS_SORTS)
      for (const direction of ['asc', 'desc'] as const) {
        const q = adassQuery.parse({
          orderBy,
          direction,
          pageSize: 25,
          page: 2,
          ...(orderBy === 'status' ? {} : { filterBy: direction === 'asc' ? undefined : 2 }),
        });
        const sortScan = listAdas(host.db, q, { firms, plan: 'sort-index' }).items.map((r) => r.adas);
        const filterFirst = listAdas(host.db, q, { firms, plan: 'filter-first' }).items.map((r) => r.adas);
        const merge = listAdas(host.db, q, { firms, plan: 'merge' }).items.map((r) => r.adas);
        expect(sortScan, `${orderBy} ${direction}`).toEqual(filterFirst);
        expect(merge, `${orderBy} ${direction} (merge)`).toEqual(filterFirst);
        expect(sortScan).toHaveLength(25);
      }
  });

  it('filters by status, location and creation dates', async () => {
    const complete = await ok(a.adass, { query: { filterBy: STATUS.complete, pageSize: 100 } }, franchise);
    expect(complete.items.every((r) => r.status === STATUS.complete)).toBe(true);
    const seven = await ok(a.adass, { query: { firm: 7, pageSize: 100 } }, franchise);
    expect(seven.items.every((r) => r.firm === 7)).toBe(true);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const recent = await ok(a.adass, { query: { createdFrom: from, pageSize: 100 } });
    expect(recent.items.every((r) => r.createdAt >= from.slice(0, 19))).toBe(true);
    expect(recent.count).toBeLessThan((await ok(a.adass, { query: {} })).count);
    // A location the caller does not reach is another firm's record.
    await status(a.adass, { query: { firm: 9 } }, shop, 404);
  });

  it('finds a job by RO number or by any part of its VIN', async () => {
    const row = one<{ adas: number; vin: string; ronumber: string }>(
      'SELECT adas, vin, ronumber FROM adas WHERE firm = 6 ORDER BY adas LIMIT 1',
    );
    for (const term of [row.vin, row.vin.slice(-8), row.vin.slice(3, 9).toLowerCase(), row.ronumber])
      expect(
        (await ok(a.adass, { query: { searchTerm: term } })).items.map((r) => r.adas),
        term,
      ).toContain(row.adas);
    // Another firm's job is not found by its VIN.
    const other = one<{ vin: string }>('SELECT vin FROM adas WHERE firm = 9 LIMIT 1');
    expect((await ok(a.adass, { query: { searchTerm: other.vin } })).count).toBe(0);
  });

  it('uses indexes: no full table scan for a sorted page, a status filter or a VIN search', () => {
    const plans = [
      explainAdasList(host.db, adassQuery.parse({ orderBy: 'vehicle' }), { firms: new Set([6]) }),
      explainAdasList(host.db, adassQuery.parse({ filterBy: '2', orderBy: 'created' }), { firms: new Set([3, 6, 7, 8]) }),
      explainAdasList(host.db, adassQuery.parse({ searchTerm: '67174' }), { firms: new Set([6]) }),
    ];
    for (const plan of plans) expect(plan).not.toContain('SCAN a');
  });

  it('refuses bad list input with field errors and callers without an ADAS role', async () => {
    expect((await status(a.adass, { query: { orderBy: 'nope' } }, shop, 400)).fieldErrors?.orderBy).toBeDefined();
    expect((await status(a.adass, { query: { createdFrom: 'yesterday' } }, shop, 400)).fieldErrors?.createdFrom).toBeDefined();
    await status(a.adass, { query: {} }, guest, 403);
  });
});

describe('jobs', () => {
  it('creates a job with a new vehicle for a customer, and starts its first inspection in one step', async () => {
    const contact = customerOf(6);
    const created = await ok(a.createAdas, {
      body: newJob({ vehicle: { vehicle: -1, contact, year: 2021, make: 'Honda', model: 'Pilot', vin: pilotVin(10) }, inspection: {} }),
    });
    expect(created.adasInspection).toBeGreaterThan(0);
    const job = await ok(a.adas, { query: { adas: created.id } });
    expect(job).toMatchObject({ firm: 6, ronumber: 'T-1001', status: STATUS.open, inspectionsTotal: 1, inspectionsComplete: 0 });
    expect(job.vehicle).toMatchObject({ contact, vin: pilotVin(10), year: 2021, make: 'Honda', makeId: expect.any(Number) });
    expect(job.inspectors.map((u: { user: number }) => u.user)).toContain(5);
    const owned = await ok(v.ownerVehicles, { query: { contact } });
    expect(owned.map((x: { vehicle: number }) => x.vehicle)).toContain(job.vehicle.vehicle);
  });

  it('uses the year default 2010 and saves changes of the job and its vehicle', async () => {
    const { id } = await ok(a.createAdas, { body: { ronumber: 'T-2010', vehicle: { vehicle: -1, make: 'Ford', model: 'Escape' } } });
    const job = await ok(a.adas, { query: { adas: id } });
    expect(job.vehicle.year).toBe(2010);
    await ok(a.saveAdas, {
      body: { adas: id, ronumber: 'T-2011', adasType: 2, notes: 'Windshield', vehicle: { ...job.vehicle, year: 2019 } },
    });
    expect(await ok(a.adas, { query: { adas: id } })).toMatchObject({
      ronumber: 'T-2011',
      adasType: 2,
      notes: 'Windshield',
      vehicle: { year: 2019 },
    });
  });

  it.each([
    [
      'a VIN with an O',
      { vehicle: { vehicle: -1, make: 'Honda', model: 'Pilot', vin: '5FNYF6HO8MY671746' } },
      'vehicle.vin',
      /never contains the letters I, O or Q/,
    ],
    [
      'a wrong check digit',
      { vehicle: { vehicle: -1, make: 'Honda', model: 'Pilot', vin: '5FNYF6HC9MY671746' } },
      'vehicle.vin',
      /check digit/,
    ],
    [
      '16 characters',
      { vehicle: { vehicle: -1, make: 'Honda', model: 'Pilot', vin: '5FNYF6HC8MY67174' } },
      'vehicle.vin',
      /17 characters; this one has 16/,
    ],
    ['a model year 1899', { vehicle: { vehicle: -1, year: 1899, make: 'Honda', model: 'Pilot' } }, 'vehicle.year', /from 1900/],
    ['no RO number', { ronumber: '  ' }, 'ronumber', /This field is required/],
  ])('refuses %s with a field error and saves nothing', async (_, change, field, message) => {
    const before = one<{ n: number }>('SELECT count(*) AS n FROM adas').n;
    const res = await status(a.createAdas, { body: { ...newJob(), ...change } }, shop, 400);
    expect(res.fieldErrors?.[field]?.[0]).toMatch(message);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM adas').n).toBe(before);
  });

  it("refuses another firm's contact as the customer, and saves no vehicle either", async () => {
    const vehicles = one<{ n: number }>('SELECT count(*) AS n FROM vehicle').n;
    const res = await status(
      a.createAdas,
      { body: newJob({ vehicle: { vehicle: -1, contact: customerOf(9), make: 'Honda', model: 'Pilot' } }) },
      shop,
      400,
    );
    expect(res.fieldErrors?.['vehicle.contact']).toEqual(['Unknown customer: choose a contact of your locations']);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM vehicle').n).toBe(vehicles);
  });

  it("answers another firm's job like an unknown one (404), for reading and for changing", async () => {
    const foreign = jobOf(9);
    await status(a.adas, { query: { adas: foreign } }, shop, 404);
    await status(a.adas, { query: { adas: 99_999_999 } }, shop, 404);
    await status(a.adasInspections, { query: { adas: foreign } }, shop, 404);
    await status(a.repairLines, { query: { adas: foreign } }, shop, 404);
    await status(a.saveAdas, { body: { adas: foreign, ...newJob() } }, shop, 404);
    await status(a.updateStatusAdas, { body: { adas: foreign, status: 3 } }, shop, 404);
    await status(a.createAdas, { body: newJob({ firm: 9 }) }, shop, 404);
    await ok(a.adas, { query: { adas: foreign } }, otherShop);
    await status(a.adas, { query: { adas: jobOf(6) } }, guest, 403);
  });

  it('lists the locations of the caller for the filter', async () => {
    expect((await ok(a.locations, {}, franchise)).map((f: { firm: number }) => f.firm).sort((x: number, y: number) => x - y)).toEqual(
      subtree(3).sort((x, y) => x - y),
    );
    expect((await ok(a.locations, {})).map((f: { firm: number }) => f.firm)).toEqual([6]);
    // As a tree: each location before the ones under it, siblings by name.
    const admin = await host.token(1);
    const tree = await ok(a.locations, {}, admin);
    const parent = new Map(
      (host.db.prepare('SELECT firm, parent FROM firm').all() as { firm: number; parent: number | null }[]).map((f) => [f.firm, f.parent]),
    );
    const at = new Map(tree.map((f, i) => [f.firm, i]));
    for (const f of tree) {
      const p = parent.get(f.firm);
      if (p != null && at.has(p)) expect(at.get(p)!, `${f.name} after its parent`).toBeLessThan(at.get(f.firm)!);
      // Its level under the caller's top locations, for the select's indent.
      expect(f.depth, f.name).toBe(p != null && at.has(p) ? must(tree[at.get(p)!], 'parent').depth + 1 : 0);
    }
    expect(Math.max(...tree.map((f) => f.depth))).toBeGreaterThanOrEqual(2);
    const kids = tree.filter((f) => parent.get(f.firm) === 2).map((f) => f.name);
    expect(kids).toEqual([...kids].sort((x, y) => x.localeCompare(y)));
  });
});

describe('inspections and the status roll-up', () => {
  async function jobWithTwoInspections() {
    const created = await ok(a.createAdas, { body: newJob({ ronumber: `R-${Math.random().toString(36).slice(2, 8)}`, inspection: {} }) });
    const second = await ok(a.saveAdasInspection, { body: { adasInspection: -1, adas: created.id, adasInspectionType: 2 } });
    return { adas: created.id as number, first: created.adasInspection as number, second: second.adasInspection as number };
  }
  /** Records a Passed result for every system of the inspection. */
  async function recordAll(inspection: number) {
    const items = await ok(a.adasInspectionItems, { query: { adasInspection: inspection } });
    if (items.length)
      await ok(a.saveAdasInspectionResults, {
        body: {
          adasInspection: inspection,
          results: items.map((s: { adasChecklistMatrix: number }) => ({ adasChecklistMatrix: s.adasChecklistMatrix, result: 1 })),
        },
      });
    return items as { adasChecklistMatrix: number; adasInspectionResult: number }[];
  }
  const jobStatus = (adas: number) =>
    one<{ status: number; inspections_complete: number }>('SELECT status, inspections_complete FROM adas WHERE adas = ?', adas);

  it("gives a new inspection the vehicle's systems, one result row each", async () => {
    const { first, adas } = await jobWithTwoInspections();
    const items = await ok(a.adasInspectionItems, { query: { adasInspection: first } });
    const systems = (await ok(d.neoadas, { body: { year: 2021, make: 'Honda', model: 'Pilot' } })).systems;
    expect(items.map((s: { adasChecklistMatrix: number }) => s.adasChecklistMatrix)).toEqual(
      systems.map((s: { adasChecklistMatrix: number }) => s.adasChecklistMatrix),
    );
    const results = await ok(a.adasInspectionResults, { query: { adasInspection: first } });
    expect(results.every((r: { result: number | null }) => r.result === null)).toBe(true);
    expect((await ok(a.adasInspections, { query: { adas } })).map((i: { status: number }) => i.status)).toEqual([1, 1]);
  });

  it('completes the job when the last inspection completes, in the same transaction, and reopens it with an inspection', async () => {
    const { adas, first, second } = await jobWithTwoInspections();
    await recordAll(first);
    await recordAll(second);
    const one1 = await ok(a.updateStatusAdasInspection, { body: { adasInspection: first, status: STATUS.complete } });
    expect(one1).toMatchObject({ status: STATUS.complete, adasStatus: STATUS.open });
    const two = await ok(a.updateStatusAdasInspection, { body: { adasInspection: second, status: STATUS.complete } });
    expect(two).toMatchObject({ status: STATUS.complete, adasStatus: STATUS.complete });
    expect(jobStatus(adas)).toEqual({ status: STATUS.complete, inspections_complete: 2 });
    // The list shows it at once.
    const row = (await ok(a.adass, { query: { searchTerm: (await ok(a.adas, { query: { adas } })).ronumber } })).items[0];
    expect(row).toMatchObject({ status: STATUS.complete, inspectionsComplete: 2, inspectionsTotal: 2 });
    const reopened = await ok(a.updateStatusAdasInspection, { body: { adasInspection: first, status: STATUS.open } });
    expect(reopened).toMatchObject({ status: STATUS.open, adasStatus: STATUS.open });
    expect(jobStatus(adas)).toEqual({ status: STATUS.open, inspections_complete: 1 });
  });

  it('answers a second "complete" that races the first with 409 and leaves one consistent outcome', async () => {
    const { adas, first, second } = await jobWithTwoInspections();
    await recordAll(first);
    await recordAll(second);
    await ok(a.updateStatusAdasInspection, { body: { adasInspection: first, status: STATUS.complete } });
    const [x, y] = await Promise.all([
      host.api(shop, a.updateStatusAdasInspection, { body: { adasInspection: second, status: STATUS.complete } }),
      host.api(franchise, a.updateStatusAdasInspection, { body: { adasInspection: second, status: STATUS.complete } }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const lost = (x.status === 409 ? x : y).body as { error: string };
    expect(lost.error).toMatch(/^This inspection is already Complete \(set by .+ at \d{4}-\d\d-\d\dT.+\)\. Nothing was changed\.$/);
    expect(jobStatus(adas)).toEqual({ status: STATUS.complete, inspections_complete: 2 });
  });

  it('does not complete an inspection with systems still waiting for a result, and saves nothing of it', async () => {
    const { first, adas } = await jobWithTwoInspections();
    const items = await ok(a.adasInspectionItems, { query: { adasInspection: first } });
    if (items.length === 0) return;
    const res = await status(a.updateStatusAdasInspection, { body: { adasInspection: first, status: STATUS.complete } }, shop, 400);
    expect(res.error).toMatch(/Record a result for every system before completing/);
    expect(one<{ status: number }>('SELECT status FROM adas_inspection WHERE adas_inspection = ?', first).status).toBe(STATUS.open);
    expect(jobStatus(adas).status).toBe(STATUS.open);
  });

  it('refuses a result for a system the inspection does not have, saving none of the batch', async () => {
    const { first } = await jobWithTwoInspections();
    const items = await ok(a.adasInspectionItems, { query: { adasInspection: first } });
    const results = [
      ...items.map((s: { adasChecklistMatrix: number }) => ({ adasChecklistMatrix: s.adasChecklistMatrix, result: 1 })),
      { adasChecklistMatrix: 987_654, result: 1 },
    ];
    const res = await status(a.saveAdasInspectionResults, { body: { adasInspection: first, results } }, shop, 400);
    expect(res.fieldErrors?.[`results.${items.length}.adasChecklistMatrix`]).toEqual(['This inspection does not have that system']);
    expect(
      (await ok(a.adasInspectionResults, { query: { adasInspection: first } })).every((r: { result: number | null }) => r.result === null),
    ).toBe(true);
    await status(
      a.saveAdasInspectionResults,
      { body: { adasInspection: first, results: [{ adasChecklistMatrix: 1, result: 99 }] } },
      shop,
      400,
    );
  });

  it('refuses an inspector from another location', async () => {
    const { adas, first } = await jobWithTwoInspections();
    const res = await status(a.saveAdasInspection, { body: { adasInspection: first, adas, inspector: 17 } }, shop, 400);
    expect(res.fieldErrors?.inspector).toEqual(['The inspector must be a user of Brooklyn Collision & Glass']);
    await ok(a.saveAdasInspection, {
      body: { adasInspection: first, adas, inspector: 5, notes: 'Checked', inspectionDate: '2026-01-15T14:30:00Z' },
    });
    expect(await ok(a.adasInspection, { query: { adasInspection: first } })).toMatchObject({
      inspector: 5,
      notes: 'Checked',
      inspectionDate: '2026-01-15T14:30:00.000Z',
    });
  });

  it('marks systems not equipped, removes them and adds them back', async () => {
    const { first } = await jobWithTwoInspections();
    const items = await recordAll(first);
    if (items.length === 0) return;
    const target = must(items[0], 'target');
    const refused = await status(
      a.removeSystemFromInspection,
      { body: { adasInspection: first, adasChecklistMatrix: target.adasChecklistMatrix } },
      shop,
      400,
    );
    expect(refused.fieldErrors?.adasChecklistMatrix).toEqual(['Only a system marked not equipped can be removed']);
    await ok(a.saveResultEquipped, { body: { adasInspectionResult: target.adasInspectionResult, isNotEquipped: true } });
    await ok(a.removeSystemFromInspection, { body: { adasInspection: first, adasChecklistMatrix: target.adasChecklistMatrix } });
    expect(
      (await ok(a.notInstalledOnInspection, { query: { adasInspection: first } })).map(
        (s: { adasChecklistMatrix: number }) => s.adasChecklistMatrix,
      ),
    ).toEqual([target.adasChecklistMatrix]);
    await ok(a.addSystemToInspection, { body: { adasInspection: first, adasChecklistMatrix: target.adasChecklistMatrix } });
    expect(await ok(a.notInstalledOnInspection, { query: { adasInspection: first } })).toEqual([]);
    await status(a.addSystemToInspection, { body: { adasInspection: first, adasChecklistMatrix: target.adasChecklistMatrix } }, shop, 400);
  });

  it('keeps a Complete inspection read-only until it is reopened, and deleting one rolls the job up', async () => {
    const { adas, first, second } = await jobWithTwoInspections();
    await recordAll(first);
    await ok(a.updateStatusAdasInspection, { body: { adasInspection: first, status: STATUS.complete } });
    await status(
      a.saveAdasInspectionResults,
      { body: { adasInspection: first, results: [{ adasChecklistMatrix: 1, result: 2 }] } },
      shop,
      409,
    );
    const deleted = await ok(a.deleteInspection, { body: { adasInspection: second } });
    expect(deleted).toMatchObject({ adas, adasStatus: STATUS.complete });
    await status(a.adasInspection, { query: { adasInspection: second } }, shop, 404);
  });

  it('sets the job status directly only when the rule allows it, and says so otherwise', async () => {
    const { adas } = await jobWithTwoInspections();
    const res = await status(a.updateStatusAdas, { body: { adas, status: STATUS.complete } }, shop, 400);
    expect(res.error).toBe('Complete every inspection first: 2 inspections are not Complete.');
    expect(await ok(a.updateStatusAdas, { body: { adas, status: STATUS.onHold } })).toMatchObject({ adasStatus: STATUS.onHold });
    expect((await status(a.updateStatusAdas, { body: { adas, status: STATUS.onHold } }, shop, 409)).error).toMatch(/already On Hold/);
  });

  it("answers another firm's inspection like an unknown one", async () => {
    const foreign = one<{ adas_inspection: number }>(
      'SELECT i.adas_inspection FROM adas_inspection i JOIN adas j ON j.adas = i.adas WHERE j.firm = 9 LIMIT 1',
    ).adas_inspection;
    for (const [call, input] of [
      [a.adasInspection, { query: { adasInspection: foreign } }],
      [a.adasInspectionItems, { query: { adasInspection: foreign } }],
      [a.adasInspectionResults, { query: { adasInspection: foreign } }],
      [a.notInstalledOnInspection, { query: { adasInspection: foreign } }],
      [a.updateStatusAdasInspection, { body: { adasInspection: foreign, status: 2 } }],
      [a.deleteInspection, { body: { adasInspection: foreign } }],
      [a.addSystemToInspection, { body: { adasInspection: foreign, adasChecklistMatrix: 1 } }],
      [a.removeSystemFromInspection, { body: { adasInspection: foreign, adasChecklistMatrix: 1 } }],
      [a.saveAdasInspectionResults, { body: { adasInspection: foreign, results: [{ adasChecklistMatrix: 1, result: 1 }] } }],
    ] as const)
      await status(call, input, shop, 404);
  });
});

describe('repair lines', () => {
  it('lists the estimate lines and marks one not equipped', async () => {
    const adas = jobOf(6);
    const lines = await ok(a.repairLines, { query: { adas } });
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.map((l: { lineNum: number }) => l.lineNum)).toEqual([...lines.keys()].map((i) => i + 1));
    await ok(a.saveEquipped, {
      body: { adas, uniqueSequenceNumber: must(lines[0], 'lines[0]').uniqueSequenceNumber, isNotEquipped: true },
    });
    expect(must((await ok(a.repairLines, { query: { adas } }))[0], 'a repair line').isNotEquipped).toBe(true);
    await status(a.saveEquipped, { body: { adas, uniqueSequenceNumber: 1, isNotEquipped: true } }, shop, 404);
    await status(a.saveEquipped, { body: { adas, uniqueSequenceNumber: 1 } }, shop, 400);
  });

  it('re-decodes a job VIN into its vehicle (adas/decode)', async () => {
    const { id } = await ok(a.createAdas, {
      body: newJob({ vehicle: { vehicle: -1, year: 2015, make: 'Hond', model: '?', vin: pilotVin(20) } }),
    });
    expect(await ok(a.decode, { body: { adas: id } })).toMatchObject({ isDecoded: true, model: 'Pilot' });
    expect((await ok(a.adas, { query: { adas: id } })).vehicle).toMatchObject({ year: 2021, make: 'Honda', model: 'Pilot' });
  });
});

describe('the knowledge base on a job', () => {
  it("answers the decoded checklist mapped to the job's inspections, and the vehicle's links", async () => {
    const created = await ok(a.createAdas, {
      body: newJob({
        ronumber: 'T-CHECK',
        vehicle: { vehicle: -1, year: 2015, make: 'Hond', model: 'Pilott', vin: pilotVin(30) },
        inspection: {},
      }),
    });
    const checklist = await ok(contract.admin.getAdasChecklistMappedToDecoded, { query: { id: created.id } });
    // Mapped to the vehicle as its VIN decodes (2021 Honda Pilot), not as it was typed.
    expect(checklist.vehicle).toMatchObject({ year: 2021, make: 'Honda', model: 'Pilot' });
    expect(checklist.decode).toMatchObject({ isDecoded: true });
    const systems = (await ok(d.neoadas, { body: { year: 2021, make: 'Honda', model: 'Pilot' } })).systems;
    expect(checklist.items.map((i: { adasChecklistMatrix: number }) => i.adasChecklistMatrix)).toEqual(
      systems.map((x: { adasChecklistMatrix: number }) => x.adasChecklistMatrix),
    );
    const items = await ok(a.adasInspectionItems, { query: { adasInspection: created.adasInspection } });
    for (const i of checklist.items)
      expect(i.inspections).toBe(
        items.some((x: { adasChecklistMatrix: number }) => x.adasChecklistMatrix === i.adasChecklistMatrix) ? 1 : 0,
      );
    const links = await ok(contract.alldata.getLinksInternal, { query: { adas: created.id } });
    expect(links.every((l: { type: string }) => l.type === 'adas')).toBe(true);
    const general = await ok(contract.alldata.getGeneralInfoLinks, { query: { adas: created.id } });
    expect(general.every((l: { type: string }) => l.type === 'general')).toBe(true);
  });

  it("answers another firm's job as unknown", async () => {
    await status(contract.admin.getAdasChecklistMappedToDecoded, { query: { id: jobOf(9) } }, shop, 404);
    await status(contract.alldata.getLinksInternal, { query: { adas: jobOf(9) } }, shop, 404);
    await status(contract.alldata.getGeneralInfoLinks, { query: { adas: jobOf(9) } }, shop, 404);
    await status(contract.alldata.getLinksInternal, { query: { adas: 'x' } }, shop, 400);
    await status(contract.admin.getAdasChecklistMappedToDecoded, { query: { id: jobOf(6) } }, guest, 403);
  });
});

describe('vehicles', () => {
  it('lists, reads, saves with the 2007 default and deletes an unused vehicle', async () => {
    const page = await ok(v.vehicles, { query: { orderBy: 'make', direction: 'asc' } });
    expect(page.items.every((x: { firm: number }) => x.firm === 6)).toBe(true);
    const { id } = await ok(v.saveVehicle, { body: { vehicle: -1, make: 'Toyota', model: 'Corolla' } });
    expect(await ok(v.vehicle, { query: { id } })).toMatchObject({ year: 2007, make: 'Toyota', firm: 6, jobs: 0 });
    expect((await ok(v.vehicles, { query: { searchTerm: 'Corol' } })).items.map((x: { vehicle: number }) => x.vehicle)).toContain(id);
    await ok(v.deleteVehicle, { body: { vehicle: id } });
    await status(v.vehicle, { query: { id } }, shop, 404);
  });

  it('refuses to delete a vehicle an ADAS job uses', async () => {
    const used = one<{ vehicle: number }>('SELECT vehicle FROM adas WHERE firm = 6 LIMIT 1').vehicle;
    const res = await status(v.deleteVehicle, { body: { vehicle: used } }, shop, 400);
    expect(res.error).toBe('This vehicle is used by an ADAS job and cannot be deleted.');
  });

  it('finds owners among the caller’s contacts only, and lists the makes the decoder knows', async () => {
    const name = one<{ last_name: string }>('SELECT last_name FROM contact WHERE contact = ?', customerOf(6)).last_name;
    const owners = await ok(v.ownerSearch, { query: { searchterm: name } });
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.every((o: { firm: number }) => o.firm === 6)).toBe(true);
    const makes = await ok(v.makes);
    expect(makes.map((m: { make: string }) => m.make)).toEqual(expect.arrayContaining(['Honda', 'Toyota', 'Tesla']));
  });

  it("refuses bad input and answers another firm's vehicle as unknown", async () => {
    expect(
      (await status(v.saveVehicle, { body: { vehicle: -1, make: 'Honda', model: 'Pilot', vin: '5FNYF6HQ8MY671746' } }, shop, 400))
        .fieldErrors?.vin?.[0],
    ).toMatch(/I, O or Q/);
    const foreign = one<{ vehicle: number }>('SELECT vehicle FROM vehicle WHERE firm = 9 LIMIT 1').vehicle;
    await status(v.vehicle, { query: { id: foreign } }, shop, 404);
    await status(v.deleteVehicle, { body: { vehicle: foreign } }, shop, 404);
    await status(v.saveVehicle, { body: { vehicle: foreign, make: 'Honda', model: 'Pilot' } }, shop, 404);
    await status(v.ownerVehicles, { query: { contact: customerOf(9) } }, shop, 404);
    await status(v.vehicles, { query: {} }, guest, 403);
    await status(v.vehicles, { query: { firm: 9 } }, shop, 404);
  });
});

describe('the insurers a job may name (issue 31 §1)', () => {
  const insurerId = (name: string) =>
    one<{ insurance: number }>('SELECT insurance FROM insurance WHERE insurance_name = ?', name).insurance;
  /** The active insurers of `firm` and of every firm above it, read from the tables. */
  const expectedFor = (firm: number) => {
    const firms: number[] = [];
    for (let f: number | null = firm; f != null; f = one<{ parent: number | null }>('SELECT parent FROM firm WHERE firm = ?', f).parent)
      firms.push(f);
    const rows = host.db.prepare('SELECT insurance, firm, is_inactive FROM insurance').all() as {
      insurance: number;
      firm: number;
      is_inactive: number;
    }[];
    return rows
      .filter((i) => !i.is_inactive && firms.includes(i.firm))
      .map((i) => i.insurance)
      .sort((x, y) => x - y);
  };
  const ids = (list: { insurance: number }[]) => list.map((i) => i.insurance).sort((x, y) => x - y);
  const refused = ['This location does not work with this insurer: choose one of the list'];

  it('offers the active insurers of the job’s location and of the network above it, and saves each one it offers', async () => {
    const offered = await ok(a.insurers);
    expect(ids(offered)).toEqual(expectedFor(6));
    const names = offered.map((i) => i.insuranceName);
    expect(names).toEqual(expect.arrayContaining(['Allied Auto Insurance', 'Empire Claims Network', 'Brooklyn Mutual Auto']));
    expect(names).not.toContain('Summit Casualty'); // inactive
    expect(names).not.toContain('Pacific Coast Auto'); // Northstar West's, another branch of the network

    for (const chosen of offered) {
      const created = await ok(a.createAdas, { body: newJob({ ronumber: `INS-${chosen.insurance}`, insurance: chosen.insurance }) });
      expect(await ok(a.adas, { query: { adas: created.id } })).toMatchObject({
        insurance: chosen.insurance,
        insuranceName: chosen.insuranceName,
      });
    }
  });

  it('answers per location: a franchisee user gets each shop’s own list, and another firm’s location is not acknowledged', async () => {
    const brooklyn = await ok(a.insurers, { query: { firm: 6 } }, franchise);
    const queens = await ok(a.insurers, { query: { firm: 7 } }, franchise);
    expect(ids(brooklyn)).toEqual(expectedFor(6));
    expect(ids(queens)).toEqual(expectedFor(7));
    expect(queens.map((i) => i.insuranceName)).not.toContain('Brooklyn Mutual Auto');
    await status(a.insurers, { query: { firm: 9 } }, shop, 404);
  });

  it('refuses, on the field, an insurer the job’s location does not work with, whoever saves it', async () => {
    const res = await status(a.createAdas, { body: newJob({ ronumber: 'INS-2', insurance: insurerId('Pacific Coast Auto') }) }, shop, 400);
    expect(res.fieldErrors?.insurance).toEqual(refused);
    // The franchisee user reaches Brooklyn and Queens, but Brooklyn's own insurer is not Queens'.
    const brooklynMutual = insurerId('Brooklyn Mutual Auto');
    const atQueens = await status(
      a.createAdas,
      { body: newJob({ firm: 7, ronumber: 'INS-3', insurance: brooklynMutual }) },
      franchise,
      400,
    );
    expect(atQueens.fieldErrors?.insurance).toEqual(refused);
    const atBrooklyn = await ok(a.createAdas, { body: newJob({ firm: 6, ronumber: 'INS-4', insurance: brooklynMutual }) }, franchise);
    // Moving that job to Queens with its insurer is refused; the job is as it was.
    const moved = await status(
      a.saveAdas,
      { body: { adas: atBrooklyn.id, ...newJob({ firm: 7, ronumber: 'INS-4', insurance: brooklynMutual }) } },
      franchise,
      400,
    );
    expect(moved.fieldErrors?.insurance).toEqual(refused);
    expect(await ok(a.adas, { query: { adas: atBrooklyn.id } }, franchise)).toMatchObject({ firm: 6, insurance: brooklynMutual });
    // An unknown insurer: the same 400, never a 500.
    expect(
      (await status(a.createAdas, { body: newJob({ ronumber: 'INS-5', insurance: 999_999 }) }, shop, 400)).fieldErrors?.insurance,
    ).toEqual(refused);
  });

  it('checks an inspection’s insurer against its job’s location, and keeps one made inactive since', async () => {
    const empire = insurerId('Empire Claims Network');
    const created = await ok(a.createAdas, {
      body: newJob({ ronumber: 'INS-6', insurance: empire, inspection: { adasInspectionType: 1, inspector: null } }),
    });
    const inspection = must(created.adasInspection, 'the first inspection');
    expect(await ok(a.adasInspection, { query: { adasInspection: inspection } })).toMatchObject({
      insurance: empire,
      insuranceName: 'Empire Claims Network',
    });
    const bad = await status(
      a.saveAdasInspection,
      { body: { adasInspection: inspection, adas: created.id, insurance: insurerId('Lone Star Mutual') } },
      shop,
      400,
    );
    expect(bad.fieldErrors?.insurance).toEqual(refused);

    host.db.prepare('UPDATE insurance SET is_inactive = 1 WHERE insurance = ?').run(empire);
    try {
      // The records that name it still save (their notes change); a new record cannot name it.
      await ok(a.saveAdas, { body: { adas: created.id, ...newJob({ ronumber: 'INS-6', insurance: empire, notes: 'Kept' }) } });
      await ok(a.saveAdasInspection, { body: { adasInspection: inspection, adas: created.id, insurance: empire, notes: 'Kept' } });
      expect(await ok(a.adasInspection, { query: { adasInspection: inspection } })).toMatchObject({
        insuranceName: 'Empire Claims Network',
        notes: 'Kept',
      });
      expect((await ok(a.insurers)).map((i) => i.insurance)).not.toContain(empire);
      const res = await status(a.createAdas, { body: newJob({ ronumber: 'INS-7', insurance: empire }) }, shop, 400);
      expect(res.fieldErrors?.insurance).toEqual(refused);
    } finally {
      host.db.prepare('UPDATE insurance SET is_inactive = 0 WHERE insurance = ?').run(empire);
    }
  });
});
