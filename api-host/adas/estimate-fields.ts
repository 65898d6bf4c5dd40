/**
 * A job's fields an estimate file may fill (intake, docs/intake.md#the-job): its VIN (the vehicle's), RO,
 * claim number and insurer. The insurer is taken only when it is one the job's location works with
 * (insurers.ts), matched by name; the change is recorded in the job's history like any other save.
 */
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { withJobHistory } from './history';
import { usableInsurers } from './insurers';

export interface JobEstimateFields {
  vin: string;
  roNumber: string;
  claimNumber: string;
  /** The insurer's name as the job names it ('' for none). */
  insurer: string;
}

export function jobEstimateFields(db: Db, adas: number): JobEstimateFields & { firm: number; vehicle: number } {
  return prepared<JobEstimateFields & { firm: number; vehicle: number }>(
    db,
    `SELECT j.firm, j.vehicle, v.vin, j.ronumber AS roNumber, j.claim_number AS claimNumber, j.insurance_name AS insurer
     FROM adas j JOIN vehicle v ON v.vehicle = j.vehicle WHERE j.adas = ?`,
  ).get(adas)!;
}

const nameKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The location's insurer a file's insurer name is, or null when the location works with none of that name. */
export function insurerNamed(db: Db, firm: number, name: string): { insurance: number; insuranceName: string } | null {
  const key = nameKey(name);
  if (!key) return null;
  return usableInsurers(db, firm).find((i) => nameKey(i.insuranceName) === key) ?? null;
}

/** Sets the given fields on the job (call in a transaction); answers those that changed. */
export function setJobEstimateFields(db: Db, user: number, adas: number, values: Partial<JobEstimateFields>): (keyof JobEstimateFields)[] {
  const job = jobEstimateFields(db, adas);
  const changed: (keyof JobEstimateFields)[] = [];
  withJobHistory(db, user, adas, () => {
    if (values.vin != null && values.vin !== job.vin) {
      prepared(db, 'UPDATE vehicle SET vin = ? WHERE vehicle = ?').run(values.vin.toUpperCase(), job.vehicle);
      changed.push('vin');
    }
    if (values.roNumber != null && values.roNumber !== job.roNumber) {
      prepared(db, 'UPDATE adas SET ronumber = ? WHERE adas = ?').run(values.roNumber, adas);
      changed.push('roNumber');
    }
    if (values.claimNumber != null && values.claimNumber !== job.claimNumber) {
      prepared(db, 'UPDATE adas SET claim_number = ? WHERE adas = ?').run(values.claimNumber, adas);
      changed.push('claimNumber');
    }
    if (values.insurer != null) {
      const insurer = insurerNamed(db, job.firm, values.insurer);
      if (insurer && insurer.insuranceName !== job.insurer) {
        prepared(db, 'UPDATE adas SET insurance = ?, insurance_name = ? WHERE adas = ?').run(
          insurer.insurance,
          insurer.insuranceName,
          adas,
        );
        changed.push('insurer');
      }
    }
  });
  return changed;
}
