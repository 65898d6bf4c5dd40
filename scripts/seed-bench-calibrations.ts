/**
 * The calibrations part of the benchmark seed (scripts/seed-bench.ts --measure): the two targets,
 * measured against the seed-bench database (50,000 make matrices grown by the configuration part):
 * - a scrub of a 300-line estimate at the host: at most 50 ms;
 * - a report PDF of a 20-system inspection: at most 500 ms.
 * Figures are printed, never asserted.
 */
import type { Db } from '../api-host/core/db';
import { scrubLines, type RepairLineRow, inspectionJob } from '../api-host/calibrations/scrub';
import { renderReport, reportData, reportPreferenceOf, translator } from '../api-host/calibrations/report';
import type { Caller } from '../api-host/core/caller';
import { timeAsync, line } from './lib/timing';

const WORDS: readonly [string, string][] = [
  ['Repl', 'Windshield glass w/ rain sensor'],
  ['R&I', 'Front bumper cover'],
  ['Repl', 'Grille assy'],
  ['Rpr', 'LT Quarter panel'],
  ['Refn', 'Hood'],
  ['Repl', 'RT Outside mirror assy w/ camera'],
  ['Subl', 'Four wheel alignment'],
  ['Repl', 'Rear bumper cover'],
  ['R&I', 'Instrument panel'],
  ['Repl', 'LT Door trim panel'],
  ['Repl', 'Front parking sensor'],
  ['Subl', 'Post-repair scan'],
];

/** The i-th item of a list repeated end to end. */
function cycled<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('Nothing to repeat: the list is empty');
  return item;
}

export async function measureCalibrations(db: Db): Promise<void> {
  const matrices = db.prepare('SELECT count(*) FROM adas_make_matrix').pluck().get() as number;
  console.log(`\n[measure] calibrations at ${matrices.toLocaleString('en-US')} make matrices, median / max, ms`);
  const lines: RepairLineRow[] = Array.from({ length: 300 }, (_, i) => {
    const [operation, description] = cycled(WORDS, i);
    return { lineNum: i + 1, uniqueSequenceNumber: 1000 + i, operation, description: `${description} ${i}` };
  });
  const vehicle = { year: 2022, make: 'Toyota', model: 'RAV4', vin: '' };
  let triggered = 0;
  line(
    'scrub of a 300-line estimate (target ≤ 50)',
    await timeAsync(() => (triggered = scrubLines(db, vehicle, 6, lines).calibrations.length), 25),
    `${triggered} calibrations`,
  );

  // A 20-system inspection: a real one's report data with its systems repeated up to 20.
  const id = db
    .prepare(
      'SELECT adas_inspection FROM adas_inspection i JOIN adas j ON j.adas = i.adas WHERE j.firm = 6 ORDER BY adas_inspection LIMIT 1',
    )
    .pluck()
    .get() as number;
  const caller = { firms: new Set([6]) } as unknown as Caller;
  const job = inspectionJob(db, caller, id, 'read');
  const data = reportData(db, job);
  const systems = Array.from({ length: 20 }, (_, i) => {
    const system = cycled(data.systems, i);
    return { ...system, system: `${system.system} ${i + 1}` };
  });
  const pref = reportPreferenceOf(db, job.firm);
  let size = 0;
  line(
    'report PDF of a 20-system inspection (target ≤ 500)',
    await timeAsync(async () => (size = (await renderReport({ ...data, systems }, pref, translator(db, 'es'))).byteLength), 10),
    `${(size / 1024).toFixed(1)} kB`,
  );
}
