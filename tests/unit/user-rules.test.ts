import { describe, expect, it } from 'vitest';
import {
  NEW_USER_DEFAULTS,
  chooseRole,
  choosePrimary,
  dialogTitle,
  fieldErrors,
  isDirty,
  linksToSave,
  locationsProblem,
  parseLaborRate,
  reachedThrough,
  saveAlert,
  toggleLocation,
  visibility,
  type LocationRow,
  type UserDraft,
} from '@/components/users/rules';
import { isLocationAdmin, mayAdministerUser, mayEditLocations, roleToStore } from '@/lib/roles';
import { canCheckRow } from '@/lib/user-list';
import { MESSAGES, USER_MESSAGES } from '@/lib/validation/messages';

const person = (user: number, role: number | null) => ({ user, role });

describe('visibility of the profile form by source and role (docs/users.md#screens, docs/roles.md#users)', () => {
  const admin = person(1, 1);
  const other = person(7, 5);

  it('source 0 (own profile): names and username only; no contact type, no admin fields', () => {
    const v = visibility(0, 'editing', other, other);
    expect(v).toMatchObject({
      contactType: false,
      adminFields: false,
      password: false,
      tabs: true,
      changePassword: true,
      roleAndState: false,
    });
  });

  it('a source above 0 shows the contact type; only source 1 the time zone, language, role, labor rate and boxes', () => {
    expect(visibility(1, 'editing', admin, other)).toMatchObject({ contactType: true, adminFields: true, roleAndState: true });
  });

  it('adding: the password pair, no tabs and no Change Password until the user exists', () => {
    expect(visibility(1, 'adding', admin, null)).toMatchObject({
      password: true,
      tabs: false,
      locationsTab: false,
      changePassword: false,
      roleAndState: true,
    });
    expect(visibility(1, 'editing', admin, other)).toMatchObject({ password: false, tabs: true });
    expect(visibility(1, 'editing', admin, null).tabs).toBe(false);
  });

  it('the Locations tab for admins only: first role 1, 2 or 4', () => {
    for (const role of [1, 2, 4])
      expect(visibility(0, 'editing', person(9, role), person(9, role)).locationsTab, `role ${role}`).toBe(true);
    for (const role of [3, 5, 8, 15, null])
      expect(visibility(0, 'editing', person(9, role), person(9, role)).locationsTab, `role ${role}`).toBe(false);
    expect(isLocationAdmin(4)).toBe(true);
  });

  it('Change Password where the password rule allows: own always, role 2 never over role 1', () => {
    expect(visibility(1, 'editing', person(2, 2), person(1, 1)).changePassword).toBe(false);
    expect(visibility(1, 'editing', person(1, 1), person(2, 2)).changePassword).toBe(true);
    expect(visibility(0, 'editing', person(5, 5), person(5, 5)).changePassword).toBe(true);
    expect(visibility(1, 'editing', person(5, 5), person(6, 5)).changePassword).toBe(false);
  });

  it("one's own role and Inactive box cannot be changed, even at source 1", () => {
    expect(visibility(1, 'editing', admin, admin)).toMatchObject({ adminFields: true, roleAndState: false });
  });
});

describe('who administers whom (lib/roles.ts)', () => {
  it('administrators over users not more privileged, never themselves', () => {
    expect(mayAdministerUser(person(1, 1), person(2, 2))).toBe(true);
    expect(mayAdministerUser(person(2, 2), person(1, 1))).toBe(false);
    expect(mayAdministerUser(person(2, 2), person(3, 2))).toBe(true);
    expect(mayAdministerUser(person(1, 1), person(1, 1))).toBe(false);
    expect(mayAdministerUser(person(4, 4), person(5, 5))).toBe(false);
  });
  it('locations: location admins for themselves, administrators for others', () => {
    expect(mayEditLocations(person(4, 4), person(4, 4))).toBe(true);
    expect(mayEditLocations(person(4, 4), person(5, 5))).toBe(false);
    expect(mayEditLocations(person(5, 5), person(5, 5))).toBe(false);
    expect(mayEditLocations(person(1, 1), person(5, 5))).toBe(true);
  });
  it('role 1 chosen is stored as 2', () => {
    expect(roleToStore(1)).toBe(2);
    expect(roleToStore(5)).toBe(5);
    expect(chooseRole('1')).toBe(2);
    expect(chooseRole('9')).toBe(9);
    expect(chooseRole('')).toBeNull();
  });
});

