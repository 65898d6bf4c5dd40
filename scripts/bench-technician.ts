/**
 * Figures of issue 30 (printed, never asserted): `npm run bench:technician`.
 * 1. A 12-megapixel camera JPEG (4000×3000, noisy like a real photo, with EXIF) to a stored thumbnail:
 *    the bytes the browser sends after preparing it (the same long edge and quality as lib/evidence/resize.ts,
 *    encoded here with sharp, as Node has no canvas) beside the camera's file, and the host's time from
 *    the upload to the stored photo and thumbnail (adas/uploadEvidence through fastify's inject, the real
 *    area code, in-memory database).
 * 2. A queue of 200 result changes replayed in order, one call each as the page sends them (with their
 *    base versions): the time until the queue is empty, at the host.
 * The browser's own decode/resize time is not measured here (it needs a browser): tests/e2e/evidence.spec.ts
 * checks its outcome.
 */
import sharp from 'sharp';
import { contract } from '../lib/contract';
import { EVIDENCE_JPEG_QUALITY, EVIDENCE_LONG_EDGE } from '../lib/evidence/limits';
import { multipart } from '../testkit/images';
import { startTestHost } from '../testkit/host';

const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;

async function cameraPhoto(): Promise<Buffer> {
  const [w, h] = [4000, 3000];
  const raw = Buffer.alloc(w * h * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = ((i / 3) % w) * 0.05 + (seed % 64);
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .withExif({ IFD0: { Make: 'PhoneCam' } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function main() {
  const host = await startTestHost();
  try {
    const shop = await host.token(5);
    const created = await host.ok(shop, contract.adas.createAdas, {
      body: { firm: 6, ronumber: 'RO-BENCH', vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
    });
    const { adasInspection } = created;
    if (adasInspection === null) throw new Error('createAdas answered no inspection');
    const items = await host.ok(shop, contract.adas.adasInspectionItems, { query: { adasInspection } });
    const [first] = items;
    if (!first) throw new Error('The inspection has no systems');

    const photo = await cameraPhoto();
    let t = performance.now();
    const sent = await sharp(photo)
      .rotate()
      .resize({ width: EVIDENCE_LONG_EDGE, height: EVIDENCE_LONG_EDGE, fit: 'inside' })
      .jpeg({ quality: Math.round(EVIDENCE_JPEG_QUALITY * 100) })
      .toBuffer();
    const prepareMs = performance.now() - t;
    const { body, contentType } = await multipart([{ name: '6/IMG_0001.jpg', bytes: sent, type: 'image/jpeg' }]);
    t = performance.now();
    const res = await host.app.inject({
      method: 'POST',
      url: `/api/adas/uploadEvidence?adasInspectionResult=${first.adasInspectionResult}`,
      headers: { 'content-type': contentType, authorization: `Bearer ${shop}` },
      payload: body,
    });
    const hostMs = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode}: ${res.body}`);
    // The same photo sent unprepared, as a client that skipped the browser's step would: the host re-encodes it.
    t = performance.now();
    const raw = await multipart([{ name: '6/IMG_0002.jpg', bytes: photo, type: 'image/jpeg' }]);
    const unprepared = await host.app.inject({
      method: 'POST',
      url: `/api/adas/uploadEvidence?adasInspectionResult=${first.adasInspectionResult}`,
      headers: { 'content-type': raw.contentType, authorization: `Bearer ${shop}` },
      payload: raw.body,
    });
    const rawMs = performance.now() - t;

    console.log('12-megapixel JPEG to stored thumbnail');
    console.log(`  camera file                         ${kb(photo.length)}`);
    console.log(
      `  sent after preparing (2048 px JPEG) ${kb(sent.length)}  (${((sent.length / photo.length) * 100).toFixed(1)} % of the camera file; prepared in ${prepareMs.toFixed(0)} ms with sharp)`,
    );
    console.log(`  host: upload to stored photo + thumbnail  ${hostMs.toFixed(0)} ms`);
    console.log(
      `  host, same photo unprepared (${unprepared.statusCode === 200 ? 're-encoded there' : `HTTP ${unprepared.statusCode}, over the upload limit`})  ${rawMs.toFixed(0)} ms`,
    );

    const systems = items.slice(0, Math.min(items.length, 10)).map((s) => s.adasChecklistMatrix);
    const versions = new Map<number, number>(systems.map((s) => [s, 1]));
    t = performance.now();
    for (let i = 0; i < 200; i++) {
      const s = systems[i % systems.length] ?? first.adasChecklistMatrix;
      const answer = await host.ok(shop, contract.adas.saveAdasInspectionResults, {
        body: { adasInspection, results: [{ adasChecklistMatrix: s, result: (i % 5) + 1, baseVersion: versions.get(s) }] },
      });
      const [saved] = answer.versions;
      if (!saved) throw new Error('saveAdasInspectionResults answered no version');
      versions.set(s, saved.version);
    }
    const queueMs = performance.now() - t;
    console.log('A queue of 200 result changes replayed in order');
    console.log(`  time to empty  ${queueMs.toFixed(0)} ms  (${(queueMs / 200).toFixed(1)} ms a change)`);
  } finally {
    await host.close();
  }
}

void main();
