/**
 * The preview of a read estimate (lib/contract/intake.ts intakePreview): its lines beside what the scrub
 * makes of them (the scrub's own entry point, for the job's vehicle and firm, with the inspection's systems
 * marked not equipped), the job's VIN, RO, claim number and insurer beside the file's, a note when the
 * file's vehicle is not the job's, and, when the job has lines already, what the new estimate adds,
 * removes and changes and which calibrations that adds or drops. Reads the database only: nothing is written.
 */
import type { IntakePreview, JobField, JobFieldChoice } from '../../lib/contract/intake';
import { diffLines } from '../../lib/intake/diff';
import { LAYOUT_NAMES, type ReadEstimate } from '../../lib/intake/estimate';
import type { ReadLine } from '../../lib/intake/line';
import { insurerNamed, jobEstimateFields } from '../adas/service';
import { jobLines, notEquippedOf, scrubLines, scrubbedLines, type RepairLineRow } from '../calibrations/service';
import type { Db } from '../core/db';

export interface IntakeJob {
  adas: number;
  firm: number;
  vehicle: { year: number; make: string; model: string; vin: string };
}

export const repairRows = (lines: readonly ReadLine[]): RepairLineRow[] =>
  lines.map((l) => ({
    lineNum: l.lineNum,
    uniqueSequenceNumber: l.uniqueSequenceNumber,
    operation: l.operation,
    description: l.description,
    section: l.section || undefined,
    partNumber: l.partNumber,
    isNotEquipped: false,
  }));

const LABELS: Record<JobField, string> = { vin: 'VIN', roNumber: 'RO number', claimNumber: 'Claim number', insurer: 'Insurer' };
const same = (a: string, b: string) => a.toLowerCase().replace(/[^a-z0-9]/g, '') === b.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The file's value of each job field, and what confirming would do with it. */
export function fieldChoices(db: Db, job: IntakeJob, estimate: ReadEstimate): JobFieldChoice[] {
  const onJob = jobEstimateFields(db, job.adas);
  const insurer = estimate.header.insurer ? insurerNamed(db, job.firm, estimate.header.insurer) : null;
  const fromFile: Record<JobField, string> = {
    vin: estimate.vehicle.vin.length === 17 ? estimate.vehicle.vin : '',
    roNumber: estimate.header.roNumber,
    claimNumber: estimate.header.claimNumber,
    // Only an insurer the location works with can be the job's.
    insurer: insurer?.insuranceName ?? '',
  };
  return (['vin', 'roNumber', 'claimNumber', 'insurer'] as const).map((field) => {
    const file = fromFile[field];
    const job = onJob[field];
    const action = !file ? 'none' : !job ? 'fill' : same(file, job) ? 'same' : 'overwrite';
    return {
      field,
      label: LABELS[field],
      fromFile: field === 'insurer' && !insurer ? estimate.header.insurer : file,
      onJob: job,
      action,
    };
  });
}

function vehicleNote(job: IntakeJob, estimate: ReadEstimate): string | null {
  const v = estimate.vehicle;
  const j = job.vehicle;
  const differs =
    (v.year != null && v.year !== j.year) ||
    (!!v.make && !!j.make && !same(v.make, j.make) && !same(v.make, j.make.slice(0, v.make.length)));
  if (!differs) return null;
  return `The file is for a ${[v.year, v.make, v.model].filter(Boolean).join(' ')}, the job for a ${j.year} ${j.make} ${j.model}: the scrub reads the lines for the job's vehicle. Check that this is the job's estimate.`;
}

export function previewOf(db: Db, job: IntakeJob, adasInspection: number | null, estimate: ReadEstimate): IntakePreview {
  const notEquipped = adasInspection == null ? new Set<number>() : notEquippedOf(db, adasInspection);
  const scrub = scrubLines(db, job.vehicle, job.firm, repairRows(estimate.lines), notEquipped);
  const current = jobLines(db, job.adas);
  let supplement: IntakePreview['supplement'] = null;
  if (current.lines.length) {
    const before = scrubLines(db, job.vehicle, job.firm, current.lines, notEquipped);
    const systems = (s: typeof scrub) => new Set(s.calibrations.map((c) => c.system));
    const [was, now] = [systems(before), systems(scrub)];
    supplement = {
      against: `the job's ${current.lines.length} line${current.lines.length === 1 ? '' : 's'}${current.fileName ? ` from ${current.fileName}` : ''}`,
      ...diffLines(current.lines, estimate.lines),
      calibrationsAdded: [...now].filter((s) => !was.has(s)),
      calibrationsDropped: [...was].filter((s) => !now.has(s)),
    };
  }
  return {
    estimate,
    layoutName: estimate.layout ? LAYOUT_NAMES[estimate.layout] : '',
    scrub: { lines: scrubbedLines(scrub), calibrations: scrub.calibrations, noScrub: scrub.noScrub },
    job: { adas: job.adas, vehicle: job.vehicle, lineCount: current.lines.length },
    fields: fieldChoices(db, job, estimate),
    vehicleNote: vehicleNote(job, estimate),
    supplement,
  };
}
