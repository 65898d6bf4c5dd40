/**
 * An estimate printout (a PDF's text layer, or the words OCR found on its page images) read back into its
 * line table, vehicle and header. Works from positioned text only, so the same reader serves text and
 * scanned PDFs (docs/intake.md#pdf):
 *
 * - Rows: text whose vertical centres are within half a text height of each other (OCR words are first
 *   turned back by the page's skew). Cells: runs of text with less than a character's gap between them.
 * - The line table starts under its column headings (Line, Oper/Operation, Description, Part Number,
 *   Qty, Price, Labor, Paint, Labor Type… in the order each system prints them), found on every page that
 *   has lines; each cell belongs to the column whose heading it sits under (figures by their right edge).
 * - A row with a line number is a line. A row with only text under Description and no line number is the
 *   line above it wrapping when it follows it at the usual line spacing, else a section heading (bold text
 *   is always a heading). Page headers and footers repeat on every page and are never lines; the table ends
 *   at its totals or notes, and pages without the headings are not read for lines.
 * - The vehicle (VIN, year, make, model) and header (RO, claim number, insurer, version) are read from
 *   their printed labels; a VIN is kept only in its 17-character form, and says whether its check digit holds.
 */
import { LAYOUT_NAMES, type PrintLayout } from './estimate';
import { VIN_FORM, vinCheckDigitHolds } from './codes';
import {
  IntakeError,
  amount,
  blankLine,
  clean,
  emptyHeader,
  emptyVehicle,
  finish,
  type EstimateHeader,
  type EstimateVehicle,
  type ReadEstimate,
  type ReadProblem,
} from './estimate';
import type { ReadLine } from './line';

/** One run of text on a page. x, y: its top-left corner from the page's top-left, in points (or pixels). */
export interface TextItem {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
  bold?: boolean;
  /** OCR only: the word's confidence from 0 to 1. */
  conf?: number | null;
}

export interface PageText {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  items: TextItem[];
}

interface Cell {
  text: string;
  x: number;
  right: number;
  bold: boolean;
  conf: number | null;
}

interface Row {
  y: number;
  h: number;
  /** The row's runs of text, left to right (OCR: words). */
  items: TextItem[];
  /** Runs closer than a character's width joined (headings of two words, labels and their values). */
  cells: Cell[];
  text: string;
}

type ColumnKind =
  | 'line'
  | 'operation'
  | 'description'
  | 'partNumber'
  | 'partTypeNumber'
  | 'partType'
  | 'quantity'
  | 'price'
  | 'labourType'
  | 'hours'
  | 'paint'
  | 'other';

interface Column {
  kind: ColumnKind;
  x: number;
  right: number;
}

