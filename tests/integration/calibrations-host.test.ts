/**
 * The reference host's calibration calls (issue 14) through its routes with real tokens: estimate upload
 * (BMS XML, CSV, and each kind of bad file), scrub and getBMS, quote with the insurer price check,
 * prediction, requests and notes (unread counts, roles), the report preference, PDF and sending through
 * the mail stand-in, the CCC stand-in's acceptance and refusals, and the evaluation of a scrub; 400, 403
 * and 404 across firms for each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVin } from '../../api-host/vehicles/data';
import { contract } from '../../lib/contract';
import type { CallDef } from '../../lib/contract/define';
import { RAV4_LINES, XML_BOMB, bmsXml, estimateCsv } from '../support/estimates';
import { startTestHost, type ContractInput, type TestHost } from '../../testkit/host';
import { multipart } from '../../testkit/images';
import { must } from '../../testkit/must';

const c = contract.calibrations;
let host: TestHost;
/** role4: shop admin (a manager) and role5: shop user, both of firm 6; role17: shop user of firm 9; role1: super user. */
let manager: string;
let shop: string;
let otherShop: string;
let admin: string;
let adas: number;
let inspection: number;
let insurer: number;

const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = shop) => host.ok(token, call, input);

async function upload(token: string, job: number, name: string, content: Buffer | string) {
  const { body, contentType } = await multipart([{ name, bytes: Buffer.from(content), type: 'application/octet-stream' }]);
  const res = await host.app.inject({
    method: 'POST',
    url: `/api/bms/upload?adas=${job}`,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { error?: string; lines?: number; source?: string } };
}

beforeAll(async () => {
  host = await startTestHost();
  [manager, shop, otherShop, admin] = await Promise.all([host.token(4), host.token(5), host.token(17), host.token(1)]);
  insurer = host.db
    .prepare('SELECT insurance FROM insurance WHERE firm = 1 AND is_inactive = 0 ORDER BY insurance LIMIT 1')
    .pluck()
    .get() as number;
  // The insurer agrees 350.00 for a static forward camera calibration.
  host.db
    .prepare(
      "INSERT INTO insurance_lookup (insurance, lookup_type, calibration_type, price_cents) VALUES (?, 'price', 'Forward camera – static', 35000) ON CONFLICT DO UPDATE SET price_cents = 35000, is_inactive = 0",
    )
    .run(insurer);
  const created = await ok(contract.adas.createAdas, {
    body: {
      firm: 6,
      ronumber: 'RO-CAL-1',
      insurance: insurer,
      vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' },
      inspection: {},
    },
  });
  adas = created.id;
  inspection = must(created.adasInspection, 'the new inspection');
});
afterAll(() => host?.close());

describe('estimate upload and scrub', () => {
  it("reads a BMS XML estimate into the job's lines and scrubs them: triggered calibrations with lines, notices, links and prices; the rest apart", async () => {
    const up = await upload(shop, adas, 'estimate.xml', bmsXml(RAV4_LINES));
    expect(up).toMatchObject({ status: 200, body: { lines: RAV4_LINES.length, source: 'bms' } });
    const scrub = await ok(c.scrub, { query: { adas, adasInspection: inspection } });
    const camera = must(
      scrub.calibrations.find((x: { system: string }) => x.system === 'Forward Camera'),
      'camera',
    );
    expect(camera.lines.map((l: { lineNum: number }) => l.lineNum)).toEqual([1]);
    expect(camera.calibrationMode).toBe('static');
    expect(camera.price).toBeGreaterThan(0);
    expect(camera.url).toMatch(/^https:/);
    const radar = must(
      scrub.calibrations.find((x: { system: string }) => x.system === 'Front Radar'),
      'radar',
    );
    expect(must(radar.lines[0], 'lines[0]').description).toBe('Front bumper cover');
    expect(scrub.untriggered.map((l: { description: string }) => l.description)).toEqual(
      expect.arrayContaining(['Hood', 'LT Door trim panel']),
    );
    const back = await ok(c.getBMS, { query: { uniqueId: scrub.uniqueId } });
    expect(back.uniqueId).toBe(scrub.uniqueId);
    expect((await host.api(otherShop, c.getBMS, { query: { uniqueId: scrub.uniqueId } })).status).toBe(404);
  });

  it('reads a CSV of lines the same way', async () => {
    const up = await upload(shop, adas, 'estimate.csv', estimateCsv(RAV4_LINES));
    expect(up).toMatchObject({ status: 200, body: { lines: RAV4_LINES.length, source: 'csv' } });
    const lines = await ok(contract.adas.repairLines, { query: { adas } });
    expect(lines.map((l: { operation: string }) => l.operation)).toEqual(['Repl', 'R&I', 'Rpr', 'Subl', 'Repl']);
  });

  it('refuses a file that is not XML, an XML bomb, a 20 MB estimate and a CSV without a description column, keeping the lines it had', async () => {
    const before = await ok(contract.adas.repairLines, { query: { adas } });
    const notXml = await upload(shop, adas, 'estimate.xml', '<VehicleDamageEstimateAddRq><DamageLineInfo>');
    expect(notXml.status).toBe(400);
    expect(notXml.body.error).toMatch(/not valid XML/);
    const bomb = await upload(shop, adas, 'bomb.xml', XML_BOMB);
    expect(bomb.status).toBe(400);
    expect(bomb.body.error).toMatch(/DOCTYPE/);
    const big = await upload(shop, adas, 'big.csv', `Description\n${'x'.repeat(20 * 1024 * 1024)}`);
    expect(big.status).toBe(413);
    expect(big.body.error).toMatch(/at most 5 MB/);
    const noColumn = await upload(shop, adas, 'lines.csv', 'Line,Operation\n1,Repl');
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.error).toMatch(/no line description column/);
    expect(await ok(contract.adas.repairLines, { query: { adas } })).toEqual(before);
    expect((await upload(otherShop, adas, 'estimate.csv', estimateCsv(RAV4_LINES))).status).toBe(404);
  });

  it("scrub: 400 on a bad query, 404 for another firm's inspection or a job it is not of", async () => {
    expect((await host.api(shop, c.scrub, { query: { adas: 'x', adasInspection: inspection } })).status).toBe(400);
    expect((await host.api(otherShop, c.scrub, { query: { adas, adasInspection: inspection } })).status).toBe(404);
    expect((await host.api(shop, c.scrub, { query: { adas: adas + 1, adasInspection: inspection } })).status).toBe(404);
  });
});

