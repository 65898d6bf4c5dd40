/**
 * CIECA BMS XML (the estimate export of CCC ONE, Mitchell and Audatex) read into lines, vehicle and header.
 * fast-xml-parser reads it with XML's predefined entities and character references decoded and nothing
 * else: a file with a DOCTYPE or an entity declaration is refused before parsing, so entity expansion
 * ("billion laughs") cannot happen; elements nested past the parser's limit are refused as not an estimate.
 * Labour-operation codes are given by their printed word (codes.ts); a code outside CIECA's list is named
 * in the problems, never passed on as an operation. Rules: docs/intake.md#bms.
 */
import { EntityDecoder, XML } from '@nodable/entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { LABOUR_TYPES, PART_TYPES, codeName, labourOperation, vinCheckDigitHolds } from './codes';
import { IntakeError, amount, blankLine, clean, emptyHeader, emptyVehicle, finish, type ReadEstimate, type ReadProblem } from './estimate';
import type { ReadLine } from './line';

type Node = Record<string, unknown>;

/** How deep a BMS file's elements may nest (real exports stay under 12). */
const MAX_NESTING = 64;

const first = (v: unknown): Node | undefined => {
  const one = Array.isArray(v) ? v[0] : v;
  return one && typeof one === 'object' ? (one as Node) : undefined;
};

/** Every `name` element wherever the document's envelope puts it (bounded depth). */
function all(node: unknown, name: string, out: Node[] = [], depth = 0): Node[] {
  if (depth > MAX_NESTING || node == null || typeof node !== 'object') return out;
  for (const [key, value] of Object.entries(node as Node)) {
    const list: unknown[] = Array.isArray(value) ? value : [value];
    if (key === name) out.push(...list.filter((l): l is Node => !!l && typeof l === 'object'));
    else if (typeof value === 'object') for (const child of list) all(child, name, out, depth + 1);
  }
  return out;
}

/** The text of the first element named one of `names` under `node` (breadth first, bounded). */
function find(node: unknown, names: readonly string[], depth = 0): string {
  if (depth > MAX_NESTING || node == null || typeof node !== 'object') return '';
  const n = node as Node;
  for (const name of names) {
    const v = Array.isArray(n[name]) ? (n[name] as unknown[])[0] : n[name];
    const text = clean(v, 200);
    if (text) return text;
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === 'DamageLineInfo') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      const hit = find(child, names, depth + 1);
      if (hit) return hit;
    }
  }
  return '';
}

function parse(xml: string): unknown {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml))
    throw new IntakeError(
      'This BMS file declares a DOCTYPE or entities, which are not accepted. Export the estimate again as plain BMS XML.',
    );
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new IntakeError(
      `The file is not valid XML: ${valid.err.msg} (line ${valid.err.line}). Upload a BMS XML export, an EMS export, a PDF or a CSV of the estimate lines.`,
    );
  try {
    return new XMLParser({
      ignoreAttributes: true,
      processEntities: true,
      // XML's five predefined entities and numeric character references, nothing else (fast-xml-parser's own decoder).
      entityDecoder: new EntityDecoder({ namedEntities: XML, numericAllowed: true }),
      removeNSPrefix: true,
      parseTagValue: false,
      maxNestedTags: MAX_NESTING,
      isArray: (name) => name === 'DamageLineInfo',
    }).parse(xml) as unknown;
  } catch (e) {
    const message = (e as Error).message;
    if (/nested/i.test(message))
      throw new IntakeError(
        `The XML file nests its elements more than ${MAX_NESTING} levels deep, which no BMS estimate does: is it a BMS estimate?`,
      );
    throw new IntakeError(`The XML file could not be read (${message.slice(0, 120)}): is it a BMS estimate?`);
  }
}

