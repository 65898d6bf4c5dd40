/**
 * Estimates to print and export for intake's tests and bench (npm run bench:intake): the labelled lines of
 * the scrub's own sets (testkit/scrub-corpus) cut into estimates by style, and the outside sets' estimates
 * (../shared/scrub-outside/*.csv beside the repository, when present), each given a vehicle, a header and
 * the figures an estimate prints (part numbers, quantities, prices, hours), made up deterministically.
 */
import Papa from 'papaparse';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { HOLDOUT_SET } from '../scrub-corpus/holdout-set';
import { PROBE_SET } from '../scrub-corpus/probe-set';
import { TUNING_SET } from '../scrub-corpus/tuning-set';
import type { PrintLayout } from '../../lib/intake/estimate';

export interface SourceLine {
  lineNum: number;
  section: string;
  operation: string;
  description: string;
  partType: string;
  partNumber: string;
  quantity: number | null;
  labourType: string;
  hours: number | null;
  price: number | null;
}

export interface SourceEstimate {
  id: string;
  layout: PrintLayout;
  vehicle: { vin: string; year: number; make: string; model: string; trim: string };
  header: { roNumber: string; claimNumber: string; insurer: string; supplement: number };
  lines: SourceLine[];
}

/** Vehicles whose VINs carry a valid check digit. */
export const VEHICLES: readonly SourceEstimate['vehicle'][] = [
  { vin: 'KM8R4DHF9NJ672292', year: 2022, make: 'Hyundai', model: 'Palisade', trim: 'SEL AWD 4D UTV' },
  { vin: '5FNRL6HRXML670662', year: 2021, make: 'Honda', model: 'Odyssey', trim: 'EX-L 4D VAN' },
  { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', trim: 'EX 4D SED' },
  { vin: '1FTFW1E51NFA00001', year: 2022, make: 'Ford', model: 'F-150', trim: 'XLT 4WD CREW CAB' },
  { vin: '5YJ3E1EA2KF317000', year: 2019, make: 'Tesla', model: 'Model 3', trim: 'Long Range 4D SED' },
  { vin: 'JTMB1RFV3KD012345', year: 2019, make: 'Toyota', model: 'RAV4', trim: 'XLE AWD 4D UTV' },
];
const INSURERS = ['Allied Auto Insurance', 'Lakeshore Mutual', 'Statewide Insurance Co.', 'Empire Claims Network', 'Liberty Auto & Home'];

/** A small deterministic random source (mulberry32), so the same estimate prints the same every run. */
export function seeded(text: string): () => number {
  let a = [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2654435761) >>> 0, 7);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LAYOUT_OF: Record<string, PrintLayout> = { ccc: 'ccc', mitchell: 'mitchell', audatex: 'audatex' };
const LAYOUTS: PrintLayout[] = ['ccc', 'mitchell', 'audatex'];

function figures(
  id: string,
  l: Omit<SourceLine, 'partType' | 'partNumber' | 'quantity' | 'labourType' | 'hours' | 'price'>,
  layout: PrintLayout,
): SourceLine {
  const r = seeded(`${id}:${l.lineNum}:${l.description}`);
  const op = l.operation.toLowerCase();
  const replaced = /^(repl|rpl|remove\s*\/\s*replace|r&r|r\/r|replace)/.test(op);
  const refinish = /^(refn|rfn|refinish|blnd|blend)/.test(op);
  const sublet = /^(subl|sublet)/.test(op) || /sublet/i.test(l.description);
  const partNumber = replaced
    ? `${Math.floor(10000 + r() * 89999)}-${String.fromCharCode(65 + Math.floor(r() * 26))}${Math.floor(100 + r() * 899)}`
    : '';
  const quantity = replaced ? 1 + Math.floor(r() * 1.3) : null;
  const price = replaced || sublet ? Math.round((40 + r() * 900) * 100) / 100 : null;
  const hours = Math.round((0.2 + r() * 3.5) * 10) / 10;
  const labourType = refinish ? (layout === 'mitchell' ? 'REF' : 'Refinish') : layout === 'mitchell' ? 'BDY' : 'Body';
  const partType = replaced ? (r() < 0.7 ? 'OEM' : r() < 0.5 ? 'A/M' : 'LKQ') : '';
  return { ...l, partType, partNumber, quantity, labourType, hours, price };
}

function estimateOf(
  id: string,
  index: number,
  layout: PrintLayout,
  rows: { section: string; operation: string; description: string }[],
): SourceEstimate {
  const r = seeded(id);
  return {
    id,
    layout,
    vehicle: VEHICLES[index % VEHICLES.length]!,
    header: {
      roNumber: `RO-${10200 + index * 17}`,
      claimNumber: `${['CLM', 'CL', '0'][index % 3]}${Math.floor(1e6 + r() * 8e6)}-${index % 4}`,
      insurer: INSURERS[index % INSURERS.length]!,
      supplement: index % 5 === 4 ? 1 : 0,
    },
    // A printout cannot leave a line out of the section above it: a line without one takes the last.
    lines: rows.map((row, i) =>
      figures(id, { lineNum: i + 1, ...row, section: row.section || rows.slice(0, i).findLast((r) => r.section)?.section || '' }, layout),
    ),
  };
}

/** The outside sets' folder beside the repository, when it is there. */
export const OUTSIDE_DIR = resolve(import.meta.dirname, '../../../shared/scrub-outside');

/** Every estimate to print: the scrub's own sets cut into estimates of `size` lines, and the outside sets' estimates. */
export function sourceEstimates(size = 30): SourceEstimate[] {
  const out: SourceEstimate[] = [];
  const own = [...TUNING_SET, ...HOLDOUT_SET, ...PROBE_SET];
  const styles = [...new Set(own.map((l) => l.style))];
  for (const style of styles) {
    const lines = own.filter((l) => l.style === style);
    for (let start = 0; start < lines.length; start += size) {
      const chunk = lines.slice(start, start + size);
      const layout = LAYOUT_OF[style] ?? LAYOUTS[out.length % 3]!;
      out.push(estimateOf(`own-${style}-${start / size + 1}`, out.length, layout, chunk));
    }
  }
  if (existsSync(OUTSIDE_DIR))
    for (const file of readdirSync(OUTSIDE_DIR)
      .filter((f) => f.endsWith('.csv'))
      .sort()) {
      const rows = Papa.parse<Record<string, string>>(readFileSync(join(OUTSIDE_DIR, file), 'utf8'), {
        header: true,
        skipEmptyLines: true,
      }).data;
      const byEstimate = new Map<string, Record<string, string>[]>();
      for (const row of rows) byEstimate.set(row.estimate ?? '', [...(byEstimate.get(row.estimate ?? '') ?? []), row]);
      for (const [name, lines] of byEstimate) {
        const style = lines[0]?.style ?? '';
        const layout = LAYOUT_OF[style] ?? LAYOUTS[out.length % 3]!;
        const id = `${file.replace(/\.csv$/, '')}-${name.split(' ')[0]}`;
        out.push(
          estimateOf(
            id,
            out.length,
            layout,
            lines.map((l) => ({ section: l.section ?? '', operation: l.operation ?? '', description: l.description ?? '' })),
          ),
        );
      }
    }
  return out;
}

/** A supplement of an estimate: some lines removed, one changed, two added (for the supplement diff). */
export function supplementOf(e: SourceEstimate): SourceEstimate {
  const lines = e.lines
    .filter((_, i) => i % 7 !== 3)
    .map((l, i) => (i === 1 ? { ...l, operation: l.operation === 'R&I' ? 'Repl' : 'R&I' } : l));
  const section = lines.at(-1)?.section ?? '';
  const added = [
    { section, operation: 'Repl', description: 'Front radar sensor' },
    { section, operation: 'Subl', description: 'Calibrate front radar' },
  ].map((l, i) => figures(e.id, { lineNum: e.lines.length + i + 1, ...l }, e.layout));
  return { ...e, id: `${e.id}-s1`, header: { ...e.header, supplement: 1 }, lines: [...lines, ...added] };
}
