/**
 * Intake at the reference host (lib/contract/intake.ts), through its routes with real tokens and the real
 * worker pool: a PDF printout and an EMS export (zipped and loose) read, previewed beside the scrub's
 * reading, and stored only on confirmation with the job's fields the user chose; a supplement's changes;
 * pasted lines; and every refusal: 400 (not an estimate, encrypted, no LIN, 1,000-deep XML), 403, 404
 * across firms and users, 413 (size, lines while streaming, pages, zip bomb) and 429 with Retry-After.
 */
import PDFDocument from 'pdfkit';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import type { IntakeRead } from '../../lib/contract/intake';
import { INTAKE_UPLOADS_PER_WINDOW } from '../../lib/contract/intake';
import { startTestHost, type TestHost } from '../../testkit/host';
import { multipart } from '../../testkit/images';
import { bigBms } from '../../testkit/intake/bms';
import { sourceEstimates, supplementOf, type SourceEstimate } from '../../testkit/intake/corpus';
import { emsFiles, emsZip } from '../../testkit/intake/ems';
import { printEstimate } from '../../testkit/intake/print';

const i = contract.intake;
let host: TestHost;
let shop: string; // role5, firm 6
let manager: string; // role4, firm 6
let otherShop: string; // role17, firm 9
let noRole: string;

const estimate: SourceEstimate = sourceEstimates().find((e) => e.layout === 'ccc' && e.vehicle.make === 'Hyundai')!;

async function newJob(ronumber = 'RO-INTAKE-1'): Promise<number> {
  const created = await host.ok(shop, contract.adas.createAdas, {
    body: { firm: 6, ronumber, vehicle: { vehicle: -1, year: 2022, make: 'Hyundai', model: 'Palisade' }, inspection: {} },
  });
  return created.id;
}

type Answer = { status: number; body: IntakeRead & { error?: string }; headers: Record<string, unknown> };

