/**
 * A CIECA EMS estimate (the dBase tables CCC ONE and Mitchell export for other systems) read into lines,
 * vehicle and header, from the tables' records as a dBase reader gives them (api-host/intake reads the
 * files with dbffile). Lines come from LIN, the vehicle from VEH, the insurer and claim from AD1, the RO
 * and supplement from ENV; TTL (totals) is never lines. The field names: docs/intake.md#ems.
 */
import { LABOUR_TYPES, PART_TYPES, codeName, labourOperation, vinCheckDigitHolds } from './codes';
import { IntakeError, amount, blankLine, clean, emptyHeader, emptyVehicle, finish, type ReadEstimate, type ReadProblem } from './estimate';
import type { ReadLine } from './line';

export type EmsRecord = Record<string, unknown>;

/** The EMS tables intake reads, by their file extension. */
export const EMS_TABLES = ['ENV', 'AD1', 'AD2', 'VEH', 'LIN', 'TTL'] as const;
export type EmsTable = (typeof EMS_TABLES)[number];
export type EmsTables = Partial<Record<EmsTable, EmsRecord[]>>;

const text = (r: EmsRecord | undefined, ...names: string[]): string => {
  for (const n of names) {
    const v = r?.[n];
    const t = v instanceof Date ? '' : clean(v, 300);
    if (t) return t;
  }
  return '';
};
const num = (r: EmsRecord, ...names: string[]): number | null => {
  for (const n of names) {
    const v = amount(r[n]);
    if (v != null) return v;
  }
  return null;
};
const present = (n: number | null) => n != null && n !== 0;

/**
 * A LIN record that is a section heading: it names no operation, part, price or hours, and its text is a
 * heading (letters, no note marks). Such records are how estimating systems write their section titles.
 */
function isHeading(r: EmsRecord, code: string): boolean {
  const description = text(r, 'LINE_DESC');
  return (
    (!code || code === 'OP0') &&
    !text(r, 'OEM_PARTNO', 'ALT_PARTNO', 'PART_TYPE') &&
    ![num(r, 'ACT_PRICE', 'DB_PRICE'), num(r, 'MOD_LB_HRS', 'LBR_HRS', 'DB_HRS'), num(r, 'LBR_AMT'), num(r, 'MISC_AMT')].some(present) &&
    /^[A-Za-z][A-Za-z0-9 &/,'().-]*$/.test(description)
  );
}

/** A model year as EMS writes it (two digits in V_MODEL_YR: up to next year's are 20xx, the others 19xx). */
function yearOf(n: number): number | null {
  if (!Number.isInteger(n) || n < 0) return null;
  if (n > 1900) return n;
  if (n >= 100) return null;
  return n <= (new Date().getFullYear() % 100) + 1 ? 2000 + n : 1900 + n;
}

export function readEmsTables(tables: EmsTables): ReadEstimate {
  const lin = tables.LIN;
  if (!lin)
    throw new IntakeError(
      'The EMS files have no LIN table (the estimate lines): export the estimate again with all its EMS files (.ENV, .AD1, .VEH, .LIN, .TTL…), zipped or together.',
    );
  const problems: ReadProblem[] = [];
  const lines: ReadLine[] = [];
  let section = '';
  lin.forEach((r, i) => {
    const op = labourOperation(text(r, 'LBR_OP'));
    const description = text(r, 'LINE_DESC');
    if (!description) return;
    if (isHeading(r, op.code)) {
      section = description.slice(0, 100);
      return;
    }
    const line = blankLine(num(r, 'LINE_NO') ?? i + 1, i + 1);
    const seq = num(r, 'UNQ_SEQ');
    if (seq != null && Number.isInteger(seq) && seq > 0) line.uniqueSequenceNumber = seq;
    line.section = section;
    line.description = description;
    line.operationCode = op.code;
    line.operation = op.operation || (present(num(r, 'MISC_SUBLT')) ? 'Subl' : '');
    if (op.unknown)
      problems.push({
        where: `LIN line ${line.lineNum}`,
        what: `Labour operation code ${op.code} is not a CIECA code the product knows: the line is kept without an operation.`,
      });
    line.partType = codeName(PART_TYPES, text(r, 'PART_TYPE'));
    line.partNumber = text(r, 'OEM_PARTNO', 'ALT_PARTNO', 'PART_NUM').slice(0, 60);
    line.quantity = num(r, 'PART_QTY');
    line.labourType = codeName(LABOUR_TYPES, text(r, 'MOD_LBR_TY', 'LBR_TYPE'));
    line.hours = num(r, 'MOD_LB_HRS', 'LBR_HRS', 'DB_HRS');
    const unit = num(r, 'ACT_PRICE', 'DB_PRICE');
    line.price = unit != null && unit !== 0 ? unit * (line.quantity || 1) : num(r, 'MISC_SUBLT', 'MISC_AMT');
    lines.push(line);
  });
  const veh = tables.VEH?.[0];
  const ad1 = tables.AD1?.[0];
  const env = tables.ENV?.[0];
  const vin = text(veh, 'V_VIN').toUpperCase().replace(/\s/g, '');
  const year = Number(text(veh, 'V_MODEL_YR'));
  const supp = text(env, 'SUPP_NO');
  const suppNum = /(\d+)/.exec(supp);
  if (!veh) problems.push({ where: 'VEH', what: 'No VEH table: the vehicle (VIN, year, make, model) is not in the files.' });
  if (!ad1) problems.push({ where: 'AD1', what: 'No AD1 table: the insurer and claim number are not in the files.' });
  return finish(
    {
      source: 'ems',
      layout: '',
      lines,
      vehicle: {
        ...emptyVehicle(),
        vin,
        vinChecked: vinCheckDigitHolds(vin),
        year: yearOf(year),
        make: text(veh, 'V_MAKEDESC', 'V_MAKECODE'),
        model: text(veh, 'V_MODEL'),
      },
      header: {
        ...emptyHeader(),
        roNumber: text(env, 'RO_ID') || text(ad1, 'RO_NO') || text(tables.AD2?.[0], 'RO_NO', 'RO_ID'),
        claimNumber: text(ad1, 'CLM_NO'),
        insurer: text(ad1, 'INS_CO_NM'),
        version: supp
          ? suppNum && Number(suppNum[1]) > 0 && !/^E/i.test(supp)
            ? `Supplement ${Number(suppNum[1])}`
            : `Estimate (${supp})`
          : '',
        supplement: supp ? (suppNum && !/^E/i.test(supp) ? Number(suppNum[1]) : 0) : null,
      },
      problems,
      pages: null,
      confidenceFloor: null,
    },
    'The LIN table has no estimate lines with a description.',
  );
}
