/** What the ADAS forms share: choices of a select, and the field errors of a failed save. */
import { BffError } from '@/lib/bff/client';
import type { VehicleErrors } from './vehicle-fields';

export interface Choice {
  value: number;
  label: string;
}

/** Field errors of a failed save, keyed as the forms name them ("vehicle.vin" → vin of the vehicle part). */
export function splitErrors(e: unknown): { message: string; job: Record<string, string>; vehicle: VehicleErrors } {
  const job: Record<string, string> = {};
  const vehicle: Record<string, string> = {};
  if (e instanceof BffError)
    for (const [key, list] of Object.entries(e.fieldErrors)) {
      if (key.startsWith('vehicle.')) vehicle[key.slice(8)] = list[0];
      else job[key] = list[0];
    }
  const message = (e as Error).message || 'The record could not be saved.';
  return { message, job, vehicle };
}
