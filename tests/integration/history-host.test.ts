/**
 * The history (issue 30 §3; docs/history.md): each wired area writes its rows in the transaction of the
 * change, with who, when, the tab and the request id; a save that fails writes none; the calls are scoped
 * like the record (another firm's record 404, a role that cannot read the record 403, bad input 400); the
 * CSV goes through the one neutraliser; and the dashboard's inspection and calibration counts of a period
 * follow from the history rows alone.
 */
import { TZDate } from '@date-fns/tz';
import { lightFormat } from 'date-fns';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT, STATUS } from '../../lib/adas/rules';
import { contract } from '../../lib/contract';
import type { HistoryRow } from '../../lib/contract/history';
import type { HistoryKind } from '../../lib/contract/history-constants';
import { zoneOf } from '../../lib/dates';
import { CREATED, SECRET_CHANGED } from '../../lib/history/rules';
import { TAB_HEADER } from '../../lib/push/changes';
import { shopBody } from '../support/bodies';
import { startTestHost, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const a = contract.adas;
const inspectionOf = (created: { adasInspection: number | null }) => must(created.adasInspection, 'the new inspection');
const hc = contract.history;
let host: TestHost;
let admin: string;
let shop: string;
let job: number;
let inspection: number;
let systems: { adasChecklistMatrix: number; system: string }[];

const TAB = 'tab-history-1';
const REQUEST = 'req-history-0001';
const from = { headers: { [TAB_HEADER]: TAB, 'x-request-id': REQUEST } };

const countOf = (kind: HistoryKind, id: number) =>
  host.db.prepare('SELECT count(*) FROM history WHERE record_kind = ? AND record_id = ?').pluck().get(kind, id) as number;
const total = () => host.db.prepare('SELECT count(*) FROM history').pluck().get() as number;
const historyOf = async (kind: HistoryKind, id: number, token = admin) =>
  (await host.ok(token, hc.history, { query: { kind, id, pageSize: 100 } })) as { count: number; items: HistoryRow[] };

beforeAll(async () => {
  host = await startTestHost();
  [admin, shop] = await Promise.all([host.token(1), host.token(5)]);
  const created = await host.ok(shop, a.createAdas, {
    ...from,
    body: { firm: 6, ronumber: 'RO-HIST-1', vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
  });
  job = created.id;
  inspection = inspectionOf(created);
  systems = await host.ok(shop, a.adasInspectionItems, { query: { adasInspection: inspection } });
});
afterAll(() => host?.close());

describe('ADAS jobs, inspections and results', () => {
  it('a new job is one Created row naming what it was created with, who, the tab and the request', async () => {
    const h = await historyOf('adas', job, shop);
    expect(h.count).toBe(1);
    expect(h.items[0]).toMatchObject({ part: '', field: CREATED, oldValue: null, by: expect.any(Number), tab: TAB, requestId: REQUEST });
    expect(h.items[0]?.newValue).toContain('RO number: RO-HIST-1');
    expect(h.items[0]?.newValue).toContain(`Inspection ${inspection} · Status: Open`);
    expect(h.items[0]?.byName).not.toBe('');
  });

  it("a job's field and a system's result: one row each, old → new, nothing for what did not change", async () => {
    const before = countOf('adas', job);
    const record = await host.ok(shop, a.adas, { query: { adas: job } });
    await host.ok(shop, a.saveAdas, {
      body: { adas: job, ronumber: 'RO-HIST-2', adasType: record.adasType, notes: '', vehicle: record.vehicle },
    });
    const first = must(systems[0], 'a system');
    await host.ok(shop, a.saveAdasInspectionResults, {
      body: { adasInspection: inspection, results: [{ adasChecklistMatrix: first.adasChecklistMatrix, result: RESULT.calibrated }] },
    });
    const h = await historyOf('adas', job, shop);
    expect(h.count).toBe(before + 2);
    expect(h.items.slice(0, 2)).toMatchObject([
      { part: `Inspection ${inspection} · ${first.system}`, field: 'Result', oldValue: null, newValue: 'Calibrated' },
      { part: '', field: 'RO number', oldValue: 'RO-HIST-1', newValue: 'RO-HIST-2' },
    ]);
    // The same save again changes nothing and writes nothing.
    await host.ok(shop, a.saveAdasInspectionResults, {
      body: { adasInspection: inspection, results: [{ adasChecklistMatrix: first.adasChecklistMatrix, result: RESULT.calibrated }] },
    });
    expect((await historyOf('adas', job, shop)).count).toBe(before + 2);
  });

  it('a failed save writes no row: validation (400), conflict (409), an error thrown inside the transaction', async () => {
    const before = total();
    // 400 at the boundary.
    expect((await host.api(shop, a.saveAdas, { body: { adas: job, ronumber: '' } })).status).toBe(400);
    // 409: a result changed since the version it was based on.
    const stale = await host.api(shop, a.saveAdasInspectionResults, {
      body: {
        adasInspection: inspection,
        results: [{ adasChecklistMatrix: first().adasChecklistMatrix, result: RESULT.failed, baseVersion: 1 }],
      },
    });
    expect(stale.status).toBe(409);
    // Thrown after the inspection's fields were written: its notes change, then completion is refused.
    const head = await host.ok(shop, a.adasInspection, { query: { adasInspection: inspection } });
    const refused = await host.api(shop, a.saveAdasInspection, {
      body: { ...head, notes: 'written then rolled back', status: STATUS.complete },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/result|system/i);
    expect((await host.ok(shop, a.adasInspection, { query: { adasInspection: inspection } })).notes).toBe(head.notes);
    expect(total()).toBe(before);
  });

  it('a malformed tab is no tab, a malformed request id is replaced: never a 500', async () => {
    const record = await host.ok(shop, a.adas, { query: { adas: job } });
    const saved = await host.api(shop, a.saveAdas, {
      headers: { [TAB_HEADER]: 'not a tab!<script>', 'x-request-id': 'bad id with spaces' },
      body: { adas: job, ronumber: 'RO-HIST-3', adasType: record.adasType, notes: record.notes, vehicle: record.vehicle },
    });
    expect(saved.status).toBe(200);
    const [row] = (await historyOf('adas', job, shop)).items;
    expect(row).toMatchObject({ field: 'RO number', newValue: 'RO-HIST-3', tab: null });
    expect(must(row, 'the newest row').requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('calls: another firm 404 like an unknown record, bad input 400, a role that cannot read the record 403', async () => {
    const stranger = await host.token(await host.addUser({ role: 5, firm: 7 }));
    expect((await host.api(stranger, hc.history, { query: { kind: 'adas', id: job } })).status).toBe(404);
    expect((await host.api(stranger, hc.historyExport, { query: { kind: 'adas', id: job } })).status).toBe(404);
    expect((await host.api(shop, hc.history, { query: { kind: 'adas', id: 99_999_999 } })).status).toBe(404);
    for (const query of [{ kind: 'nope', id: job }, { kind: 'adas', id: 'x' }, { kind: 'adas' }, { kind: 'adas', id: job, pageSize: 1000 }])
      expect((await host.api(shop, hc.history, { query })).status, JSON.stringify(query)).toBe(400);
    expect((await host.api(shop, hc.history, { query: { kind: 'user', id: 1 } })).status).toBe(403);
    expect((await host.api(shop, hc.history, { query: { kind: 'system', id: 1 } })).status).toBe(403);
  });

  it('pages newest first, and exports every row as CSV with formula cells neutralised', async () => {
    const record = await host.ok(shop, a.adas, { query: { adas: job } });
    await host.ok(shop, a.saveAdas, {
      body: { adas: job, ronumber: record.ronumber, adasType: record.adasType, notes: '=HYPERLINK("http://x")', vehicle: record.vehicle },
    });
    const all = await historyOf('adas', job, shop);
    const page = await host.ok(shop, hc.history, { query: { kind: 'adas', id: job, page: 2, pageSize: 1 } });
    expect(page).toMatchObject({ count: all.count, items: [all.items[1]] });
    const file = await host.ok(shop, hc.historyExport, { query: { kind: 'adas', id: job } });
    expect(file.rows).toBe(all.count);
    expect(file.fileName).toMatch(new RegExp(`^history-adas-${job}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const parsed = Papa.parse<string[]>(file.csv.trim()).data;
    expect(parsed[0]).toEqual(['When (UTC)', 'Who', 'Part', 'Field', 'Old value', 'New value', 'Tab', 'Request id']);
    expect(parsed.length).toBe(all.count + 1);
    expect(must(parsed[1], 'the first row').slice(3, 6)).toEqual(['Notes', '', `'=HYPERLINK("http://x")`]);
  });
});

const first = () => must(systems[0], 'a system');

describe('the other wired areas', () => {
  it('calibration requests: Created, then the status and approval rows', async () => {
    const lines = [{ adasChecklistMatrix: first().adasChecklistMatrix, system: first().system, calibrationType: '', price: 250 }];
    const { id } = await host.ok(shop, a.createCalibrate, {
      body: { firm: 6, adasInspection: inspection, year: 2022, make: 'Toyota', model: 'RAV4', reason: 'Estimate', lines },
    });
    const manager = await host.token(4);
    await host.ok(manager, contract.calibrations.saveRequestStatus, {
      body: { calibrateRequest: id, statusName: 'Approved', reason: 'Insurer approved', reasonSource: 'Insurer' },
    });
    const h = await historyOf('calibrateRequest', id, shop);
    expect(h.items.map((r) => r.field).sort()).toEqual(['Approved', 'Created', 'Reason', 'Reason source', 'Status'].sort());
    expect(h.items.find((r) => r.field === 'Status')).toMatchObject({ oldValue: 'New', newValue: 'Approved' });
    expect(h.items.find((r) => r.field === CREATED)!.newValue).toContain(`Line · ${first().system} · Price: $250.00`);
    // A failed status save (the reason a decline needs) writes nothing.
    const before = total();
    expect(
      (await host.api(manager, contract.calibrations.saveRequestStatus, { body: { calibrateRequest: id, statusName: 'Declined' } })).status,
    ).toBe(400);
    expect(total()).toBe(before);
  });

  it('users: changed fields, and a password as "changed" with no hash anywhere in the history', async () => {
    const username = await host.addUser({ role: 9, firm: 6 });
    const profile = await host.ok(admin, contract.users.profile, { query: { username } });
    await host.ok(admin, contract.users.saveUser, { body: { ...profile, firstName: 'Renamed' } });
    await host.ok(admin, contract.users.saveCredentials, {
      body: { username, password: 'Fresh#Pass2026' },
    });
    const h = await historyOf('user', profile.user);
    expect(h.items.slice(0, 2)).toMatchObject([
      { field: 'Password', oldValue: null, newValue: SECRET_CHANGED },
      { field: 'First name', newValue: 'Renamed' },
    ]);
    const hash = host.db.prepare('SELECT password_hash FROM user WHERE user = ?').pluck().get(profile.user) as string;
    const everything = JSON.stringify(host.db.prepare('SELECT * FROM history').all());
    expect(everything).not.toContain(hash);
    expect(everything).not.toMatch(/scrypt|argon|\$2[aby]\$/);
  });

  it('locations and the configuration: the changed field of the form', async () => {
    const form = await host.ok(admin, contract.locations.editFirm, { query: { id: 7 } });
    // The edit form's answer sent back as the save's body, as the screen does (loosely typed: api()).
    expect((await host.api(admin, contract.locations.saveFirm, { body: { ...form, city: 'Flushing West' } })).status).toBe(200);
    expect((await historyOf('location', 7)).items[0]).toMatchObject({ field: 'City', newValue: 'Flushing West' });

    const page = await host.ok(admin, contract.admin.getAdasMatrix, { query: { pageSize: 1 } });
    const system = must(page.items[0], 'a system');
    const saved = await host.api(admin, contract.admin.saveAdasMatrix, {
      body: { ...system, hints: 'Check the bracket first', items: [], isRemove: false },
    });
    expect(saved.status).toBe(200);
    expect((await historyOf('system', system.adasChecklistMatrix)).items[0]).toMatchObject({
      field: 'Hints',
      newValue: 'Check the bracket first',
    });
  });
});

describe('the dashboard from the history', () => {
  /**
   * The rule of docs/history.md#dashboard: an inspection counts in a period when its last Status is
   * Complete and its last Completed time falls in the period (the location's days); its calibrations are
   * its systems whose last Result is Calibrated and that are not marked Not equipped. First values come
   * from the Created rows, later ones from the field rows, in order.
   */
  function fromHistory(firm: number, start: string, end: string) {
    const rows = host.db
      .prepare("SELECT part, field, old_value, new_value FROM history WHERE firm = ? AND record_kind = 'adas' ORDER BY history")
      .all(firm) as { part: string; field: string; old_value: string | null; new_value: string | null }[];
    const state = new Map<string, Map<string, string>>();
    const set = (part: string, field: string, value: string | null) => {
      const s = state.get(part) ?? new Map<string, string>();
      state.set(part, s);
      if (value == null) s.delete(field);
      else s.set(field, value);
    };
    for (const r of rows) {
      if (r.field === CREATED)
        for (const line of (r.new_value ?? '').split('\n')) {
          const m = /^(?:(.+) · )?([^·:]+): (.*)$/.exec(line);
          if (m) set(r.part ? r.part : (m[1] ?? ''), m[2] ?? '', m[3] ?? '');
        }
      else if (r.field !== 'Deleted') set(r.part, r.field, r.new_value);
    }
    const zone = zoneOf(host.db.prepare('SELECT timezone FROM firm WHERE firm = ?').pluck().get(firm) as number | null);
    let inspections = 0;
    let calibrations = 0;
    for (const [part, fields] of state) {
      if (!/^Inspection \d+$/.test(part) || fields.get('Status') !== 'Complete') continue;
      const day = lightFormat(new TZDate(Date.parse(fields.get('Completed')!), zone), 'yyyy-MM-dd');
      if (day < start || day > end) continue;
      inspections++;
      for (const [p, f] of state)
        if (p.startsWith(`${part} · `) && f.get('Result') === 'Calibrated' && f.get('Not equipped') !== 'Yes') calibrations++;
    }
    return { inspections, calibrations };
  }

  it("a new location's inspections and calibrations of the period equal the dashboard's", async () => {
    const { id: firm } = await host.ok(admin, contract.locations.saveFirm, { body: shopBody(3, { company: 'History Proof Glass' }) });
    const make = async (complete: boolean, reopen = false) => {
      const created = await host.ok(admin, a.createAdas, {
        body: {
          firm,
          ronumber: `RO-DASH-${complete}-${reopen}`,
          vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' },
          inspection: {},
        },
      });
      const items = (await host.ok(admin, a.adasInspectionItems, { query: { adasInspection: inspectionOf(created) } })) as typeof systems;
      await host.ok(admin, a.saveAdasInspectionResults, {
        body: {
          adasInspection: inspectionOf(created),
          results: items.map((s, i) => ({
            adasChecklistMatrix: s.adasChecklistMatrix,
            result: i < 2 ? RESULT.calibrated : RESULT.notApplicable,
          })),
        },
      });
      if (!complete) return;
      await host.ok(admin, a.updateStatusAdasInspection, { body: { adasInspection: inspectionOf(created), status: STATUS.complete } });
      if (reopen)
        await host.ok(admin, a.updateStatusAdasInspection, { body: { adasInspection: inspectionOf(created), status: STATUS.open } });
    };
    await make(true);
    await make(true, true);
    await make(false);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const [start, end] = [day(-1), day(1)];
    const dashboard = await host.ok(admin, contract.dashboard.dashboard, { query: { firm, startDate: start, endDate: end } });
    const derived = fromHistory(firm, start, end);
    expect(derived).toEqual({ inspections: 1, calibrations: 2 });
    expect({ inspections: dashboard.totals.inspections, calibrations: dashboard.totals.calibrations }).toEqual(derived);
  });
});
