/**
 * The reference host's dashboard (issue 16) through its routes, with real tokens: the analyses against
 * the facts they come from, the drill-down scopes, the roll-ups kept in step by an inspection's completion
 * and reopening, bad input (400), roles (403), firms out of reach (404), ADAS records with their inspections
 * as JSON text, the administrator statistics (the database reports for real) and the assistant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtree } from '../../api-host/locations/seed';
import { rebuildDashboard } from '../../api-host/dashboard/rollup';
import { watchSlowQueries } from '../../api-host/dashboard/slow-queries';
import { STATUS } from '../../lib/adas/rules';
import { contract } from '../../lib/contract';
import type { CallDef } from '../../lib/contract/define';
import { startTestHost, type CallInput, type ContractInput, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const d = contract.dashboard;
let host: TestHost;
let admin: string, franchiser: string, franchisee: string, shop: string, shopRole: string;

beforeAll(async () => {
  host = await startTestHost();
  [admin, franchiser, franchisee, shop, shopRole] = await Promise.all([
    host.token(1),
    host.token(3),
    host.token(9),
    host.token(5),
    host.token(15),
  ]);
});
afterAll(() => host?.close());

const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = franchiser) => host.ok(token, call, input);
async function status(call: CallDef, input: CallInput, token: string, expected: number) {
  const res = await host.api<{ error: string; fieldErrors?: Record<string, string[]> }>(token, call, input);
  expect(res.status, `${call.path}: ${JSON.stringify(res.body)}`).toBe(expected);
  return res.body;
}
const one = <T>(sql: string, ...params: unknown[]) => host.db.prepare(sql).get(...params) as T;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Every seeded day (the seed spans 18 months) and a little more. */
const range = { startDate: day(-1000), endDate: day(1) };
const inList = (firms: number[]) => `(${firms.join(',')})`;

function facts(firms: number[]) {
  return one<{ inspections: number; calibrations: number; sales: number }>(
    `SELECT count(*) AS inspections, coalesce(sum(calibrations), 0) AS calibrations, coalesce(sum(sales_cents), 0) / 100.0 AS sales
     FROM dashboard_inspection WHERE firm IN ${inList(firms)} AND day BETWEEN ? AND ?`,
    range.startDate,
    range.endDate,
  );
}

