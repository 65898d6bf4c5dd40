/**
 * An estimate exported as CIECA EMS: its dBase tables (dbffile) ENV, AD1, VEH, LIN and TTL, named
 * `<estimate id>.<table>` as estimating systems name them, zipped (fflate) or loose. Section headings are
 * LIN records that name no operation, part, price or hours, as estimating systems write their titles.
 * Operations are written as CIECA labour-operation codes; the expected reading of each line (what intake
 * must give back) is the code's printed word (lib/intake/codes.ts).
 */
import { DBFFile, type FieldDescriptor } from 'dbffile';
import { zipSync } from 'fflate';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileVocabulary, readOperation } from '../../lib/calibrations/normalise';
import { LABOUR_OPERATIONS } from '../../lib/intake/codes';
import type { SourceEstimate, SourceLine } from './corpus';

const CODE_OF: Record<string, string> = {
  replace: 'OP11',
  remove: 'OP2',
  repair: 'OP9',
  refinish: 'OP6',
  blend: 'OP15',
  overhaul: 'OP5',
  align: 'OP4',
  labor: 'OP3',
  sublet: 'OP16',
  check: 'OP8',
};
const PART_CODE: Record<string, string> = { OEM: 'PAN', 'A/M': 'PAA', LKQ: 'PAL' };
const vocab = compileVocabulary();

/** The CIECA code an estimate line's printed operation is written as ('' for none). */
export function emsCodeOf(l: Pick<SourceLine, 'operation'>): string {
  const op = readOperation(vocab, l.operation).operation;
  return op ? (CODE_OF[op] ?? '') : '';
}

/** What intake reads back as the operation of a line written with that code. */
export const emsOperationOf = (l: Pick<SourceLine, 'operation'>) => LABOUR_OPERATIONS[emsCodeOf(l)]?.printed ?? '';

const C = (name: string, size: number): FieldDescriptor => ({ name, type: 'C', size });
const N = (name: string, size: number, decimalPlaces = 0): FieldDescriptor => ({ name, type: 'N', size, decimalPlaces });

async function table(dir: string, name: string, fields: FieldDescriptor[], records: Record<string, unknown>[]): Promise<Buffer> {
  const path = join(dir, name);
  const dbf = await DBFFile.create(path, fields);
  await dbf.appendRecords(records);
  return readFile(path);
}

export interface EmsOptions {
  /** Leave out these tables (an export missing its LIN). */
  without?: string[];
}

/** The estimate's EMS tables, by file name. */
export async function emsFiles(e: SourceEstimate, opts: EmsOptions = {}): Promise<Record<string, Buffer>> {
  const id = e.id
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-8)
    .toUpperCase()
    .padStart(8, '0');
  const dir = await mkdtemp(join(tmpdir(), 'ems-fixture-'));
  try {
    const lin: Record<string, unknown>[] = [];
    let section = '';
    let seq = 1;
    for (const l of e.lines) {
      if (l.section && l.section !== section) {
        section = l.section;
        lin.push({
          LINE_NO: 0,
          UNQ_SEQ: seq++,
          LINE_IND: 'E01',
          LINE_DESC: section,
          LBR_OP: '',
          PART_TYPE: '',
          OEM_PARTNO: '',
          ACT_PRICE: 0,
          PART_QTY: 0,
          MOD_LBR_TY: '',
          MOD_LB_HRS: 0,
        });
      }
      lin.push({
        LINE_NO: l.lineNum,
        UNQ_SEQ: seq++,
        LINE_IND: e.header.supplement ? `S0${e.header.supplement}` : 'E01',
        TRAN_CODE: '1',
        LINE_DESC: l.description,
        LBR_OP: emsCodeOf(l),
        PART_TYPE: PART_CODE[l.partType] ?? '',
        OEM_PARTNO: l.partNumber,
        ACT_PRICE: l.price != null && l.quantity ? Math.round((l.price / l.quantity) * 100) / 100 : (l.price ?? 0),
        PART_QTY: l.quantity ?? 0,
        MOD_LBR_TY: /ref/i.test(l.labourType) ? 'LAR' : 'LAB',
        MOD_LB_HRS: l.hours ?? 0,
      });
    }
    const files: Record<string, Buffer> = {
      [`${id}.ENV`]: await table(
        dir,
        'env.dbf',
        [C('EST_SYSTEM', 1), C('RO_ID', 8), C('ESTFILE_ID', 38), C('SUPP_NO', 3), C('EMS_VER', 5)],
        [
          {
            EST_SYSTEM: 'C',
            RO_ID: e.header.roNumber.slice(0, 8),
            ESTFILE_ID: id,
            SUPP_NO: e.header.supplement ? `S0${e.header.supplement}` : 'E01',
            EMS_VER: '2.01',
          },
        ],
      ),
      [`${id}.AD1`]: await table(
        dir,
        'ad1.dbf',
        [C('INS_CO_ID', 5), C('INS_CO_NM', 35), C('CLM_NO', 30), C('OWNR_LN', 35), C('OWNR_FN', 35)],
        [{ INS_CO_ID: '', INS_CO_NM: e.header.insurer, CLM_NO: e.header.claimNumber, OWNR_LN: 'Ellis', OWNR_FN: 'Jordan' }],
      ),
      [`${id}.VEH`]: await table(
        dir,
        'veh.dbf',
        [C('V_VIN', 25), C('V_MODEL_YR', 2), C('V_MAKECODE', 20), C('V_MAKEDESC', 20), C('V_MODEL', 20), C('V_BSTYLE', 20)],
        [
          {
            V_VIN: e.vehicle.vin,
            V_MODEL_YR: String(e.vehicle.year % 100).padStart(2, '0'),
            V_MAKECODE: e.vehicle.make.slice(0, 4).toUpperCase(),
            V_MAKEDESC: e.vehicle.make,
            V_MODEL: e.vehicle.model,
            V_BSTYLE: e.vehicle.trim.slice(0, 20),
          },
        ],
      ),
      [`${id}.LIN`]: await table(
        dir,
        'lin.dbf',
        [
          N('LINE_NO', 3),
          N('UNQ_SEQ', 4),
          C('LINE_IND', 3),
          C('TRAN_CODE', 1),
          C('LINE_DESC', 60),
          C('LBR_OP', 4),
          C('PART_TYPE', 4),
          C('OEM_PARTNO', 25),
          N('ACT_PRICE', 9, 2),
          N('PART_QTY', 2),
          C('MOD_LBR_TY', 4),
          N('MOD_LB_HRS', 5, 1),
        ],
        lin,
      ),
      [`${id}.TTL`]: await table(
        dir,
        'ttl.dbf',
        [N('G_TTL_AMT', 10, 2), N('G_TAX', 9, 2)],
        [{ G_TTL_AMT: Math.round(e.lines.reduce((s, l) => s + (l.price ?? 0), 0) * 100) / 100, G_TAX: 0 }],
      ),
    };
    for (const name of Object.keys(files)) if (opts.without?.some((t) => name.endsWith(`.${t}`))) delete files[name];
    return files;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The EMS tables zipped, as shops send them. */
export async function emsZip(e: SourceEstimate, opts: EmsOptions = {}): Promise<Buffer> {
  const files = await emsFiles(e, opts);
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([n, b]) => [n, new Uint8Array(b)]))));
}
