/**
 * The estimate files intake is measured and tested on (npm run bench:intake, tests/*intake*): every source
 * estimate (corpus.ts) printed in its vendor's layout (print.ts) and exported as EMS (ems.ts), scanned copies
 * of some (scan.ts), a 20-page printout, and what each must read back as.
 */
import { emsOperationOf, emsZip } from './ems';
import { sourceEstimates, type SourceEstimate } from './corpus';
import { printEstimate } from './print';
import { scanPdf } from './scan';
import type { PrintLayout } from '../../lib/intake/estimate';

export type FixtureKind = 'pdf' | 'ems' | 'scan';

export interface Expected {
  lines: { lineNum: number; operation: string; description: string; section: string }[];
  vin: string;
  roNumber: string;
  claimNumber: string;
  insurer: string;
  supplement: number;
}

export interface Fixture {
  name: string;
  kind: FixtureKind;
  layout: PrintLayout;
  estimate: SourceEstimate;
  bytes: () => Promise<Buffer>;
  expected: Expected;
}

export function expectedOf(e: SourceEstimate, kind: FixtureKind): Expected {
  return {
    lines: e.lines.map((l) => ({
      lineNum: l.lineNum,
      operation: kind === 'ems' ? emsOperationOf(l) : l.operation,
      description: l.description,
      section: l.section,
    })),
    vin: e.vehicle.vin,
    // EMS keeps an RO of at most 8 characters (ENV.RO_ID).
    roNumber: kind === 'ems' ? e.header.roNumber.slice(0, 8) : e.header.roNumber,
    claimNumber: e.header.claimNumber,
    insurer: e.header.insurer,
    supplement: e.header.supplement,
  };
}

/** Every fixture: each estimate as its printout and as EMS; `scanned` of them (spread over the layouts) scanned too. */
export function fixtures({ scanned = 6 }: { scanned?: number } = {}): Fixture[] {
  const estimates = sourceEstimates();
  const out: Fixture[] = [];
  for (const e of estimates) {
    out.push({
      name: `${e.id}.pdf`,
      kind: 'pdf',
      layout: e.layout,
      estimate: e,
      bytes: () => printEstimate(e),
      expected: expectedOf(e, 'pdf'),
    });
    out.push({ name: `${e.id}.zip`, kind: 'ems', layout: e.layout, estimate: e, bytes: () => emsZip(e), expected: expectedOf(e, 'ems') });
  }
  const layouts: PrintLayout[] = ['ccc', 'mitchell', 'audatex'];
  for (let i = 0; i < scanned; i++) {
    const layout = layouts[i % 3]!;
    const candidates = estimates.filter((e) => e.layout === layout);
    const e = candidates[(Math.floor(i / 3) * 5) % candidates.length]!;
    out.push({
      name: `${e.id}-scanned.pdf`,
      kind: 'scan',
      layout,
      estimate: e,
      bytes: async () => scanPdf(await printEstimate(e), { seed: e.id }),
      expected: expectedOf(e, 'scan'),
    });
  }
  return out;
}

/** One estimate long enough to print on about `pages` pages (the corpus's lines over and over). */
export function longEstimate(pages = 20): SourceEstimate {
  const all = sourceEstimates().filter((e) => e.layout === 'ccc');
  const lines = [];
  let n = 0;
  while (lines.length < pages * 43) for (const l of all[n++ % all.length]!.lines) lines.push({ ...l, lineNum: lines.length + 1 });
  return { ...all[0]!, id: `long-${pages}`, lines: lines.slice(0, pages * 43) };
}
