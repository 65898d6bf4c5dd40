/**
 * A "scanned" copy of a text PDF, as a shop's scanner makes one: each page rendered to an image (pdfjs with
 * @napi-rs/canvas) at `dpi`, turned a little, speckled with noise and softened (sharp), then put back into a
 * PDF as images only (pdfkit), with no text layer.
 */
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { openPdf, pageImage } from '../../api-host/intake/pdf';
import { seeded } from './corpus';

export interface ScanOptions {
  dpi?: number;
  /** Degrees; alternates in sign page to page. */
  rotate?: number;
  /** Share of pixels flipped to speckles. */
  noise?: number;
  seed?: string;
}

async function degrade(png: Buffer, o: Required<ScanOptions>, page: number): Promise<Buffer> {
  const angle = page % 2 ? o.rotate : -o.rotate * 0.7;
  const { data, info } = await sharp(png)
    .rotate(angle, { background: '#ffffff' })
    .blur(0.5)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = seeded(`${o.seed}:${page}`);
  for (let i = 0; i < data.length; i++) {
    const r = random();
    if (r < o.noise) data[i] = random() < 0.5 ? 40 : 255;
    else data[i] = Math.max(0, Math.min(255, data[i]! + Math.round((random() - 0.5) * 24)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
}

export async function scanPdf(pdfBytes: Buffer, opts: ScanOptions = {}): Promise<Buffer> {
  const o: Required<ScanOptions> = { dpi: 200, rotate: 0.6, noise: 0.002, seed: 'scan', ...opts };
  const pdf = await openPdf(new Uint8Array(pdfBytes), 1000);
  const doc = new PDFDocument({ size: 'LETTER', margin: 0, autoFirstPage: false, info: { Producer: 'scanner' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const image = await pageImage(page, o.dpi);
    const scanned = await degrade(image.png, o, n);
    doc.addPage({ size: 'LETTER', margin: 0 });
    doc.image(scanned, 0, 0, { width: 612, height: 792 });
  }
  await pdf.destroy();
  doc.end();
  return done;
}
