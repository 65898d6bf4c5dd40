/** Repair estimates for the calibration tests: a CIECA BMS XML export and a CSV of the same lines. */
export interface FixtureLine {
  op: 'OP11' | 'OP2' | 'OP9' | 'OP26';
  description: string;
  section?: string;
}

/** A 2022 Toyota RAV4 collision estimate: windshield, front bumper, mirror, alignment sublet, hood refinish. */
export const RAV4_LINES: readonly FixtureLine[] = [
  { op: 'OP11', description: 'Windshield glass w/ rain sensor', section: 'Windshield' },
  { op: 'OP2', description: 'Front bumper cover', section: 'Front Bumper' },
  { op: 'OP9', description: 'Hood', section: 'Hood' },
  { op: 'OP26', description: 'Four wheel alignment' },
  { op: 'OP11', description: 'LT Door trim panel', section: 'Front Door' },
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function bmsXml(lines: readonly FixtureLine[]): string {
  const body = lines
    .map(
      (l, i) => `    <DamageLineInfo>
      <LineNum>${i + 1}</LineNum>
      <UniqueSequenceNum>${5000 + i}</UniqueSequenceNum>
      <LineHeaderDesc>${escape(l.section ?? '')}</LineHeaderDesc>
      <LineDesc>${escape(l.description)}</LineDesc>
      ${l.op === 'OP26' ? '<SubletInfo><SubletAmount>120</SubletAmount></SubletInfo>' : `<LaborInfo><LaborOperation>${l.op}</LaborOperation><LaborHours>1.2</LaborHours></LaborInfo>`}
    </DamageLineInfo>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<VehicleDamageEstimateAddRq xmlns="http://www.cieca.com/BMS">
  <RqUID>6b1c2d4e-0000-4000-8000-000000000001</RqUID>
  <DamageLineInfoList>
${body}
  </DamageLineInfoList>
</VehicleDamageEstimateAddRq>`;
}

export function estimateCsv(lines: readonly FixtureLine[]): string {
  const op = { OP11: 'Repl', OP2: 'R&I', OP9: 'Rpr', OP26: 'Subl' } as const;
  return ['Line,Operation,Description,Section', ...lines.map((l, i) => `${i + 1},${op[l.op]},"${l.description}",${l.section ?? ''}`)].join(
    '\n',
  );
}

/** The "billion laughs" entity expansion. */
export const XML_BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<VehicleDamageEstimateAddRq><DamageLineInfo><LineNum>1</LineNum><LineDesc>&lol3;</LineDesc></DamageLineInfo></VehicleDamageEstimateAddRq>`;
