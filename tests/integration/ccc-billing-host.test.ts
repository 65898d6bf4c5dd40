/**
 * What a request bills and the push to CCC after a preview (docs/dashboard.md#what-a-request-bills,
 * docs/calibrations.md): before the inspection is Complete the quote goes as it stands; once Complete only
 * the calibrations done, the Failed and not-performed ones left out with why; the request's total follows
 * the same rule; the push sends exactly what the preview showed (409 when the lines changed since); a
 * Declined request bills nothing; the request names its approver. 400, 404 across firms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVin } from '../../api-host/vehicles/data';
import { RESULT, STATUS } from '../../lib/adas/rules';
import { contract } from '../../lib/contract';
import type { CallDef } from '../../lib/contract/define';
import { RAV4_LINES, bmsXml } from '../support/estimates';
import { startTestHost, type ContractInput, type TestHost } from '../../testkit/host';
import { multipart } from '../../testkit/images';
import { must } from '../../testkit/must';

const c = contract.calibrations;
const a = contract.adas;
let host: TestHost;
let manager: string;
let shop: string;
let otherShop: string;
let adas: number;
let inspection: number;
let request: number;

const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = shop) => host.ok(token, call, input);

async function newJob(ro: string): Promise<{ adas: number; inspection: number }> {
  let n = ro.length * 7919;
  const vin = makeVin('2T3', 'W1RF', 2022, 100000 + (n % 900000), () => ((n = (n * 16807) % 2147483647) % 1000) / 1000);
  const created = await ok(a.createAdas, {
    body: { firm: 6, ronumber: ro, vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4', vin }, inspection: {} },
  });
  const id = must(created.adasInspection, 'the inspection');
  const { body, contentType } = await multipart([{ name: 'e.xml', bytes: Buffer.from(bmsXml(RAV4_LINES)), type: 'application/xml' }]);
  const up = await host.app.inject({
    method: 'POST',
    url: `/api/bms/upload?adas=${created.id}`,
    headers: { 'content-type': contentType, authorization: `Bearer ${shop}` },
    payload: body,
  });
  expect(up.statusCode).toBe(200);
  return { adas: created.id, inspection: id };
}

async function requestFor(job: { adas: number; inspection: number }): Promise<number> {
  const scrub = await ok(c.scrub, { query: { adas: job.adas, adasInspection: job.inspection } });
  expect(scrub.calibrations.length).toBeGreaterThanOrEqual(2);
  const { id } = await ok(a.createCalibrate, {
    body: {
      firm: 6,
      adasInspection: job.inspection,
      year: 2022,
      make: 'Toyota',
      model: 'RAV4',
      reason: 'Estimate triggers calibrations',
      lines: scrub.calibrations.map((x) => ({
        adasChecklistMatrix: x.adasChecklistMatrix,
        system: x.system,
        calibrationType: x.calibrationType,
        calibrationMode: x.calibrationMode,
        price: 95 + x.adasChecklistMatrix,
      })),
    },
  });
  return id;
}

beforeAll(async () => {
  host = await startTestHost();
  [manager, shop, otherShop] = await Promise.all([host.token(4), host.token(5), host.token(17)]);
  host.db.prepare("UPDATE firm SET ccc_id = 'CCC-6' WHERE firm = 6").run();
  ({ adas, inspection } = await newJob('RO-BILL-1'));
  request = await requestFor({ adas, inspection });
});
afterAll(() => host?.close());

describe('what a request bills and the CCC preview', () => {
  it('before completion: the quote as it stands, every line, its total', async () => {
    const r = must(await ok(c.request, { query: { adasInspection: inspection } }), 'request');
    const p = await ok(c.previewCCC, { query: { adasInspection: inspection } });
    expect(p.billing.basis).toBe('quoted');
    expect(p.billing.lines.map((l) => l.system)).toEqual(r.lines.map((l) => l.system));
    expect(p.billing.leftOut).toEqual([]);
    expect(p.billing.total).toBeCloseTo(
      r.lines.reduce((s, l) => s + (l.price ?? 0), 0),
      2,
    );
    expect(r.total).toBe(p.billing.total);
    expect(p.problems).toEqual([]);
    expect(p.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the approver and the time of approval, not the creator', async () => {
    // Only a manager approves (403 for a shop user): the approver named is the manager.
    expect((await host.api(shop, c.saveRequestStatus, { body: { calibrateRequest: request, statusName: 'Approved' } })).status).toBe(403);
    await ok(c.saveRequestStatus, { body: { calibrateRequest: request, statusName: 'Approved' } }, manager);
    const r = must(await ok(c.request, { query: { adasInspection: inspection } }), 'request');
    const managerName = host.db
      .prepare(
        "SELECT trim(ct.first_name || ' ' || ct.last_name) FROM user u JOIN contact ct ON ct.contact = u.contact WHERE u.username = 'role4@example.com'",
      )
      .pluck()
      .get();
    expect(r.approvedByName).toBe(managerName);
    expect(r.approvedAt).toBeTruthy();
    expect(r.approvedByName).not.toBe(r.createdByName);
  });

  it('once Complete: only the calibrations done; the Failed one left out with why; the request total follows', async () => {
    const record = await ok(a.adasInspection, { query: { adasInspection: inspection } });
    const r = must(await ok(c.request, { query: { adasInspection: inspection } }), 'request');
    const done = must(r.lines[0], 'a first line');
    const failed = must(r.lines[1], 'a second line');
    const results = record.results.map((x) => ({
      adasChecklistMatrix: x.adasChecklistMatrix,
      result:
        x.adasChecklistMatrix === done.adasChecklistMatrix
          ? RESULT.calibrated
          : x.adasChecklistMatrix === failed.adasChecklistMatrix
            ? RESULT.failed
            : null,
      isNotEquipped: x.adasChecklistMatrix !== done.adasChecklistMatrix && x.adasChecklistMatrix !== failed.adasChecklistMatrix,
      notes: x.adasChecklistMatrix === failed.adasChecklistMatrix ? 'Target board damaged – part ordered' : '',
    }));
    await ok(a.saveAdasInspectionResults, { body: { adasInspection: inspection, results } });
    await ok(a.updateStatusAdasInspection, { body: { adasInspection: inspection, status: STATUS.complete } });

    const p = await ok(c.previewCCC, { query: { adasInspection: inspection } });
    expect(p.billing.basis).toBe('performed');
    expect(p.billing.lines.map((l) => l.system)).toEqual([done.system]);
    expect(p.billing.lines[0]?.price).toBe(done.price);
    const out = must(
      p.billing.leftOut.find((l) => l.system === failed.system),
      'the failed line left out',
    );
    expect(out.why).toMatch(/^Failed/);
    expect(p.billing.total).toBe(done.price);

    const after = must(await ok(c.request, { query: { adasInspection: inspection } }), 'request');
    expect(after.statusName).toBe('Completed');
    expect(after.total).toBe(done.price);
    expect(after.quotedTotal).toBeCloseTo(
      r.lines.reduce((s, l) => s + (l.price ?? 0), 0),
      2,
    );
    expect(after.billing?.leftOut.map((l) => l.system)).toContain(failed.system);
  });

  it('sends exactly what the preview showed; a stale preview is 409 and sends nothing', async () => {
    const p = await ok(c.previewCCC, { query: { adasInspection: inspection } });
    const stale = await host.api(shop, c.pushToCCC, { query: { adasInspection: inspection, digest: 'a'.repeat(64) } });
    expect(stale.status).toBe(409);
    expect(host.db.prepare('SELECT count(*) FROM ccc_submission WHERE adas_inspection = ?').pluck().get(inspection)).toBe(0);
    const sent = await ok(c.pushToCCC, { query: { adasInspection: inspection, digest: p.digest } });
    expect(sent).toMatchObject({ accepted: true, lines: 1 });
    const payload = JSON.parse(
      host.db.prepare('SELECT payload FROM ccc_submission WHERE adas_inspection = ? AND accepted = 1').pluck().get(inspection) as string,
    ) as { system: string; price: number }[];
    expect(payload.map((l) => l.system)).toEqual(p.billing.lines.map((l) => l.system));
  });

  it('a Declined request bills nothing, every line left out saying so', async () => {
    const job = await newJob('RO-BILL-2');
    const id = await requestFor(job);
    await ok(c.saveRequestStatus, { body: { calibrateRequest: id, statusName: 'Declined', reason: 'Insurer refused' } }, manager);
    const p = await ok(c.previewCCC, { query: { adasInspection: job.inspection } });
    expect(p.billing).toMatchObject({ basis: 'refused', lines: [], total: 0 });
    expect(p.billing.leftOut.every((l) => l.why === 'The request is Declined: nothing of it is billed.')).toBe(true);
    expect(p.problems).toContain('There is nothing to send: no calibration line is billed.');
  });

  it('without a request: the scrub as quoted', async () => {
    const job = await newJob('RO-BILL-3');
    const scrub = await ok(c.scrub, { query: { adas: job.adas, adasInspection: job.inspection } });
    const p = await ok(c.previewCCC, { query: { adasInspection: job.inspection } });
    expect(p.requestStatus).toBeNull();
    expect(p.billing.lines.map((l) => l.system)).toEqual(scrub.calibrations.map((x) => x.system));
  });

  it('400 for bad input, 404 across firms', async () => {
    expect((await host.api(shop, c.previewCCC, { query: {} as never })).status).toBe(400);
    expect((await host.api(shop, c.pushToCCC, { query: { adasInspection: inspection, digest: 'nope' } })).status).toBe(400);
    expect((await host.api(otherShop, c.previewCCC, { query: { adasInspection: inspection } })).status).toBe(404);
    expect((await host.api(shop, c.previewCCC, { query: { adasInspection: 99_999_999 } })).status).toBe(404);
    expect((await host.api(otherShop, c.pushToCCC, { query: { adasInspection: inspection } })).status).toBe(404);
  });
});
