/**
 * The ADAS job rules (docs/adas.md#fields, #states) in plain code, shared by the screens and the reference host.
 * No zod, no server code: client components import it.
 *
 * Statuses are numbers (docs/adas.md#states: "Adas status is numeric, default 1"; "Inspection status 2 means
 * Complete"); the specification shows no other names, so the product decides them here, one set for jobs
 * and inspections alike. Types and results are fixed lists for the same reason.
 */

export const STATUS = { open: 1, complete: 2, inProgress: 3, onHold: 4 } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];
export const DEFAULT_STATUS = STATUS.open;

export const STATUS_NAMES: Readonly<Record<number, string>> = { 1: 'Open', 2: 'Complete', 3: 'In Progress', 4: 'On Hold' };
export const STATUS_IDS = [1, 2, 3, 4] as const;
export const statusName = (status: number) => STATUS_NAMES[status] ?? `Status ${status}`;

/** What brought the vehicle in. */
export const ADAS_TYPES: Readonly<Record<number, string>> = {
  1: 'Collision repair',
  2: 'Windshield replacement',
  3: 'Wheel alignment',
  4: 'Suspension work',
  5: 'Pre-purchase inspection',
};
export const DEFAULT_ADAS_TYPE = 1;

export const INSPECTION_TYPES: Readonly<Record<number, string>> = { 1: 'Pre-repair', 2: 'Post-repair', 3: 'Calibration' };
export const DEFAULT_INSPECTION_TYPE = 1;

/** What the inspection found for one system. */
export const RESULTS: Readonly<Record<number, string>> = {
  1: 'Passed',
  2: 'Calibration required',
  3: 'Calibrated',
  4: 'Failed',
  5: 'Not applicable',
};
/** The RESULTS ids the rules name (the report, the dashboard's sales). */
export const RESULT = { passed: 1, required: 2, calibrated: 3, failed: 4, notApplicable: 5 } as const;

export const nameOf = (names: Readonly<Record<number, string>>, id: number | null | undefined) => (id == null ? '' : (names[id] ?? ''));

/** The job list's sorts and defaults (docs/adas.md#limits: 10 rows, descending by job) and the vehicle list's. */
export const ADAS_SORTS = ['adas', 'ronumber', 'vehicle', 'vin', 'insurance', 'status', 'inspections', 'created', 'location'] as const;
export type AdasSort = (typeof ADAS_SORTS)[number];
export const ADAS_DEFAULTS = { pageSize: 10, orderBy: 'adas', direction: 'desc' } as const;
export const VEHICLE_SORTS = ['vehicle', 'year', 'make', 'model', 'vin', 'created'] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];
export const VEHICLE_DEFAULTS = { pageSize: 10, orderBy: 'vehicle', direction: 'desc' } as const;

/** Defaults of the specification (docs/adas.md#fields, #limits). */
export const ADAS_DEFAULT_YEAR = 2010;
export const VEHICLE_DEFAULT_YEAR = 2007;
/** New records are sent with id -1 (docs/adas.md#fields). */
export const NEW_ID = -1;

/**
 * The job's status after its inspections changed (docs/adas.md#states): when every inspection is Complete the
 * job is Complete; a Complete job whose inspections are not all Complete any more (one reopened, added or
 * deleted) is Open again; otherwise the job keeps the status its users gave it.
 */
export function rolledUpStatus(jobStatus: number, inspectionStatuses: readonly number[]): number {
  const allComplete = inspectionStatuses.length > 0 && inspectionStatuses.every((s) => s === STATUS.complete);
  if (allComplete) return STATUS.complete;
  return jobStatus === STATUS.complete ? STATUS.open : jobStatus;
}

/** A system of an inspection as the completion rule sees it. */
export interface SystemOutcome {
  result: number | null;
  isNotEquipped: boolean;
}

/** Systems still waiting for a result: an inspection is complete only when none is (not equipped counts as done). */
export const pendingSystems = <T extends SystemOutcome>(systems: readonly T[]): T[] =>
  systems.filter((s) => s.result == null && !s.isNotEquipped);

/** Why an inspection cannot be completed yet, or null. */
export function completionProblem(systems: readonly SystemOutcome[]): string | null {
  const n = pendingSystems(systems).length;
  if (n === 0) return null;
  return n === 1
    ? 'Record a result for every system before completing: 1 system has no result yet (mark it not equipped if the vehicle does not have it).'
    : `Record a result for every system before completing: ${n} systems have no result yet (mark them not equipped if the vehicle does not have them).`;
}

/** A repair order as written in a sentence: "RO 24817", and "RO-24817" as it is (never "RO RO-24817"). */
export const roText = (ronumber: string) => (/^RO\b/i.test(ronumber.trim()) ? ronumber.trim() : `RO ${ronumber.trim()}`);

/** "2018 Toyota RAV4". */
export const vehicleLabel = (v: { year: number | null; make: string; model: string }) =>
  [v.year, v.make, v.model].filter(Boolean).join(' ');
