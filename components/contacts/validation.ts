/**
 * Client-side checks of the contact editor and the related-contact dialog (docs/contacts.md#validation). The item dialogs'
 * checks and the field-error helpers are in components/contact-info/validation.ts.
 */
import { needId } from '@/components/contact-info';
import { collect, type FieldErrors } from '@/lib/validation/field-errors';
import { required, validate } from '@/lib/validation/fields';

export interface ContactDraft {
  contactType: number | null;
  isCompany: boolean;
  companyName: string;
  firstName: string;
  lastName: string;
  language: number | null;
  timezone: number | null;
}

export function validateContact(c: ContactDraft): FieldErrors {
  return collect({
    contactType: needId(c.contactType),
    companyName: c.isCompany ? validate(c.companyName, [required]) : null,
    lastName: c.isCompany ? null : validate(c.lastName, [required]),
    language: needId(c.language),
    timezone: needId(c.timezone),
  });
}

export interface RelatedDraft {
  relatedContact: number | null;
  relatedContactType: number | null;
}

export function validateRelated(r: RelatedDraft): FieldErrors {
  return collect({ relatedContact: needId(r.relatedContact), relatedContactType: needId(r.relatedContactType) });
}
