import { describe, expect, it } from 'vitest';
import {
  addNew,
  applyDelete,
  applyPrimary,
  applySaved,
  becomesPrimary,
  cancelNew,
  checkedOf,
  isRemoved,
  primaryOf,
  toggleChecked,
} from '@/components/contact-info/rules';
import { NEW_ID } from '@/lib/contract/contacts-constants';
import { deleteTag } from '@/lib/validation/messages';
import { validateAddress, validateEmail, validatePhone } from '@/components/contact-info/validation';
import { serverFieldErrors } from '@/lib/validation/field-errors';
import { canMerge, fileAsOf, mergeIds, shortenAddress, vendorChecked } from '@/components/contacts/rules';
import { validateContact } from '@/components/contacts/validation';
import { maskPhone } from '@/lib/validation/phone';
import { must } from '../../testkit/must';

type Phone = { contactPhone: number; phoneNo: string; isPrimary: boolean; primary: string; isChecked?: boolean };
const phone = (id: number, primary = false, checked = false): Phone => ({
  contactPhone: id,
  phoneNo: `(555) 000-000${id}`,
  isPrimary: primary,
  primary: primary ? 'P' : '',
  isChecked: checked,
});

describe('primary (docs/contacts.md#states)', () => {
  it('keeps exactly one primary, clears the others and unchecks every row', () => {
    const list = [phone(1, true, true), phone(2, false, true), phone(3)];
    const out = applyPrimary(list, 'contactPhone', 2);
    expect(out.filter((p) => p.isPrimary).map((p) => p.contactPhone)).toEqual([2]);
    expect(out.map((p) => p.primary)).toEqual(['', 'P', '']);
    expect(checkedOf(out)).toHaveLength(0);
    expect(primaryOf(out)?.contactPhone).toBe(2);
    // The input is not mutated.
    expect(must(list[0], 'list[0]').isPrimary).toBe(true);
  });

  it('a new phone becomes primary; a new address or email only when there is none yet', () => {
    expect(becomesPrimary('phone', true, [phone(1, true)])).toBe(true);
    expect(becomesPrimary('phone', false, [])).toBe(false);
    expect(becomesPrimary('email', true, [phone(1, true)])).toBe(false);
    expect(becomesPrimary('email', true, [phone(1)])).toBe(true);
    expect(becomesPrimary('address', true, [])).toBe(true);
  });
});

describe('deletion (docs/contacts.md#states)', () => {
  const list = [phone(1), phone(2), phone(3)];
  it('removes the item named by the answer', () => {
    expect(applyDelete(list, 'contactPhone', { contact: 9, id: 2 }).map((p) => p.contactPhone)).toEqual([1, 3]);
    expect(isRemoved({ contact: 9, id: 2 })).toBe(true);
  });
  it('keeps it when the result contact is -1 or the id is 0', () => {
    expect(applyDelete(list, 'contactPhone', { contact: -1, id: 2 })).toEqual(list);
    expect(applyDelete(list, 'contactPhone', { contact: 9, id: 0 })).toEqual(list);
    expect(isRemoved({ contact: -1, id: 2 })).toBe(false);
    expect(isRemoved({ contact: 9, id: 0 })).toBe(false);
  });
  it('names one or several rows in the confirmation', () => {
    expect(deleteTag('Phone', 1)).toBe('Phone');
    expect(deleteTag('Address', 2)).toBe('Address(s)');
  });
});

describe('new records (docs/contacts.md#fields, #states)', () => {
  it('have id -1 until saved; cancelling removes them', () => {
    const list = addNew([phone(1, true)], 'contactPhone', phone(NEW_ID));
    expect(list.map((p) => p.contactPhone)).toEqual([1, -1]);
    expect(cancelNew(list, 'contactPhone').map((p) => p.contactPhone)).toEqual([1]);
    // Only one unsaved record at a time.
    expect(addNew(list, 'contactPhone', phone(NEW_ID)).filter((p) => p.contactPhone === NEW_ID)).toHaveLength(1);
  });
  it('take their saved id on save; existing records are updated in place', () => {
    const list = [phone(1, true), phone(NEW_ID)];
    const saved = applySaved(list, 'contactPhone', 77, { ...phone(NEW_ID), phoneNo: '(555) 123-4567' });
    expect(saved.map((p) => p.contactPhone)).toEqual([1, 77]);
    expect(must(saved[1], 'saved[1]').phoneNo).toBe('(555) 123-4567');
    const edited = applySaved(saved, 'contactPhone', 1, { ...phone(1, true), phoneNo: '(555) 999-0000' });
    expect(edited.map((p) => p.phoneNo)).toEqual(['(555) 999-0000', '(555) 123-4567']);
  });
  it('tracks checked rows', () => {
    const list = toggleChecked([phone(1), phone(2)], 'contactPhone', 2, true);
    expect(checkedOf(list).map((p) => p.contactPhone)).toEqual([2]);
  });
});

