/** BMS XML files for intake's tests and bench: an estimate's lines as CIECA BMS, and one as large as an upload may be. */
import { ESTIMATE_MAX_BYTES } from '../../lib/contract/calibrations-constants';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A BMS estimate of `count` lines, each padded with the detail real exports carry, just under `bytes`. */
export function bigBms(count = 2000, bytes = ESTIMATE_MAX_BYTES - 64 * 1024): Buffer {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<VehicleDamageEstimateAddRq xmlns="http://www.cieca.com/BMS">\n';
  const tail = '</VehicleDamageEstimateAddRq>\n';
  const line = (i: number, pad: string) =>
    `<DamageLineInfo><LineNum>${i}</LineNum><UniqueSequenceNum>${i}</UniqueSequenceNum><LineHeaderDesc>FRONT BUMPER &amp; GRILLE</LineHeaderDesc><LineDesc>${esc(`Bumper cover ${i}`)}</LineDesc><PartInfo><PartType>PAN</PartType><PartNum>52119-0R9${i % 10}</PartNum><PartPrice>389.00</PartPrice><Quantity>1</Quantity></PartInfo><LaborInfo><LaborType>LAB</LaborType><LaborOperation>OP11</LaborOperation><LaborHours>2.5</LaborHours></LaborInfo><LineMemo>${pad}</LineMemo></DamageLineInfo>\n`;
  const bare = line(1, '').length;
  const pad = 'x'.repeat(Math.max(0, Math.floor((bytes - head.length - tail.length) / count) - bare - 4));
  return Buffer.from(head + Array.from({ length: count }, (_, i) => line(i + 1, pad)).join('') + tail);
}
