/**
 * Evidence on inspections' systems at the reference host (issue 30 §1): photos resized and stripped of
 * metadata, thumbnails made, PDFs kept, other types refused by content with a clear message; firm scoping
 * like every inspection read; removal by whoever added it or a manager; a Complete inspection refuses
 * changes; the report's Evidence section (read back with pdf-parse) and the shared link show them, only when
 * the report preference includes evidence; evidence files are never swept as orphans.
 */
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeOrphans } from '../../api-host/files/orphans';
import { STATUS } from '../../lib/adas/rules';
import { contract } from '../../lib/contract';
import { EXE_AS_PNG, multipart } from '../../testkit/images';
import { startTestHost, type TestHost } from '../../testkit/host';
import { must, two } from '../../testkit/must';

const ev = contract.evidence;
let host: TestHost;
let shop: string; // role 5 at firm 6
let inspection: number;
let results: { adasInspectionResult: number; system: string }[];

/** A minimal PDF as a scan tool writes one (file-type reads its %PDF signature). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A 12-megapixel camera JPEG with EXIF (camera, place). */
const cameraJpeg = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .withExif({ IFD0: { Make: 'PhoneCam', Artist: 'Technician' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' } })
    .jpeg({ quality: 70 })
    .toBuffer();

async function upload(
  token: string | null,
  adasInspectionResult: number,
  files: Parameters<typeof multipart>[0],
  caption = '',
  clientKey?: string,
) {
  const { body, contentType } = await multipart(files);
  const query = new URLSearchParams({ adasInspectionResult: String(adasInspectionResult), caption, ...(clientKey ? { clientKey } : {}) });
  const res = await host.app.inject({
    method: 'POST',
    url: `/api/${ev.uploadEvidence.path}?${query}`,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const file = (token: string, adasEvidence: number, size: 'full' | 'thumb' = 'full') =>
  host.app.inject({
    method: 'GET',
    url: `/api/${ev.evidenceFile.path}?adasEvidence=${adasEvidence}&size=${size}`,
    headers: { authorization: `Bearer ${token}` },
  });

async function reportText(token: string): Promise<string> {
  const res = await host.app.inject({
    method: 'GET',
    url: `/api/${contract.calibrations.calibrationReport.path}?adasInspection=${inspection}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text.replace(/[ \t]+/g, ' ');
}

const rows = () => host.db.prepare('SELECT count(*) FROM adas_evidence WHERE adas_inspection = ?').pluck().get(inspection) as number;

beforeEach(async () => {
  host = await startTestHost();
  shop = await host.token(5);
  const created = await host.ok(shop, contract.adas.createAdas, {
    body: { firm: 6, ronumber: 'RO-EVID-1', vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
  });
  inspection = must(created.adasInspection, 'the new inspection');
  results = await host.ok(shop, contract.adas.adasInspectionItems, { query: { adasInspection: inspection } });
  expect(results.length).toBeGreaterThanOrEqual(2);
});
afterEach(() => host.close());

describe('adding evidence', () => {
  it('keeps a photo resized and without metadata, with a thumbnail, and a PDF as sent', async () => {
    const camera = await cameraJpeg();
    expect((await sharp(camera).metadata()).exif).toBeDefined();
    const added = await upload(
      shop,
      must(results[0], 'results[0]').adasInspectionResult,
      [{ name: '6/target setup.jpg', bytes: camera, type: 'image/jpeg' }],
      'Target board at 1.5 m',
    );
    expect(added.status).toBe(200);
    expect(added.body).toHaveLength(1);
    const [photo] = added.body;
    expect(photo).toMatchObject({
      kind: 'photo',
      fileName: 'target setup.jpg',
      caption: 'Target board at 1.5 m',
      contentType: 'image/jpeg',
      width: 2048,
      height: 1536,
      mayRemove: true,
    });

    const full = await file(shop, photo.adasEvidence);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(full.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif, meta.xmp]).toEqual([2048, 1536, undefined, undefined]);
    const thumb = await sharp((await file(shop, photo.adasEvidence, 'thumb')).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(320);

    const pdf = await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [
      { name: '6/pre-scan.pdf', bytes: PDF, type: 'application/pdf' },
    ]);
    expect(pdf.status).toBe(200);
    expect(pdf.body[0]).toMatchObject({ kind: 'document', fileName: 'pre-scan.pdf', caption: '', width: null });
    const got = await file(shop, pdf.body[0].adasEvidence, 'thumb');
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe('attachment; filename="pre-scan.pdf"');
    expect(got.rawPayload.equals(PDF)).toBe(true);

    const list = await host.ok(shop, ev.evidence, { query: { adasInspection: inspection } });
    expect(list.map((e: { fileName: string }) => e.fileName)).toEqual(['target setup.jpg', 'pre-scan.pdf']);
  });

  it('refuses a file of another type by its content with a clear message, storing nothing', async () => {
    const exe = await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [
      { name: '6/post-scan.pdf', bytes: PDF, type: 'application/pdf' },
      { name: '6/photo.jpg', bytes: EXE_AS_PNG, type: 'image/jpeg' },
    ]);
    expect(exe).toMatchObject({
      status: 400,
      body: { error: 'photo.jpg is not a photo (JPEG or PNG) or a PDF (its content is application/x-msdownload): it was not added.' },
    });
    const text = await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [
      { name: '6/notes.pdf', bytes: Buffer.from('just text'), type: 'application/pdf' },
    ]);
    expect(text).toMatchObject({ status: 400, body: { error: 'notes.pdf is not a photo (JPEG or PNG) or a PDF: it was not added.' } });
    expect(rows()).toBe(0);
  });

  it('a file sent again with the same key (its answer lost) is stored once', async () => {
    const key = 'c0ffee00-1111-4222-8333-444455556666';
    const first = must(
      await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [{ name: '6/scan.pdf', bytes: PDF }], '', key),
      'first',
    );
    const again = await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [{ name: '6/scan.pdf', bytes: PDF }], '', key);
    expect(again.status).toBe(200);
    expect(again.body.map((x: { adasEvidence: number }) => x.adasEvidence)).toEqual(
      first.body.map((x: { adasEvidence: number }) => x.adasEvidence),
    );
    expect(rows()).toBe(1);
    expect(await removeOrphans(host.ctx, { firm: 6, now: Date.now() + 365 * 86_400_000 })).toBe(0);
  });

  it("is scoped to the inspection's firm: another firm's user gets 404 everywhere", async () => {
    const added = await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [{ name: '6/scan.pdf', bytes: PDF }]);
    const stranger = await host.token(17);
    expect((await host.api(stranger, ev.evidence, { query: { adasInspection: inspection } })).status).toBe(404);
    expect((await file(stranger, added.body[0].adasEvidence)).statusCode).toBe(404);
    expect((await upload(stranger, must(results[0], 'results[0]').adasInspectionResult, [{ name: '6/scan.pdf', bytes: PDF }])).status).toBe(
      404,
    );
    expect((await host.api(stranger, ev.removeEvidence, { body: { adasEvidence: added.body[0].adasEvidence } })).status).toBe(404);
    // Files in another folder than the inspection's location are refused.
    expect((await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [{ name: '7/scan.pdf', bytes: PDF }])).status).toBe(
      404,
    );
    expect(rows()).toBe(1);
  });

  it('a Complete inspection takes no evidence and loses none', async () => {
    const added = await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [{ name: '6/scan.pdf', bytes: PDF }]);
    host.db.prepare('UPDATE adas_inspection SET status = ? WHERE adas_inspection = ?').run(STATUS.complete, inspection);
    expect(await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [{ name: '6/scan.pdf', bytes: PDF }])).toMatchObject({
      status: 409,
      body: { error: 'This inspection is Complete: reopen it to add or remove evidence.' },
    });
    expect((await host.api(shop, ev.removeEvidence, { body: { adasEvidence: added.body[0].adasEvidence } })).status).toBe(409);
    expect(rows()).toBe(1);
  });
});

describe('removing evidence', () => {
  it('whoever added it or a manager may; another user of the location may not', async () => {
    const colleague = await host.token(await host.addUser({ role: 5, firm: 6 }));
    const manager = await host.token(4);
    const mine = (await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [{ name: '6/a.pdf', bytes: PDF }])).body[0];
    const second = must(
      (await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [{ name: '6/b.pdf', bytes: PDF }])).body[0],
      'second',
    );
    const theirs = await host.ok(colleague, ev.evidence, { query: { adasInspection: inspection } });
    expect(theirs.map((e: { mayRemove: boolean }) => e.mayRemove)).toEqual([false, false]);
    const refused = await host.api(colleague, ev.removeEvidence, { body: { adasEvidence: mine.adasEvidence } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/^Only .+ or a manager of the location may remove this evidence\.$/);
    await host.ok(shop, ev.removeEvidence, { body: { adasEvidence: mine.adasEvidence } });
    await host.ok(manager, ev.removeEvidence, { body: { adasEvidence: second.adasEvidence } });
    expect(rows()).toBe(0);
    expect((await file(shop, mine.adasEvidence)).statusCode).toBe(404);
    expect((await host.api(shop, ev.removeEvidence, { body: { adasEvidence: mine.adasEvidence } })).status).toBe(404);
  });
});

describe('evidence in the report and on the shared link', () => {
  it('the report has an Evidence section per system with captions and PDF names, unless the preference leaves it out', async () => {
    const [first, second] = two(results, 'the results');
    await upload(shop, first.adasInspectionResult, [{ name: '6/front.jpg', bytes: await cameraJpeg() }], 'Radar target aligned');
    await upload(shop, second.adasInspectionResult, [{ name: '6/post-scan report.pdf', bytes: PDF }], 'No codes after');
    const text = await reportText(shop);
    const evidence = text.slice(text.indexOf('\nEvidence\n'));
    expect(evidence).toContain(first.system);
    expect(evidence).toContain('Radar target aligned');
    expect(evidence).toContain(`${second.system}\nFiles:\n- post-scan report.pdf - No codes after`);

    host.db
      .prepare("INSERT OR REPLACE INTO firm_preference (firm, type, name, value) VALUES (6, 'Report', 'ReportSections', 'systems,links')")
      .run();
    const without = await reportText(shop);
    expect(without).not.toContain('Radar target aligned');
    expect(without).not.toContain('\nEvidence\n');
  });

  it('says so when nothing was attached', async () => {
    expect(await reportText(shop)).toContain('Evidence\nNo photos or files were attached to this inspection.');
  });

  it('the shared link lists each system’s evidence and serves exactly those files', async () => {
    const added = (
      await upload(
        shop,
        must(results[0], 'results[0]').adasInspectionResult,
        [{ name: '6/front.jpg', bytes: await cameraJpeg() }],
        'Radar target aligned',
      )
    ).body[0];
    const link = await host.ok(shop, contract.links.createShareLink, { body: { adasInspection: inspection } });
    const shared = await host.ok(null, contract.links.sharedInspection, { query: { token: link.token } });
    expect(must(shared.systems[0], 'systems[0]').evidence).toEqual([
      { adasEvidence: added.adasEvidence, kind: 'photo', fileName: 'front.jpg', caption: 'Radar target aligned' },
    ]);
    const get = (adasEvidence: number) =>
      host.app.inject({
        method: 'GET',
        url: `/api/${contract.links.sharedEvidence.path}?token=${link.token}&adasEvidence=${adasEvidence}&size=thumb`,
      });
    const thumb = await get(added.adasEvidence);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['cache-control']).toBe('no-store');
    // Evidence of another inspection is not reachable through this link.
    const other = await host.ok(shop, contract.adas.createAdas, {
      body: { firm: 6, ronumber: 'RO-EVID-2', vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
    });
    const otherItems = await host.ok(shop, contract.adas.adasInspectionItems, { query: { adasInspection: other.adasInspection } });
    const foreign = (await upload(shop, must(otherItems[0], 'otherItems[0]').adasInspectionResult, [{ name: '6/x.pdf', bytes: PDF }]))
      .body[0];
    expect((await get(foreign.adasEvidence)).statusCode).toBe(404);
  });

  it('evidence files are not taken for orphans', async () => {
    await upload(shop, must(results[0], 'results[0]').adasInspectionResult, [{ name: '6/front.jpg', bytes: await cameraJpeg() }]);
    expect(await removeOrphans(host.ctx, { firm: 6, now: Date.now() + 365 * 86_400_000 })).toBe(0);
  });
});
