/**
 * Result versions (issue 30 §2): every change of a system's result row raises its version; a change sent
 * against an older version is refused with 409 naming the system when the row now holds something else,
 * and applies when it holds the same (a change replayed after its answer was lost is not a conflict).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT } from '../../lib/adas/rules';
import { contract } from '../../lib/contract';
import { startTestHost, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const a = contract.adas;
let host: TestHost;
let shop: string;
let inspection: number;
let system: number;

const row = async () =>
  (await host.ok(shop, a.adasInspection, { query: { adasInspection: inspection } })).results.find(
    (r: { adasChecklistMatrix: number }) => r.adasChecklistMatrix === system,
  );
const save = (token: string, result: number | null, baseVersion?: number) =>
  host.api(token, a.saveAdasInspectionResults, {
    body: { adasInspection: inspection, results: [{ adasChecklistMatrix: system, result, isNotEquipped: false, notes: '', baseVersion }] },
  });

beforeAll(async () => {
  host = await startTestHost();
  shop = await host.token(5);
  const created = await host.ok(shop, a.createAdas, {
    body: { firm: 6, ronumber: 'RO-VER-1', vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
  });
  inspection = must(created.adasInspection, 'the new inspection');
  system = must(
    (await host.ok(shop, a.adasInspectionItems, { query: { adasInspection: inspection } }))[0],
    'an inspection item',
  ).adasChecklistMatrix;
});
afterAll(() => host?.close());

describe('result versions', () => {
  it('a change raises the version and answers it; an unchanged save does not', async () => {
    expect(must(await row(), 'the result row').version).toBe(1);
    const saved = await save(shop, RESULT.calibrated, 1);
    expect(saved.body).toEqual({ count: 1, versions: [{ adasChecklistMatrix: system, version: 2 }] });
    expect((await save(shop, RESULT.calibrated, 2)).body.versions[0].version).toBe(2);
  });

  it('a change against an older version of a row changed since to something else is 409 and saves nothing', async () => {
    const other = await host.token(4);
    const before = must(await row(), 'the result row').version;
    await host.ok(other, a.saveAdasInspectionResults, {
      body: { adasInspection: inspection, results: [{ adasChecklistMatrix: system, result: RESULT.failed, baseVersion: before }] },
    });
    const stale = await save(shop, RESULT.passed, before);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('Someone else changed these results meanwhile: choose which to keep. Nothing was saved.');
    expect(Object.keys(stale.body.fieldErrors)).toEqual(['results.0.baseVersion']);
    expect(must(await row(), 'the result row').result).toBe(RESULT.failed);
    // The same value replayed (its first answer lost) is no conflict; the current version applies.
    expect((await save(shop, RESULT.failed, before)).status).toBe(200);
    const now = must(await row(), 'the result row').version;
    expect((await save(shop, RESULT.passed, now)).status).toBe(200);
    expect(must(await row(), 'the result row').result).toBe(RESULT.passed);
  });

  it('a save that names no version counts as made against the row as created: it never overwrites a change made since', async () => {
    const current = must(await row(), 'the result row');
    expect(current.version).toBeGreaterThan(1);
    const blind = await save(shop, current.result === RESULT.failed ? RESULT.passed : RESULT.failed);
    expect(blind.status).toBe(409);
    expect(Object.keys(blind.body.fieldErrors)).toEqual(['results.0.baseVersion']);
    expect(must(await row(), 'the result row')).toMatchObject({ result: current.result, version: current.version });
    // The same value is no overwrite; a row nobody changed yet takes a save without a version.
    expect((await save(shop, current.result)).status).toBe(200);
    const created = await host.ok(shop, a.createAdas, {
      body: { firm: 6, ronumber: 'RO-VER-2', vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
    });
    const [fresh] = await host.ok(shop, a.adasInspectionItems, { query: { adasInspection: must(created.adasInspection, 'inspection') } });
    const first = await host.api(shop, a.saveAdasInspectionResults, {
      body: {
        adasInspection: created.adasInspection,
        results: [{ adasChecklistMatrix: must(fresh, 'item').adasChecklistMatrix, result: RESULT.passed }],
      },
    });
    expect(first.status).toBe(200);
  });
});
