/**
 * Estimate printouts read back into lines (lib/intake/printout.ts over pdfjs's text layer,
 * api-host/intake/pdf.ts): each vendor's layout with its column order, wrapped descriptions, section
 * headings, repeated page headers, totals and notes pages; the vehicle and header; what is not an estimate;
 * and OCR'd words (confidences, a missed line number, look-alike characters in a VIN).
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { openPdf, pageText } from '../../api-host/intake/pdf';
import { IntakeError, type PrintLayout } from '../../lib/intake/estimate';
import { readPrintout, type PageText, type TextItem } from '../../lib/intake/printout';
import { sourceEstimates, type SourceEstimate } from '../../testkit/intake/corpus';
import { printEstimate } from '../../testkit/intake/print';

async function pagesOf(bytes: Buffer): Promise<PageText[]> {
  const pdf = await openPdf(new Uint8Array(bytes), 100);
  const pages: PageText[] = [];
  for (let n = 1; n <= pdf.numPages; n++) pages.push(await pageText(await pdf.getPage(n), n));
  await pdf.destroy();
  return pages;
}

const estimates = sourceEstimates();
const byLayout = (layout: PrintLayout) => estimates.filter((e) => e.layout === layout);
/** A description long enough to wrap in every layout's column. */
const LONG = 'Pre-repair and post-repair diagnostic scan of all modules with printed report and OEM procedure research';

function withLongLines(e: SourceEstimate): SourceEstimate {
  return { ...e, lines: e.lines.map((l, i) => (i % 5 === 2 ? { ...l, description: `${LONG} ${i}` } : l)) };
}

describe.each(['ccc', 'mitchell', 'audatex'] as const)('the %s layout', (layout) => {
  it('reads every line (operation, description, section), wrapped descriptions whole, and no totals or notes as lines', async () => {
    for (const e of byLayout(layout).slice(0, 3).map(withLongLines)) {
      const read = readPrintout(await pagesOf(await printEstimate(e)));
      expect(read.layout).toBe(layout);
      expect(read.source).toBe('pdf');
      expect(read.pages).toBeGreaterThan(1);
      expect(read.lines.map((l) => [l.lineNum, l.operation, l.description, l.section])).toEqual(
        e.lines.map((l) => [l.lineNum, l.operation, l.description, l.section]),
      );
      expect(read.lines.every((l) => l.confidence === null)).toBe(true);
    }
  });

  it('reads the vehicle block and the header', async () => {
    const e = byLayout(layout)[0]!;
    const read = readPrintout(await pagesOf(await printEstimate(e)));
    expect(read.vehicle).toMatchObject({ vin: e.vehicle.vin, vinChecked: true, year: e.vehicle.year, model: e.vehicle.model });
    expect(read.vehicle.make.toLowerCase()).toBe(e.vehicle.make.toLowerCase());
    expect(read.header).toMatchObject({
      roNumber: e.header.roNumber,
      claimNumber: e.header.claimNumber,
      insurer: e.header.insurer,
      supplement: e.header.supplement,
    });
  });

  it("reads the figures printed in the layout's columns", async () => {
    const e = byLayout(layout)[0]!;
    const read = readPrintout(await pagesOf(await printEstimate(e)));
    const replaced = e.lines.findIndex((l) => l.partNumber);
    expect(read.lines[replaced]).toMatchObject({
      partNumber: e.lines[replaced]!.partNumber,
      price: e.lines[replaced]!.price,
      hours: e.lines[replaced]!.hours,
    });
  });
});

async function textPdf(draw: (doc: PDFKit.PDFDocument) => void, opts: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', ...opts });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return done;
}

describe('what is not an estimate printout', () => {
  it('refuses a PDF without an estimate line table, naming the problem', async () => {
    const letter = await textPdf((d) =>
      d.text('Dear customer, thank you for your visit. Line items will follow. Description of services below.'),
    );
    expect(() => readPrintout([])).toThrow(IntakeError);
    const pages = await pagesOf(letter);
    expect(() => readPrintout(pages)).toThrow(/No estimate line table was found/);
  });

  it('refuses a password-protected PDF and a broken one', async () => {
    const locked = await textPdf((d) => d.text('Estimate'), {
      userPassword: 'secret',
      ownerPassword: 'owner',
    } as PDFKit.PDFDocumentOptions);
    await expect(openPdf(new Uint8Array(locked), 100)).rejects.toThrow(/protected by a password/);
    await expect(openPdf(new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF')), 100)).rejects.toBeInstanceOf(
      IntakeError,
    );
  });

  it('refuses more pages than an estimate file may have, before reading them', async () => {
    const many = await textPdf((d) => {
      for (let i = 1; i < 120; i++) d.addPage().text(`Page ${i}`);
    });
    await expect(openPdf(new Uint8Array(many), 100)).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/120 pages/) });
  });
});

