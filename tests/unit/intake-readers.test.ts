/**
 * Intake's readers of structured files (lib/intake): BMS XML (entities, refusals, every CIECA labour
 * operation code, vehicle and header), CSV, pasted lines, EMS tables (through the host's zip and dBase
 * reading, api-host/intake/ems-files.ts) and the supplement diff.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { emsTableOf, readEmsFiles, unzipEms } from '../../api-host/intake/ems-files';
import { compileVocabulary } from '../../lib/calibrations/normalise';
import { readBms } from '../../lib/intake/bms';
import { LABOUR_OPERATIONS, vinCheckDigitHolds } from '../../lib/intake/codes';
import { readCsv } from '../../lib/intake/csv';
import { diffLines } from '../../lib/intake/diff';
import { readEmsTables } from '../../lib/intake/ems';
import { ESTIMATE_MAX_LINES, IntakeError } from '../../lib/intake/estimate';
import { readPastedEstimate } from '../../lib/intake/paste';
import { sourceEstimates } from '../../testkit/intake/corpus';
import { emsFiles, emsOperationOf, emsZip } from '../../testkit/intake/ems';

const bms = (lines: string, head = '') =>
  `<?xml version="1.0"?><VehicleDamageEstimateAddRq xmlns="http://www.cieca.com/BMS">${head}${lines}</VehicleDamageEstimateAddRq>`;
const line = (n: number, desc: string, op = '', extra = '') =>
  `<DamageLineInfo><LineNum>${n}</LineNum><LineDesc>${desc}</LineDesc>${op ? `<LaborInfo><LaborOperation>${op}</LaborOperation></LaborInfo>` : ''}${extra}</DamageLineInfo>`;

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(IntakeError);
    return e as IntakeError;
  }
  throw new Error('expected a refusal');
};

describe('BMS XML', () => {
  it("decodes XML's predefined entities and character references in lines and sections", () => {
    const e = readBms(
      bms(
        `<DamageLineInfo><LineNum>1</LineNum><LineHeaderDesc>Additional Costs &amp; Materials</LineHeaderDesc><LineDesc>REPAIR PLANNING &amp; DOCUMENTATION &lt;ADAS&gt; &quot;pre&quot; &apos;scan&apos; &#38; &#x41;</LineDesc><LaborInfo><LaborOperation>OP14</LaborOperation></LaborInfo></DamageLineInfo>`,
      ),
    );
    expect(e.lines[0]).toMatchObject({
      section: 'Additional Costs & Materials',
      description: `REPAIR PLANNING & DOCUMENTATION <ADAS> "pre" 'scan' & A`,
      operation: "Add'l Opr",
      operationCode: 'OP14',
    });
  });

  it('refuses a DOCTYPE and entity declarations, and a file nested 1,000 levels deep, with a message', () => {
    expect(failure(() => readBms('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).message).toMatch(/DOCTYPE or entities/);
    const deep = failure(() => readBms('<a>'.repeat(1000) + 'x' + '</a>'.repeat(1000)));
    expect(deep.status).toBe(400);
    expect(deep.message).toMatch(/nests its elements more than/);
    expect(failure(() => readBms('<a><b></a>')).message).toMatch(/not valid XML/);
    expect(failure(() => readBms(bms('<Other/>'))).message).toMatch(/no estimate lines/);
  });

  it('gives every CIECA labour-operation code by its printed name, keeps the code, and never passes an unknown code on as an operation', () => {
    const codes = Object.keys(LABOUR_OPERATIONS);
    const e = readBms(bms([...codes, 'OP22'].map((c, i) => line(i + 1, `Line ${c}`, c)).join('')));
    codes.forEach((c, i) => {
      expect(e.lines[i]!.operationCode).toBe(c);
      expect(e.lines[i]!.operation).toBe(LABOUR_OPERATIONS[c]!.printed);
      expect(e.lines[i]!.operation).not.toMatch(/^OP\d/);
    });
    const unknown = e.lines.at(-1)!;
    expect(unknown).toMatchObject({ operation: '', operationCode: 'OP22' });
    expect(e.problems.map((p) => p.what).join(' ')).toMatch(/OP22 is not a CIECA code/);
  });

  it('reads parts, labour, the vehicle and the header, and leaves unread fields empty', () => {
    const e = readBms(
      bms(
        line(
          1,
          'Bumper cover',
          'OP11',
          '<PartInfo><PartType>PAN</PartType><PartNum>52119-0R903</PartNum><PartPrice>389.00</PartPrice><Quantity>2</Quantity></PartInfo>',
        ) + line(2, 'Four wheel alignment', '', '<SubletInfo><SubletAmount>150.00</SubletAmount></SubletInfo>'),
        `<DocumentInfo><DocumentVer><DocumentVerCode>SU</DocumentVerCode><DocumentVerNum>2</DocumentVerNum></DocumentVer></DocumentInfo>
         <AdminInfo><InsuranceCompany><Party><OrgInfo><CompanyName>Lakeshore Mutual</CompanyName></OrgInfo></Party></InsuranceCompany></AdminInfo>
         <ClaimInfo><ClaimNum>CLM-77</ClaimNum></ClaimInfo><RepairOrderNum>RO-9</RepairOrderNum>
         <VehicleInfo><VINInfo><VIN><VINNum>KM8R4DHF9NJ672292</VINNum></VIN></VINInfo><VehicleDesc><ModelYear>2022</ModelYear><MakeDesc>Hyundai</MakeDesc><ModelName>Palisade</ModelName></VehicleDesc></VehicleInfo>`,
      ),
    );
    expect(e.lines[0]).toMatchObject({
      operation: 'Repl',
      partType: 'New/OEM',
      partNumber: '52119-0R903',
      quantity: 2,
      price: 778,
      hours: null,
      labourType: '',
      confidence: null,
    });
    expect(e.lines[1]).toMatchObject({ operation: 'Subl', price: 150, partNumber: '' });
    expect(e.vehicle).toEqual({ vin: 'KM8R4DHF9NJ672292', vinChecked: true, year: 2022, make: 'Hyundai', model: 'Palisade' });
    expect(e.header).toEqual({
      roNumber: 'RO-9',
      claimNumber: 'CLM-77',
      insurer: 'Lakeshore Mutual',
      version: 'Supplement 2',
      supplement: 2,
    });
  });

  it('refuses more lines than an estimate has', () => {
    const many = Array.from({ length: ESTIMATE_MAX_LINES + 1 }, (_, i) => line(i + 1, `L${i}`)).join('');
    const e = failure(() => readBms(bms(many)));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/at most 2,000 lines/);
  });
});

describe('CSV and pasted lines', () => {
  it('reads the columns a CSV names, figures as numbers', () => {
    const e = readCsv(
      'Line,Operation,Description,Section,Part Number,Qty,Hours,Price\n1,Repl,Bumper cover,FRONT BUMPER,52119,1,2.5,"$1,389.00"\n2,R&I,Grille,,,,0.4,',
    );
    expect(e.lines).toHaveLength(2);
    expect(e.lines[0]).toMatchObject({
      lineNum: 1,
      operation: 'Repl',
      section: 'FRONT BUMPER',
      partNumber: '52119',
      quantity: 1,
      hours: 2.5,
      price: 1389,
    });
    expect(e.lines[1]).toMatchObject({ quantity: null, price: null, hours: 0.4 });
    expect(failure(() => readCsv('Line,Operation\n1,Repl')).message).toMatch(/no line description column/);
  });

  it('reads pasted lines into the same lines', () => {
    const e = readPastedEstimate('FRONT BUMPER\n1 Repl Bumper cover 52119-0R903 1 389.00 2.5\n2 R&I Grille assy', compileVocabulary());
    expect(e.source).toBe('paste');
    expect(e.lines.map((l) => [l.lineNum, l.operation, l.description, l.section, l.partNumber])).toEqual([
      [1, 'Repl', 'Bumper cover', 'FRONT BUMPER', '52119-0R903'],
      [2, 'R&I', 'Grille assy', 'FRONT BUMPER', ''],
    ]);
  });
});

describe('CIECA EMS', () => {
  const estimate = sourceEstimates()[0]!;

  it('names the EMS tables by their files', () => {
    expect(['A.LIN', 'a.lin.dbf', 'X/7A3F.VEH', 'ABCLIN.DBF', 'A.TTL', 'A.PDF', 'A.DBF'].map(emsTableOf)).toEqual([
      'LIN',
      'LIN',
      'VEH',
      'LIN',
      'TTL',
      null,
      null,
    ]);
  });

  it('reads a zipped export: every line, its section, the vehicle, the claim, the insurer and the RO', async () => {
    const e = readEmsTables(await readEmsFiles(await unzipEms(await emsZip(estimate))));
    expect(e.lines.map((l) => [l.operation, l.description, l.section])).toEqual(
      estimate.lines.map((l) => [emsOperationOf(l), l.description, l.section]),
    );
    expect(e.lines.every((l) => l.confidence === null)).toBe(true);
    expect(e.vehicle).toMatchObject({
      vin: estimate.vehicle.vin,
      vinChecked: true,
      year: estimate.vehicle.year,
      make: estimate.vehicle.make,
      model: estimate.vehicle.model,
    });
    expect(e.header).toMatchObject({
      claimNumber: estimate.header.claimNumber,
      insurer: estimate.header.insurer,
      roNumber: estimate.header.roNumber,
    });
  });

  it('reads the loose files of an export, and says what a set without LIN lacks', async () => {
    const files = Object.entries(await emsFiles(estimate)).map(([name, bytes]) => ({ name, bytes }));
    expect(readEmsTables(await readEmsFiles(files)).lines).toHaveLength(estimate.lines.length);
    const noLin = files.filter((f) => !f.name.endsWith('.LIN'));
    expect(failure(() => readEmsTables({})).message).toMatch(/no LIN table/);
    await expect(readEmsFiles(noLin).then(readEmsTables)).rejects.toThrow(/no LIN table/);
    const noVeh = readEmsTables(await readEmsFiles(files.filter((f) => !f.name.endsWith('.VEH'))));
    expect(noVeh.problems.map((p) => p.what).join(' ')).toMatch(/No VEH table/);
  });

  it('refuses a zip bomb and a zip of too many files before inflating them', async () => {
    const bomb = Buffer.from(zipSync({ 'A.LIN': new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(unzipEms(bomb)).rejects.toMatchObject({ status: 413 });
    const many = Buffer.from(zipSync(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`f${i}.txt`, new Uint8Array(1)]))));
    await expect(unzipEms(many)).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/holds 300 files/) });
    await expect(unzipEms(Buffer.from('PK\u0003\u0004 not a zip at all'))).rejects.toBeInstanceOf(IntakeError);
  });

  it('refuses a file that is not a dBase table', async () => {
    await expect(readEmsFiles([{ name: 'A.LIN', bytes: Buffer.from('hello') }])).rejects.toThrow(/not a readable dBase/);
  });
});

describe('supplements', () => {
  const l = (lineNum: number, operation: string, description: string, section = 'FRONT') => ({ lineNum, operation, description, section });

  it('tells lines added, removed and changed, matching lines by content before number', () => {
    const before = [l(1, 'Repl', 'Bumper cover'), l(2, 'R&I', 'Grille'), l(3, 'Rpr', 'Hood')];
    const after = [l(1, 'Repl', 'Bumper cover'), l(2, 'Repl', 'Grille'), l(4, 'Repl', 'Radar sensor')];
    const d = diffLines(before, after);
    expect(d.added.map((x) => x.description)).toEqual(['Radar sensor']);
    expect(d.removed.map((x) => x.description)).toEqual(['Hood']);
    expect(d.changed).toEqual([{ before: before[1], after: after[1], what: ['operation'] }]);
    expect(d.unchanged).toBe(1);
    // Renumbered but the same lines: nothing changed.
    expect(
      diffLines(
        before,
        before.map((x, i) => ({ ...x, lineNum: i + 10 })),
      ).unchanged,
    ).toBe(3);
  });
});

describe('VIN check digit', () => {
  it('holds for real VINs and not for one character changed', () => {
    expect(vinCheckDigitHolds('1HGCM82633A004352')).toBe(true);
    expect(vinCheckDigitHolds('1HGCM82633A004353')).toBe(false);
    expect(vinCheckDigitHolds('1HGCM82633A00435')).toBe(false);
  });
});
