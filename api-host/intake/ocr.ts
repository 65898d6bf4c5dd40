/**
 * OCR of page images with tesseract.js and the English data shipped by @tesseract.js-data/eng (nothing is
 * downloaded at run time). One tesseract worker per intake worker thread, made on first use and kept.
 * Answers the page's words with their boxes and confidences, as the printout reader takes them.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { PageText, TextItem } from '../../lib/intake/printout';

const require = createRequire(import.meta.url);
const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let worker: Promise<Worker> | null = null;

function ocrWorker(): Promise<Worker> {
  worker ??= (async () => {
    const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
    await w.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, preserve_interword_spaces: '1', user_defined_dpi: '300' });
    return w;
  })();
  return worker;
}

/** The words OCR reads on a page image, in the image's pixels. */
export async function ocrPage(png: Buffer, number: number, width: number, height: number): Promise<PageText> {
  const w = await ocrWorker();
  const { data } = await w.recognize(png, {}, { blocks: true, text: false });
  const items: TextItem[] = [];
  for (const block of data.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words) {
          const str = word.text.trim();
          if (!str) continue;
          const { x0, y0, x1, y1 } = word.bbox;
          // Word boxes hug the letters: the row's height is the line's, so short words sit in their row.
          const h = Math.max(y1 - y0, (line.bbox.y1 - line.bbox.y0) * 0.8);
          items.push({ str, x: x0, y: y1 - h, w: x1 - x0, h, conf: Math.max(0, Math.min(1, word.confidence / 100)) });
        }
  return { number, width, height, items };
}

export async function endOcr(): Promise<void> {
  const w = await worker;
  worker = null;
  await w?.terminate();
}