describe("OCR'd words", () => {
  // Words as OCR gives them: one item a word, each with a confidence; a 1-degree tilt across the page.
  const H = 24;
  const tilt = Math.tan((1 * Math.PI) / 180);
  const words = (text: string, x: number, y: number, conf = 0.95): TextItem[] => {
    let at = x;
    return text.split(' ').map((w) => {
      const item = { str: w, x: at, y: y + at * tilt, w: w.length * 12, h: H, conf };
      at += w.length * 12 + 12;
      return item;
    });
  };
  const page = (rows: TextItem[][]): PageText => ({ number: 1, width: 1700, height: 2200, items: rows.flat() });
  const heading = [
    ...words('Line', 100, 300),
    ...words('Oper', 200, 300),
    ...words('Description', 400, 300),
    ...words('Part Number', 1000, 300),
    ...words('Price', 1400, 300),
  ];

  it('levels tilted rows, flags unsure lines and numbers a line whose number was missed after the one above', () => {
    const read = readPrintout(
      [
        page([
          [...words('VIN:', 100, 100), ...words('1HGCM82633A004352', 200, 100)],
          heading,
          words('FRONT BUMPER', 400, 360),
          [...words('1', 100, 400), ...words('Repl', 200, 400), ...words('Bumper cover', 400, 400), ...words('389.00', 1400, 400)],
          [...words('2', 100, 440), ...words('R&l', 200, 440), ...words('Grille assy', 400, 440, 0.55)],
          [...words('Rpr', 200, 480), ...words('Hood', 400, 480), ...words('1.0', 1400, 480)],
        ]),
      ],
      { confidenceFloor: 0.8 },
    );
    expect(read.source).toBe('ocr');
    expect(read.lines.map((l) => [l.lineNum, l.operation, l.description, l.section])).toEqual([
      [1, 'Repl', 'Bumper cover', 'FRONT BUMPER'],
      [2, 'R&I', 'Grille assy', 'FRONT BUMPER'],
      [3, 'Rpr', 'Hood', 'FRONT BUMPER'],
    ]);
    expect(read.lines.map((l) => (l.confidence ?? 1) < 0.8)).toEqual([false, true, true]);
    expect(read.problems.map((p) => p.what).join(' ')).toMatch(/line number of "Hood" was not read/);
    expect(read.problems.map((p) => p.what).join(' ')).toMatch(/low confidence/);
    expect(read.vehicle).toMatchObject({ vin: '1HGCM82633A004352', vinChecked: true });
  });

  it('sets right an operation one look-alike or dropped letter from one printed word, and marks the line', () => {
    const read = readPrintout(
      [
        page([
          heading,
          [...words('1', 100, 400), ...words('Bind', 200, 400), ...words('Bumper cover', 400, 400)],
          [...words('2', 100, 440), ...words('Sub', 200, 440), ...words('Alignment', 400, 440)],
          [...words('3', 100, 480), ...words('Xyz', 200, 480), ...words('Hood', 400, 480)],
        ]),
      ],
      { confidenceFloor: 0.8 },
    );
    expect(read.lines.map((l) => [l.operation, (l.confidence ?? 1) < 0.8])).toEqual([
      ['Blnd', true],
      ['Subl', true],
      ['Xyz', false],
    ]);
    expect(read.problems.map((p) => p.what).join(' ')).toMatch(/read as "Bind" and is taken as Blnd/);
  });

  it('takes a VIN one look-alike character from a valid check digit, and says so', () => {
    const read = readPrintout([
      page([
        [...words('VIN:', 100, 100), ...words('1HGCM8Z633A004352', 200, 100)],
        heading,
        [...words('1', 100, 400), ...words('Repl', 200, 400), ...words('Bumper', 400, 400)],
      ]),
    ]);
    expect(read.vehicle.vin).toBe('1HGCM82633A004352');
    expect(read.problems.map((p) => p.what).join(' ')).toMatch(/read as 1HGCM8Z633A004352/);
  });
});
