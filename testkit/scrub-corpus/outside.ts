/**
 * The outside sets (outside/README.md): lines written by estimators outside the team, labelled with the
 * systems each requires (`expected`), may or may not require (`acceptable`: OEMs differ) and the makes for
 * which an expected system is only acceptable (`vehicle_exceptions`). Scored the way the hidden sets are:
 * each estimate uploaded as a CSV file (read by the product's own parser) to a job of a 2022 Hyundai
 * Palisade and a 2021 Honda Odyssey, both equipped with the eight scored systems, and scrubbed by the
 * host's scrub. Per (vehicle, line, system): an expected system not listed is a miss; a listed system that
 * is neither expected nor acceptable is a false alarm. Recall = expected pairs listed / expected pairs;
 * precision = listed pairs that were expected / listed pairs that were not merely acceptable.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Db } from '../../api-host/core/db';
import { readCsv } from '../../lib/intake/csv';
import { scrubLines, type JobOfInspection } from '../../api-host/calibrations/scrub';
import type { LineOutcome } from '../../lib/calibrations/match';
import { SYSTEM_CODES, type SystemCode } from './labels';
import { BENCH_FIRM } from './evaluate';

/** The outside sets' two vehicles. */
export const OUTSIDE_VEHICLES: readonly JobOfInspection['vehicle'][] = [
  { year: 2022, make: 'Hyundai', model: 'Palisade', vin: 'KM8R4DHF9NJ672292' },
  { year: 2021, make: 'Honda', model: 'Odyssey', vin: '5FNRL6HRXML670662' },
];

export interface OutsideLine {
  id: string;
  estimate: string;
  style: string;
  line: number;
  operation: string;
  section: string;
  description: string;
  expected: string[];
  acceptable: string[];
  /** "Honda Odyssey: Side Camera" → for that make and model, the system is acceptable, not expected. */
  exceptions: { vehicle: string; system: string }[];
  rule: string;
}

const list = (text: string | undefined) =>
  (text ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/** One outside set (set1, set2) as labelled lines. */
export function outsideSet(name: 'set1' | 'set2'): OutsideLine[] {
  const text = readFileSync(join(import.meta.dirname, 'outside', `${name}.csv`), 'utf8');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data.map((r) => ({
    id: r.id ?? '',
    estimate: r.estimate ?? '',
    style: r.style ?? '',
    line: Number(r.line),
    operation: r.operation ?? '',
    section: r.section ?? '',
    description: r.description ?? '',
    expected: list(r.expected),
    acceptable: list(r.acceptable),
    exceptions: list(r.vehicle_exceptions).map((e) => {
      const [vehicle = '', system = ''] = e.split(':').map((s) => s.trim());
      return { vehicle, system };
    }),
    rule: (r.rule ?? '').split(':')[0] ?? '',
  }));
}

export interface OutsideResult {
  line: OutsideLine;
  vehicle: string;
  expected: string[];
  acceptable: string[];
  got: string[];
  missed: string[];
  falseAlarms: string[];
  outcome: LineOutcome;
}

const SCORED = new Set<string>(Object.values(SYSTEM_CODES));
const q = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** An estimate's lines as the CSV file the scorers upload. */
export const estimateCsv = (lines: readonly OutsideLine[]) =>
  ['Line,Operation,Section,Description', ...lines.map((l) => [l.line, q(l.operation), q(l.section), q(l.description)].join(','))].join(
    '\n',
  );

/** Scrubs every estimate of a set for both vehicles, each read from its CSV by the product's parser. */
export function scrubOutside(db: Db, lines: readonly OutsideLine[]): OutsideResult[] {
  const estimates = new Map<string, OutsideLine[]>();
  for (const l of lines) estimates.set(l.estimate, [...(estimates.get(l.estimate) ?? []), l]);
  const out: OutsideResult[] = [];
  for (const estimate of estimates.values()) {
    const parsed = readCsv(estimateCsv(estimate)).lines;
    if (parsed.length !== estimate.length)
      throw new Error(`${estimate[0]?.estimate}: ${estimate.length} lines, ${parsed.length} read back`);
    for (const vehicle of OUTSIDE_VEHICLES) {
      const name = `${vehicle.make} ${vehicle.model}`;
      const s = scrubLines(
        db,
        vehicle,
        BENCH_FIRM,
        parsed.map((p) => ({ ...p, section: p.section || undefined })),
      );
      s.outcomes.forEach((outcome, i) => {
        const line = estimate[i]!;
        const demoted = line.exceptions.filter((e) => name.startsWith(e.vehicle) || e.vehicle === vehicle.make).map((e) => e.system);
        const expected = line.expected.filter((x) => !demoted.includes(x));
        const acceptable = [...line.acceptable, ...demoted];
        const got = [...new Set(outcome.triggers.map((t) => t.system).filter((x) => SCORED.has(x)))];
        out.push({
          line,
          vehicle: `${vehicle.year} ${name}`,
          expected,
          acceptable,
          got,
          missed: expected.filter((x) => !got.includes(x)),
          falseAlarms: got.filter((x) => !expected.includes(x) && !acceptable.includes(x)),
          outcome,
        });
      });
    }
  }
  return out;
}

export interface OutsideFigures {
  recall: number;
  precision: number;
  expected: number;
  found: number;
  /** Listed pairs that were not merely acceptable. */
  raised: number;
  correct: number;
}

/** Recall and precision of some results, for one system when given. */
export function outsideFigures(results: readonly OutsideResult[], system?: string): OutsideFigures {
  let expected = 0;
  let found = 0;
  let raised = 0;
  let correct = 0;
  for (const r of results) {
    const want = system ? r.expected.filter((x) => x === system) : r.expected;
    const got = system ? r.got.filter((x) => x === system) : r.got;
    expected += want.length;
    found += want.filter((x) => got.includes(x)).length;
    const judged = got.filter((x) => !r.acceptable.includes(x) || want.includes(x));
    raised += judged.length;
    correct += judged.filter((x) => want.includes(x)).length;
  }
  return { recall: expected ? found / expected : 1, precision: raised ? correct / raised : 1, expected, found, raised, correct };
}

export const OUTSIDE_SYSTEMS: readonly string[] = Object.values(SYSTEM_CODES);
export type { SystemCode };