describe('address shortening (docs/contacts.md#limits)', () => {
  it('cuts addresses longer than 40 characters to 37 plus an ellipsis', () => {
    const long = '1234 Long Boulevard Suite 500, Springfield, IL 62704';
    expect(shortenAddress(long)).toBe(`${long.slice(0, 37)}…`);
    expect(shortenAddress(long)).toHaveLength(38);
  });
  it('leaves 40 characters or fewer alone', () => {
    const forty = 'x'.repeat(40);
    expect(shortenAddress(forty)).toBe(forty);
    expect(shortenAddress('x'.repeat(41))).toBe(`${'x'.repeat(37)}…`);
    expect(shortenAddress(null)).toBe('');
    expect(shortenAddress('  12 Main St  ')).toBe('12 Main St');
  });
});

describe('contacts list', () => {
  it('merge needs two checked rows; the survivor goes first', () => {
    expect(canMerge(1)).toBe(false);
    expect(canMerge(2)).toBe(true);
    expect(mergeIds(5, [3, 5, 9])).toBe('5,3,9');
  });
  it('one checked vendor sets the vendor-checked flag', () => {
    expect(vendorChecked(0)).toBe(false);
    expect(vendorChecked(1)).toBe(true);
  });
  it('names a contact by company or "Last, First"', () => {
    expect(fileAsOf({ isCompany: true, companyName: 'Acme Glass', firstName: '', lastName: '' })).toBe('Acme Glass');
    expect(fileAsOf({ isCompany: false, companyName: '', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Lovelace, Ada');
    expect(fileAsOf({ isCompany: false, companyName: '', firstName: '', lastName: 'Lovelace' })).toBe('Lovelace');
  });
});

describe('form checks (specification texts)', () => {
  it('contact: type, language, time zone and last name (or company name) are required', () => {
    expect(
      validateContact({ contactType: null, isCompany: false, companyName: '', firstName: 'A', lastName: ' ', language: 1, timezone: 0 }),
    ).toEqual({
      contactType: 'This field is required',
      lastName: 'This field is required',
      timezone: 'This field is required',
    });
    expect(
      validateContact({ contactType: 1, isCompany: true, companyName: '', firstName: '', lastName: '', language: 1, timezone: 3 }),
    ).toEqual({
      companyName: 'This field is required',
    });
  });
  it('address: every field but notes; the postal code length', () => {
    const errors = validateAddress({ addressType: null, addressLines: '', city: '', stateProvince: null, postalCode: '12', country: null });
    expect(errors).toEqual({
      addressType: 'This field is required',
      addressLines: 'This field is required',
      city: 'This field is required',
      stateProvince: 'This field is required',
      postalCode: 'The Postal Code must alphanumeric (min: 3, max: 10)',
      country: 'This field is required',
    });
    expect(
      validateAddress({ addressType: 1, addressLines: '1 Main', city: 'X', stateProvince: 2, postalCode: '10001', country: 1 }),
    ).toEqual({});
  });
  it('phone: type and a (ddd) ddd-dddd number; a numeric extension', () => {
    expect(validatePhone({ phoneType: null, phoneNo: '', extension: 'x1' })).toEqual({
      phoneType: 'This field is required',
      phoneNo: 'This field is required',
      extension: 'Extension must be a number',
    });
    expect(validatePhone({ phoneType: 1, phoneNo: '(555) 123-456', extension: '' }).phoneNo).toBe('Phone # must look like (555) 123-4567');
    expect(validatePhone({ phoneType: 1, phoneNo: '(555) 123-4567', extension: '12' })).toEqual({});
  });
  it('email: type and a formatted address are required', () => {
    expect(validateEmail({ emailType: null, emailAddress: 'nope' })).toEqual({
      emailType: 'This field is required',
      emailAddress: 'Required, formatted email address',
    });
  });
  it('takes the first server message per field', () => {
    expect(serverFieldErrors({ lastName: ['This field is required', 'x'], _: [] })).toEqual({ lastName: 'This field is required' });
  });
});

describe('phone mask (xxx) xxx-xxxx', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['55512345678', '(555) 123-4567'],
    ['+1 (555) 123-4567', '(555) 123-4567'],
    ['abc', ''],
  ])('%j → %j', (input, out) => expect(maskPhone(input)).toBe(out));
});
