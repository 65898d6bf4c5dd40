/**
 * Prints an estimate as CCC ONE, Mitchell or Audatex/Qapter print theirs (pdfkit): each system's column
 * order and headings, the vehicle block and header on the first page, a short header and the column
 * headings repeated on every page, descriptions wrapping inside their column, section headings in bold,
 * a footer with the page number, and a totals block and a notes page that are not lines.
 */
import PDFDocument from 'pdfkit';
import type { PrintLayout } from '../../lib/intake/estimate';
import type { SourceEstimate, SourceLine } from './corpus';

interface Col {
  label: string;
  x: number;
  w: number;
  align?: 'right';
  cell: (l: SourceLine) => string;
}

const money = (n: number | null) => (n == null ? '' : n.toFixed(2));
const hrs = (n: number | null) => (n == null ? '' : n.toFixed(1));
const refinish = (l: SourceLine) => /^(refn|rfn|refinish|blnd|blend)/i.test(l.operation);

const COLUMNS: Record<PrintLayout, Col[]> = {
  ccc: [
    { label: 'Line', x: 36, w: 22, cell: (l) => String(l.lineNum) },
    { label: 'Oper', x: 60, w: 64, cell: (l) => l.operation },
    { label: 'Description', x: 126, w: 190, cell: (l) => l.description },
    { label: 'Part Number', x: 320, w: 84, cell: (l) => l.partNumber },
    { label: 'Qty', x: 406, w: 20, align: 'right', cell: (l) => (l.quantity == null ? '' : String(l.quantity)) },
    { label: 'Extended Price $', x: 430, w: 64, align: 'right', cell: (l) => money(l.price) },
    { label: 'Labor', x: 500, w: 34, align: 'right', cell: (l) => (refinish(l) ? '' : hrs(l.hours)) },
    { label: 'Paint', x: 540, w: 34, align: 'right', cell: (l) => (refinish(l) ? hrs(l.hours) : '') },
  ],
  mitchell: [
    { label: 'Line', x: 36, w: 22, cell: (l) => String(l.lineNum) },
    { label: 'Entry\nNumber', x: 60, w: 40, cell: (l) => String(900000 + l.lineNum * 13) },
    { label: 'Labor\nType', x: 104, w: 34, cell: (l) => l.labourType },
    { label: 'Operation', x: 140, w: 82, cell: (l) => l.operation },
    { label: 'Line Item Description', x: 224, w: 170, cell: (l) => l.description },
    { label: 'Part Type/\nPart Number', x: 398, w: 100, cell: (l) => [l.partType, l.partNumber].filter(Boolean).join(' ') },
    { label: 'Dollar\nAmount', x: 500, w: 44, align: 'right', cell: (l) => money(l.price) },
    { label: 'Labor\nUnits', x: 548, w: 30, align: 'right', cell: (l) => hrs(l.hours) },
  ],
  audatex: [
    { label: 'Line', x: 36, w: 22, cell: (l) => String(l.lineNum) },
    { label: 'Guide', x: 60, w: 30, cell: (l) => `${String.fromCharCode(65 + (l.lineNum % 6))}${10 + (l.lineNum % 80)}` },
    { label: 'Operation', x: 92, w: 70, cell: (l) => l.operation },
    { label: 'Description', x: 164, w: 176, cell: (l) => l.description },
    { label: 'Part No.', x: 344, w: 80, cell: (l) => l.partNumber },
    { label: 'Qty', x: 426, w: 18, align: 'right', cell: (l) => (l.quantity == null ? '' : String(l.quantity)) },
    { label: 'Price', x: 446, w: 56, align: 'right', cell: (l) => money(l.price) },
    { label: 'Labor', x: 506, w: 32, align: 'right', cell: (l) => (refinish(l) ? '' : hrs(l.hours)) },
    { label: 'Paint', x: 542, w: 32, align: 'right', cell: (l) => (refinish(l) ? hrs(l.hours) : '') },
  ],
};

const TITLE: Record<PrintLayout, (e: SourceEstimate) => string> = {
  ccc: (e) => (e.header.supplement ? `Supplement of Record ${e.header.supplement} with Summary` : 'Estimate of Record'),
  mitchell: (e) => (e.header.supplement ? `Supplement ${e.header.supplement}` : 'Original Estimate'),
  audatex: (e) => (e.header.supplement ? `Supplement ${e.header.supplement}` : 'Estimate'),
};

const FONT = 8;
const PITCH = 11;
const BOTTOM = 724;

/** Words of `text` wrapped into lines at most `width` wide. */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && doc.widthOfString(next) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  return [...out, line];
}

export interface PrintOptions {
  /** Extra blank pages of notes after the totals (the 500-page file). */
  notesPages?: number;
  /** Leave out the notes page. */
  noNotes?: boolean;
}