describe('quote, price check and prediction', () => {
  it("quotes the scrub at the firm's prices with the insurer's agreed price beside each line", async () => {
    const q = await ok(c.quote, { body: { adasInspection: inspection } });
    expect(q.hasAgreedPrices).toBe(true);
    const camera = must(
      q.lines.find((l: { system: string }) => l.system === 'Forward Camera'),
      'the camera line',
    );
    expect(camera.agreedPrice).toBe(350);
    expect(q.total).toBeCloseTo(
      q.lines.reduce((s: number, l: { price: number | null }) => s + (l.price ?? 0), 0),
      2,
    );
  });

  it('flags a line under the agreed price and a triggered calibration left out', async () => {
    const scrub = await ok(c.scrub, { query: { adas, adasInspection: inspection } });
    const camera = must(
      scrub.calibrations.find((x: { system: string }) => x.system === 'Forward Camera'),
      'the camera',
    );
    const q = await ok(c.quote, {
      body: { adasInspection: inspection, lines: [{ adasChecklistMatrix: camera.adasChecklistMatrix, price: 199.99 }] },
    });
    expect(q.lines[0]).toMatchObject({ price: 199.99, agreedPrice: 350, underAgreed: true });
    expect(q.missing.length).toBe(scrub.calibrations.length - 1);
    expect(q.flagged).toBe(true);
    const bad = await host.api(shop, c.quote, {
      body: { adasInspection: inspection, lines: [{ adasChecklistMatrix: camera.adasChecklistMatrix, price: 1.234 }] },
    });
    expect(bad.status).toBe(400);
    expect((await host.api(otherShop, c.quote, { body: { adasInspection: inspection } })).status).toBe(404);
  });

  it("predicts a vehicle's systems and says on what", async () => {
    const p = await ok(c.predictiveAdas, { body: { year: 2022, make: 'Toyota', model: 'RAV4' } });
    expect(p.systems.map((s: { system: string }) => s.system)).toContain('Forward Camera');
    expect(p.basis).toMatch(/make matrices/);
    expect((await host.api(shop, c.predictiveAdas, { body: { year: 2022, make: '' } })).status).toBe(400);
  });
});

