/**
 * CIECA's codes as BMS XML and EMS files write them, each with the name estimating systems print (docs/intake.md#codes):
 * labour operations (BMS LaborOperation, EMS LBR_OP), labour types (LaborType, LBR_TYPE) and part types
 * (PartType, PART_TYPE). A line's `operation` is the operation's printed word, which the scrub reads
 * ("Repl" for OP11); its `operationCode` keeps the code. A code outside these lists is never passed on as
 * if it were an operation: the line says which code it was and the problem list names it.
 */

export interface LabourOperation {
  /** CIECA's name of the code. */
  name: string;
  /** The word estimates print for it, as the scrub reads operations; '' for a line that names no operation. */
  printed: string;
}

export const LABOUR_OPERATIONS: Readonly<Record<string, LabourOperation>> = {
  OP0: { name: 'No operation', printed: '' },
  OP1: { name: 'Refinish/Repair', printed: 'Repair/Refinish' },
  OP2: { name: 'Remove/Install', printed: 'R&I' },
  OP3: { name: 'Additional Labor', printed: "Add'l Labor" },
  OP4: { name: 'Alignment', printed: 'Align' },
  OP5: { name: 'Overhaul', printed: 'O/H' },
  OP6: { name: 'Refinish', printed: 'Refn' },
  OP7: { name: 'Inspect', printed: 'Inspect' },
  OP8: { name: 'Check/Adjust', printed: 'Check/Adjust' },
  OP9: { name: 'Repair', printed: 'Rpr' },
  OP10: { name: 'Repair, Partial', printed: 'Rpr' },
  OP11: { name: 'Remove/Replace', printed: 'Repl' },
  OP12: { name: 'Remove/Replace, Partial', printed: 'Repl' },
  OP13: { name: 'Additional Costs', printed: "Add'l Cost" },
  OP14: { name: 'Additional Operations', printed: "Add'l Opr" },
  OP15: { name: 'Blend', printed: 'Blnd' },
  OP16: { name: 'Sublet', printed: 'Subl' },
  OP17: { name: 'Related Prior Damage', printed: 'Related Prior Damage' },
  OP18: { name: 'Appearance Allowance', printed: 'Appearance Allowance' },
  OP19: { name: 'Unrelated Prior Damage', printed: 'Unrelated Prior Damage' },
  OP24: { name: 'Chip Guard', printed: 'Chip Guard' },
  OP25: { name: 'Two Tone', printed: 'Two Tone' },
  OP26: { name: 'Paintless Dent Repair', printed: 'PDR' },
};

export const LABOUR_TYPES: Readonly<Record<string, string>> = {
  LAB: 'Body',
  LAD: 'Diagnostic',
  LAE: 'Electrical',
  LAF: 'Frame',
  LAG: 'Glass',
  LAM: 'Mechanical',
  LAR: 'Refinish',
  LAS: 'Structural',
  LAU: 'User defined',
  LA1: 'User defined 1',
  LA2: 'User defined 2',
  LA3: 'User defined 3',
  LA4: 'User defined 4',
};

export const PART_TYPES: Readonly<Record<string, string>> = {
  PAA: 'A/M',
  PAC: 'Rechromed',
  PAE: 'Existing',
  PAG: 'Glass',
  PAL: 'LKQ/Used',
  PAM: 'Recond',
  PAN: 'New/OEM',
  PAO: 'Opt OEM',
  PAP: 'OEM partial',
  PAR: 'Recored',
  PAS: 'Sublet',
};

/** A labour-operation code read: the printed word and the code, or why it could not be read. */
export function labourOperation(raw: string): { operation: string; code: string; unknown: boolean } {
  const code = raw.trim().toUpperCase().replace(/\s+/g, '');
  if (!code) return { operation: '', code: '', unknown: false };
  const known = LABOUR_OPERATIONS[code];
  if (known) return { operation: known.printed, code, unknown: false };
  return { operation: '', code, unknown: true };
}

/** A code's name (labour type, part type), else the code itself when it is already a word ("Body"), else ''. */
export function codeName(list: Readonly<Record<string, string>>, raw: string): string {
  const code = raw.trim().toUpperCase();
  if (!code) return '';
  return list[code] ?? (/^[A-Z]{2,3}\d?$/.test(code) ? '' : raw.trim());
}

const VIN_VALUES: Readonly<Record<string, number>> = Object.fromEntries(
  [...'0123456789']
    .map((d, i) => [d, i] as const)
    .concat(
      [...'ABCDEFGH'].map((c, i) => [c, i + 1] as const),
      [...'JKLMN'].map((c, i) => [c, i + 1] as const),
      [
        ['P', 7],
        ['R', 9],
      ],
      [...'STUVWXYZ'].map((c, i) => [c, i + 2] as const),
    ),
);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** A 17-character VIN's form: letters and digits without I, O and Q. */
export const VIN_FORM = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Whether a VIN's check digit (position 9) holds, as North American VINs carry one. */
export function vinCheckDigitHolds(vin: string): boolean {
  if (!VIN_FORM.test(vin)) return false;
  const sum = [...vin].reduce((s, c, i) => s + (VIN_VALUES[c] ?? 0) * VIN_WEIGHTS[i]!, 0);
  const check = sum % 11;
  return vin[8] === (check === 10 ? 'X' : String(check));
}