export function printEstimate(e: SourceEstimate, opts: PrintOptions = {}): Promise<Buffer> {
  // The footer sits in the bottom margin: a smaller bottom margin keeps pdfkit from starting a page for it.
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 36, left: 36, right: 36, bottom: 20 },
    bufferPages: true,
    info: { Title: `Estimate ${e.header.roNumber}`, Producer: 'intake fixtures' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const cols = COLUMNS[e.layout];
  const descCol = cols.find((c) => /description/i.test(c.label))!;
  const v = e.vehicle;
  const h = e.header;
  const text = (s: string, x: number, y: number, o: PDFKit.Mixins.TextOptions = {}) => doc.text(s, x, y, { lineBreak: false, ...o });
  const regular = () => doc.font('Helvetica').fontSize(FONT);
  const bold = () => doc.font('Helvetica-Bold').fontSize(FONT);

  const firstHeader = () => {
    doc.font('Helvetica-Bold').fontSize(12);
    text({ ccc: 'CCC ONE Estimating', mitchell: 'Mitchell Cloud Estimating', audatex: 'Qapter - Audatex Estimate' }[e.layout], 36, 36);
    doc.fontSize(10);
    text(TITLE[e.layout](e), 36, 54);
    regular();
    text('Harbor Collision Center  1200 Harbor Blvd  Long Beach CA 90813  (562) 555-0144', 36, 70);
    const rows: [string, string][] =
      e.layout === 'ccc'
        ? [
            ['Owner:', 'Jordan Ellis'],
            ['Insurance Company:', h.insurer],
            ['Claim #:', h.claimNumber],
            ['RO Number:', h.roNumber],
            ['Workfile ID:', `${e.id.length}a7f3c2e`],
          ]
        : e.layout === 'mitchell'
          ? [
              ['Claim #:', h.claimNumber],
              ['Insurance Company:', h.insurer],
              ['Repair Order #:', h.roNumber],
              ['Estimate Version:', TITLE.mitchell(e)],
              ['Insured:', 'Jordan Ellis'],
            ]
          : [
              ['Claim Number:', h.claimNumber],
              ['Insurance Co.:', h.insurer],
              ['R.O. #:', h.roNumber],
              ['Version:', h.supplement ? `S0${h.supplement}` : 'E01'],
              ['Owner:', 'Jordan Ellis'],
            ];
    rows.forEach(([label, value], i) => {
      bold();
      text(label, 36, 90 + i * 12);
      regular();
      text(value, 130, 90 + i * 12);
    });
    const vehicleRows: [string, string][] =
      e.layout === 'audatex'
        ? [
            ['Year:', String(v.year)],
            ['Make:', v.make],
            ['Model:', `${v.model}`],
            ['VIN:', v.vin],
          ]
        : [
            ['Vehicle:', `${v.year} ${e.layout === 'ccc' ? v.make.toUpperCase() : v.make} ${v.model} ${v.trim}`],
            ['VIN:', v.vin],
            ['License:', '8ABC123 CA'],
            ['Mileage In:', '41,227'],
          ];
    vehicleRows.forEach(([label, value], i) => {
      bold();
      text(label, 330, 90 + i * 12);
      regular();
      text(value, 400, 90 + i * 12);
    });
    return 160;
  };
  const pageHeader = () => {
    regular();
    text(`${h.roNumber}   ${v.year} ${v.make} ${v.model}   ${TITLE[e.layout](e)}`, 36, 36);
    return 56;
  };
  const columnHeadings = (y: number) => {
    bold();
    const twoLines = cols.some((c) => c.label.includes('\n'));
    for (const c of cols)
      c.label.split('\n').forEach((part, i) => text(part, c.x, y + i * 9, c.align ? { width: c.w, align: c.align } : {}));
    const under = y + (twoLines ? 19 : 10);
    doc.moveTo(36, under).lineTo(576, under).lineWidth(0.5).stroke();
    return under + PITCH - 6;
  };

  let y = columnHeadings(firstHeader());
  const newPage = () => {
    doc.addPage();
    y = columnHeadings(pageHeader());
  };
  let section = '';
  for (const l of e.lines) {
    regular();
    const wrapped = wrap(doc, l.description, descCol.w);
    const needed = (l.section !== section ? PITCH + 4 : 0) + wrapped.length * PITCH;
    if (y + needed > BOTTOM) newPage();
    if (l.section !== section) {
      section = l.section;
      if (section) {
        y += 4;
        bold();
        text(section, descCol.x, y);
        y += PITCH;
      }
    }
    regular();
    for (const c of cols) {
      const value = c === descCol ? wrapped[0]! : c.cell(l);
      if (value) text(value, c.x, y, c.align ? { width: c.w, align: c.align } : {});
    }
    y += PITCH;
    for (const more of wrapped.slice(1)) {
      text(more, descCol.x, y);
      y += PITCH;
    }
  }
  // Totals: not lines.
  if (y + 110 > BOTTOM) newPage();
  y += 14;
  bold();
  text(e.layout === 'ccc' ? 'ESTIMATE TOTALS' : e.layout === 'mitchell' ? 'Estimate Totals' : 'TOTALS', 36, y);
  regular();
  const parts = e.lines.reduce((s, l) => s + (l.price ?? 0), 0);
  const labour = e.lines.reduce((s, l) => s + (l.hours ?? 0), 0);
  [
    ['Parts', money(parts)],
    ['Body Labor', `${labour.toFixed(1)} hrs @ $62.00/hr`],
    ['Paint Supplies', '212.40'],
    ['Sales Tax', money(parts * 0.0925)],
    ['Grand Total', money(parts * 1.0925 + labour * 62 + 212.4)],
  ].forEach(([label, value], i) => {
    text(label!, 60, y + 14 + i * 12);
    text(value!, 300, y + 14 + i * 12, { width: 80, align: 'right' });
  });
  if (!opts.noNotes) {
    doc.addPage();
    y = pageHeader();
    bold();
    text('Estimate Notes', 36, y);
    regular();
    doc.text(
      'All parts are new OEM unless noted. 1 Repl line items above are subject to the insurer review. Labor rates per the repair agreement. ' +
        'Pre- and post-repair scans are recorded on the repair order. This is not a line: 12 Repl Bumper cover 389.00 2.5',
      36,
      y + 14,
      { width: 520 },
    );
  }
  for (let i = 0; i < (opts.notesPages ?? 0); i++) {
    doc.addPage();
    regular();
    text(`Notes page ${i + 1}`, 36, 56);
  }
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    regular();
    text(`01/15/2026 09:42 AM`, 36, 748);
    text(`Page ${p + 1} of ${range.count}`, 480, 748, { width: 96, align: 'right' });
  }
  doc.end();
  return done;
}
