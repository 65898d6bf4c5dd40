/**
 * Requests naming records that do not exist, or that the caller cannot reach, or values the store cannot
 * hold: the host answers the 4xx that names the problem and writes nothing, never a 500. These are the cases
 * the property-based API test (api-contract-host.test.ts) and an outside one found answering 500.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import { SERVICE_SECRET_HEADER } from '../../lib/contract/define';
import { startTestHost, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

let host: TestHost;
beforeEach(async () => {
  host = await startTestHost();
});
afterEach(() => host.close());

const a = contract.adas;
const count = (table: string) => host.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const unknownInspection = () => (host.db.prepare('SELECT max(adas_inspection) FROM adas_inspection').pluck().get() as number) + 1000;

/** An inspection of a location the user `role1` of firm `firm` does not reach, with one of its systems. */
function foreignInspection(firm: number): { adasInspection: number; adasChecklistMatrix: number } {
  const row = host.db
    .prepare(
      `SELECT i.adas_inspection AS adasInspection, r.adas_checklist_matrix AS adasChecklistMatrix
       FROM adas_inspection i JOIN adas j ON j.adas = i.adas JOIN adas_inspection_result r ON r.adas_inspection = i.adas_inspection
       WHERE j.firm <> ? LIMIT 1`,
    )
    .get(firm) as { adasInspection: number; adasChecklistMatrix: number } | undefined;
  return must(row, 'an inspection of another location');
}

describe('inspection calls naming an inspection that does not exist or is out of reach', () => {
  const calls = [
    ['deleteInspection', a.deleteInspection, (i: number) => ({ adasInspection: i })],
    ['addSystemToInspection', a.addSystemToInspection, (i: number, s: number) => ({ adasInspection: i, adasChecklistMatrix: s })],
    ['removeSystemFromInspection', a.removeSystemFromInspection, (i: number, s: number) => ({ adasInspection: i, adasChecklistMatrix: s })],
    [
      'saveAdasInspectionResults',
      a.saveAdasInspectionResults,
      (i: number, s: number) => ({ adasInspection: i, results: [{ adasChecklistMatrix: s, result: null }] }),
    ],
    ['updateStatusAdasInspection', a.updateStatusAdasInspection, (i: number) => ({ adasInspection: i, status: 1 })],
  ] as const;

  for (const [name, call, body] of calls) {
    it(`${name}: 404 "Inspection not found" for an unknown one and for another location's, nothing written`, async () => {
      // A location with no locations below it: the user reaches it alone.
      const firm = host.db
        .prepare('SELECT min(firm) FROM firm f WHERE NOT EXISTS (SELECT 1 FROM firm c WHERE c.parent = f.firm)')
        .pluck()
        .get() as number;
      const token = await host.token(await host.addUser({ role: 1, firm }));
      const foreign = foreignInspection(firm);
      const before = [count('adas_inspection'), count('adas_inspection_result'), count('history')];
      for (const inspection of [unknownInspection(), foreign.adasInspection]) {
        const res = await host.api(token, call, { body: body(inspection, foreign.adasChecklistMatrix) });
        expect(res, `${name} ${inspection}`).toEqual({ status: 404, body: { error: 'Inspection not found' } });
      }
      expect([count('adas_inspection'), count('adas_inspection_result'), count('history')]).toEqual(before);
    });
  }
});

