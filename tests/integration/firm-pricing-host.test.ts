/**
 * A firm's calibration price list (issue 11, deliverable 8): adasmatrix/systemCalibrations?firm answers each
 * calibration type with the firm's own price and the source of the price that applies, scoped to the
 * caller's firms; saveCalibrationPricing with the firm sets and clears its prices; the export follows.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import type { CalibrationTypeRow } from '../../lib/contract/adasmatrix';
import { PRICE_MESSAGES } from '../../lib/configuration/money';
import { startTestHost, type TestHost } from '../../testkit/host';

const p = contract.adasmatrix;

let host: TestHost;
let admin: string;
/** Role 2 reaching only Northstar East and its shops (an administrator of part of the network). */
let partAdmin: string;

beforeAll(async () => {
  host = await startTestHost();
  admin = await host.token(1);
  partAdmin = await host.token(await host.addUser({ role: 2, firm: 3, firms: [3, 6, 7, 8] }));
});
afterAll(() => host?.close());

const all = { pageSize: 500 };
const byName = (rows: CalibrationTypeRow[], name: string) => rows.find((r) => r.name === name)!;

/** The expected rows of a firm, straight from SQL. */
function expectedRows(firm: number) {
  return host.db
    .prepare(
      `SELECT t.name, t.price_cents AS network, p.price_cents AS own FROM adas_calibration_type t
       LEFT JOIN adas_calibration_price p ON p.calibration_type = t.calibration_type AND p.firm = ?`,
    )
    .all(firm) as { name: string; network: number | null; own: number | null }[];
}

describe('adasmatrix/systemCalibrations?firm', () => {
  it("adds the firm's own price and the source to every row; without a firm the rows stay as they were", async () => {
    const res = await host.api(admin, p.systemCalibrations, { query: { ...all, firm: 6 } });
    expect(res.status).toBe(200);
    const rows = p.systemCalibrations.response.parse(res.body).items;
    const expected = expectedRows(6);
    expect(rows).toHaveLength(expected.length);
    for (const e of expected) {
      const r = byName(rows, e.name);
      expect(r.firmPrice, e.name).toBe(e.own == null ? null : e.own / 100);
      expect(r.price, e.name).toBe(e.network == null ? null : e.network / 100);
      expect(r.source, e.name).toBe(e.own != null ? 'firm' : e.network != null ? 'network' : 'none');
    }
    // The seed gives firm 6 prices of its own, and leaves some types to the network default.
    expect(rows.some((r) => r.source === 'firm')).toBe(true);
    expect(rows.some((r) => r.source === 'network')).toBe(true);

    const plain = p.systemCalibrations.response.parse((await host.api(admin, p.systemCalibrations, { query: all })).body).items;
    expect(plain.every((r) => r.firmPrice === undefined && r.source === undefined)).toBe(true);
  });

  it('filters by system type and sorts by the price that applies', async () => {
    const id = host.db
      .prepare("SELECT calibration_type FROM adas_calibration_type WHERE name = 'Rear camera – static'")
      .pluck()
      .get() as number;
    // A firm price far above every network price puts the type first in descending order.
    expect((await host.api(admin, p.saveCalibrationPricing, { body: { calibrationType: id, firm: 7, price: 9999 } })).status).toBe(200);
    const top = await host.api(admin, p.systemCalibrations, { query: { firm: 7, orderBy: 'price', direction: 'desc', pageSize: 1 } });
    expect(top.body.items[0]).toMatchObject({ name: 'Rear camera – static', firmPrice: 9999, price: 150, source: 'firm' });
    const rear = await host.api(admin, p.systemCalibrations, { query: { firm: 7, systemType: 6 } });
    expect(rear.body.items.map((r: CalibrationTypeRow) => r.systemType)).toEqual(rear.body.items.map(() => 6));
    expect(rear.body.count).toBe(host.db.prepare('SELECT count(*) FROM adas_calibration_type WHERE system_type = 6').pluck().get());
  });

  it('set a price, see it applied; clear it, see the network default again; the export follows', async () => {
    const name = 'Front radar – dynamic';
    const before = byName((await host.api(partAdmin, p.systemCalibrations, { query: { ...all, firm: 8 } })).body.items, name);
    expect(before).toMatchObject({ firmPrice: null, source: 'network' });
    const set = await host.api(partAdmin, p.saveCalibrationPricing, {
      body: { calibrationType: before.calibrationType, firm: 8, price: '212.50' },
    });
    expect(set.status).toBe(200);
    expect(byName((await host.api(partAdmin, p.systemCalibrations, { query: { ...all, firm: 8 } })).body.items, name)).toMatchObject({
      firmPrice: 212.5,
      price: before.price,
      source: 'firm',
    });
    const csv = Papa.parse<string[]>((await host.api(partAdmin, p.exportCalibrationPricing, { query: { firm: 8 } })).body.csv).data;
    expect(csv.find((line) => line[1] === name)).toEqual(['Front radar', name, 'Dynamic', '212.50', before.price!.toFixed(2), 'firm']);

    expect(
      (await host.api(partAdmin, p.saveCalibrationPricing, { body: { calibrationType: before.calibrationType, firm: 8, price: null } }))
        .status,
    ).toBe(200);
    expect(byName((await host.api(partAdmin, p.systemCalibrations, { query: { ...all, firm: 8 } })).body.items, name)).toMatchObject({
      firmPrice: null,
      source: 'network',
    });
  });

  it('400 for bad input, nothing changed', async () => {
    const bad = await host.api(admin, p.systemCalibrations, { query: { firm: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.firm).toBeDefined();
    const id = host.db
      .prepare("SELECT calibration_type FROM adas_calibration_type WHERE name = 'Forward camera – static'")
      .pluck()
      .get() as number;
    const own = () =>
      host.db.prepare('SELECT price_cents FROM adas_calibration_price WHERE firm = 6 AND calibration_type = ?').pluck().get(id);
    const kept = own();
    for (const [price, message] of [
      ['abc', PRICE_MESSAGES.notNumber('abc')],
      [-1, PRICE_MESSAGES.negative],
    ] as const) {
      const res = await host.api(partAdmin, p.saveCalibrationPricing, { body: { calibrationType: id, firm: 6, price } });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.price).toEqual([message]);
    }
    expect(own()).toBe(kept);
  });

  it('403 for roles the pricing calls do not allow, and for part of the network without a firm', async () => {
    expect((await host.api(await host.token(3), p.systemCalibrations, { query: { firm: 3 } })).status).toBe(403);
    expect((await host.api(await host.token(5), p.systemCalibrations, { query: { firm: 6 } })).status).toBe(403);
    expect((await host.api(partAdmin, p.systemCalibrations, { query: {} })).status).toBe(403);
  });

  it('404 for a firm the caller cannot reach, like an unknown one; its own firms answer', async () => {
    const outside = await host.api(partAdmin, p.systemCalibrations, { query: { firm: 9 } });
    expect(outside.status).toBe(404);
    expect((await host.api(admin, p.systemCalibrations, { query: { firm: 999_999 } })).status).toBe(404);
    expect(outside.body.error).toBe((await host.api(admin, p.systemCalibrations, { query: { firm: 999_999 } })).body.error);
    expect((await host.api(partAdmin, p.systemCalibrations, { query: { firm: 7 } })).status).toBe(200);
  });
});