describe('the facts', () => {
  it('count every Complete inspection once, and every Calibrated system of it (billable.ts), priced by an approved request line where there is one', () => {
    const complete = one<{ n: number }>('SELECT count(*) AS n FROM adas_inspection WHERE status = 2').n;
    expect(complete).toBeGreaterThan(0);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM dashboard_inspection').n).toBe(complete);
    const calibrated = one<{ n: number }>(
      `SELECT count(*) AS n FROM adas_inspection_result r JOIN adas_inspection i USING (adas_inspection) WHERE i.status = 2 AND r.result = 3 AND r.is_not_equipped = 0`,
    ).n;
    expect(one<{ n: number }>('SELECT count(*) AS n FROM dashboard_calibration').n).toBe(calibrated);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM dashboard_calibration WHERE adas_inspection_result IS NULL').n).toBe(0);
    // A request line prices a sale only when its request was approved (or accepted by the provider it was
    // sent to: docs/dispatch.md#numbers) and it is for a Calibrated system.
    const priced = one<{ n: number }>(
      `SELECT count(*) AS n FROM dashboard_calibration c JOIN calibrate_request_line l USING (calibrate_request_line) JOIN calibrate_request q USING (calibrate_request)
       WHERE (q.approved_at IS NULL AND NOT EXISTS (SELECT 1 FROM dispatch d WHERE d.calibrate_request = q.calibrate_request
              AND d.status IN ('Accepted', 'Completed', 'Closed'))) OR q.status_name IN ('Declined', 'Cancelled')`,
    ).n;
    expect(priced).toBe(0);
    // The seed's dispatched work is priced so: the provider's lines, and the facts name the provider.
    expect(
      one<{ n: number }>(
        'SELECT count(*) AS n FROM dashboard_calibration WHERE provider IS NOT NULL AND calibrate_request_line IS NOT NULL',
      ).n,
    ).toBeGreaterThan(0);
  });

  it("price a request's lines at their price, calibrations without a request with the configuration", () => {
    const fromRequests = host.db
      .prepare(
        'SELECT c.sales_cents AS cents, l.price_cents AS price FROM dashboard_calibration c JOIN calibrate_request_line l USING (calibrate_request_line)',
      )
      .all() as { cents: number; price: number | null }[];
    expect(fromRequests.length).toBeGreaterThan(0);
    for (const r of fromRequests) expect(r.cents).toBe(r.price ?? 0);
    const row = one<{ cents: number; own: number | null; network: number | null }>(
      `SELECT c.sales_cents AS cents, p.price_cents AS own, t.price_cents AS network FROM dashboard_calibration c
       JOIN adas_calibration_type t ON t.name = c.calibration_type LEFT JOIN adas_calibration_price p ON p.calibration_type = t.calibration_type AND p.firm = c.firm
       WHERE c.sales_cents > 0 AND c.adas_inspection_result IS NOT NULL LIMIT 1`,
    );
    expect(row.cents).toBe(row.own ?? row.network);
  });

  it('a request created, closed and deleted on a Complete inspection re-books its sales; the roll-ups stay equal to a rebuild', async () => {
    const snapshot = () => host.db.prepare('SELECT * FROM dashboard_daily ORDER BY node, kind, day, key').all();
    const rebuilt = () => {
      const kept = snapshot();
      rebuildDashboard(host.db);
      expect(snapshot()).toEqual(kept);
    };
    const target = one<{ id: number; firm: number; day: string; sales: number }>(
      `SELECT d.adas_inspection AS id, d.firm, d.day, d.sales_cents AS sales FROM dashboard_inspection d
       WHERE d.firm = 6 AND d.calibrations > 0 AND NOT EXISTS (SELECT 1 FROM calibrate_request q WHERE q.adas_inspection = d.adas_inspection) ORDER BY d.adas_inspection LIMIT 1`,
    );
    const sales = () =>
      one<{ sales: number; calibrations: number; day: string }>(
        'SELECT sales_cents AS sales, calibrations, day FROM dashboard_inspection WHERE adas_inspection = ?',
        target.id,
      );
    const franchiserDay = () =>
      one<{ sales: number } | undefined>(
        "SELECT sales_cents AS sales FROM dashboard_daily WHERE node = 2 AND kind = 'total' AND key = '' AND day = ?",
        target.day,
      )?.sales ?? 0;
    const before = franchiserDay();
    // A request for one of its Calibrated systems (and one it does not have): sales only once approved, at the line's price.
    const system = one<{ matrix: number; cents: number }>(
      'SELECT adas_checklist_matrix AS matrix, c.sales_cents AS cents FROM dashboard_calibration c JOIN adas_inspection_result r USING (adas_inspection_result) WHERE c.adas_inspection = ? LIMIT 1',
      target.id,
    );
    const lines = [
      { adasChecklistMatrix: system.matrix, system: 'Forward Camera', calibrationType: 'Static', calibrationMode: 'static', price: 123.45 },
      { adasChecklistMatrix: 999_999, system: 'Blind Spot', calibrationType: 'Dynamic', calibrationMode: 'dynamic', price: 99 },
    ];
    const calibrations = sales().calibrations;
    const body = {
      firm: 6,
      adasInspection: target.id,
      year: 2022,
      make: 'Toyota',
      model: 'RAV4',
      reason: 'Estimate triggers calibrations',
      lines,
    };
    const { id: request } = await ok(contract.adas.createCalibrate, { body }, admin);
    expect(sales()).toEqual({ sales: target.sales, calibrations, day: target.day });
    rebuilt();
    await ok(
      contract.calibrations.saveRequestStatus,
      { body: { calibrateRequest: request, statusName: 'Approved', reason: 'Insurer approved' } },
      admin,
    );
    const approved = target.sales - system.cents + 12345;
    expect(sales()).toEqual({ sales: approved, calibrations, day: target.day });
    expect(franchiserDay()).toBe(before - target.sales + approved);
    rebuilt();
    await ok(
      contract.calibrations.saveRequestStatus,
      { body: { calibrateRequest: request, statusName: 'Declined', reason: 'Insurer declined' } },
      admin,
    );
    expect(sales()).toMatchObject({ sales: target.sales, calibrations });
    rebuilt();
    await ok(contract.calibrations.deleteRequest, { query: { calibrateRequest: request } }, admin);
    expect(sales().sales).toBe(target.sales);
    expect(franchiserDay()).toBe(before);
    rebuilt();
  });

  it('a rebuild gives the same roll-ups as the writes kept', () => {
    const snapshot = () => host.db.prepare('SELECT * FROM dashboard_daily ORDER BY node, kind, day, key').all();
    const before = snapshot();
    rebuildDashboard(host.db);
    expect(snapshot()).toEqual(before);
  });

  it('a location moved to another franchisee takes its numbers along', () => {
    const snapshot = () => host.db.prepare('SELECT * FROM dashboard_daily ORDER BY node, kind, day, key').all();
    host.db.transaction(() => {
      host.db.prepare('UPDATE firm SET parent = 4 WHERE firm = 6').run();
      const moved = snapshot();
      rebuildDashboard(host.db);
      expect(moved).toEqual(snapshot());
      host.db.prepare('UPDATE firm SET parent = 3 WHERE firm = 6').run();
    })();
    expect(facts([6]).inspections).toBeGreaterThan(0);
  });
});