describe('titles (docs/users.md#screens)', () => {
  const names = { firstName: 'Nia', lastName: 'Ortiz' };
  it('word for word', () => {
    expect(dialogTitle('adding', 1, null)).toBe('Adding User');
    expect(dialogTitle('adding', 1, null, 'Queens Auto Body')).toBe('Adding User to Queens Auto Body');
    expect(dialogTitle('editing', 0, names)).toBe('User Profile for Nia Ortiz');
    expect(dialogTitle('editing', 1, names)).toBe('Editing User: Nia Ortiz');
  });
});

const draft = (more: Partial<UserDraft> = {}): UserDraft => ({
  firstName: 'Nia',
  lastName: 'Ortiz',
  username: 'nia@example.com',
  contactType: 1,
  timezone: NEW_USER_DEFAULTS.timezone,
  language: NEW_USER_DEFAULTS.language,
  role: 5,
  laborRate: '95.50',
  isInactive: false,
  receivesReport: false,
  receivesInvoice: false,
  imagePhotoPath: null,
  ...more,
});

describe('the save alert (docs/users.md#validation)', () => {
  const admin = { adminFields: true };
  it('is null when the visible fields are complete', () => {
    expect(saveAlert(draft(), admin)).toBeNull();
  });
  it('starts with "Please supply fill all fields." followed by the lines that apply, in order', () => {
    expect(saveAlert(draft({ firstName: ' ', lastName: '', timezone: 0, language: null, role: null }), admin)).toEqual([
      'Please supply fill all fields.',
      'Please supply a First Name.',
      'Please supply a Last Name.',
      'Please supply a Timezone.',
      'Please supply a Language.',
      'Please supply a Role.',
    ]);
    expect(saveAlert(draft({ lastName: '' }), admin)).toEqual([USER_MESSAGES.fillAll, USER_MESSAGES.lastName]);
  });
  it('leaves out what the form does not show (source 0)', () => {
    expect(saveAlert(draft({ role: null, timezone: 0 }), { adminFields: false })).toBeNull();
    expect(saveAlert(draft({ firstName: '' }), { adminFields: false })).toEqual([USER_MESSAGES.fillAll, USER_MESSAGES.firstName]);
  });
});

describe('field errors and the labor rate', () => {
  it('parses a decimal labor rate; anything else is null', () => {
    expect(parseLaborRate('95')).toBe(95);
    expect(parseLaborRate(' 95.5 ')).toBe(95.5);
    expect(parseLaborRate('$120.25')).toBe(120.25);
    for (const bad of ['', 'abc', '12,5', '1.234', '-3', '1e3', '9999999']) expect(parseLaborRate(bad), bad).toBeNull();
  });
  it('contact type and labor rate are required where shown', () => {
    const v = { contactType: true, adminFields: true };
    expect(fieldErrors(draft(), v)).toEqual({});
    expect(fieldErrors(draft({ contactType: null, laborRate: '' }), v)).toEqual({
      contactType: MESSAGES.required,
      laborRate: MESSAGES.required,
    });
    expect(fieldErrors(draft({ laborRate: 'ten' }), v)).toEqual({ laborRate: USER_MESSAGES.laborRate });
    expect(fieldErrors(draft({ contactType: null, laborRate: 'x' }), { contactType: false, adminFields: false })).toEqual({});
  });
  it("each of the save alert's lines is also its field's own error, where the field shows", () => {
    const empty = draft({ firstName: ' ', lastName: '', timezone: 0, language: null, role: null });
    expect(fieldErrors(empty, { contactType: true, adminFields: true })).toEqual({
      firstName: USER_MESSAGES.firstName,
      lastName: USER_MESSAGES.lastName,
      timezone: USER_MESSAGES.timezone,
      language: USER_MESSAGES.language,
      role: USER_MESSAGES.role,
    });
    expect(fieldErrors(empty, { contactType: true, adminFields: false })).toEqual({
      firstName: USER_MESSAGES.firstName,
      lastName: USER_MESSAGES.lastName,
    });
  });
});

