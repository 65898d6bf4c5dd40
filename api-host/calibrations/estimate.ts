/**
 * A job's estimate: an uploaded CIECA BMS XML file (what CCC ONE, Mitchell and Audatex export), a CSV of
 * lines, or lines typed or pasted on the job (lib/calibrations/paste.ts), stored as the job's repair lines
 * with each line's section, and read back as the scrub reads them (lib/calibrations/normalise.ts): one
 * normaliser for every source. fast-xml-parser reads the XML with entity processing off, and a file with a
 * DOCTYPE is refused before parsing, so entity expansion ("billion laughs") cannot happen; papaparse reads
 * the CSV. Every problem is a 400 whose message says what to fix. The operation codes are kept as written:
 * the normaliser reads them (and says when it does not know one). The rules: docs/scrub.md.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Papa from 'papaparse';
import { ESTIMATE_MAX_LINES } from '../../lib/contract/calibrations';
import type { Vocabulary } from '../../lib/calibrations/normalise';
import { readPasted } from '../../lib/calibrations/paste';
import type { Db } from '../core/db';
import { badRequest } from '../core/errors';
import { prepared } from '../core/sql';

export interface ParsedLine {
  lineNum: number;
  uniqueSequenceNumber: number;
  operation: string;
  description: string;
  partNumber: string;
  section: string;
}

export interface ParsedEstimate {
  source: 'bms' | 'csv' | 'paste';
  lines: ParsedLine[];
}

/** CIECA labor operation codes as estimates write them, in the words the repair lines use (others are kept as written). */
const LABOR_OPERATIONS: Readonly<Record<string, string>> = {
  OP11: 'Repl',
  OP12: 'Repl',
  OP2: 'R&I',
  OP9: 'Rpr',
  OP10: 'Rpr',
  OP6: 'Refn',
  OP1: 'Refn',
  OP3: "Add'l Labor",
  OP4: 'Align',
  OP5: 'O/H',
  OP13: "Add'l Cost",
  OP15: 'Blnd',
  OP16: 'Subl',
  OP26: 'Subl',
};

type Node = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** Every DamageLineInfo element, wherever the document's envelope puts it. */
function damageLines(node: unknown, out: Node[] = [], depth = 0): Node[] {
  if (depth > 20 || node == null || typeof node !== 'object') return out;
  for (const [key, value] of Object.entries(node as Node)) {
    const list: unknown[] = Array.isArray(value) ? value : [value];
    if (key === 'DamageLineInfo') out.push(...list.filter((l): l is Node => !!l && typeof l === 'object'));
    else if (typeof value === 'object') for (const child of list) damageLines(child, out, depth + 1);
  }
  return out;
}

function operationOf(line: Node): string {
  if (line.SubletInfo != null) return 'Subl';
  const labor = (Array.isArray(line.LaborInfo) ? line.LaborInfo[0] : line.LaborInfo) as Node | undefined;
  const code = text(labor?.LaborOperation ?? line.LaborOperation).toUpperCase();
  return LABOR_OPERATIONS[code] ?? code;
}

export function parseBms(xml: string): ParsedEstimate {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml))
    throw badRequest('This BMS file declares a DOCTYPE or entities, which are not accepted. Export the estimate again as plain BMS XML.');
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw badRequest(
      `The file is not valid XML: ${valid.err.msg} (line ${valid.err.line}). Upload a BMS XML export or a CSV of the estimate lines.`,
    );
  const doc = new XMLParser({
    ignoreAttributes: true,
    processEntities: false,
    removeNSPrefix: true,
    parseTagValue: false,
    isArray: (name) => name === 'DamageLineInfo',
  }).parse(xml) as unknown;
  const found = damageLines(doc);
  if (!found.length) throw badRequest('The XML file has no estimate lines (DamageLineInfo): is it a BMS estimate?');
  if (found.length > ESTIMATE_MAX_LINES)
    throw badRequest(
      `An estimate has at most ${ESTIMATE_MAX_LINES.toLocaleString('en-US')} lines (this one has ${found.length.toLocaleString('en-US')}).`,
    );
  const lines = found
    .map((l, i): ParsedLine => {
      const part = (Array.isArray(l.PartInfo) ? l.PartInfo[0] : l.PartInfo) as Node | undefined;
      return {
        lineNum: Number(text(l.LineNum)) || i + 1,
        uniqueSequenceNumber: Number(text(l.UniqueSequenceNum)) || 1000 + (i + 1) * 7,
        operation: operationOf(l),
        description: text(l.LineDesc).slice(0, 300),
        partNumber: text(part?.PartNum ?? part?.OEMPartNum).slice(0, 60),
        section: text(l.LineHeaderDesc).slice(0, 100),
      };
    })
    .filter((l) => l.description);
  return { source: 'bms', lines: unique(lines) };
}

