/**
 * The intake worker: reads one estimate upload into lines, off the host's thread (pool.ts runs it in a
 * worker thread with a deadline). Picks the reader by the file's content: a PDF (its text layer, else OCR of
 * its page images), a zip of EMS files or loose EMS tables, BMS XML, else a CSV. Answers the estimate read,
 * or the problem in words; progress (pages read, OCR) goes back on the task's port.
 */
import type { MessagePort } from 'node:worker_threads';
import { readBms } from '../../lib/intake/bms';
import { readCsv } from '../../lib/intake/csv';
import { readEmsTables } from '../../lib/intake/ems';
import { IntakeError, isIntakeError, type ReadEstimate } from '../../lib/intake/estimate';
import { readPrintout, type PageText } from '../../lib/intake/printout';
import { emsTableOf, isZip, readEmsFiles, unzipEms } from './ems-files';
import { ocrPage } from './ocr';
import { isScanned, openPdf, pageImage, pageText } from './pdf';

export interface ReadLimits {
  maxPages: number;
  /** Pages without a text layer read by OCR, at most. */
  maxOcrPages: number;
  ocrDpi: number;
  confidenceFloor: number;
}

export interface ReadTask {
  files: { name: string; bytes: Uint8Array }[];
  limits: ReadLimits;
  port?: MessagePort;
}

export interface ReadProgress {
  stage: 'text' | 'ocr';
  page: number;
  pages: number;
}

export type ReadOutcome = { ok: true; estimate: ReadEstimate } | { ok: false; status: 400 | 413; message: string };

const isPdf = (b: Uint8Array) => Buffer.from(b.subarray(0, 1024)).includes('%PDF-');
const isDbf = (b: Uint8Array) =>
  b.length > 32 && [0x02, 0x03, 0x30, 0x31, 0x83, 0x8b, 0xf5].includes(b[0]!) && b[1]! < 200 && b[2]! >= 1 && b[2]! <= 12;

async function readPdf(bytes: Uint8Array, limits: ReadLimits, progress: (p: ReadProgress) => void): Promise<ReadEstimate> {
  const pdf = await openPdf(bytes, limits.maxPages);
  try {
    const pages: PageText[] = [];
    let ocred = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      let text = await pageText(page, n);
      if (await isScanned(page, text)) {
        // No text layer: a scanned page.
        if (++ocred > limits.maxOcrPages)
          throw new IntakeError(
            `The PDF has more than ${limits.maxOcrPages} scanned pages: upload the estimate's pages alone, or the estimating system's own PDF or EMS export.`,
            413,
          );
        progress({ stage: 'ocr', page: n, pages: pdf.numPages });
        const image = await pageImage(page, limits.ocrDpi);
        text = await ocrPage(image.png, n, image.width, image.height);
      } else progress({ stage: 'text', page: n, pages: pdf.numPages });
      pages.push(text);
      page.cleanup();
    }
    return readPrintout(pages, { confidenceFloor: limits.confidenceFloor });
  } finally {
    await pdf.destroy();
  }
}

async function readFiles({ files, limits, port }: ReadTask): Promise<ReadEstimate> {
  const progress = (p: ReadProgress) => port?.postMessage(p);
  const buffers = files.map((f) => ({ name: f.name, bytes: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength) }));
  if (buffers.length > 1) {
    const strays = buffers.filter((f) => !emsTableOf(f.name)).map((f) => f.name);
    if (strays.length)
      throw new IntakeError(
        `Several files are read as one EMS export (.ENV, .AD1, .VEH, .LIN, .TTL…); ${strays.join(', ')} is not an EMS file. Upload other estimates one at a time.`,
      );
    return readEmsTables(await readEmsFiles(buffers));
  }
  const [file] = buffers;
  if (!file || !file.bytes.length) throw new IntakeError('The file is empty: choose the estimate file again.');
  const { name, bytes } = file;
  if (isPdf(bytes)) return readPdf(bytes, limits, progress);
  if (isZip(bytes)) {
    const inside = await unzipEms(bytes);
    if (!inside.length)
      throw new IntakeError(
        `${name} holds no EMS files (.ENV, .AD1, .VEH, .LIN, .TTL…): zip the estimate's EMS export, or upload its PDF or BMS file.`,
      );
    return readEmsTables(await readEmsFiles(inside));
  }
  if (emsTableOf(name) || isDbf(bytes)) {
    if (!emsTableOf(name))
      throw new IntakeError(
        `${name} is a dBase file but not an EMS table (.LIN, .VEH, .AD1, .ENV…): upload the EMS files with their own names.`,
      );
    return readEmsTables(await readEmsFiles([file]));
  }
  if (bytes.subarray(0, 8192).includes(0))
    throw new IntakeError(`${name} is neither a PDF, an EMS export, a BMS XML file nor a CSV: upload the estimate as one of these.`);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trimStart().startsWith('<') || /\.(xml|bms)$/i.test(name)) return readBms(text);
  return readCsv(text);
}

export default async function read(task: ReadTask): Promise<ReadOutcome> {
  try {
    return { ok: true, estimate: await readFiles(task) };
  } catch (e) {
    if (isIntakeError(e)) return { ok: false, status: e.status, message: e.message };
    return {
      ok: false,
      status: 400,
      message: `The file could not be read as an estimate (${(e as Error).message?.slice(0, 160) ?? 'unknown error'}).`,
    };
  } finally {
    task.port?.close();
  }
}
