/**
 * A PDF's pages as positioned text (pdfjs-dist's legacy build, the one that runs on Node), for the
 * printout reader (lib/intake/printout.ts). Pages without a text layer are rendered to images
 * (@napi-rs/canvas) for OCR. Runs in the intake worker only (worker.ts): never on the host's thread.
 */
import { createCanvas } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OPS, getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem as PdfTextItem } from 'pdfjs-dist/types/src/display/api';
import { IntakeError } from '../../lib/intake/estimate';
import type { PageText, TextItem } from '../../lib/intake/printout';

const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

export async function openPdf(bytes: Uint8Array, maxPages: number): Promise<PDFDocumentProxy> {
  let pdf: PDFDocumentProxy;
  try {
    pdf = await getDocument({
      // pdfjs takes a plain Uint8Array, not a Buffer (a view of the same bytes).
      data: Buffer.isBuffer(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl,
      verbosity: 0,
      stopAtErrors: true,
    }).promise;
  } catch (e) {
    const name = (e as Error).name;
    if (name === 'PasswordException')
      throw new IntakeError('The PDF is protected by a password: print or save the estimate again without one, then upload it.');
    if (name === 'InvalidPDFException')
      throw new IntakeError('The file is not a readable PDF (it is damaged or not a PDF): save or print the estimate to PDF again.');
    throw new IntakeError(`The PDF could not be read (${(e as Error).message.slice(0, 120)}): save or print the estimate to PDF again.`);
  }
  if (pdf.numPages > maxPages) {
    await pdf.destroy();
    throw new IntakeError(`The PDF has ${pdf.numPages} pages: an estimate file has at most ${maxPages}. Upload the estimate alone.`, 413);
  }
  return pdf;
}

/** A page's text layer as positioned runs (empty when the page is an image only). */
export async function pageText(page: PDFPageProxy, number: number): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs = content.items.filter((i): i is PdfTextItem => 'str' in i && i.str.trim() !== '');
  // Font names (bold headings) are known once the page's operators were read.
  if (runs.length) await page.getOperatorList();
  const boldOf = new Map<string, boolean>();
  const items: TextItem[] = runs.map((i) => {
    if (!boldOf.has(i.fontName)) {
      let bold = false;
      try {
        const font = page.commonObjs.get(i.fontName) as { bold?: boolean; name?: string } | undefined;
        bold = !!font?.bold || /bold|black|heavy/i.test(font?.name ?? '');
      } catch {
        bold = false;
      }
      boldOf.set(i.fontName, bold);
    }
    const [x, y] = viewport.convertToViewportPoint(i.transform[4], i.transform[5]) as [number, number];
    const h = Math.hypot(i.transform[2], i.transform[3]) || i.height;
    return { str: i.str, x, y: y - h * 0.8, w: i.width, h, bold: boldOf.get(i.fontName) };
  });
  return { number, width: viewport.width, height: viewport.height, items };
}

const IMAGE_OPS = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);

/**
 * A scanned page: one that holds an image and (almost) no text. A page with a few words only (a footer on
 * an otherwise blank page) and no image is not read by OCR.
 */
export async function isScanned(page: PDFPageProxy, text: PageText): Promise<boolean> {
  if (text.items.reduce((n, i) => n + i.str.trim().length, 0) >= 40) return false;
  const ops = await page.getOperatorList();
  return ops.fnArray.some((fn) => IMAGE_OPS.has(fn));
}

/** A page rendered to a PNG at `dpi`, for OCR. */
export async function pageImage(page: PDFPageProxy, dpi: number): Promise<{ png: Buffer; width: number; height: number; scale: number }> {
  const scale = dpi / 72;
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  return { png: await canvas.encode('png'), width: canvas.width, height: canvas.height, scale };
}