const COLUMNS = {
  description: ['description', 'line description', 'linedesc', 'line desc', 'desc'],
  operation: ['operation', 'oper', 'op', 'labor operation'],
  lineNum: ['line', 'line #', 'line no', 'line number', 'linenum'],
  partNumber: ['part number', 'part #', 'part no', 'partnum'],
  section: ['section', 'location', 'line header', 'header'],
} as const;

export function parseCsv(csv: string): ParsedEstimate {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const column = (names: readonly string[]) => fields.find((f) => names.includes(f));
  const description = column(COLUMNS.description);
  if (!description)
    throw badRequest('The CSV has no line description column: name one Description, Line Description or LineDesc.', {
      File: ['No line description column'],
    });
  if (parsed.data.length > ESTIMATE_MAX_LINES)
    throw badRequest(
      `An estimate has at most ${ESTIMATE_MAX_LINES.toLocaleString('en-US')} lines (this one has ${parsed.data.length.toLocaleString('en-US')}).`,
    );
  const [operation, lineNum, partNumber, section] = [
    column(COLUMNS.operation),
    column(COLUMNS.lineNum),
    column(COLUMNS.partNumber),
    column(COLUMNS.section),
  ];
  const lines = parsed.data
    .map((r, i): ParsedLine => ({
      lineNum: (lineNum && Number.parseInt(r[lineNum] ?? '', 10)) || i + 1,
      uniqueSequenceNumber: 1000 + (i + 1) * 7,
      operation: text(operation ? r[operation] : '').slice(0, 20),
      description: text(r[description]).slice(0, 300),
      partNumber: text(partNumber ? r[partNumber] : '').slice(0, 60),
      section: text(section ? r[section] : '').slice(0, 100),
    }))
    .filter((l) => l.description);
  if (!lines.length) throw badRequest('The CSV has no lines with a description.');
  return { source: 'csv', lines: unique(lines) };
}

/** Line numbers and sequence numbers made unique (later duplicates renumbered after the last). */
function unique(lines: ParsedLine[]): ParsedLine[] {
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

/** Typed or pasted lines (lib/calibrations/paste.ts); at most ESTIMATE_MAX_LINES. */
export function parsePasted(text: string, vocab: Vocabulary): ParsedEstimate {
  const pasted = readPasted(text, vocab);
  if (!pasted.lines.length)
    throw badRequest('No estimate lines were found: paste one line a row (operation and description, as the estimate prints them).', {
      text: ['No estimate lines'],
    });
  if (pasted.lines.length > ESTIMATE_MAX_LINES)
    throw badRequest(
      `An estimate has at most ${ESTIMATE_MAX_LINES.toLocaleString('en-US')} lines (this one has ${pasted.lines.length.toLocaleString('en-US')}).`,
      { text: ['Too many lines'] },
    );
  const lines = pasted.lines.map((l, i): ParsedLine => ({
    lineNum: l.lineNum,
    uniqueSequenceNumber: 1000 + (i + 1) * 7,
    operation: l.operation.slice(0, 20),
    description: l.description.slice(0, 300),
    partNumber: l.partNumber.slice(0, 60),
    section: l.section.slice(0, 100),
  }));
  return { source: 'paste', lines: unique(lines) };
}

/** Replaces the job's repair lines with an estimate's, and records where they came from (call in a transaction). */
export function storeEstimate(db: Db, adas: number, estimate: ParsedEstimate, fileName: string, user: number): void {
  prepared(db, 'DELETE FROM adas_repair_line WHERE adas = ?').run(adas);
  const insert = prepared(
    db,
    'INSERT INTO adas_repair_line (adas, line_num, unique_sequence_number, operation, description, part_number) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const l of estimate.lines) insert.run(adas, l.lineNum, l.uniqueSequenceNumber, l.operation, l.description, l.partNumber);
  const sections = Object.fromEntries(estimate.lines.filter((l) => l.section).map((l) => [l.lineNum, l.section]));
  prepared(
    db,
    `INSERT INTO adas_estimate (adas, source, file_name, sections, uploaded_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (adas) DO UPDATE SET source = excluded.source, file_name = excluded.file_name, sections = excluded.sections, uploaded_by = excluded.uploaded_by,
       uploaded_at = strftime('%Y-%m-%dT%H:%M:%SZ','now')`,
  ).run(adas, estimate.source, fileName, JSON.stringify(sections), user);
}

/** An estimate file by its content: XML when it starts with "<", else CSV. */
export function parseEstimate(bytes: Buffer, fileName: string): ParsedEstimate {
  const content = bytes.toString('utf8');
  if (content.includes('\u0000'))
    throw badRequest(`${fileName} is not a text file: upload a BMS XML export or a CSV of the estimate lines.`);
  const head = content.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<') || /\.(xml|bms)$/i.test(fileName)) return parseBms(head);
  return parseCsv(content);
}