describe('unsaved changes', () => {
  it('compares what Save stores; the username counts only when adding', () => {
    expect(isDirty(draft(), draft(), 'editing')).toBe(false);
    expect(isDirty(draft({ firstName: 'Nia ' }), draft(), 'editing')).toBe(false);
    expect(isDirty(draft({ role: 8 }), draft(), 'editing')).toBe(true);
    expect(isDirty(draft({ imagePhotoPath: 'file/image?firm=7&name=a.png' }), draft(), 'editing')).toBe(true);
    expect(isDirty(draft({ username: 'other@example.com' }), draft(), 'editing')).toBe(false);
    expect(isDirty(draft({ username: 'other@example.com' }), draft(), 'adding')).toBe(true);
  });
});

describe('the Locations tab: one primary among the checked locations', () => {
  const rows: LocationRow[] = [
    { firm: 1, firmName: 'Central', parent: null, depth: 0, checked: false, isPrimary: 0 },
    { firm: 2, firmName: 'Network', parent: 1, depth: 1, checked: true, isPrimary: 1 },
    { firm: 3, firmName: 'East', parent: 2, depth: 2, checked: false, isPrimary: 0 },
    { firm: 6, firmName: 'Brooklyn', parent: 3, depth: 3, checked: true, isPrimary: 0 },
  ];
  it('a Primary box counts only while its location is checked; unchecking clears it', () => {
    expect(choosePrimary(rows, 3, true).find((r) => r.firm === 3)!.isPrimary).toBe(0);
    const off = toggleLocation(rows, 2, false);
    expect(off.find((r) => r.firm === 2)).toMatchObject({ checked: false, isPrimary: 0 });
    expect(locationsProblem(off)).toBe(USER_MESSAGES.onePrimary);
  });
  it('ticking a primary clears the other', () => {
    const moved = choosePrimary(rows, 6, true);
    expect(moved.filter((r) => r.isPrimary === 1).map((r) => r.firm)).toEqual([6]);
    expect(locationsProblem(moved)).toBeNull();
    expect(locationsProblem(choosePrimary(rows, 2, false))).toBe(USER_MESSAGES.onePrimary);
  });
  it('nothing checked: a message of its own', () => {
    expect(locationsProblem(rows.map((r) => ({ ...r, checked: false, isPrimary: 0 as const })))).toBe(USER_MESSAGES.noLocation);
  });
  it('saves the checked locations with userFirm cleared', () => {
    expect(linksToSave(rows, 42)).toEqual([
      { firm: 2, user: 42, userFirm: 0, checked: true, isPrimary: 1 },
      { firm: 6, user: 42, userFirm: 0, checked: true, isPrimary: 0 },
    ]);
  });
  it('names the checked location a firm is reached through', () => {
    const through = reachedThrough(rows);
    expect(through.get(3)).toBe('Network');
    expect(through.get(6)).toBe('Network');
    expect(through.has(1)).toBe(false);
  });
});

describe('the list', () => {
  it("one's own row cannot be checked for bulk actions", () => {
    expect(canCheckRow({ user: 1 }, { user: 1 })).toBe(false);
    expect(canCheckRow({ user: 2 }, { user: 1 })).toBe(true);
  });
});
