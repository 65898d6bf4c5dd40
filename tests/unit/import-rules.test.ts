/** The import's rules (issue 17): row checks per schema, template recognition, mapping, chunking, file sniffing. */
import { describe, expect, it } from 'vitest';
import {
  Chunker,
  IMPORT_FILE_MAX_BYTES,
  guessMapping,
  headerIndex,
  isSelected,
  mapRow,
  missingRequired,
  sniff,
  templateFits,
} from '../../lib/data/file-rows';
import { SCHEMAS, cellValue, checkRow, duplicateReason, uniqueKey, type CheckContext } from '../../lib/data/import-schemas';
import { PHONE_NOT_READ_MESSAGE, foreignPhoneMessage, normalizePhone } from '../../lib/validation/phone-number';

const lookups = {
  ContactType: [{ id: 2, value: 'Customer', code: 'CUS' }],
  PhoneType: [{ id: 1, value: 'Mobile', code: 'M' }],
  EmailType: [{ id: 1, value: 'Work', code: 'W' }],
  AddressType: [{ id: 1, value: 'Business', code: 'B' }],
  StateProvince: [{ id: 44, value: 'Texas', code: 'TX', type3: 'US' }],
  Country: [
    { id: 1, value: 'United States', code: 'US' },
    { id: 2, value: 'Canada', code: 'CA' },
  ],
  Role: [{ id: 5, value: 'Technician', code: '5' }],
  Location: [{ id: 6, value: 'Northstar Albany', code: '6' }],
  SystemType: [{ id: 1, value: 'Forward camera', code: null }],
  ChecklistMatrix: [{ id: 3, value: 'Forward Collision Warning', code: null }],
};
const ctx = (name: keyof typeof SCHEMAS): CheckContext => ({ schema: SCHEMAS[name], lookups, defaults: { language: 1, timezone: 12 } });
const reason = (name: keyof typeof SCHEMAS, cells: Record<string, string>) => {
  const r = checkRow(ctx(name), cells);
  return r.ok ? null : r.reason;
};

describe('phone numbers as files write them', () => {
  it('normalises common US and international notations of a North American number, and refuses the rest', () => {
    const cases: [string, string | null, string?][] = [
      ['718-555-0142', '(718) 555-0142'],
      ['+1 917 555 0143', '(917) 555-0143'],
      ['+1 (917) 555-0143', '(917) 555-0143'],
      ['+19175550143', '(917) 555-0143'],
      ['(718) 555 0142', '(718) 555-0142'],
      ['718.555.0142', '(718) 555-0142'],
      ['7185550142', '(718) 555-0142'],
      ['1-718-555-0142', '(718) 555-0142'],
      ['001 917 555 0143', '(917) 555-0143'],
      ['011 1 917 555 0143', '(917) 555-0143'],
      ['+1 416 555 0199', '(416) 555-0199'],
      ['(555) 123-4567', '(555) 123-4567'],
      ['  718-555-0142  ', '(718) 555-0142'],
      ['718-555-0142 x12', '(718) 555-0142', '12'],
      ['718-555-0142 ext. 7', '(718) 555-0142', '7'],
      ['718-555-0142 #12', '(718) 555-0142', '12'],
      ['917 555 0143;ext=4', '(917) 555-0143', '4'],
      ['555-0142', null],
      ['718-555-01422', null],
      ['1 800 FLOWERS', null],
      ['call 718-555-0142 now', null],
      ['=718-555-0142', null],
      ['call me', null],
      ['', null],
    ];
    for (const [text, phoneNo, extension = ''] of cases)
      expect(normalizePhone(text), text).toEqual(
        phoneNo === null ? { ok: false, message: PHONE_NOT_READ_MESSAGE } : { ok: true, phoneNo, extension },
      );
  });

  it('refuses a number of another country, naming it', () => {
    const uk = { ok: false, message: 'a number of United Kingdom (+44), but only US and Canadian numbers are kept, as (555) 123-4567' };
    expect(normalizePhone('+44 20 7946 0958')).toEqual(uk);
    expect(normalizePhone('0044 20 7946 0958')).toEqual(uk);
    expect(foreignPhoneMessage(undefined, '882')).toMatch(/^a number of another country \(\+882\)/);
  });

  it('a contact row stores the normalised number, an extension written in it kept', () => {
    const r = checkRow(ctx('contacts'), { ContactType: 'Customer', LastName: 'Lee', PhoneNo: '+1 917 555 0143 x9' });
    expect(r.ok && r.record.schema === 'contacts' && r.record.row.phone).toMatchObject({ phoneNo: '(917) 555-0143', extension: '9' });
  });
});