describe('dashboard/dashboard', () => {
  it('"all" for a franchiser user lists its franchisees with the numbers of their networks', async () => {
    const res = await ok(d.dashboard, { query: { ...range, analysis: 'all', pageSize: 50 } });
    const children = (host.db.prepare('SELECT firm FROM firm WHERE parent = 2').pluck().all() as number[]).sort((a, b) => a - b);
    expect(res.items.map((r) => must(r.firm, 'a location row')).sort((a, b) => a - b)).toEqual(children);
    for (const row of res.items)
      expect({ inspections: row.inspections, calibrations: row.calibrations }).toEqual(
        (({ inspections, calibrations }) => ({ inspections, calibrations }))(facts(subtree(must(row.firm, 'a location row')))),
      );
    const all = facts(subtree(2));
    expect(res.totals).toMatchObject({ inspections: all.inspections, calibrations: all.calibrations });
    expect(res.totals.sales).toBeCloseTo(all.sales, 2);
    expect(res.items.every((r: { drill: boolean }) => r.drill)).toBe(true);
  });

  it('drills from a franchisee to its shops and from a shop to its technicians', async () => {
    const shops = await ok(d.dashboard, { query: { ...range, firm: 3, pageSize: 50 } });
    expect(shops.items.map((r) => must(r.firm, 'a location row')).sort()).toEqual(
      subtree(3)
        .filter((f) => f !== 3)
        .sort(),
    );
    const techs = await ok(d.dashboard, { query: { ...range, firm: 6, pageSize: 50 } });
    expect(techs.items.length).toBeGreaterThan(0);
    expect(techs.items.every((r: { firm: number | null; drill: boolean }) => r.firm === null && !r.drill)).toBe(true);
    expect(techs.totals.inspections).toBe(facts([6]).inspections);
  });

  it('drills from a technician to the jobs the numbers count for them; by service counts and sales list the same services (issue 31 §3)', async () => {
    const techs = await ok(d.dashboard, { query: { ...range, firm: 3, analysis: 'techHours', pageSize: 100 } });
    expect(techs.items.length).toBeGreaterThan(0);
    for (const row of techs.items as { key: string; label: string; inspections: number }[]) {
      const tech = Number(row.key || 0);
      const jobs = await ok(d.adasRecords, { query: { ...range, firm: 3, tech, pageSize: 500 } });
      expect(jobs.technician).toBe(row.label);
      // The jobs of exactly the inspections the row counts (an inspection is one job; a job may have several).
      const expected = one<{ n: number }>(
        `SELECT count(DISTINCT adas) AS n FROM dashboard_inspection WHERE firm IN ${inList(subtree(3))} AND day BETWEEN ? AND ? AND ifnull(tech, 0) = ?`,
        range.startDate,
        range.endDate,
        tech,
      ).n;
      expect(jobs.count, row.label).toBe(expected);
      expect(jobs.count).toBeLessThanOrEqual(row.inspections);
      expect(jobs.count).toBeGreaterThan(0);
    }
    const keys = async (analysis: 'serviceCounts' | 'serviceSales') =>
      (
        (await ok(d.dashboard, { query: { ...range, firm: 3, analysis, pageSize: 500 } })).items as {
          key: string;
          calibrations: number;
          sales: number;
        }[]
      )
        .map((r) => [r.key, r.calibrations, r.sales])
        .sort();
    expect(await keys('serviceSales')).toEqual(await keys('serviceCounts'));
  });

  it('by service, make and tech add up to the same calibrations; pages of 10 sorted by name', async () => {
    const all = facts(subtree(3));
    for (const analysis of ['serviceCounts', 'makeSales', 'techHours'] as const) {
      const res = await ok(d.dashboard, { query: { ...range, firm: 3, analysis } });
      expect(res.totals.calibrations, analysis).toBe(all.calibrations);
      expect(res.items.length).toBeLessThanOrEqual(10);
      const labels = res.items.map((r: { label: string }) => r.label.toLowerCase());
      expect(labels).toEqual([...labels].sort());
    }
    const bySales = await ok(d.dashboard, { query: { ...range, firm: 3, analysis: 'serviceSales', orderBy: 'sales', direction: 'desc' } });
    const sales = bySales.items.map((r: { sales: number }) => r.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('"single location" answers days and "invoicing" one row per location with billable calibrations', async () => {
    const days = await ok(d.dashboard, { query: { ...range, firm: 6, analysis: 'location', pageSize: 500 } });
    expect(days.items.every((r: { key: string }) => /^\d{4}-\d{2}-\d{2}$/.test(r.key))).toBe(true);
    expect(days.totals.inspections).toBe(facts([6]).inspections);
    const invoicing = await ok(d.dashboard, { query: { ...range, analysis: 'invoicing', pageSize: 500 } });
    const expected = host.db
      .prepare(
        `SELECT firm, count(*) AS n FROM dashboard_calibration WHERE firm IN ${inList(subtree(2))} AND day BETWEEN ? AND ? GROUP BY firm`,
      )
      .all(range.startDate, range.endDate) as { firm: number; n: number }[];
    expect(
      invoicing.items
        .map((r) => ({ firm: must(r.firm, 'a location row'), n: r.calibrations }))
        .sort((a: { firm: number }, b: { firm: number }) => a.firm - b.firm),
    ).toEqual(expected.sort((a, b) => a.firm - b.firm));
  });

  it('keeps the roll-ups in step when an inspection is completed and reopened', async () => {
    const open = one<{ adas_inspection: number }>(
      `SELECT i.adas_inspection FROM adas_inspection i JOIN adas j USING (adas) WHERE j.firm = 6 AND i.status <> 2
       AND EXISTS (SELECT 1 FROM adas_inspection_result r WHERE r.adas_inspection = i.adas_inspection) LIMIT 1`,
    ).adas_inspection;
    host.db.prepare('UPDATE adas_inspection_result SET result = 3, is_not_equipped = 0 WHERE adas_inspection = ?').run(open);
    const systems = one<{ n: number }>('SELECT count(*) AS n FROM adas_inspection_result WHERE adas_inspection = ?', open).n;
    const query = { query: { ...range, firm: 2 } };
    const before = (await ok(d.dashboardTop, query)).totals;
    await ok(contract.adas.updateStatusAdasInspection, { body: { adasInspection: open, status: STATUS.complete } }, shop);
    const after = (await ok(d.dashboardTop, query)).totals;
    expect(after.inspections).toBe(before.inspections + 1);
    expect(after.calibrations).toBe(before.calibrations + systems);
    await ok(contract.adas.updateStatusAdasInspection, { body: { adasInspection: open, status: STATUS.open } }, shop);
    expect((await ok(d.dashboardTop, query)).totals).toEqual(before);
  });

  it('answers 400 for a range that starts after it ends, spans ten years, or an unknown analysis', async () => {
    expect((await status(d.dashboard, { query: { startDate: day(0), endDate: day(-5) } }, franchiser, 400)).fieldErrors?.startDate).toEqual(
      ['The start date must be on or before the end date.'],
    );
    expect(
      (await status(d.dashboard, { query: { startDate: '2015-01-01', endDate: '2025-01-01' } }, franchiser, 400)).fieldErrors?.endDate?.[0],
    ).toMatch(/at most/);
    expect((await status(d.dashboard, { query: { ...range, analysis: 'weather' } }, franchiser, 400)).fieldErrors?.analysis).toBeDefined();
    expect(
      (await status(d.dashboardTop, { query: { startDate: '2025-02-30', endDate: day(0) } }, franchiser, 400)).fieldErrors?.startDate,
    ).toBeDefined();
  });

  it('answers 404 for a firm out of reach and 403 for a shop role', async () => {
    await status(d.dashboard, { query: { ...range, firm: 9 } }, shop, 404);
    await status(d.dashboardTop, { query: { ...range, firm: 99999 } }, franchiser, 404);
    await status(d.dashboard, { query: range }, shopRole, 403);
    await status(d.adasRecords, { query: range }, shopRole, 403);
  });
});

describe('dashboard/dashboardTop', () => {
  it('answers the totals, the previous period of equal length, every day of the period and the breadcrumb', async () => {
    const top = await ok(d.dashboardTop, { query: { startDate: day(-29), endDate: day(0), firm: 6 } }, franchisee);
    expect(top.series).toHaveLength(30);
    expect(top.previous).toEqual({ startDate: day(-59), endDate: day(-30) });
    expect(top.series.reduce((s: number, x: { inspections: number }) => s + x.inspections, 0)).toBe(top.totals.inspections);
    expect(top.path.map((p: { firm: number }) => p.firm)).toEqual([3, 6]);
    expect(top.name).toBe('Brooklyn Collision & Glass');
  });
});

describe('dashboard/adasRecords', () => {
  it("answers the period's jobs with their inspections parsed from JSON text", async () => {
    const raw = await host.api(franchisee, d.adasRecords, { query: { ...range, pageSize: 5 } });
    expect(typeof raw.body.items[0].inspections).toBe('string');
    const res = d.adasRecords.response.parse(raw.body);
    expect(res.count).toBe(one<{ n: number }>(`SELECT count(*) AS n FROM adas WHERE firm IN ${inList(subtree(3))}`).n);
    const first = must(res.items[0], 'first');
    const inspections = one<{ n: number }>('SELECT count(*) AS n FROM adas_inspection WHERE adas = ?', first.adas).n;
    expect(first.inspections).toHaveLength(inspections);
    expect(res.items.map((r) => r.createdAt)).toEqual(
      res.items
        .map((r) => r.createdAt)
        .sort()
        .reverse(),
    );
  });
});

describe('administrator statistics', () => {
  it('answer for roles 1 and 2 and 403 for others', async () => {
    for (const call of [
      d.topStats,
      d.internalLog,
      d.clientReview,
      d.clientInspections,
      d.clientBreakdown,
      d.decodeStats,
      d.indexFragmentation,
      d.missingIndexes,
    ]) {
      await ok(call, {}, admin);
      await status(call, {}, franchiser, 403);
    }
    const counts = await ok(d.counts, { query: range }, admin);
    expect(
      must(
        counts.find((c: { name: string }) => c.name === 'ADAS jobs created'),
        'the ADAS jobs created count',
      ).count,
    ).toBe(one<{ n: number }>('SELECT count(*) AS n FROM adas').n);
    await status(d.counts, { query: { startDate: day(0), endDate: day(-1) } }, admin, 400);
    const review = await ok(d.clientReview, {}, admin);
    expect(review.map((r: { firm: number }) => r.firm)).toContain(2);
  });

  it('failedVINs lists the failed decodes of the period', async () => {
    await host.api(admin, contract.decode.decodeAdas, { query: { vin: 'JM1BL1H58A1120789' } });
    const failed = await ok(d.failedVins, { query: { startDate: day(-1), endDate: day(1) } }, admin);
    expect(failed.some((f: { vin: string }) => f.vin === 'JM1BL1H58A1120789')).toBe(true);
  });

  it("getIndexFragmentation reports the database's pages per table and index", async () => {
    const res = await ok(d.indexFragmentation, {}, admin);
    expect(res.pages).toBe(host.db.pragma('page_count', { simple: true }));
    const daily = res.objects.find((o: { name: string }) => o.name === 'dashboard_daily');
    expect(daily).toMatchObject({ kind: 'table', table: 'dashboard_daily' });
    expect(res.objects.some((o: { kind: string }) => o.kind === 'index')).toBe(true);
  });

  it('getMissingIndexes lists slow queries whose plan scans a table', async () => {
    watchSlowQueries(host.db, 0);
    try {
      host.db.prepare("SELECT count(*) FROM adas WHERE notes LIKE '%waiting%'").get();
    } finally {
      watchSlowQueries(host.db, 200);
    }
    const res = await ok(d.missingIndexes, {}, admin);
    expect(res.find((r: { sql: string }) => r.sql.includes("notes LIKE '%waiting%'"))).toMatchObject({ table: 'adas', count: 1 });
  });
});

describe('decode/ai', () => {
  it('answers the systems a repair triggers with their calibration types and prices', async () => {
    const res = await ok(d.ai, { body: { prompt: '2021 Camry, windshield replaced: what needs calibrating?' } });
    expect(res.vehicle).toMatchObject({ year: 2021, make: 'Toyota', model: 'Camry' });
    expect(res.repairs).toContain('windshield');
    expect(res.systems.length).toBeGreaterThan(0);
    expect(res.systems.every((s: { because: string }) => s.because.includes('windshield'))).toBe(true);
    expect(res.answer).toContain('2021 Toyota Camry');
  });

  it('says plainly what it could not make out, and refuses 5,000 characters', async () => {
    const res = await ok(d.ai, { body: { prompt: 'what needs calibrating after a bumper job?' } });
    expect(res.systems).toEqual([]);
    expect(res.unknown.join(' ')).toMatch(/model year/);
    expect(res.answer).toMatch(/could not make out/);
    expect((await status(d.ai, { body: { prompt: 'x'.repeat(5000) } }, franchiser, 400)).fieldErrors?.prompt).toEqual([
      'At most 2000 characters',
    ]);
    await status(d.ai, { body: { prompt: '  ' } }, franchiser, 400);
    await status(d.ai, { body: { prompt: 'hello' } }, shopRole, 403);
  });
});
