/** Model years a vehicle may have: from 1900 to two years ahead (next year's models are sold this year). */
export const MIN_MODEL_YEAR = 1900;
export const maxModelYear = (now = new Date()) => now.getFullYear() + 2;

/** Why a model year is refused, or null. */
export function yearProblem(year: number, now = new Date()): string | null {
  if (!Number.isInteger(year)) return 'Enter the model year as four digits, such as 2019.';
  if (year < MIN_MODEL_YEAR || year > maxModelYear(now)) return `Enter a model year from ${MIN_MODEL_YEAR} to ${maxModelYear(now)}.`;
  return null;
}