describe('a vehicle naming a make id the decoder does not know', () => {
  const unknownMake = () => (host.db.prepare('SELECT max(make_id) FROM vehicle_make').pluck().get() as number) + 1;
  const vehicle = (makeId: number) => ({ vehicle: 0, year: 2020, make: 'Honda', makeId, model: 'Civic' });

  it('vehicle/saveVehicle: 400 on makeId, nothing written', async () => {
    const token = await host.token(1);
    const before = count('vehicle');
    const res = await host.api(token, contract.vehicles.saveVehicle, { body: vehicle(unknownMake()) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['makeId']);
    expect(count('vehicle')).toBe(before);
  });

  it('adas/createAdas: 400 on vehicle.makeId, nothing written', async () => {
    const token = await host.token(1);
    const before = [count('vehicle'), count('adas')];
    const res = await host.api(token, a.createAdas, { body: { ronumber: 'RO-1', vehicle: vehicle(unknownMake()) } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['vehicle.makeId']);
    expect([count('vehicle'), count('adas')]).toEqual(before);
  });

  it('a known make id is still saved', async () => {
    const token = await host.token(1);
    const makeId = host.db.prepare("SELECT make_id FROM vehicle_make WHERE name = 'Honda'").pluck().get() as number;
    const res = await host.api(token, contract.vehicles.saveVehicle, { body: vehicle(makeId) });
    expect(res.status).toBe(200);
  });
});

describe('log/saveRecord: a time the record ids can hold', () => {
  const SECRET = 's'.repeat(40);
  const save = (timestamp: string) =>
    host.api(null, contract.log.saveRecord, {
      headers: { [SERVICE_SECRET_HEADER]: SECRET },
      body: { timestamp, level: 'Error', name: 'app.test', message: 'm', machineName: 'test' },
    });
  beforeEach(() => {
    host.ctx.serviceSecret = SECRET;
  });

  it('refuses years the id scheme cannot hold (400 on timestamp), writes nothing; log/entries keeps answering', async () => {
    const before = count('app_log');
    for (const timestamp of ['9999-12-31T23:59:59.999Z', '0000-01-01T00:00:00Z', '2250-01-01T00:00:00Z', '1969-12-31T23:59:59Z']) {
      const res = await save(timestamp);
      expect(res.status, timestamp).toBe(400);
      expect(Object.keys(res.body.fieldErrors), timestamp).toEqual(['timestamp']);
    }
    expect(count('app_log')).toBe(before);
    const token = await host.token(1);
    for (const direction of ['asc', 'desc'] as const)
      expect((await host.api(token, contract.log.entries, { query: { direction } })).status).toBe(200);
  });

  it('accepts the edges of the range', async () => {
    for (const timestamp of ['1970-01-01T00:00:00Z', '2199-12-31T23:59:59.999Z'])
      expect((await save(timestamp)).status, timestamp).toBe(200);
  });

  it('log/entries still answers when the store holds a record whose id is past the largest safe integer', async () => {
    // A record written before the bound existed: ms × 1024 of the year 9999.
    host.db
      .prepare(
        "INSERT INTO app_log (id, timestamp, level, name, message, machine_name) VALUES (259483956019198976, '9999-12-31T23:59:59.999Z', 4, 'x', 'm', 'test')",
      )
      .run();
    const token = await host.token(1);
    for (const direction of ['asc', 'desc'] as const) {
      const res = await host.api(token, contract.log.entries, { query: { direction, pageSize: 5 } });
      expect(res.status, direction).toBe(200);
      expect(res.body.items.length, direction).toBeGreaterThan(0);
    }
  });
});

describe('values the property-based API test found answering 500', () => {
  it('blog/saveBlog: an image address whose escape is no UTF-8 text is 400 on imageUrl, nothing written', async () => {
    const token = await host.token(1);
    const before = count('blog');
    for (const imageUrl of ['file/image?firm=1&name=L%pHm', 'file/image?firm=1&name=a%C3', 'file/image?firm=1&name=a%']) {
      const res = await host.api(token, contract.blog.saveBlog, {
        body: { blog: -1, blogName: 'Post', blogType: 1, blogStatus: 1, content: '<p>Text</p>', imageUrl },
      });
      expect(res.status, imageUrl).toBe(400);
      expect(Object.keys(res.body.fieldErrors), imageUrl).toEqual(['imageUrl']);
    }
    expect(count('blog')).toBe(before);
  });

  it('a JSON null body is not the object a call takes: 400', async () => {
    const token = await host.token(1);
    const res = await host.app.inject({
      method: 'POST',
      url: '/api/contact/deleteRelated?id=1',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(res.statusCode).toBe(400);
  });
});