describe('requests and notes', () => {
  let request: number;

  it('creates a request from lists or JSON text, answers lists, and refuses a second one for the inspection', async () => {
    const scrub = await ok(c.scrub, { query: { adas, adasInspection: inspection } });
    const lines = scrub.calibrations.map(
      (x: { adasChecklistMatrix: number; system: string; calibrationType: string; price: number | null }) => ({
        adasChecklistMatrix: x.adasChecklistMatrix,
        system: x.system,
        calibrationType: x.calibrationType,
        price: x.price,
      }),
    );
    const body = {
      firm: 6,
      adasInspection: inspection,
      year: 2022,
      make: 'Toyota',
      model: 'RAV4',
      reason: 'Estimate triggers calibrations',
      notes: 'Please book targets',
      lines: JSON.stringify(lines),
      technicians: '[5]',
      files: [],
    };
    request = (await ok(contract.adas.createCalibrate, { body })).id;
    const r = must(await ok(c.request, { query: { adasInspection: inspection } }), 'the request');
    expect(r).toMatchObject({ calibrateRequest: request, statusName: 'New', adas });
    expect(r.lines.length).toBe(lines.length);
    expect(r.technicians.map((t: { user: number }) => t.user)).toEqual([5]);
    expect(must(r.notes[0], 'notes[0]').note).toBe('Please book targets');
    expect((await host.api(shop, contract.adas.createCalibrate, { body })).status).toBe(400);
    expect(
      (await host.api(shop, contract.adas.createCalibrate, { body: { ...body, adasInspection: null, lines: '{not json' } })).status,
    ).toBe(400);
    expect((await host.api(otherShop, c.request, { query: { adasInspection: inspection } })).status).toBe(404);
  });

  it('notes: a conversation newest last, unread counts per reader, 10,000 characters refused, readBy only oneself', async () => {
    await ok(c.saveRequestNote, { body: { calibrateRequest: request, note: 'Targets tomorrow at 9.' } }, manager);
    expect(must(await ok(c.request, { query: { adasInspection: inspection } }), 'the request').unreadNotes).toBe(1);
    const list = await ok(contract.adas.adass, { query: { firm: 6, searchTerm: 'RO-CAL-1' } });
    expect(
      must(
        list.items.find((r: { adas: number }) => r.adas === adas),
        'the job in the list',
      ).unreadNotes,
    ).toBe(1);
    const notes = await ok(c.requestNotes, { query: { calibrateRequest: request, readBy: 5 } });
    expect(notes.at(-1)).toMatchObject({ note: 'Targets tomorrow at 9.', isNew: true });
    expect(must(await ok(c.request, { query: { adasInspection: inspection } }), 'the request').unreadNotes).toBe(0);
    const long = await host.api(shop, c.saveRequestNote, { body: { calibrateRequest: request, note: 'x'.repeat(10_000) } });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toMatch(/at most 4,000 characters/);
    expect((await host.api(shop, c.requestNotes, { query: { calibrateRequest: request, readBy: 4 } })).status).toBe(403);
    expect((await host.api(otherShop, c.saveRequestNote, { body: { calibrateRequest: request, note: 'hi' } })).status).toBe(404);
    const managers = must(notes.at(-1), 'the last note').calibrateRequestNote;
    expect(
      (await host.api(shop, c.saveRequestNote, { body: { calibrateRequestNote: managers, calibrateRequest: request, note: 'edited' } }))
        .status,
    ).toBe(403);
    expect((await host.api(shop, c.deleteRequestNote, { query: { calibrateRequestNote: managers } })).status).toBe(403);
    expect((await host.api(otherShop, c.deleteRequestNote, { query: { calibrateRequestNote: managers } })).status).toBe(404);
    await ok(c.deleteRequestNote, { query: { calibrateRequestNote: managers } }, manager);
  });

  it('status: a reason for closing ones, a manager for approving', async () => {
    expect((await host.api(shop, c.saveRequestStatus, { body: { calibrateRequest: request, statusName: 'Declined' } })).status).toBe(400);
    expect((await host.api(shop, c.saveRequestStatus, { body: { calibrateRequest: request, statusName: 'Approved' } })).status).toBe(403);
    await ok(
      c.saveRequestStatus,
      { body: { calibrateRequest: request, statusName: 'Approved', reason: 'Insurer approved', reasonSource: 'Insurer' } },
      manager,
    );
    expect(must(await ok(c.request, { query: { adasInspection: inspection } }), 'the request').statusName).toBe('Approved');
    expect((await host.api(otherShop, c.saveRequestStatus, { body: { calibrateRequest: request, statusName: 'Scheduled' } })).status).toBe(
      404,
    );
  });
});

