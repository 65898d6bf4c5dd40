/**
 * Client-side checks of the item dialogs (address, phone, email), with the specification's texts (docs/shell.md#validation,
 * docs/contacts.md#validation). The server checks the same things again (lib/contract/contacts.ts)
 * and its 400 field errors are shown the same way. Each check returns {field: message} for the fields at fault.
 */
import { collect, type FieldErrors } from '@/lib/validation/field-errors';
import { email, minmax, required, validate } from '@/lib/validation/fields';
import { MESSAGES } from '@/lib/validation/messages';
import { EXTENSION_MESSAGE, EXTENSION_PATTERN, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@/lib/validation/phone';

export const needId = (v: number | null | undefined) => (v === null || v === undefined || v <= 0 ? MESSAGES.required : null);

/** Postal codes: 3 to 10 characters (US ZIP, ZIP+4, Canadian and UK codes fit). */
export const POSTAL_MIN = 3;
export const POSTAL_MAX = 10;

export interface AddressDraft {
  addressType: number | null;
  addressLines: string;
  city: string;
  stateProvince: number | null;
  postalCode: string;
  country: number | null;
}

export function validateAddress(a: AddressDraft): FieldErrors {
  return collect({
    addressType: needId(a.addressType),
    addressLines: validate(a.addressLines, [required]),
    city: validate(a.city, [required]),
    stateProvince: needId(a.stateProvince),
    postalCode: validate(a.postalCode.trim(), [required, minmax('Postal Code', POSTAL_MIN, POSTAL_MAX)]),
    country: needId(a.country),
  });
}

export interface PhoneDraft {
  phoneType: number | null;
  phoneNo: string;
  extension: string;
}

export function validatePhone(p: PhoneDraft): FieldErrors {
  return collect({
    phoneType: needId(p.phoneType),
    phoneNo: validate(p.phoneNo, [required, (v) => (PHONE_PATTERN.test(v.trim()) ? null : PHONE_FORMAT_MESSAGE)]),
    extension: EXTENSION_PATTERN.test(p.extension.trim()) ? null : EXTENSION_MESSAGE,
  });
}

export interface EmailDraft {
  emailType: number | null;
  emailAddress: string;
}

/** docs/contacts.md#validation: "email type and email address are required". */
export function validateEmail(e: EmailDraft): FieldErrors {
  return collect({
    emailType: needId(e.emailType),
    emailAddress: validate(e.emailAddress, [email]),
  });
}
