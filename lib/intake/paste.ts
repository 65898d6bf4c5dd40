/**
 * Estimate lines typed or pasted on the job (docs/intake.md#paste): one line of text a row,
 * as CCC ONE, Mitchell and Audatex print them or as estimators type them. Plain code, client-safe; the
 * lines it gives are read by the same normaliser as BMS and CSV lines.
 *
 * A row: an optional line number, an optional operation (the vocabulary's codes: "Repl", "Remove / Install",
 * "R&I", "Add'l Labor"…), the description, and what estimating systems print after it — part number,
 * quantity, price, hours and flags — which is set aside (the part number is kept). Columns separated by
 * tabs (a spreadsheet) are read as columns. A row with no operation, no figures and only capitals ("FRONT
 * BUMPER & GRILLE"), or one ending in ":", is a section heading: the rows under it are in that section.
 * Leading numbers are line numbers only when most rows start with one (so "4 whl algn" stays a line).
 */
import { readOperation, type Vocabulary } from '../calibrations/normalise';
import { ESTIMATE_MAX_LINES, blankLine, emptyHeader, emptyVehicle, finish, tooManyLines, type ReadEstimate } from './estimate';

export interface PastedLine {
  lineNum: number;
  operation: string;
  description: string;
  section: string;
  partNumber: string;
  /** The row as pasted (shown in the preview). */
  text: string;
}

export interface PastedEstimate {
  lines: PastedLine[];
  /** Rows read as section headings, with their row number in the text. */
  headings: { row: number; section: string }[];
}

const PRICE = /^\$?-?\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\$?-?\d+(\.\d{1,2})?$/;
const FLAG = /^(\*+|#|t|m|s|p|n\/a|inc|incl\.?|included|e|x|a|u|\*\w|\w\*)$/i;
/** A part number: letters and digits mixed, or digits with dashes ("52119-0R903", "7L5-807-221"). */
const PART_NUMBER = /^(?=.*\d)(?=.*[a-z-])[a-z0-9][a-z0-9-]{4,}$/i;

const isFigure = (t: string) => PRICE.test(t) || FLAG.test(t);

/**
 * The operation at the start of a row (up to three words: "Remove / Install"), and the rest. In a numbered
 * estimate the operation column follows the line number: a short code there that is no word the scrub
 * knows ("ZZ9") is taken as an operation it does not know (the normaliser says so), not as a part's word.
 */
function leadingOperation(vocab: Vocabulary, words: string[], numbered: boolean): { operation: string; rest: string[] } {
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const candidate = words.slice(0, n).join(' ');
    if (readOperation(vocab, candidate).operation) return { operation: candidate, rest: words.slice(n) };
  }
  const first = words[0] ?? '';
  const lower = first.toLowerCase();
  if (
    numbered &&
    words.length > 1 &&
    /^[A-Za-z0-9&/'+.-]{1,6}$/.test(first) &&
    /[^a-z]/.test(first) &&
    !vocab.known.has(lower) &&
    !vocab.single.has(lower)
  )
    return { operation: first, rest: words.slice(1) };
  return { operation: '', rest: words };
}

function splitRow(row: string): string[] {
  if (row.includes('\t')) return row.split('\t').map((c) => c.trim());
  return [row.trim()];
}

/** Reads pasted or typed rows into estimate lines. */
export function readPasted(text: string, vocab: Vocabulary): PastedEstimate {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const filled = rows.map((r, i) => ({ row: i + 1, text: r.trim() })).filter((r) => r.text && !/^[-=_*.\s]+$/.test(r.text));
  const numbered = filled.filter((r) => /^#?\d{1,4}[.)]?\s/.test(r.text) || /^#?\d{1,4}\t/.test(r.text)).length;
  const hasLineNumbers = filled.length > 0 && numbered * 2 > filled.length;
  const lines: PastedLine[] = [];
  const headings: PastedEstimate['headings'] = [];
  let section = '';
  let next = 1;
  for (const { row, text: rowText } of filled) {
    // The column headings an estimate print starts with.
    if (/\bdescription\b/i.test(rowText) && /\b(oper|operation|op|line)\b/i.test(rowText)) continue;
    const cells = splitRow(rowText);
    let words = cells.length > 1 ? cells.filter(Boolean) : rowText.split(/\s+/);
    let lineNum: number | null = null;
    const first = words[0]?.replace(/^#/, '').replace(/[.)]$/, '');
    if (hasLineNumbers && /^\d{1,4}$/.test(first ?? '') && words.length > 1) {
      lineNum = Number(first);
      words = words.slice(1);
    }
    let operation = '';
    if (cells.length > 1) {
      // Columns: an operation column is one that holds a code.
      const opAt = words.findIndex((c) => readOperation(vocab, c).operation != null);
      const code = words[opAt];
      if (code !== undefined && opAt < words.length - 1) {
        operation = code;
        words = [...words.slice(0, opAt), ...words.slice(opAt + 1)];
      }
      words = words.flatMap((c) => c.split(/\s+/));
    } else {
      const lead = leadingOperation(vocab, words, lineNum != null);
      operation = lead.operation;
      words = lead.rest;
    }
    // What follows the description: part number, quantity, price, hours, flags.
    let partNumber = '';
    while (words.length > 1) {
      const last = words.at(-1);
      if (last === undefined) break;
      if (isFigure(last)) words.pop();
      else if (!partNumber && PART_NUMBER.test(last) && /\d/.test(last)) {
        words.pop();
        partNumber = last;
      } else break;
    }
    const description = words.join(' ').trim();
    const letters = description.replace(/[^a-z]/gi, '');
    if (
      !operation &&
      (/:$/.test(description) ||
        (letters.length > 1 &&
          letters === letters.toUpperCase() &&
          !/\d/.test(description) &&
          description.split(/\s+/).length <= 6 &&
          !partNumber))
    ) {
      section = description.replace(/:$/, '').trim();
      headings.push({ row, section });
      continue;
    }
    const num = lineNum ?? next;
    next = Math.max(next, num) + 1;
    lines.push({ lineNum: num, operation, description, section, partNumber, text: rowText });
  }
  return { lines, headings };
}

/** Typed or pasted lines as an estimate read (at most ESTIMATE_MAX_LINES). */
export function readPastedEstimate(text: string, vocab: Vocabulary): ReadEstimate {
  const pasted = readPasted(text, vocab);
  if (pasted.lines.length > ESTIMATE_MAX_LINES) throw tooManyLines(pasted.lines.length);
  const lines = pasted.lines.map((l, i) => ({
    ...blankLine(l.lineNum, i + 1),
    operation: l.operation.slice(0, 20),
    description: l.description.slice(0, 300),
    partNumber: l.partNumber.slice(0, 60),
    section: l.section.slice(0, 100),
  }));
  return finish(
    {
      source: 'paste',
      layout: '',
      lines,
      vehicle: emptyVehicle(),
      header: emptyHeader(),
      problems: [],
      pages: null,
      confidenceFloor: null,
    },
    'No estimate lines were found: paste one line a row (operation and description, as the estimate prints them).',
  );
}