describe('report and CCC', () => {
  it("answers the report preference and the PDF; refuses another firm's inspection", async () => {
    const pref = await ok(c.getReportPreference, { query: { adasInspection: inspection } });
    expect(pref.sections).toContain('systems');
    const pdf = await host.api(shop, c.calibrationReport, { query: { adasInspection: inspection } });
    expect(pdf.status).toBe(200);
    expect(String(pdf.body).startsWith('%PDF')).toBe(true);
    expect((await host.api(otherShop, c.calibrationReport, { query: { adasInspection: inspection } })).status).toBe(404);
    expect((await host.api(shop, c.calibrationReport, { query: { adasInspection: inspection, language: 'de' } })).status).toBe(400);
  });

  it('sends the report through the mail stand-in, kept with its attachment', async () => {
    const sent = await ok(c.sendCalibrationReport, { query: { adasInspection: inspection, to: 'adjuster@example.com' } });
    const mail = host.db
      .prepare(
        'SELECT m.recipient, m.subject, a.file_name, a.content_type, a.size FROM mail m JOIN mail_attachment a ON a.mail = m.mail WHERE m.mail = ?',
      )
      .get(sent.mail) as Record<string, unknown>;
    expect(mail).toMatchObject({
      recipient: 'adjuster@example.com',
      content_type: 'application/pdf',
      file_name: sent.fileName,
      size: sent.size,
    });
    expect(mail.subject).toMatch(/RO-CAL-1/);
    expect((await host.api(shop, c.sendCalibrationReport, { query: { adasInspection: inspection, to: 'not-an-email' } })).status).toBe(400);
    expect(
      (await host.api(otherShop, c.sendCalibrationReport, { query: { adasInspection: inspection, to: 'a@example.com' } })).status,
    ).toBe(404);
  });

  it('pushes to CCC: a refusal in plain words, then accepted, then a duplicate refused', async () => {
    const refused = await ok(c.pushToCCC, { query: { adasInspection: inspection } });
    expect(refused).toMatchObject({ accepted: false });
    expect(refused.message).toMatch(/VIN/);
    let n = 7;
    const vin = makeVin('2T3', 'W1RF', 2022, 424242, () => ((n = (n * 16807) % 2147483647) % 1000) / 1000);
    host.db.prepare('UPDATE vehicle SET vin = ? WHERE vehicle = (SELECT vehicle FROM adas WHERE adas = ?)').run(vin, adas);
    const accepted = await ok(c.pushToCCC, { query: { adasInspection: inspection } });
    expect(accepted).toMatchObject({ accepted: true });
    expect(accepted.reference).toMatch(/^CCC-/);
    const again = await ok(c.pushToCCC, { query: { adasInspection: inspection } });
    expect(again.accepted).toBe(false);
    expect(again.message).toMatch(/already has these calibration lines/);
    expect(host.db.prepare('SELECT count(*) FROM ccc_submission WHERE adas_inspection = ?').pluck().get(inspection)).toBe(3);
    expect((await host.api(otherShop, c.pushToCCC, { query: { adasInspection: inspection } })).status).toBe(404);
  });
});

describe('evaluate records and deleting a request', () => {
  it('lays a scrub out step by step for an administrator only', async () => {
    const e = await ok(c.evaluateRecords, { query: { adas } }, admin);
    expect(e.steps.some((s: { outcome: string; system: string }) => s.outcome === 'triggered' && s.system === 'Forward Camera')).toBe(true);
    const one = await ok(c.evaluateRecords, { query: { adas, repair: 'Replace windshields' } }, admin);
    expect(one.triggered).toContain('Forward Camera');
    expect((await host.api(shop, c.evaluateRecords, { query: { adas } })).status).toBe(403);
    expect((await host.api(admin, c.evaluateRecords, { query: {} })).status).toBe(400);
    expect((await host.api(admin, c.evaluateRecords, { query: { adas: 99_999_999 } })).status).toBe(404);
  });

  it('deletes a request: its creator or a manager, others 403, other firms 404', async () => {
    const r = must(await ok(c.request, { query: { adasInspection: inspection } }), 'the request');
    expect((await host.api(otherShop, c.deleteRequest, { query: { calibrateRequest: r.calibrateRequest } })).status).toBe(404);
    const other = await host.token(await host.addUser({ role: 16, firm: 6 }));
    expect((await host.api(other, c.deleteRequest, { query: { calibrateRequest: r.calibrateRequest } })).status).toBe(403);
    await ok(c.deleteRequest, { query: { calibrateRequest: r.calibrateRequest } });
    expect(await ok(c.request, { query: { adasInspection: inspection } })).toBeNull();
  });
});

describe('seed', () => {
  it('has requests in every status with notes, BMS estimates, scrubs and sent reports', () => {
    const statuses = host.db.prepare('SELECT DISTINCT status_name FROM calibrate_request').pluck().all();
    expect(statuses.length).toBe(8);
    expect(host.db.prepare('SELECT count(*) FROM calibrate_request_note').pluck().get()).toBeGreaterThan(20);
    expect(host.db.prepare("SELECT count(*) FROM adas_estimate WHERE source = 'bms'").pluck().get()).toBeGreaterThan(2);
    expect(host.db.prepare('SELECT count(*) FROM adas_scrub').pluck().get()).toBeGreaterThan(30);
    expect(host.db.prepare('SELECT count(*) FROM report_sent').pluck().get()).toBeGreaterThan(0);
  });
});
