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