const LABELS: readonly [RegExp, ColumnKind][] = [
  [/^(line|ln|line\s*#|line\s*no\.?|no\.?|#|item)$/i, 'line'],
  [/^(oper|operation|op|opr)\.?$/i, 'operation'],
  [/description/i, 'description'],
  [/^part\s*type\s*\/?\s*part\s*(number|no\.?|#)$/i, 'partTypeNumber'],
  [/^part\s*(number|no\.?|#)$/i, 'partNumber'],
  [/^part\s*type$/i, 'partType'],
  [/^(qty|quantity)$/i, 'quantity'],
  [/^(extended\s+price\s*\$?|price\s*\$?|dollar\s+amount|amount|ext\.?\s*price)$/i, 'price'],
  [/^(labor|labour|lbr)\s*type$/i, 'labourType'],
  [/^(labor|labour|labor\s+units|labour\s+units|hours|hrs|lbr|labor\s+hours)$/i, 'hours'],
  [/^(paint|refinish|ref\.?\s*hrs)$/i, 'paint'],
  [/^(entry\s*(number|no\.?)?|guide\s*(ref|no\.?)?|ref\.?|tax|db\s*ref)$/i, 'other'],
];

const NUMERIC: ReadonlySet<ColumnKind> = new Set(['quantity', 'price', 'hours', 'paint']);
const STOP =
  /^(\*+\s*)?(estimate\s+totals?|totals?|sub-?totals?|grand\s+total|net\s+cost|estimate\s+summary|summary\s+of\s+charges|notes?|remarks|comments|preliminary\s+estimate\s+totals?|labor\s+summary|parts?\s+summary)\b/i;
const FOOTER =
  /\bpage\s+\d+(\s+of\s+\d+)?\b|^\d{1,2}\/\d{1,2}\/\d{2,4}\s+\d{1,2}:\d{2}|^(workfile\s+id|estimate\s+id|mitchell\s+service|audatex|qapter|ccc\s+one)\b/i;
const FIGURE = /^[($-]*\$?\d[\d,]*(\.\d+)?\)?$|^\.\d+$|^(incl\.?|m|\*+|t|s|p|#)$/i;

/** The confidence given to an OCR'd line whose number was not read (under any floor: it is always shown for checking). */
const NUMBER_NOT_READ = 0.5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] ?? 0) : 0;
};

/** The skew of OCR'd words (radians), from the slope of rows of words; 0 for a text layer. */
function skewOf(items: TextItem[]): number {
  if (!items.some((i) => i.conf != null)) return 0;
  const h = median(items.map((i) => i.h)) || 1;
  const slopes: number[] = [];
  const sorted = [...items].sort((a, b) => a.x - b.x);
  for (const a of sorted) {
    // The next word to the right on (about) the same row.
    const b = sorted.find((c) => c.x > a.x + a.w && c.x - (a.x + a.w) < 6 * h && Math.abs(c.y - a.y) < h * 0.8);
    if (b) slopes.push((b.y + b.h / 2 - (a.y + a.h / 2)) / (b.x + b.w / 2 - (a.x + a.w / 2)));
  }
  return slopes.length >= 8 ? Math.atan(median(slopes)) : 0;
}

export function rowsOf(page: PageText): Row[] {
  const skew = skewOf(page.items);
  const [cx, cy] = [page.width / 2, page.height / 2];
  const items = page.items
    .filter((i) => i.str.trim())
    .map((i) => {
      if (!skew) return i;
      // Turned back about the page's centre, so rows are level again.
      const [mx, my] = [i.x + i.w / 2 - cx, i.y + i.h / 2 - cy];
      const [c, s] = [Math.cos(-skew), Math.sin(-skew)];
      return { ...i, x: mx * c - my * s + cx - i.w / 2, y: mx * s + my * c + cy - i.h / 2 };
    })
    .sort((a, b) => a.y + a.h / 2 - (b.y + b.h / 2));
  const rows: TextItem[][] = [];
  for (const item of items) {
    const centre = item.y + item.h / 2;
    const row = rows.at(-1);
    const rowCentre = row ? row.reduce((s, i) => s + i.y + i.h / 2, 0) / row.length : -Infinity;
    const rowH = row ? median(row.map((i) => i.h)) : 0;
    if (row && Math.abs(centre - rowCentre) < Math.max(rowH, item.h) * 0.5) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    const h = median(row.map((i) => i.h));
    const cells: Cell[] = [];
    for (const i of row) {
      const last = cells.at(-1);
      const str = i.str.trim();
      const gap = last ? i.x - last.right : Infinity;
      // Words closer than about a character's width are one cell (a space or none between them).
      if (last && gap < h * 0.75 && last.bold === !!i.bold) {
        last.text += (gap > h * 0.12 || /\s$/.test(last.text) || /^\s/.test(i.str) ? ' ' : '') + str;
        last.right = Math.max(last.right, i.x + i.w);
        if (i.conf != null) last.conf = Math.min(last.conf ?? 1, i.conf);
      } else cells.push({ text: str, x: i.x, right: i.x + i.w, bold: !!i.bold, conf: i.conf ?? null });
    }
    for (const c of cells) c.text = c.text.replace(/\s+/g, ' ').trim();
    return { y: median(row.map((i) => i.y + i.h / 2)), h, items: row, cells, text: cells.map((c) => c.text).join('   ') };
  });
}

function kindOf(label: string): ColumnKind | null {
  for (const [re, kind] of LABELS) if (re.test(label.trim())) return kind;
  return null;
}

/** The table's columns when the row is its column headings (Description and at least two others). */
export function columnsOf(row: Row): Column[] | null {
  const cols = row.cells.map((c) => ({ kind: kindOf(c.text), x: c.x, right: c.right }));
  if (cols.some((c) => c.kind == null)) {
    // OCR may keep two headings in one cell ("Part Number  Qty"): not a heading row we can place.
    if (cols.filter((c) => c.kind != null).length < 3) return null;
  }
  const known = cols.filter((c): c is Column => c.kind != null);
  const kinds = new Set(known.map((c) => c.kind));
  if (!kinds.has('description') || kinds.size < 3 || !kinds.has('line')) return null;
  return known.sort((a, b) => a.x - b.x);
}

/**
 * A heading row whose headings take two lines ("Dollar / Amount", "Labor / Units"): the row under it joined
 * to it when it follows closely and holds only heading words, each under a heading above or beside them.
 */
function headingRows(rows: Row[], k: number): { columns: Column[]; used: number } | null {
  const row = rows[k]!;
  const next = rows[k + 1];
  if (next && next.y - row.y < row.h * 1.8 && next.cells.every((c) => c.bold === row.cells[0]?.bold && !/\d/.test(c.text))) {
    const cells = row.cells.map((c) => ({ ...c }));
    for (const c of next.cells) {
      const above = cells.find((a) => c.x < a.right && c.right > a.x);
      if (above) {
        above.text = `${above.text} ${c.text}`;
        above.x = Math.min(above.x, c.x);
        above.right = Math.max(above.right, c.right);
      } else cells.push({ ...c });
    }
    cells.sort((a, b) => a.x - b.x);
    const columns = columnsOf({ ...row, cells });
    if (columns) return { columns, used: 2 };
  }
  const columns = columnsOf(row);
  return columns ? { columns, used: 1 } : null;
}

function columnAt(columns: Column[], item: TextItem): Column | undefined {
  const tol = item.h * 0.6;
  const byStart = [...columns].reverse().find((c) => item.x >= c.x - tol) ?? columns[0];
  if (FIGURE.test(item.str.trim())) {
    // Figures are printed right-aligned under their heading.
    const byRight = [...columns].reverse().find((c) => item.x + item.w > c.x - tol);
    if (byRight && NUMERIC.has(byRight.kind)) return byRight;
  }
  return byStart;
}

/** A row's text by column: each run under its column's heading, runs of one column joined in order. */
interface Fields {
  fields: Map<ColumnKind, string>;
  conf: number | null;
  /** Where the description's text ends, and how wide its first word is (for telling a wrapped line from a heading). */
  descriptionRight: number;
  firstWordWidth: number;
}

function fieldsOf(columns: Column[], row: Row): Fields {
  const parts = new Map<ColumnKind, TextItem[]>();
  let conf: number | null = null;
  for (const item of row.items) {
    const col = columnAt(columns, item);
    if (!col) continue;
    parts.set(col.kind, [...(parts.get(col.kind) ?? []), item]);
    // A line's confidence is that of what is read of it: its number, operation and description.
    if (item.conf != null && (col.kind === 'line' || col.kind === 'operation' || col.kind === 'description'))
      conf = Math.min(conf ?? 1, item.conf);
  }
  const fields = new Map<ColumnKind, string>();
  for (const [kind, items] of parts) {
    let text = '';
    let right = -Infinity;
    for (const i of items) {
      const str = i.str.trim();
      text += text && (i.x - right > i.h * 0.12 || /\s$/.test(text) || /^\s/.test(i.str)) ? ` ${str}` : str;
      right = i.x + i.w;
    }
    fields.set(kind, text.replace(/\s+/g, ' ').trim());
  }
  const description = parts.get('description') ?? [];
  const firstRun = description[0];
  const firstWord = firstRun?.str.trim().split(/\s+/)[0] ?? '';
  return {
    fields,
    conf,
    descriptionRight: Math.max(-Infinity, ...description.map((i) => i.x + i.w)),
    // A run holding several words (a text layer) is measured by its share of letters.
    firstWordWidth: firstRun ? (firstRun.w * firstWord.length) / Math.max(1, firstRun.str.trim().length) : 0,
  };
}

/**
 * Whether a row of description text is the line above wrapping: a printout wraps a description only when
 * its next word would not fit, so the line above must end within that word's width of the column's edge.
 */
function wraps(columns: Column[], above: Fields | null, row: Fields, h: number): boolean {
  if (!above || !Number.isFinite(above.descriptionRight)) return false;
  const at = columns.findIndex((c) => c.kind === 'description');
  const edge = columns[at + 1]?.x ?? Infinity;
  return above.descriptionRight + h * 0.3 + row.firstWordWidth > edge - h * 1.2;
}

const PART_TYPE_WORDS =
  /^(new|oem|new\/oem|a\/m|am|aftermarket|lkq|used|lkq\/used|recond|reman|recored|rechromed|opt\s*oem|existing|sublet|glass)\b\s*/i;

function layoutOf(allText: string, columns: Column[]): PrintLayout | '' {
  if (/\bCCC\s*ONE\b|\bCCC\s+Intelligent\b/i.test(allText)) return 'ccc';
  if (/\bMitchell\b/i.test(allText)) return 'mitchell';
  if (/\b(Audatex|Qapter|Solera)\b/i.test(allText)) return 'audatex';
  const kinds = columns.map((c) => c.kind);
  if (kinds.includes('labourType') || kinds.includes('partTypeNumber')) return 'mitchell';
  if (kinds.includes('paint') && kinds.indexOf('operation') < kinds.indexOf('description')) return 'ccc';
  return '';
}

/**
 * OCR's usual misreadings of the operation words estimates print: "R&l" or "R&|" for R&I, "Addl" for
 * Add'l. Only these fixed words are set right; anything else stays as read.
 */
const ocrOperation = (op: string) => op.replace(/^(R\s*&\s*)[l|1!]$/i, '$1I').replace(/^Add[l1]\b/i, "Add'l");

/** The operation words the three systems print (CCC ONE, Mitchell, Audatex/Qapter), for OCR's near misses. */
const PRINTED_OPERATIONS = [
  'Repl',
  'R&I',
  'Rpr',
  'Refn',
  'Blnd',
  'Subl',
  'Algn',
  'O/H',
  "Add'l Labor",
  "Add'l Opr",
  "Add'l Cost",
  'Remove/Replace',
  'Remove / Replace',
  'Remove/Install',
  'Remove / Install',
  'Repair',
  'Refinish',
  'Blend',
  'Sublet',
  'Align',
  'Overhaul',
  'RPL',
  'RPR',
  'RFN',
  'BLND',
  'SUBL',
  'R&R',
  'REPLACE',
  'REPAIR',
  'REFINISH',
  'BLEND',
  'SUBLET',
];
/** Characters OCR takes for one another in these words. */
const SAME_SHAPE: Readonly<Record<string, string>> = { i: 'l', '1': 'l', '!': 'l', '|': 'l', '0': 'o' };
const shapeOf = (w: string) => [...w.toLowerCase()].map((c) => SAME_SHAPE[c] ?? c).join('');

/**
 * An OCR'd operation that is no printed word but reads as exactly one of them once look-alike letters are
 * set alike ("Bind", "Rep!"), or lacks one letter of exactly one of them ("Sub"): that word; the line is then
 * shown for checking.
 */
function nearOperation(op: string): string | null {
  if (!op || PRINTED_OPERATIONS.includes(op)) return null;
  const shape = shapeOf(op);
  const alike = PRINTED_OPERATIONS.filter((w) => shapeOf(w) === shape);
  const missing = PRINTED_OPERATIONS.filter((w) => {
    const s = shapeOf(w);
    return shape.length >= 3 && s.length === shape.length + 1 && [...s].some((_, i) => s.slice(0, i) + s.slice(i + 1) === shape);
  });
  // Look-alike letters first; a dropped letter only when nothing reads alike.
  const near = alike.length ? alike : missing;
  if (new Set(near.map(shapeOf)).size !== 1) return null;
  // "Repl" and "REPL" differ in case only: the one in the case printed.
  return near.find((w) => (w === w.toUpperCase()) === (op === op.toUpperCase())) ?? near[0]!;
}

/** OCR's usual confusions in a VIN (which has no I, O or Q). */
const vinCandidate = (t: string) =>
  t
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/I/g, '1')
    .replace(/[OQ]/g, '0');

const value = (rows: string[], label: RegExp, form = /^(.+?)(?:\s{3,}|$)/): string => {
  for (const r of rows) {
    const m = label.exec(r);
    if (!m) continue;
    const rest = r.slice(m.index + m[0].length).replace(/^[\s:#.-]*/, '');
    const v = form.exec(rest)?.[1]?.trim();
    if (v) return v;
  }
  return '';
};

const MODEL_END =
  /^(\d[A-Z]|[A-Z]{1,4}\d?|[A-Z]{1,3}-[A-Z]{1,3}|AWD|FWD|RWD|4WD|2WD|4X4|4X2|\d\.\d+L?|V\d|I\d|UTV|SUV|SED|CPE|CAB|VAN|WAGON|SEDAN|COUPE)$/;

/** Characters OCR takes for one another that a VIN may hold. */
const LOOK_ALIKE: Readonly<Record<string, string>> = {
  S: '5',
  '5': 'S',
  B: '8',
  '8': 'B',
  Z: '2',
  '2': 'Z',
  G: '6',
  '6': 'G',
  '0': 'D',
  D: '0',
};

/** The one VIN a single look-alike character away whose check digit holds, when there is exactly one. */
function checkDigitCorrection(vin: string): string | null {
  const found = new Set<string>();
  [...vin].forEach((c, i) => {
    const other = LOOK_ALIKE[c];
    const next = other && `${vin.slice(0, i)}${other}${vin.slice(i + 1)}`;
    if (next && VIN_FORM.test(next) && vinCheckDigitHolds(next)) found.add(next);
  });
  return found.size === 1 ? [...found][0]! : null;
}

function vehicleOf(rows: string[]): EstimateVehicle & { vinCorrectedFrom: string } {
  const v = { ...emptyVehicle(), vinCorrectedFrom: '' };
  const labelled = value(rows, /\bVIN\b/i, /^([A-Za-z0-9 ]{17,21})/);
  const candidates = [labelled.replace(/\s/g, ''), ...rows.flatMap((r) => r.split(/\s+/))].map(vinCandidate).filter((t) => t.length === 17);
  const read = candidates.find((c) => VIN_FORM.test(c) && vinCheckDigitHolds(c)) ?? candidates.find((c) => VIN_FORM.test(c)) ?? '';
  const corrected = read && !vinCheckDigitHolds(read) ? checkDigitCorrection(read) : null;
  v.vin = corrected ?? read;
  v.vinChecked = vinCheckDigitHolds(v.vin);
  v.vinCorrectedFrom = corrected ? read : '';
  const year = value(rows, /\bYear\b/i, /^((?:19|20)\d{2})\b/);
  const make = value(rows, /\bMake\b/i);
  const model = value(rows, /\bModel\b/i);
  if (year && make) return { ...v, year: Number(year), make, model };
  const described =
    value(rows, /\b(Vehicle|Veh\.?)\b(?:\s*(Description|Info))?/i, /^((?:19|20)\d{2}\s+.+?)(?:\s{3,}|$)/) ||
    rows.map((r) => (/^((?:19|20)\d{2})\s+[A-Za-z]/.test(r) ? r.split(/\s{3,}/)[0]! : '')).find(Boolean) ||
    '';
  const m = /^((?:19|20)\d{2})\s+([A-Za-z][A-Za-z-]*(?:\s(?:Benz|Rover|Martin|Romeo))?)\s+(.*)$/.exec(described);
  if (!m) return v;
  const words = m[3]!.split(/\s+/);
  const modelWords: string[] = [];
  for (const w of words) {
    if (modelWords.length && (MODEL_END.test(w) || modelWords.length >= 3)) break;
    modelWords.push(w);
  }
  return { ...v, year: Number(m[1]), make: m[2]!, model: modelWords.join(' ') };
}

function headerOf(rows: string[]): EstimateHeader {
  const h = emptyHeader();
  h.roNumber = value(rows, /\b(?:RO|R\.O\.|Repair\s+Order)\s*(?:#|No\.?|Number)?\s*:/i, /^([A-Z0-9][A-Z0-9-]{0,24})\b/i);
  h.claimNumber = value(rows, /\bClaim\s*(?:#|No\.?|Number)\s*:?/i, /^([A-Z0-9][A-Z0-9-]{1,29})\b/i);
  h.insurer = value(rows, /\b(?:Insurance\s+Company|Insurance\s+Co\.?|Insurer)\s*:?/i).slice(0, 100);
  const version = value(rows, /\b(?:Estimate\s+Version|Version)\s*:/i, /^(.+?)(?:\s{3,}|$)/);
  const printed =
    version ||
    rows
      .map(
        (r) =>
          /\b(Supplement\s+of\s+Record\s*#?\s*\d+|Supplement\s*#?\s*\d+|Estimate\s+of\s+Record|Original\s+Estimate|Preliminary\s+Estimate)\b/i.exec(
            r,
          )?.[1] ?? '',
      )
      .find(Boolean) ||
    '';
  // "E01" and "S02" as OCR may read them ("EO1").
  h.version = printed.replace(/^([ES])\s*[O0]\s*(\d)$/i, '$10$2');
  const supp = /\b(?:Supplement(?:\s+of\s+Record)?|S|SUPP?)\s*#?\s*0*(\d{1,2})\b/i.exec(h.version);
  h.supplement = supp ? Number(supp[1]) : /estimate|^E\s*0*\d/i.test(h.version) ? 0 : null;
  return h;
}

export interface PrintoutOptions {
  /** OCR only: lines whose confidence is under this are listed for checking. */
  confidenceFloor?: number;
}

/** Reads a printout's pages into an estimate (source 'pdf', or 'ocr' when the words carry confidences). */
export function readPrintout(pages: PageText[], opts: PrintoutOptions = {}): ReadEstimate {
  const ocr = pages.some((p) => p.items.some((i) => i.conf != null));
  const problems: ReadProblem[] = [];
  const lines: ReadLine[] = [];
  const headerRows: string[] = [];
  let columns: Column[] | null = null;
  let carried = false;
  let section = '';
  let position = 0;
  let tableFound = false;
  for (const page of pages) {
    const rows = rowsOf(page);
    let start = -1;
    let used = 0;
    for (let k = 0; k < rows.length && start < 0; k++) {
      const heading = headingRows(rows, k);
      if (heading) [start, used, columns] = [k, heading.used, heading.columns];
    }
    if (start >= 0) {
      tableFound = true;
      carried = true;
    } else if (!carried) {
      headerRows.push(...rows.map((r) => r.text));
      continue;
    }
    headerRows.push(...rows.slice(0, Math.max(0, start)).map((r) => r.text));
    const cols = columns!;
    const pitch =
      median(
        rows
          .slice(1)
          .map((r, i) => r.y - rows[i]!.y)
          .filter((g) => g > 0),
      ) ||
      rows[0]?.h ||
      10;
    let previous: Row | null = null;
    let last: ReadLine | null = null;
    let seenLine = start >= 0;
    let aboveFields: Fields | null = null;
    for (const row of rows.slice(start >= 0 ? start + used : 0)) {
      const rowFields = fieldsOf(cols, row);
      const { fields, conf } = rowFields;
      const lineCell = fields.get('line') ?? '';
      if (FOOTER.test(row.text) && !/^\d{1,4}$/.test(lineCell)) continue;
      if (STOP.test(row.text)) {
        carried = false;
        break;
      }
      // OCR may miss a line number standing alone; a row with an operation or figures is a line all the same,
      // numbered after the line above it and shown for checking.
      const unnumbered =
        conf != null &&
        !/^\d{1,4}$/.test(lineCell) &&
        !!fields.get('description') &&
        (!!fields.get('operation') || [...fields].some(([k, v]) => v && (NUMERIC.has(k) || k === 'partNumber' || k === 'partTypeNumber')));
      const lineNum = /^\d{1,4}$/.test(lineCell) ? Number(lineCell) : unnumbered ? (lines.at(-1)?.lineNum ?? 0) + 1 : null;
      if (lineNum != null) {
        seenLine = true;
        position++;
        const line = blankLine(lineNum, position);
        line.section = section;
        line.operation = clean(fields.get('operation'), 30);
        let corrected = false;
        if (conf != null) {
          line.operation = ocrOperation(line.operation);
          const near = nearOperation(line.operation);
          if (near) {
            problems.push({
              where: `line ${lineNum}`,
              what: `The operation was read as "${line.operation}" and is taken as ${near}. Check it.`,
            });
            line.operation = near;
            corrected = true;
          }
        }
        line.description = clean(fields.get('description'));
        let partNumber = clean(fields.get('partNumber') ?? '', 60);
        const typeNumber = clean(fields.get('partTypeNumber') ?? '', 80);
        if (typeNumber) {
          const type = PART_TYPE_WORDS.exec(typeNumber);
          line.partType = type ? type[0].trim() : '';
          partNumber = typeNumber
            .slice(type ? type[0].length : 0)
            .trim()
            .slice(0, 60);
        }
        line.partType ||= clean(fields.get('partType'), 20);
        line.partNumber = partNumber;
        line.quantity = amount(fields.get('quantity'));
        line.price = amount(fields.get('price'));
        line.labourType = clean(fields.get('labourType'), 20);
        line.hours = amount(fields.get('hours')) ?? amount(fields.get('paint'));
        line.confidence = unnumbered || corrected ? Math.min(conf ?? 1, NUMBER_NOT_READ) : conf;
        if (unnumbered)
          problems.push({
            where: `page ${page.number}`,
            what: `The line number of "${clean(line.description, 60)}" was not read: it is taken as ${lineNum}. Check it.`,
          });
        lines.push(line);
        last = line;
      } else if (seenLine || start >= 0) {
        const textOnly = [...fields.entries()]
          .filter(([k]) => k !== 'line')
          .every(([k, v]) => k === 'description' || k === 'operation' || !v);
        const words = [...fields.values()].join(' ').trim();
        if (!words) continue;
        const gap = previous ? row.y - previous.y : Infinity;
        const bold = row.cells.every((c) => c.bold);
        if (
          textOnly &&
          last &&
          previous &&
          !bold &&
          // A wrapped description follows at the usual line spacing; a heading usually stands a little apart.
          gap <= pitch * 1.2 &&
          fields.get('description') &&
          wraps(cols, aboveFields, rowFields, row.h)
        ) {
          // The line above wraps: its description goes on.
          last.description = clean(`${last.description} ${fields.get('description')}`);
          if (conf != null) last.confidence = Math.min(last.confidence ?? 1, conf);
        } else if (textOnly && !FIGURE.test(words)) {
          section = clean(words, 100);
          last = null;
        } else
          problems.push({
            where: `page ${page.number}`,
            what: `A row without a line number was not read as a line: "${clean(words, 80)}".`,
          });
      } else headerRows.push(row.text);
      previous = row;
      aboveFields = rowFields;
    }
  }
  if (!tableFound)
    throw new IntakeError(
      `No estimate line table was found on the ${pages.length === 1 ? 'page' : `${pages.length} pages`}: the file does not look like an estimate printout (CCC ONE, ${LAYOUT_NAMES.mitchell} or ${LAYOUT_NAMES.audatex}) with its Line, Operation and Description columns.`,
    );
  const allText = headerRows.join('\n');
  const floor = opts.confidenceFloor ?? null;
  if (ocr && floor != null) {
    const low = lines.filter((l) => (l.confidence ?? 1) < floor);
    if (low.length)
      problems.push({
        where: low.length === 1 ? `line ${low[0]!.lineNum}` : `${low.length} lines`,
        what: `Read from a scanned page with low confidence: check ${low.length === 1 ? 'it' : 'them'} against the paper (lines ${low.map((l) => l.lineNum).join(', ')}).`,
      });
  }
  const { vinCorrectedFrom, ...vehicle } = vehicleOf(headerRows);
  if (vinCorrectedFrom)
    problems.push({
      where: 'vehicle',
      what: `The VIN was read as ${vinCorrectedFrom}; one character is taken as ${vehicle.vin}, whose check digit holds. Check it.`,
    });
  else if (vehicle.vin && !vehicle.vinChecked)
    problems.push({ where: 'vehicle', what: `The VIN ${vehicle.vin} was read but its check digit does not hold: check it.` });
  return finish(
    {
      source: ocr ? 'ocr' : 'pdf',
      layout: layoutOf(allText, columns ?? []),
      lines,
      vehicle,
      header: headerOf(headerRows),
      problems,
      pages: pages.length,
      confidenceFloor: ocr ? floor : null,
    },
    'The line table has no lines with a line number.',
  );
}
