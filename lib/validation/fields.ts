/** Field rules shared by forms and the BFF, producing the specification's texts. */
import { MESSAGES } from './messages';

export type Rule = (value: string) => string | null;

export const required: Rule = (v) => (v.trim() === '' ? MESSAGES.required : null);

// A pragmatic address check: something@something.tld without spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email: Rule = (v) => (EMAIL.test(v.trim()) ? null : MESSAGES.email);

export const minmax =
  (field: string, min: number, max: number): Rule =>
  (v) =>
    v.length < min || v.length > max ? MESSAGES.minmax(field, min, max) : null;

/** The first failing rule's message, or null. */
export function validate(value: string, rules: readonly Rule[]): string | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
}
