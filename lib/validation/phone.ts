/**
 * Phone numbers (docs/contacts.md#screens, #validation): the format (ddd) ddd-dddd and a numeric extension. Shared by the
 * contract (server-side validation) and the phone input's mask (client), so it stays free of zod.
 */
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;
export const PHONE_FORMAT_MESSAGE = 'Phone # must look like (555) 123-4567';
export const EXTENSION_PATTERN = /^\d{0,10}$/;
export const EXTENSION_MESSAGE = 'Extension must be a number';

/**
 * The mask (xxx) xxx-xxxx applied while typing: keeps digits only (at most 10; a leading country code 1
 * of an 11-digit paste is dropped) and formats as far as they go: "555" → "(555", "5551" → "(555) 1".
 */
export function maskPhone(input: string): string {
  let d = input.replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  d = d.slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * A phone number as written in a file or pasted, in the stored form: "718-555-0142", "718.555.0142",
 * "(718) 555 0142", "7185550142", "1-718-555-0142", "+1 917 555 0143", "+1 (917) 555-0143",
 * "001 917 555 0143", each with an optional extension ("x12", "ext. 12", "#12"). The product stores North
 * American numbers only (the (ddd) ddd-dddd format), so a number of another country (+44 …) or with
 * the wrong count of digits answers null, as does text that is not a phone number at all.
 */
export function normalizePhone(text: string): { phoneNo: string; extension: string } | null {
  const m = /^\s*(.*?)\s*(?:(?:ext\.?|extension|x|#)\s*(\d{1,10}))?\s*$/i.exec(text);
  if (!m) return null;
  const [, number = '', extension = ''] = m;
  if (!/^\+?[\d\s().\-/]+$/.test(number)) return null;
  let digits = number.replace(/\D/g, '');
  if (number.trim().startsWith('+')) {
    if (!digits.startsWith('1')) return null;
    digits = digits.slice(1);
  } else if (digits.startsWith('001')) digits = digits.slice(3);
  else if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  return { phoneNo: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, extension };
}
