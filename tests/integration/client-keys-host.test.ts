/**
 * A change sent with the device's own key is applied once (api-host/adas/once.ts): the offline queue's
 * replay of a result, of the inspection's fields and of its completion, after the first answer was lost,
 * gets the first answer and changes nothing (no second version, no second history entry, no 409 "already
 * Complete"); another key is a new change. 400 for a malformed key, 404 across firms, 409 for a stale version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT, STATUS } from '../../lib/adas/rules';
import { contract } from '../../lib/contract';
import { startTestHost, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const a = contract.adas;
let host: TestHost;
let shop: string;
let otherShop: string;
let adas: number;
let inspection: number;
let systems: number[];

const versionOf = async (system: number) =>
  must(
    (await host.ok(shop, a.adasInspection, { query: { adasInspection: inspection } })).results.find(
      (r) => r.adasChecklistMatrix === system,
    ),
    'the row',
  ).version;

beforeAll(async () => {
  host = await startTestHost();
  [shop, otherShop] = await Promise.all([host.token(5), host.token(17)]);
  const created = await host.ok(shop, a.createAdas, {
    body: { firm: 6, ronumber: 'RO-KEY-1', vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
  });
  adas = created.id;
  inspection = must(created.adasInspection, 'the inspection');
  systems = (await host.ok(shop, a.adasInspectionItems, { query: { adasInspection: inspection } })).map((s) => s.adasChecklistMatrix);
});
afterAll(() => host?.close());

describe('changes sent with a key are applied once', () => {
  it('a result replayed with its key answers as the first time and records nothing again', async () => {
    const system = must(systems[0], 'a system');
    const body = {
      adasInspection: inspection,
      clientKey: 'result-key-0001',
      results: [{ adasChecklistMatrix: system, result: RESULT.failed, notes: 'Target board damaged', baseVersion: 1 }],
    };
    const first = await host.ok(shop, a.saveAdasInspectionResults, { body });
    expect(first.versions[0]?.version).toBe(2);
    // Someone else changes the row; the replay of the first change is still recognised, and applies nothing.
    await host.ok(await host.token(4), a.saveAdasInspectionResults, {
      body: { adasInspection: inspection, results: [{ adasChecklistMatrix: system, result: RESULT.calibrated, baseVersion: 2 }] },
    });
    const again = await host.ok(shop, a.saveAdasInspectionResults, { body });
    expect(again).toEqual(first);
    expect(await versionOf(system)).toBe(3);
    // The same change under a new key is a new change: stale now, 409, nothing saved.
    const stale = await host.api(shop, a.saveAdasInspectionResults, { body: { ...body, clientKey: 'result-key-0002' } });
    expect(stale.status).toBe(409);
    expect(await versionOf(system)).toBe(3);
  });

  it("the inspection's fields and its completion replayed with their keys: no second change, no 409", async () => {
    const record = await host.ok(shop, a.adasInspection, { query: { adasInspection: inspection } });
    const fields = { adasInspection: inspection, adas, notes: 'LF park sensor dead – part ordered', clientKey: 'fields-key-0001' };
    const saved = await host.ok(shop, a.saveAdasInspection, { body: fields });
    expect(await host.ok(shop, a.saveAdasInspection, { body: fields })).toEqual(saved);
    await host.ok(shop, a.saveAdasInspectionResults, {
      body: {
        adasInspection: inspection,
        results: record.results.map((r) => ({ adasChecklistMatrix: r.adasChecklistMatrix, isNotEquipped: true, baseVersion: r.version })),
      },
    });
    const complete = { adasInspection: inspection, status: STATUS.complete, clientKey: 'complete-key-0001' };
    const done = await host.ok(shop, a.updateStatusAdasInspection, { body: complete });
    expect(await host.ok(shop, a.updateStatusAdasInspection, { body: complete })).toEqual(done);
    // A new key asking again is the race it always was: 409 saying who completed it.
    expect((await host.api(shop, a.updateStatusAdasInspection, { body: { ...complete, clientKey: 'complete-key-0002' } })).status).toBe(
      409,
    );
    const history = host.db.prepare("SELECT count(*) FROM adas_client_change WHERE client_key LIKE '%-key-%'").pluck().get();
    // The three changes applied are kept once each; the refused ones left nothing.
    expect(history).toBe(3);
  });

  it('a key is per user: another firm cannot read an answer by guessing it (404), and a malformed key is 400', async () => {
    const replay = await host.api(otherShop, a.updateStatusAdasInspection, {
      body: { adasInspection: inspection, status: STATUS.complete, clientKey: 'complete-key-0001' },
    });
    expect(replay.status).toBe(404);
    const bad = await host.api(shop, a.updateStatusAdasInspection, {
      body: { adasInspection: inspection, status: STATUS.open, clientKey: 'no!' },
    });
    expect(bad.status).toBe(400);
  });
});
