/**
 * The one reading of a phone number as people write it (docs/data.md#validation), for the import's row check, which
 * runs in the import worker and again at the host before a row is stored (lib/data/import-schemas.ts):
 * "718-555-0142", "(718) 555 0142", "1-718-555-0142", "+1 917 555 0143", "011 1 917 555 0143",
 * "001 917 555 0143", each with an extension as written ("x12", "ext. 12", "#12", ";ext=12").
 *
 * libphonenumber-js (its "min" metadata: every country's calling code, prefixes and number lengths) does the
 * parsing, so the notations of every country's dialling habits are read by one maintained rule set rather
 * than by a hand-written pattern. Kept apart from phone.ts, which the browser's phone inputs load: only the
 * import worker and the host carry the metadata.
 *
 * The rule: the whole text must be one phone number (no words around it). The stored form is the
 * specification's (ddd) ddd-dddd (docs/contacts.md#validation), so a number is kept when it is a North
 * American one (calling code 1) of a possible length; its digits are not checked against the numbering
 * plan's assignments (a shop's "(555) 123-4567" is kept, as the screens keep it). A number of another
 * country is refused with a message naming it, as is anything that is not a phone number.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { PHONE_FORMAT_MESSAGE } from './phone';

export type PhoneReading = { ok: true; phoneNo: string; extension: string } | { ok: false; message: string };

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** Why a number that is not North American is refused: its country by name (a region code when the runtime has no name for it). */
export function foreignPhoneMessage(region: string | undefined, callingCode: string): string {
  let name = region ?? 'another country';
  try {
    if (region) name = REGIONS.of(region) ?? region;
  } catch {
    // An unknown region code: the code stands for itself.
  }
  return `a number of ${name} (+${callingCode}), but only US and Canadian numbers are kept, as (555) 123-4567`;
}
export const PHONE_NOT_READ_MESSAGE = `${PHONE_FORMAT_MESSAGE} (a US or Canadian number, +1 optional)`;

export function normalizePhone(text: string): PhoneReading {
  // "00" is the international prefix of most of the world; a North American number never starts with 0.
  const written = text.trim().replace(/^00/, '+');
  const number = written ? parsePhoneNumberFromString(written, { defaultCountry: 'US', extract: false }) : undefined;
  if (!number || !number.isPossible()) return { ok: false, message: PHONE_NOT_READ_MESSAGE };
  if (number.countryCallingCode !== '1') return { ok: false, message: foreignPhoneMessage(number.country, number.countryCallingCode) };
  const d = number.nationalNumber;
  return { ok: true, phoneNo: `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`, extension: number.ext ?? '' };
}
