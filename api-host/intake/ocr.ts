/**
 * OCR of page images with tesseract.js and the English data shipped by @tesseract.js-data/eng (nothing is
 * downloaded at run time). One tesseract worker per intake worker thread, made on first use and kept.
 * Answers the page's words with their boxes and confidences, as the printout reader takes them.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { PageText, TextItem } from '../../lib/intake/printout';

const require = createRequire(import.meta.url);
const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let worker: Promise<Worker> | null = null;

function ocrWorker(): Promise<Worker> {
  worker ??= (async () => {
    const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
    await w.setParameters({
      tessedit_pageseg_mode: (process.env.INTAKE_OCR_PSM as PSM | undefined) ?? PSM.SINGLE_COLUMN,
      preserve_interword_spaces: '1',
      user_defined_dpi: '300',
    });
    return w;
  })();
  return worker;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The words OCR reads on a page image, in the image's pixels. Scanner speckles are filtered out first (a 3×3 median). */
export async function ocrPage(png: Buffer, number: number, width: number, height: number): Promise<PageText> {
  const w = await ocrWorker();
  const clean = await sharp(png).greyscale().median(3).png().toBuffer();
  const { data } = await w.recognize(clean, {}, { blocks: true, text: false });
  const words = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
  // Word boxes hug their letters: every word gets at least the page's usual text height, so "." and "a" sit in their row.
  const textHeight = median(words.filter((x) => x.text.trim().length >= 3).map((x) => x.bbox.y1 - x.bbox.y0)) || 20;
  const items: TextItem[] = [];
  for (const word of words) {
    const str = word.text.trim();
    const conf = Math.max(0, Math.min(1, word.confidence / 100));
    const { x0, y0, x1, y1 } = word.bbox;
    // Specks read as punctuation: marks alone, small or unsure.
    if (!str || (/^[^A-Za-z0-9&]+$/.test(str) && (conf < 0.6 || (y1 - y0 < textHeight * 0.5 && !/^[-–/+]$/.test(str))))) continue;
    const h = Math.max(y1 - y0, textHeight);
    items.push({ str, x: x0, y: (y0 + y1) / 2 - h / 2, w: x1 - x0, h, conf });
  }
  return { number, width, height, items };
}

export async function endOcr(): Promise<void> {
  const w = await worker;
  worker = null;
  await w?.terminate();
}