async function upload(
  token: string,
  adas: number,
  files: { name: string; bytes: Buffer }[],
  url = `/api/intake/read?adas=${adas}`,
): Promise<Answer> {
  const { body, contentType } = await multipart(files.map((f) => ({ ...f, type: 'application/octet-stream' })));
  const res = await host.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** Polls a read until it is done or failed. */
async function finished(token: string, read: IntakeRead): Promise<IntakeRead> {
  let r = read;
  for (let n = 0; r.state === 'reading' && n < 120; n++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    r = await host.ok(token, i.status, { query: { read: r.read } });
  }
  return r;
}

async function readFile(token: string, adas: number, files: { name: string; bytes: Buffer }[]): Promise<IntakeRead> {
  const up = await upload(token, adas, files);
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  return finished(token, up.body);
}

const lineCount = async (adas: number) => (await host.ok(shop, contract.adas.repairLines, { query: { adas } })).length;

async function pdf(draw: (d: PDFKit.PDFDocument) => void, opts: object = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', ...opts });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return done;
}

beforeAll(async () => {
  host = await startTestHost();
  [shop, manager, otherShop] = await Promise.all([host.token(5), host.token(4), host.token(17)]);
  noRole = await host.token(await host.addUser({ role: null, firm: 6 }));
});
afterAll(() => host?.close());

describe('a PDF printout, previewed then stored', () => {
  it('reads the lines and the header, stores nothing before the confirmation, then takes the fields chosen', async () => {
    const adas = await newJob();
    const read = await readFile(shop, adas, [{ name: 'estimate.pdf', bytes: await printEstimate(estimate) }]);
    expect(read.state).toBe('done');
    const p = read.preview!;
    expect(p.layoutName).toBe('CCC ONE');
    expect(p.estimate.source).toBe('pdf');
    expect(p.estimate.lines.map((l) => [l.operation, l.description, l.section])).toEqual(
      estimate.lines.map((l) => [l.operation, l.description, l.section]),
    );
    expect(p.scrub.lines).toHaveLength(estimate.lines.length);
    expect(p.supplement).toBeNull();
    const field = (f: string) => p.fields.find((x) => x.field === f)!;
    expect(field('vin')).toMatchObject({ fromFile: estimate.vehicle.vin, onJob: '', action: 'fill' });
    expect(field('roNumber')).toMatchObject({ fromFile: estimate.header.roNumber, onJob: 'RO-INTAKE-1', action: 'overwrite' });
    expect(field('claimNumber')).toMatchObject({ fromFile: estimate.header.claimNumber, action: 'fill' });
    // Nothing is written before the confirmation.
    expect(await lineCount(adas)).toBe(0);

    const saved = await host.ok(shop, i.confirm, { body: { read: read.read, apply: ['vin', 'claimNumber'] } });
    expect(saved.applied.sort()).toEqual(['claimNumber', 'vin']);
    expect(saved.estimate.source).toBe('pdf');
    expect(saved.estimate.header).toMatchObject({ roNumber: estimate.header.roNumber, claimNumber: estimate.header.claimNumber });
    expect(await lineCount(adas)).toBe(estimate.lines.length);
    const job = host.db
      .prepare('SELECT a.ronumber, a.claim_number AS claim, v.vin FROM adas a JOIN vehicle v ON v.vehicle = a.vehicle WHERE a.adas = ?')
      .get(adas);
    expect(job).toEqual({ ronumber: 'RO-INTAKE-1', claim: estimate.header.claimNumber, vin: estimate.vehicle.vin });
    const stored = host.db
      .prepare('SELECT part_number, price_cents, hours FROM adas_repair_line WHERE adas = ? AND part_number <> ? ORDER BY line_num LIMIT 1')
      .get(adas, '') as { price_cents: number; hours: number };
    expect(stored.price_cents).toBeGreaterThan(0);
    // A read is confirmed once.
    expect((await host.api(shop, i.confirm, { body: { read: read.read, apply: [] } })).status).toBe(404);
  });
});

describe('an EMS export and a supplement', () => {
  it('reads a zip and the loose files alike, and shows what a supplement adds, removes and changes', async () => {
    const adas = await newJob('RO-INTAKE-2');
    const zipped = await readFile(shop, adas, [{ name: 'estimate.zip', bytes: await emsZip(estimate) }]);
    expect(zipped.preview!.estimate.source).toBe('ems');
    expect(zipped.preview!.estimate.lines).toHaveLength(estimate.lines.length);
    expect(zipped.preview!.estimate.lines.every((l) => !/^OP\d/.test(l.operation))).toBe(true);
    const loose = Object.entries(await emsFiles(estimate)).map(([name, bytes]) => ({ name, bytes }));
    const fromLoose = await readFile(shop, adas, loose);
    expect(fromLoose.preview!.estimate.lines).toEqual(zipped.preview!.estimate.lines);
    await host.ok(shop, i.confirm, { body: { read: zipped.read, apply: [] } });

    const supplement = supplementOf(estimate);
    const next = await readFile(shop, adas, [{ name: 'supplement.zip', bytes: await emsZip(supplement) }]);
    const diff = next.preview!.supplement!;
    expect(diff.added.map((l) => l.description)).toEqual(['Front radar sensor', 'Calibrate front radar']);
    expect(diff.removed.length).toBe(estimate.lines.length - supplement.lines.length + 2);
    expect(diff.changed.map((c) => c.what)).toEqual([['operation']]);
    expect(next.preview!.estimate.header.supplement).toBe(1);
    expect(next.preview!.job.lineCount).toBe(estimate.lines.length);
    expect(Array.isArray(diff.calibrationsAdded) && Array.isArray(diff.calibrationsDropped)).toBe(true);
  });

  it('reads pasted lines into the same preview', async () => {
    const adas = await newJob('RO-INTAKE-3');
    const read = await host.ok(shop, i.readText, { body: { adas, text: 'FRONT BUMPER\n1 Repl Bumper cover\n2 R&I Grille assy' } });
    expect(read.state).toBe('done');
    expect(read.preview!.estimate.lines.map((l) => l.description)).toEqual(['Bumper cover', 'Grille assy']);
    expect((await host.api(shop, i.readText, { body: { adas, text: '   ' } })).status).toBe(400);
  });
});

describe('refusals', () => {
  let adas: number;
  beforeAll(async () => {
    adas = await newJob('RO-INTAKE-4');
  });

  it('400: not an estimate, encrypted, broken, an EMS set without LIN, a BMS file nested 1,000 levels deep, a wrong field', async () => {
    const letter = await pdf((d) => d.text('Dear customer, thank you for your visit.'));
    const locked = await pdf((d) => d.text('Estimate'), { userPassword: 'x', ownerPassword: 'y' });
    const cases: [string, Buffer, RegExp][] = [
      ['letter.pdf', letter, /No estimate line table/],
      ['locked.pdf', locked, /protected by a password/],
      ['broken.pdf', Buffer.from('%PDF-1.7\ngarbage'), /PDF/],
      ['deep.xml', Buffer.from('<a>'.repeat(1000) + 'x' + '</a>'.repeat(1000)), /nests its elements/],
      ['photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), /neither a PDF/],
    ];
    for (const [name, bytes, message] of cases) {
      const up = await upload(shop, adas, [{ name, bytes }]);
      expect(up.status, name).toBe(400);
      expect(up.body.error, name).toMatch(message);
    }
    const noLin = Object.entries(await emsFiles(estimate, { without: ['LIN'] })).map(([name, bytes]) => ({ name, bytes }));
    expect((await upload(shop, adas, noLin)).body.error).toMatch(/no LIN table/);
    const { body, contentType } = await multipart([{ name: 'e.csv', bytes: Buffer.from('Description\nx') }], 'Other');
    const wrongField = await host.app.inject({
      method: 'POST',
      url: `/api/intake/read?adas=${adas}`,
      headers: { 'content-type': contentType, authorization: `Bearer ${shop}` },
      payload: body,
    });
    expect(wrongField.statusCode).toBe(400);
    expect((await upload(shop, adas, [], `/api/intake/read?adas=x`)).status).toBe(400);
    // The older call refuses the same files the same way.
    expect((await upload(shop, adas, [{ name: 'deep.xml', bytes: cases[3]![1] }], `/api/bms/upload?adas=${adas}`)).status).toBe(400);
    expect(await lineCount(adas)).toBe(0);
  });

  it('403 without a role; 404 for a job, an inspection or a read the caller does not reach', async () => {
    const csv = [{ name: 'e.csv', bytes: Buffer.from('Description\nBumper cover') }];
    expect((await upload(noRole, adas, csv)).status).toBe(403);
    expect((await upload(otherShop, adas, csv)).status).toBe(404);
    expect((await upload(shop, 999_999, csv)).status).toBe(404);
    const inspection = host.db
      .prepare('SELECT adas_inspection FROM adas_inspection WHERE adas <> ? ORDER BY adas_inspection LIMIT 1')
      .pluck()
      .get(adas) as number;
    expect((await upload(shop, adas, csv, `/api/intake/read?adas=${adas}&adasInspection=${inspection}`)).status).toBe(404);
    const read = await readFile(shop, adas, csv);
    expect((await host.api(manager, i.status, { query: { read: read.read } })).status).toBe(404);
    expect((await host.api(manager, i.confirm, { body: { read: read.read, apply: [] } })).status).toBe(404);
    expect((await host.api(shop, i.status, { query: { read: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    expect((await host.api(shop, i.status, { query: { read: 'nope' } })).status).toBe(400);
    expect((await host.api(otherShop, i.readText, { body: { adas, text: 'Repl Bumper' } })).status).toBe(404);
  });

  it('413: more than 5 MB, more lines than an estimate has (while streaming), more pages than an estimate file has, a zip bomb', async () => {
    const big = await upload(manager, adas, [{ name: 'big.csv', bytes: Buffer.alloc(6 * 1024 * 1024, 'a') }]);
    expect(big.status).toBe(413);
    expect(big.body.error).toMatch(/at most 5 MB/);
    const tooManyLines = await upload(manager, adas, [{ name: 'many.xml', bytes: bigBms(2100, 3 * 1024 * 1024) }]);
    expect(tooManyLines.status).toBe(413);
    expect(tooManyLines.body.error).toMatch(/at most 2,000 lines/);
    const pages = await pdf((d) => {
      for (let n = 1; n < 500; n++) d.addPage().text(`Notes page ${n}`);
    });
    const long = await upload(manager, adas, [{ name: 'long.pdf', bytes: pages }]);
    expect(long.status).toBe(413);
    expect(long.body.error).toMatch(/500 pages/);
    const bomb = Buffer.from(zipSync({ 'E.LIN': new Uint8Array(200 * 1024 * 1024) }, { level: 9 }));
    const bombed = await upload(manager, adas, [{ name: 'bomb.zip', bytes: bomb }]);
    expect(bombed.status).toBe(413);
    expect(await lineCount(adas)).toBe(0);
  });

  it('429 with Retry-After past the uploads a user may make, others unaffected', async () => {
    const user = await host.token(await host.addUser({ role: 5, firm: 6 }));
    const csv = [{ name: 'e.csv', bytes: Buffer.from('Description\nBumper cover') }];
    for (let n = 0; n < INTAKE_UPLOADS_PER_WINDOW; n++) expect((await upload(user, adas, csv)).status).toBe(200);
    const refused = await upload(user, adas, csv);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.error).toMatch(/You uploaded 30 estimates in 10 minutes\. Please wait \d+ minutes?/);
    expect((await upload(shop, adas, csv)).status).toBe(200);
  });
});