function lineOf(l: Node, position: number, problems: ReadProblem[]): ReadLine {
  const part = first(l.PartInfo);
  const labor = first(l.LaborInfo);
  const sublet = first(l.SubletInfo);
  const line = blankLine(Number(clean(l.LineNum)) || position, position);
  const seq = Number(clean(l.UniqueSequenceNum));
  if (Number.isInteger(seq) && seq > 0) line.uniqueSequenceNumber = seq;
  line.section = clean(l.LineHeaderDesc, 100);
  line.description = clean(l.LineDesc);
  const op = labourOperation(clean(labor?.LaborOperation ?? l.LaborOperation, 20));
  line.operationCode = op.code;
  line.operation = sublet && !op.code ? 'Subl' : op.operation;
  if (op.unknown)
    problems.push({
      where: `line ${line.lineNum}`,
      what: `Labour operation code ${op.code} is not a CIECA code the product knows: the line is kept without an operation.`,
    });
  line.partType = codeName(PART_TYPES, clean(part?.PartType, 20));
  line.partNumber = clean(part?.PartNum ?? part?.OEMPartNum, 60);
  line.quantity = amount(part?.Quantity ?? l.Quantity);
  line.labourType = codeName(LABOUR_TYPES, clean(labor?.LaborType, 20));
  line.hours = amount(labor?.LaborHours ?? labor?.DatabaseLaborHours);
  const unit = amount(part?.PartPrice ?? part?.ActualPartPrice);
  line.price = unit != null ? unit * (line.quantity ?? 1) : amount(sublet?.SubletAmount ?? first(l.OtherChargesInfo)?.Price);
  return line;
}

const SUPPLEMENT = /^(?:S|SU|SUP|SUPP|SUPPLEMENT)\s*0*(\d{1,2})$/i;

export function readBms(xml: string): ReadEstimate {
  const doc = parse(xml.replace(/^\uFEFF/, '').trimStart());
  const found = all(doc, 'DamageLineInfo');
  if (!found.length) throw new IntakeError('The XML file has no estimate lines (DamageLineInfo): is it a BMS estimate?');
  const problems: ReadProblem[] = [];
  const lines = found.map((l, i) => lineOf(l, i + 1, problems)).filter((l) => l.description);
  if (lines.length < found.length)
    problems.push({ where: 'lines', what: `${found.length - lines.length} line(s) without a description were left out.` });
  const vehicleInfo = all(doc, 'VehicleInfo')[0];
  const vin = find(vehicleInfo, ['VINNum', 'VIN']).toUpperCase().replace(/\s/g, '');
  const year = Number(find(vehicleInfo, ['ModelYear']));
  const verCode = find(doc, ['DocumentVerCode']).toUpperCase();
  const verNum = Number(find(doc, ['DocumentVerNum', 'SupplementNum']));
  const supplement = verCode === 'SU' || verCode === 'SUP' ? verNum || null : verCode === 'EM' || verCode === 'ES' ? 0 : null;
  const printedVersion = find(doc, ['EstimateVersion']);
  const fromPrinted = SUPPLEMENT.exec(printedVersion);
  return finish(
    {
      source: 'bms',
      layout: '',
      lines,
      vehicle: {
        ...emptyVehicle(),
        vin,
        vinChecked: vinCheckDigitHolds(vin),
        year: Number.isInteger(year) && year > 1900 ? year : null,
        make: find(vehicleInfo, ['MakeDesc', 'Make', 'MakeCode']),
        model: find(vehicleInfo, ['ModelName', 'Model']),
      },
      header: {
        ...emptyHeader(),
        roNumber: find(doc, ['RepairOrderNum', 'RepairOrderID', 'RONum']),
        claimNumber: find(doc, ['ClaimNum']),
        insurer: find(all(doc, 'InsuranceCompany')[0], ['CompanyName']),
        version: printedVersion || (supplement ? `Supplement ${supplement}` : supplement === 0 ? 'Estimate' : ''),
        supplement: supplement ?? (fromPrinted ? Number(fromPrinted[1]) : null),
      },
      problems,
      pages: null,
      confidenceFloor: null,
    },
    'The BMS file has no estimate lines with a description.',
  );
}