describe('every error of a row', () => {
  it('lists each refused column once, in the order of the checks', () => {
    expect(reason('contacts', { PhoneNo: '555', EmailAddress: 'x', IsInactive: 'perhaps' })).toBe(
      'Contact type: missing required value; Inactive (1 = yes): use 1 or 0; Last name: This field is required; Phone #: Phone # must look like (555) 123-4567 (a US or Canadian number, +1 optional); Email address: Required, formatted email address',
    );
  });
});

describe('mapping', () => {
  it('takes header synonyms (Email, Company, State, Zip, Phone) after exact names, each file column once', () => {
    const header = ['Company', 'First name', 'Surname', 'E-mail', 'Phone', 'State', 'Zip'];
    expect(guessMapping(header, SCHEMAS.contacts.columns)).toEqual({
      CompanyName: 'Company',
      FirstName: 'First name',
      LastName: 'Surname',
      EmailAddress: 'E-mail',
      PhoneNo: 'Phone',
      StateProvince: 'State',
      PostalCode: 'Zip',
    });
    // "Email" is both Username's synonym and a column of its own name elsewhere: each file column feeds one field.
    expect(guessMapping(['Email', 'First name', 'Last name'], SCHEMAS.users.columns)).toEqual({
      Username: 'Email',
      FirstName: 'First name',
      LastName: 'Last name',
    });
  });

  it('a value for every row ("=…") fills an unmapped column and counts as mapped; an empty one does not', () => {
    const header = ['Last name'];
    const mapping = { LastName: 'Last name', ContactType: '=Customer' };
    expect(mapRow(['Lee'], mapping, headerIndex(header))).toEqual({ LastName: 'Lee', ContactType: 'Customer' });
    expect(missingRequired(mapping, SCHEMAS.contacts.columns)).toEqual([]);
    expect(missingRequired({ ContactType: '=' }, SCHEMAS.contacts.columns)).toEqual(['Contact type']);
    expect(templateFits(mapping, header)).toBe(true);
  });
});

