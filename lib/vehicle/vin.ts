/**
 * VIN rules (ISO 3779 / 49 CFR 565), shared by the VIN field (as the user types), the contract and the
 * reference host's decoder. No zod and no server code: client components import it.
 *
 * - 17 characters, letters and digits only, never I, O or Q (they read like 1 and 0);
 * - position 9 is the North-American check digit: the weighted sum of the transliterated characters
 *   modulo 11 (10 is written X);
 * - positions 1–3 are the world manufacturer identifier (WMI), position 10 the model year code.
 */

export const VIN_LENGTH = 17;

const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Upper case, without spaces or dashes a user may paste along with it. */
export const normalizeVin = (vin: string) => vin.replace(/[\s-]+/g, '').toUpperCase();

// A character outside the VIN alphabet has no value: NaN makes the sum match no check digit.
const valueOf = (ch: string): number => (/[0-9]/.test(ch) ? Number(ch) : (TRANSLITERATION[ch] ?? NaN));

/** The check digit (position 9) a 17-character VIN of valid characters must carry: '0'–'9' or 'X'. */
export function checkDigit(vin: string): string {
  let sum = 0;
  for (const [i, weight] of WEIGHTS.entries()) sum += valueOf(vin.charAt(i)) * weight;
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export type VinRule = 'characters' | 'letters' | 'length' | 'check-digit';

export interface VinProblem {
  rule: VinRule;
  message: string;
}

/**
 * The first rule a VIN breaks, with a message naming it, or null for a valid VIN. `partial` (while the
 * user is still typing) does not count a short VIN as an error yet.
 */
export function vinProblem(raw: string, { partial = false } = {}): VinProblem | null {
  const vin = normalizeVin(raw);
  const bad = /[^A-Z0-9]/.exec(vin);
  if (bad)
    return { rule: 'characters', message: `A VIN has only letters and digits: "${bad[0]}" at position ${bad.index + 1} is not allowed.` };
  const ioq = /[IOQ]/.exec(vin);
  if (ioq) return { rule: 'letters', message: `A VIN never contains the letters I, O or Q: found ${ioq[0]} at position ${ioq.index + 1}.` };
  if (vin.length > VIN_LENGTH) return { rule: 'length', message: `A VIN has 17 characters; this one has ${vin.length}.` };
  if (vin.length < VIN_LENGTH) return partial ? null : { rule: 'length', message: `A VIN has 17 characters; this one has ${vin.length}.` };
  const expected = checkDigit(vin);
  if (vin[8] !== expected)
    return {
      rule: 'check-digit',
      message: `The check digit (position 9) does not match: it should be ${expected} for these characters, not ${vin[8]}. Check for a typing error.`,
    };
  return null;
}

export const isValidVin = (vin: string) => vinProblem(vin) === null;

/** Model year codes of position 10, in order from 1980 (A) through 2009 (9); the cycle repeats from 2010. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year of a valid VIN from position 10. The code repeats every 30 years; for cars, light
 * trucks and MPVs position 7 tells the cycle (a letter: 2010 onwards, a digit: up to 2009). A year after
 * `latest` (next year's models are sold this year) falls back to the earlier cycle.
 */
export function modelYear(vin: string, latest = new Date().getFullYear() + 1): number | null {
  const code = vin.charAt(9);
  const index = code ? YEAR_CODES.indexOf(code) : -1;
  if (index < 0) return null;
  let year = 1980 + index + (/[A-Z]/.test(vin.charAt(6)) ? 30 : 0);
  while (year > latest) year -= 30;
  return year;
}

export const wmiOf = (vin: string) => vin.slice(0, 3);

/** The region of the first character (ISO 3780), for the manufacturers the decoder does not know. */
export function regionOf(vin: string): string {
  const c = vin.charAt(0);
  if (/^[1-5]$/.test(c)) return c === '2' ? 'Canada' : c === '3' ? 'Mexico' : 'United States';
  if (c === '6' || c === '7') return 'Oceania';
  if (c === '8' || c === '9') return 'South America';
  if (c >= 'A' && c <= 'H') return 'Africa';
  if (c >= 'J' && c <= 'R') return c === 'J' ? 'Japan' : c === 'K' ? 'Korea' : c === 'L' ? 'China' : 'Asia';
  return c === 'W' ? 'Germany' : 'Europe';
}
