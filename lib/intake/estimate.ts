/**
 * What intake reads from one estimate file, whatever its source: the lines (line.ts), the vehicle and the
 * header it names, and what could not be read and why. Pure data shared by the readers (lib/intake/*), the
 * host's worker that runs them (api-host/intake) and the preview the user confirms (components/intake).
 * Rules: docs/intake.md.
 */
import type { ReadLine } from './line';

/** Where an estimate came from: a file of each kind, or lines typed or pasted. `ocr`: a PDF read from its page images. */
export const INTAKE_SOURCES = ['bms', 'csv', 'paste', 'pdf', 'ocr', 'ems'] as const;
export type IntakeSource = (typeof INTAKE_SOURCES)[number];

/** The printed layouts the PDF reader knows by their column headings; '' when none was recognised. */
export const PRINT_LAYOUTS = ['ccc', 'mitchell', 'audatex'] as const;
export type PrintLayout = (typeof PRINT_LAYOUTS)[number];
export const LAYOUT_NAMES: Readonly<Record<PrintLayout, string>> = {
  ccc: 'CCC ONE',
  mitchell: 'Mitchell',
  audatex: 'Audatex / Qapter',
};

export interface EstimateVehicle {
  /** As printed, upper case; '' when none. `vinChecked`: its check digit holds (North American VINs). */
  vin: string;
  vinChecked: boolean;
  year: number | null;
  make: string;
  model: string;
}

export interface EstimateHeader {
  roNumber: string;
  claimNumber: string;
  insurer: string;
  /** The estimate's version as printed ("Estimate of Record", "Supplement 2", "S02"); '' when none. */
  version: string;
  /** 0 for the original estimate, n for supplement n; null when the file does not say. */
  supplement: number | null;
}

/** Something the reader could not read, where, and why (shown to the user before anything is stored). */
export interface ReadProblem {
  /** "page 3", "line 12", "LIN row 7", "file XYZ.VEH"… */
  where: string;
  what: string;
}

export interface ReadEstimate {
  source: IntakeSource;
  /** The PDF layout recognised ('' for other sources and unrecognised printouts). */
  layout: PrintLayout | '';
  lines: ReadLine[];
  vehicle: EstimateVehicle;
  header: EstimateHeader;
  problems: ReadProblem[];
  /** Pages of a PDF (null for other sources). */
  pages: number | null;
  /** The OCR confidence under which a line is shown for checking (null when nothing was OCR'd). */
  confidenceFloor: number | null;
}

export const emptyVehicle = (): EstimateVehicle => ({ vin: '', vinChecked: false, year: null, make: '', model: '' });
export const emptyHeader = (): EstimateHeader => ({ roNumber: '', claimNumber: '', insurer: '', version: '', supplement: null });

/** A file that cannot be read as an estimate: the message says what is wrong and what to do. `status` 413 for limits on size. */
export class IntakeError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
    this.name = 'IntakeError';
  }
}

export const isIntakeError = (e: unknown): e is IntakeError =>
  e instanceof IntakeError || (e instanceof Error && e.name === 'IntakeError' && typeof (e as IntakeError).status === 'number');

/** Most lines an estimate may have (checked while streaming where the source allows, and after reading). */
export const ESTIMATE_MAX_LINES = 2000;

/** Too many lines, as a reader finds them (400); an upload counted past the limit while streaming is refused as too large (413, api-host/intake/upload.ts). */
export function tooManyLines(count: number): IntakeError {
  return new IntakeError(
    `An estimate has at most ${ESTIMATE_MAX_LINES.toLocaleString('en-US')} lines (this one has ${count.toLocaleString('en-US')}${count > ESTIMATE_MAX_LINES ? '' : ' or more'}).`,
  );
}

/** Text as a reader keeps it: trimmed, inner runs of white space as one space, at most `max` characters. */
export const clean = (v: unknown, max = 300): string =>
  typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\s+/g, ' ').trim().slice(0, max) : '';

/** A number as printed ("1,234.50", "$389.00", "(12.00)", "2.5"); null when it is none. */
export function amount(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const t = clean(v, 40).replace(/[$,\s]/g, '');
  if (!t) return null;
  const negative = /^\(.*\)$/.test(t) || t.startsWith('-');
  const digits = t.replace(/^[(-]|\)$/g, '');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(digits)) return null;
  const n = Number(digits);
  return negative ? -n : n;
}

/** Line numbers and sequence numbers made unique (later duplicates renumbered after the last). */
export function uniqueNumbers<T extends Pick<ReadLine, 'lineNum' | 'uniqueSequenceNumber'>>(lines: T[]): T[] {
  const nums = new Set<number>();
  const seqs = new Set<number>();
  let nextNum = Math.max(0, ...lines.map((l) => l.lineNum));
  let nextSeq = Math.max(0, ...lines.map((l) => l.uniqueSequenceNumber));
  return lines.map((l) => {
    const lineNum = nums.has(l.lineNum) ? ++nextNum : l.lineNum;
    const uniqueSequenceNumber = seqs.has(l.uniqueSequenceNumber) ? ++nextSeq : l.uniqueSequenceNumber;
    nums.add(lineNum);
    seqs.add(uniqueSequenceNumber);
    return { ...l, lineNum, uniqueSequenceNumber };
  });
}

/** A sequence number for a line without one, stable for the same position in the same file. */
export const positionSequence = (position: number) => 1000 + position * 7;

/** An empty line: every field the reader does not fill stays empty, never guessed. */
export const blankLine = (lineNum: number, position: number): ReadLine => ({
  lineNum,
  uniqueSequenceNumber: positionSequence(position),
  section: '',
  operation: '',
  operationCode: '',
  description: '',
  partType: '',
  partNumber: '',
  quantity: null,
  labourType: '',
  hours: null,
  price: null,
  confidence: null,
});

/** Finishes a reader's answer: at least one line, at most ESTIMATE_MAX_LINES, numbers unique. */
export function finish(estimate: ReadEstimate, none: string): ReadEstimate {
  if (!estimate.lines.length) throw new IntakeError(none);
  if (estimate.lines.length > ESTIMATE_MAX_LINES) throw tooManyLines(estimate.lines.length);
  return { ...estimate, lines: uniqueNumbers(estimate.lines) };
}