describe('row checks', () => {
  it('contacts: the contact screen’s rules, lookups by name or code', () => {
    const ok = checkRow(ctx('contacts'), {
      ContactType: 'cus',
      LastName: 'Lee',
      PhoneNo: '(512) 555-0100',
      EmailAddress: 'a@example.com',
      AddressLines: '1 Main',
      City: 'Austin',
      StateProvince: 'Texas',
      PostalCode: '78701',
    });
    expect(ok.ok && ok.record.schema === 'contacts' && ok.record.row).toMatchObject({
      contact: { contact: -1, contactType: 2, lastName: 'Lee' },
      phone: { phoneType: 1 },
      address: { stateProvince: 44, country: 1 },
    });
    expect(reason('contacts', { LastName: 'Lee' })).toBe('Contact type: missing required value');
    expect(reason('contacts', { ContactType: 'Customer' })).toBe('Last name: This field is required');
    expect(reason('contacts', { ContactType: 'Customer', CompanyName: 'Acme' })).toBeNull();
    expect(reason('contacts', { ContactType: 'Customer', LastName: 'Lee', EmailAddress: 'x' })).toBe(
      'Email address: Required, formatted email address',
    );
    expect(reason('contacts', { ContactType: 'Customer', LastName: 'Lee', PhoneNo: '555' })).toBe(
      'Phone #: Phone # must look like (555) 123-4567 (a US or Canadian number, +1 optional)',
    );
    expect(reason('contacts', { ContactType: 'Robot', LastName: 'Lee' })).toBe('Contact type: unknown value "Robot"');
    expect(reason('contacts', { ContactType: 'Customer', LastName: 'Lee', IsInactive: 'perhaps' })).toBe('Inactive (1 = yes): use 1 or 0');
    expect(reason('contacts', { ContactType: 'Customer', LastName: 'Lee', Contact: 'abc' })).toMatch(/^Contact id: /);
    expect(
      reason('contacts', {
        ContactType: 'Customer',
        LastName: 'Lee',
        AddressLines: '1 Rue',
        City: 'X',
        StateProvince: 'TX',
        PostalCode: '1',
        Country: 'CA',
      }),
    ).toMatch(/not in the chosen country/);
  });

  it('users: the user form’s fields, a role and a labor rate for a new user, activation from a 1/0 column', () => {
    const ok = checkRow(ctx('users'), {
      Username: 'tech@example.com',
      FirstName: 'Ima',
      LastName: 'Tech',
      Role: 'technician',
      LaborRate: '85.50',
      Location: '6',
      Active: '0',
    });
    expect(ok.ok && ok.record.schema === 'users' && ok.record.row).toMatchObject({
      user: { user: -1, role: 5, laborRate: 85.5, firm: 6, isInactive: true },
      active: 0,
    });
    expect(reason('users', { Username: 'tech@example.com', FirstName: 'Ima', LastName: 'Tech', LaborRate: '1' })).toBe(
      'Role: Please supply a Role.',
    );
    expect(reason('users', { Username: 'tech@example.com', FirstName: 'Ima', LastName: 'Tech', Role: '5' })).toMatch(/^Labor rate: /);
    expect(reason('users', { Username: 'not-an-email', FirstName: 'Ima', LastName: 'Tech', Role: '5', LaborRate: '1' })).toMatch(
      /^Username \(email\): /,
    );
    expect(reason('users', { User: '12', Username: 'tech@example.com', FirstName: 'Ima', LastName: 'Tech', Active: 'yes' })).toBeNull();
    expect(reason('users', { User: '12', Username: 'tech@example.com', FirstName: 'Ima', LastName: 'Tech', Active: 'later' })).toBe(
      'Active (1 = active): use 1 or 0',
    );
    expect(
      reason('users', { Username: 'tech@example.com', FirstName: 'Ima', LastName: 'Tech', Role: '5', LaborRate: '1', Location: 'Mars' }),
    ).toBe('Location (name or id): unknown value "Mars"');
  });

  it('calibration pricing and the vehicle matrix: the configuration’s rules', () => {
    expect(reason('pricing', { SystemType: 'Forward camera', Calibration: 'Static', Mode: 'Static', Price: '299' })).toBeNull();
    expect(reason('pricing', { SystemType: 'Forward camera', Calibration: 'Static', Mode: 'Sideways', Price: '299' })).toMatch(
      /^Mode: "Sideways" is not a mode/,
    );
    expect(reason('pricing', { SystemType: 'Forward camera', Calibration: 'Static', Price: '299' })).toBe('Mode: A mode is required');
    expect(reason('pricing', { SystemType: 'Forward camera', Calibration: 'Static', Price: '299', Location: '6' })).toBeNull();
    expect(reason('pricing', { SystemType: 'Sonar', Calibration: 'Static', Mode: 'Static', Price: '1' })).toBe(
      'System type: unknown value "Sonar"',
    );
    const matrix = checkRow(ctx('vehicleMatrix'), {
      Make: 'Honda',
      YearStart: '2019',
      YearEnd: '2024',
      Models: 'Civic, Accord',
      System: 'forward collision warning',
    });
    expect(matrix.ok && matrix.record.row).toMatchObject({ adasChecklistMatrix: 3, models: [{ name: 'Civic' }, { name: 'Accord' }] });
    expect(reason('vehicleMatrix', { Make: 'Honda', YearStart: '2024', YearEnd: '2019', System: 'Forward Collision Warning' })).toMatch(
      /^Year to: /,
    );
    expect(reason('vehicleMatrix', { Make: 'Honda', YearStart: '2019', YearEnd: '2024', System: 'Radar' })).toBe(
      'System: unknown value "Radar"',
    );
  });

  it('vehicles and insurance: their screens’ rules', () => {
    expect(reason('vehicles', { Year: '2019', Make: 'Honda', Model: 'Civic' })).toBeNull();
    expect(reason('vehicles', { Year: 'soon', Make: 'Honda', Model: 'Civic' })).toMatch(/^Year: /);
    expect(reason('vehicles', { Year: '2019', Make: 'Honda', Model: 'Civic', Vin: '1HGCM82633A00435X' })).toMatch(/^VIN: /);
    expect(reason('insurance', { InsuranceName: '' })).toBe('Insurance name: missing required value');
    expect(reason('insurance', { InsuranceName: 'x'.repeat(101) })).toMatch(/^Insurance name: At most 100/);
  });

  it('a quoted formula from our own export reads back as the text it was', () => {
    expect(cellValue("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(cellValue("'plain")).toBe("'plain");
    expect(cellValue('  x ')).toBe('x');
  });

  it('duplicates within a file are keyed without case', () => {
    expect(uniqueKey(SCHEMAS.contacts, { EmailAddress: ' A@Example.com ' })).toBe('a@example.com');
    expect(uniqueKey(SCHEMAS.contacts, { EmailAddress: '' })).toBeNull();
    expect(duplicateReason(SCHEMAS.vehicles)).toBe('VIN: duplicate in the file');
  });
});

describe('templates and mapping', () => {
  const header = ['\uFEFFSurname', 'Kind', 'E-mail'];
  it('a template fits a file whose header has every column it maps', () => {
    expect(templateFits({ LastName: 'surname', ContactType: 'Kind' }, header)).toBe(true);
    expect(templateFits({ LastName: 'Surname', Notes: 'Remarks' }, header)).toBe(false);
    expect(templateFits({}, header)).toBe(false);
  });
  it('guesses by column or display name and lists the required columns left', () => {
    const m = guessMapping(['Contact type', 'LASTNAME', 'Email address'], SCHEMAS.contacts.columns);
    expect(m).toEqual({ ContactType: 'Contact type', LastName: 'LASTNAME', EmailAddress: 'Email address' });
    expect(missingRequired({}, SCHEMAS.vehicles.columns)).toEqual(['Year', 'Make', 'Model']);
  });
  it('maps a raw row by header name', () => {
    expect(mapRow(['Lee', 'Customer', 'x@y.z'], { LastName: 'Surname', EmailAddress: 'e-mail' }, headerIndex(header))).toEqual({
      LastName: 'Lee',
      EmailAddress: 'x@y.z',
    });
  });
});

describe('chunking and selection', () => {
  it('cuts rows into numbered chunks, the same way every time', () => {
    const run = () => {
      const c = new Chunker<number>(3);
      const out = [1, 2, 3, 4, 5, 6, 7].map((n) => c.add(n)).filter(Boolean);
      return [...out, c.flush(), c.flush()];
    };
    expect(run()).toEqual([{ index: 0, rows: [1, 2, 3] }, { index: 1, rows: [4, 5, 6] }, { index: 2, rows: [7] }, null]);
    expect(run()).toEqual(run());
  });
  it('selection: all but the unchecked, or only the checked', () => {
    expect(isSelected({ mode: 'all-except', lines: new Set([3]) }, 3)).toBe(false);
    expect(isSelected({ mode: 'all-except', lines: new Set([3]) }, 4)).toBe(true);
    expect(isSelected({ mode: 'only', lines: new Set([3]) }, 3)).toBe(true);
    expect(isSelected({ mode: 'only', lines: new Set([3]) }, 4)).toBe(false);
  });
});

describe('file sniffing', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('UTF-8 with or without BOM; Windows-1252 otherwise; binaries, empty and huge files refused', () => {
    expect(sniff(bytes('\uFEFFa,b\nc,é'), 10)).toEqual({ ok: true, encoding: 'utf-8' });
    expect(sniff(new Uint8Array([0x61, 0x2c, 0xe9, 0x0a]), 4)).toEqual({ ok: true, encoding: 'windows-1252' });
    // A character cut at the end of the sample is still UTF-8.
    expect(sniff(bytes('abc é').slice(0, 5), 100)).toEqual({ ok: true, encoding: 'utf-8' });
    expect(sniff(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]), 6)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a text file/),
    });
    expect(sniff(new Uint8Array(), 0)).toMatchObject({ ok: false });
    expect(sniff(bytes('a'), IMPORT_FILE_MAX_BYTES + 1)).toMatchObject({ ok: false, message: expect.stringMatching(/larger than/) });
  });
});
