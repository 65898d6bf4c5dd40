/**
 * A calibration request follows its job (issue 31 §4; api-host/calibrations/requests.ts completeRequestsOf):
 * when its inspection completes, an open request becomes Completed in the same transaction, and its
 * history (history/history, kind calibrateRequest) records the change by the user who completed the
 * inspection, like any other status change. A Declined or Cancelled request stays as it is; reopening the
 * inspection leaves a Completed request Completed; a completion that fails changes neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT, STATUS } from '../../lib/adas/rules';
import { contract } from '../../lib/contract';
import { startTestHost, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const a = contract.adas;
let host: TestHost;
/** role5@example.com, a shop user of Brooklyn Collision & Glass (firm 6); role4@example.com, its manager. */
let shop: string;
let manager: string;

beforeAll(async () => {
  host = await startTestHost();
  [shop, manager] = await Promise.all([host.token(5), host.token(4)]);
});
afterAll(() => host?.close());

let serial = 0;
/** A job of firm 6 with its first inspection, every system Passed, and a request on that inspection. */
async function jobWithRequest() {
  serial += 1;
  const created = await host.ok(shop, a.createAdas, {
    body: { firm: 6, ronumber: `RO-FOLLOW-${serial}`, vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
  });
  const inspection = must(created.adasInspection, 'the first inspection');
  const items = await host.ok(shop, a.adasInspectionItems, { query: { adasInspection: inspection } });
  await host.ok(shop, a.saveAdasInspectionResults, {
    body: {
      adasInspection: inspection,
      results: items.map((s) => ({ adasChecklistMatrix: s.adasChecklistMatrix, result: RESULT.passed })),
    },
  });
  const { id: request } = await host.ok(shop, a.createCalibrate, {
    body: { firm: 6, adasInspection: inspection, year: 2022, make: 'Toyota', model: 'RAV4', reason: 'Front bumper replaced' },
  });
  return { adas: created.id, inspection, request };
}

const requestStatus = (request: number) =>
  host.db.prepare('SELECT status_name FROM calibrate_request WHERE calibrate_request = ?').pluck().get(request) as string;
const setInspection = (token: string, adasInspection: number, status: number) =>
  host.api(token, a.updateStatusAdasInspection, { body: { adasInspection, status } });

/** The request's history rows for its Status field, newest first. */
async function statusHistory(request: number) {
  const page = await host.ok(shop, contract.history.history, { query: { kind: 'calibrateRequest', id: request } });
  return page.items.filter((r) => r.part === '' && r.field === 'Status');
}

describe('a calibration request follows its job (issue 31 §4)', () => {
  it('becomes Completed when its inspection completes, with the change in its history by who completed it', async () => {
    const { adas, inspection, request } = await jobWithRequest();
    expect(requestStatus(request)).toBe('New');

    const done = await setInspection(manager, inspection, STATUS.complete);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(requestStatus(request)).toBe('Completed');
    expect((await host.ok(shop, a.adas, { query: { adas } })).status).toBe(STATUS.complete);
    expect(await host.ok(shop, contract.calibrations.request, { query: { adasInspection: inspection } })).toMatchObject({
      statusName: 'Completed',
    });

    const [change] = await statusHistory(request);
    expect(change).toMatchObject({ oldValue: 'New', newValue: 'Completed', byName: expect.stringMatching(/\S/) });
    const managerUser = host.db.prepare("SELECT user FROM user WHERE username = 'role4@example.com'").pluck().get() as number;
    expect(must(change, 'the status change').by).toBe(managerUser);

    // Reopening the inspection leaves the request Completed (nothing is written to it).
    const reopened = await setInspection(manager, inspection, STATUS.open);
    expect(reopened.status).toBe(200);
    expect(requestStatus(request)).toBe('Completed');
    expect(await statusHistory(request)).toHaveLength(1);
  });

  it('leaves a Declined or Cancelled request as it is', async () => {
    for (const statusName of ['Declined', 'Cancelled'] as const) {
      const { inspection, request } = await jobWithRequest();
      await host.ok(manager, contract.calibrations.saveRequestStatus, {
        body: { calibrateRequest: request, statusName, reason: 'Insurer will not pay' },
      });
      const before = (await statusHistory(request)).length;
      expect((await setInspection(shop, inspection, STATUS.complete)).status).toBe(200);
      expect(requestStatus(request)).toBe(statusName);
      expect(await statusHistory(request)).toHaveLength(before);
    }
  });

  it('completes through the inspection dialog’s save too (saveAdasInspection with status Complete)', async () => {
    const { inspection, request } = await jobWithRequest();
    const head = await host.ok(shop, a.adasInspection, { query: { adasInspection: inspection } });
    await host.ok(shop, a.saveAdasInspection, { body: { ...head, status: STATUS.complete } });
    expect(requestStatus(request)).toBe('Completed');
  });

  it('changes neither the inspection nor the request when completing fails part-way (one transaction)', async () => {
    const { adas, inspection, request } = await jobWithRequest();
    // A fault injected where the request is written: the inspection's completion must not stay alone.
    host.db.exec(`CREATE TRIGGER refuse_completed BEFORE UPDATE OF status_name ON calibrate_request
      WHEN NEW.status_name = 'Completed' BEGIN SELECT RAISE(ABORT, 'injected fault'); END`);
    try {
      const res = await setInspection(shop, inspection, STATUS.complete);
      expect(res.status).not.toBe(200);
    } finally {
      host.db.exec('DROP TRIGGER refuse_completed');
    }
    expect(host.db.prepare('SELECT status FROM adas_inspection WHERE adas_inspection = ?').pluck().get(inspection)).toBe(STATUS.open);
    expect(host.db.prepare('SELECT status FROM adas WHERE adas = ?').pluck().get(adas)).toBe(STATUS.open);
    expect(requestStatus(request)).toBe('New');
    expect(await statusHistory(request)).toHaveLength(0);
  });
});
