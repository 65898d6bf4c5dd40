/**
 * The import schemas (docs/data.md#fields, #validation): each schema's columns (DisplayName, ColumnName,
 * IsRequired), who may import it, and the check of one file row. The same check runs in the browser (the
 * preview, in the import worker) and at the host (before the owning area's own save), with the owning
 * screen's contract schemas, so a row refused in the preview is the row the host refuses, for the same
 * reason. Lookup columns hold a value's name or code; the host sends the allowed values with the columns.
 *
 * Column names are also the CSV header of the schema's export, so an export re-imports as it is.
 */
import { z } from 'zod';
import { makeMatrixInput } from '../contract/admin';
import { contactInput, addressInput, emailInput, phoneInput } from '../contract/contacts';
import { insuranceInput } from '../contract/insurance';
import { newUserRules, userFields } from '../contract/users';
import { vehicleInput } from '../contract/vehicles';
import { checkPricingRow, type PricingCells } from '../configuration/pricing-csv';
import { normalizePhone } from '../validation/phone-number';
import { ALL_ROLES, type RoleId } from '../roles';
import { sectionRoles } from '../routes';

export const SCHEMA_NAMES = ['contacts', 'vehicles', 'users', 'insurance', 'pricing', 'vehicleMatrix'] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

export interface ImportColumn {
  DisplayName: string;
  ColumnName: string;
  IsRequired: boolean;
  /** The lookup group whose value names (or codes) the column holds. */
  lookup?: string;
  /** Other names a file's header commonly gives the column ("E-mail", "Company", "State"): the first mapping takes them. */
  aliases?: string[];
}

/** A lookup value a column accepts. */
export interface LookupChoice {
  id: number;
  value: string;
  code: string | null;
  /** StateProvince: the country's code. */
  type3?: string | null;
}

export interface SchemaDef {
  name: SchemaName;
  displayName: string;
  /** Who may import and export it: the roles of the screen that owns the records. */
  roles: readonly RoleId[];
  columns: readonly ImportColumn[];
  /** The record's id column: a row with an id updates that record, one without adds a record (none: the writer matches rows by their names). */
  idColumn?: string;
  /** The column that must not repeat within one file (compared without case), if any. */
  uniqueColumn?: string;
}

const col = (ColumnName: string, DisplayName: string, IsRequired = false, lookup?: string): ImportColumn => ({
  ColumnName,
  DisplayName,
  IsRequired,
  ...(lookup && { lookup }),
  ...(ALIASES[ColumnName] && { aliases: ALIASES[ColumnName] }),
});

/** Header synonyms by ColumnName (compared without case, spaces or punctuation; see file-rows.ts guessMapping). */
const ALIASES: Readonly<Record<string, string[]>> = {
  ContactType: ['Type', 'Customer type', 'Category'],
  CompanyName: ['Company', 'Business', 'Business name', 'Organization', 'Organisation', 'Employer', 'Account'],
  FirstName: ['First', 'Given name', 'Forename'],
  LastName: ['Last', 'Surname', 'Family name'],
  Notes: ['Note', 'Comments', 'Comment', 'Remarks'],
  PhoneNo: ['Phone', 'Phone number', 'Telephone', 'Tel', 'Mobile', 'Cell', 'Cell phone', 'Work phone'],
  Extension: ['Ext', 'Phone extension'],
  EmailAddress: ['Email', 'E-mail', 'E-mail address', 'Mail', 'Email 1'],
  AddressLines: ['Street', 'Street address', 'Address 1', 'Address line 1', 'Address1'],
  City: ['Town', 'Locality'],
  StateProvince: ['State', 'Province', 'St', 'Region', 'State/Province', 'State code'],
  PostalCode: ['Zip', 'Zip code', 'Postcode', 'Postal', 'Post code'],
  Country: ['Country code', 'Nation'],
  Vin: ['VIN number', 'Vehicle identification number'],
  Bodystyle: ['Body', 'Body type'],
  Username: ['Email', 'E-mail', 'User name', 'Login'],
  InsuranceName: ['Insurer', 'Insurance company', 'Carrier', 'Name'],
};

export const SCHEMAS: Readonly<Record<SchemaName, SchemaDef>> = {
  contacts: {
    name: 'contacts',
    displayName: 'Contacts',
    roles: [1],
    idColumn: 'Contact',
    uniqueColumn: 'EmailAddress',
    columns: [
      col('Contact', 'Contact id'),
      col('ContactType', 'Contact type', true, 'ContactType'),
      col('CompanyName', 'Company name'),
      col('FirstName', 'First name'),
      col('LastName', 'Last name'),
      col('Notes', 'Notes'),
      col('IsInactive', 'Inactive (1 = yes)'),
      col('PhoneType', 'Phone type', false, 'PhoneType'),
      col('PhoneNo', 'Phone #'),
      col('Extension', 'Extension'),
      col('EmailType', 'Email type', false, 'EmailType'),
      col('EmailAddress', 'Email address'),
      col('AddressType', 'Address type', false, 'AddressType'),
      col('AddressLines', 'Address'),
      col('City', 'City'),
      col('StateProvince', 'State/Province', false, 'StateProvince'),
      col('PostalCode', 'Postal code'),
      col('Country', 'Country', false, 'Country'),
    ],
  },
  vehicles: {
    name: 'vehicles',
    displayName: 'Vehicles',
    roles: ALL_ROLES,
    idColumn: 'Vehicle',
    uniqueColumn: 'Vin',
    columns: [
      col('Vehicle', 'Vehicle id'),
      col('Year', 'Year', true),
      col('Make', 'Make', true),
      col('Model', 'Model', true),
      col('Bodystyle', 'Body style'),
      col('Vin', 'VIN'),
    ],
  },
  users: {
    name: 'users',
    displayName: 'Users',
    // The /users screen's roles.
    roles: [1],
    idColumn: 'User',
    uniqueColumn: 'Username',
    columns: [
      col('User', 'User id'),
      col('Username', 'Username (email)', true),
      col('FirstName', 'First name', true),
      col('LastName', 'Last name', true),
      col('ContactType', 'Contact type', false, 'ContactType'),
      col('Role', 'Role', false, 'Role'),
      col('LaborRate', 'Labor rate'),
      col('Location', 'Location (name or id)', false, 'Location'),
      col('TimeZone', 'Time zone', false, 'TimeZone'),
      col('Language', 'Language', false, 'Language'),
      col('Active', 'Active (1 = active)'),
    ],
  },
  insurance: {
    name: 'insurance',
    displayName: 'Insurance',
    roles: sectionRoles('insurance'),
    idColumn: 'Insurance',
    uniqueColumn: 'InsuranceName',
    columns: [
      col('Insurance', 'Insurance id'),
      col('InsuranceName', 'Insurance name', true),
      col('InsuranceContact', 'Insurance contact'),
      col('IsInactive', 'Inactive (1 = yes)'),
    ],
  },
  pricing: {
    name: 'pricing',
    displayName: 'Calibration pricing',
    // The configuration's pricing roles (lib/contract/adasmatrix.ts); network prices are the platform's.
    roles: [1, 2],
    // The configuration's pricing CSV names its columns so: its files map themselves.
    columns: [
      col('SystemType', 'System type', true, 'SystemType'),
      col('Calibration', 'Calibration', true),
      col('Mode', 'Mode'),
      col('Price', 'Price', true),
      col('Location', 'Location (name or id; empty: the network price)', false, 'Location'),
    ],
  },
  vehicleMatrix: {
    name: 'vehicleMatrix',
    displayName: 'Vehicle matrix',
    // The configuration's make-matrix roles (the network's knowledge base: the platform's administrators).
    roles: [1, 2],
    idColumn: 'MakeMatrix',
    columns: [
      col('MakeMatrix', 'Make matrix id'),
      col('Make', 'Make', true),
      col('YearStart', 'Year from', true),
      col('YearEnd', 'Year to', true),
      col('Models', 'Models (comma-separated; empty: every model)'),
      col('System', 'System', true, 'ChecklistMatrix'),
      col('SystemType', 'System type', false, 'SystemType'),
      col('LocationType', 'Location type', false, 'LocationType'),
      col('CalibrationType', 'Calibration (name or id)', false, 'CalibrationType'),
      col('Url', 'Procedure URL'),
      col('Source', 'Source'),
      col('IsInactive', 'Inactive (1 = yes)'),
    ],
  },
};

export const mayImport = (schema: SchemaDef, role: RoleId | null | undefined) => role != null && schema.roles.includes(role);

// ── cells ───────────────────────────────────────────────────────────────────────────────────────
/** One file row by ColumnName, as mapped. */
export type Cells = Readonly<Record<string, string>>;

/**
 * A cell as imported: trimmed, and without the quote our exports put before formula-like text
 * (lib/csv.ts), so an export re-imports unchanged.
 */
export const cellValue = (raw: string | undefined): string => {
  const v = (raw ?? '').trim();
  return /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v;
};

const FLAGS: Readonly<Record<string, boolean>> = {
  '': false,
  '0': false,
  '1': true,
  false: false,
  true: true,
  no: false,
  yes: true,
  n: false,
  y: true,
};

// ── row check ───────────────────────────────────────────────────────────────────────────────────
/** What a row becomes: the owning screen's save bodies (ids of new records are -1). */
export type ContactRow = {
  contact: z.output<typeof contactInput>;
  phone: Omit<z.output<typeof phoneInput>, 'contact' | 'contactPhone'> | null;
  email: Omit<z.output<typeof emailInput>, 'contact' | 'contactEmail'> | null;
  address: Omit<z.output<typeof addressInput>, 'contact' | 'contactAddress'> | null;
};
export type VehicleRow = z.output<typeof vehicleInput>;
export type InsuranceRow = z.output<typeof insuranceInput>;
/** A user row: the user form's body, which of its optional columns the file gave (an update keeps the others), and the activation token (null: not given). */
export type UserRow = {
  user: Omit<z.output<typeof userFields>, 'password' | 'imagePhotoPath'>;
  given: { contactType: boolean; role: boolean; laborRate: boolean; timezone: boolean; language: boolean };
  active: 0 | 1 | null;
};
/** A pricing row: the configuration's pricing cells, and the location whose price it sets (null: the network's). */
export type PricingRecord = { firm: number | null; cells: PricingCells };
/** A vehicle-matrix row: the make-matrix form's body (its models all new: the host compares them with the stored ones). */
export type VehicleMatrixRow = z.output<typeof makeMatrixInput>;
export type ImportRecord =
  | { schema: 'vehicleMatrix'; row: VehicleMatrixRow }
  | { schema: 'pricing'; row: PricingRecord }
  | { schema: 'contacts'; row: ContactRow }
  | { schema: 'vehicles'; row: VehicleRow }
  | { schema: 'users'; row: UserRow }
  | { schema: 'insurance'; row: InsuranceRow };

export type RowCheck = { ok: true; record: ImportRecord } | { ok: false; reason: string };

/**
 * Every problem of one row, each once per column, with the column's display name ("Last name: missing
 * required value; Phone #: …"): a
 * user fixes a refused row in one pass instead of meeting its errors one import at a time.
 */
class Problems {
  private readonly byColumn = new Map<string, string>();
  add(column: string, message: string) {
    if (!this.byColumn.has(column)) this.byColumn.set(column, message);
  }
  get any() {
    return this.byColumn.size > 0;
  }
  toString() {
    return [...this.byColumn.values()].join('; ');
  }
}

export interface CheckContext {
  schema: SchemaDef;
  /** Allowed values of each lookup group the schema's columns name. */
  lookups: Readonly<Record<string, readonly LookupChoice[]>>;
  /** Defaults of fields the file does not carry (the importing user's language and time zone). */
  defaults: { language: number; timezone: number };
}

/** The check's own context: the caller's, and the row's problems so far. */
type RowContext = CheckContext & { problems: Problems };

function display(schema: SchemaDef, column: string): string {
  return schema.columns.find((c) => c.ColumnName === column)?.DisplayName ?? column;
}

const problem = (ctx: RowContext, column: string, message: string) =>
  ctx.problems.add(column, column ? `${display(ctx.schema, column)}: ${message}` : message);

/**
 * Parses with a contract schema; each issue is a problem of the row, naming the file column. With
 * problems the row is refused after all its checks ran (checkRow), so the value returned then is unused.
 */
function parsed<T extends z.ZodType>(ctx: RowContext, schema: T, value: unknown, columnOf: Readonly<Record<string, string>>): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? '');
    problem(ctx, columnOf[field] ?? field, issue.message);
  }
  return value as z.output<T>;
}

function lookupId(ctx: RowContext, column: string, text: string): number | null {
  if (!text) return null;
  const group = ctx.schema.columns.find((c) => c.ColumnName === column)!.lookup!;
  const t = text.toLowerCase();
  const hit = (ctx.lookups[group] ?? []).find((v) => v.value.toLowerCase() === t || (v.code ?? '').toLowerCase() === t);
  if (!hit) problem(ctx, column, `unknown value "${text.slice(0, 40)}"`);
  return hit?.id ?? null;
}

function flag(ctx: RowContext, column: string, text: string): boolean {
  const v = FLAGS[text.toLowerCase()];
  if (v === undefined) problem(ctx, column, 'use 1 or 0');
  return v ?? false;
}

function id(ctx: RowContext, column: string, text: string): number {
  if (!text) return -1;
  if (!/^\d{1,15}$/.test(text)) problem(ctx, column, 'a record id, or empty for a new record');
  return Number(text) || -1;
}

// The screens' sub-record schemas without the ids the host fills in (built once: zod's omit makes a new schema).
const PHONE_ROW = phoneInput.omit({ contact: true, contactPhone: true });
const EMAIL_ROW = emailInput.omit({ contact: true, contactEmail: true });
const ADDRESS_ROW = addressInput.omit({ contact: true, contactAddress: true });

function contactRow(ctx: RowContext, c: (k: string) => string): ContactRow {
  const companyName = c('CompanyName');
  const lastName = c('LastName');
  const contact = parsed(
    ctx,
    contactInput,
    {
      contact: id(ctx, 'Contact', c('Contact')),
      contactType: lookupId(ctx, 'ContactType', c('ContactType')) ?? 0,
      isCompany: !!companyName && !lastName,
      companyName,
      firstName: c('FirstName'),
      lastName,
      notes: c('Notes'),
      language: ctx.defaults.language,
      timezone: ctx.defaults.timezone,
      isInactive: flag(ctx, 'IsInactive', c('IsInactive')),
    },
    { contactType: 'ContactType', companyName: 'CompanyName', lastName: 'LastName', firstName: 'FirstName', notes: 'Notes' },
  );
  // "718-555-0142", "+1 917 555 0143 x12": the stored form (ddd) ddd-dddd, an extension written in the number kept.
  const phoneText = c('PhoneNo');
  const reading = phoneText ? normalizePhone(phoneText) : null;
  if (reading && !reading.ok) problem(ctx, 'PhoneNo', reading.message);
  const normal = reading?.ok ? reading : null;
  const phone = normal
    ? parsed(
        ctx,
        PHONE_ROW,
        {
          phoneType: lookupId(ctx, 'PhoneType', c('PhoneType')) ?? 1,
          phoneNo: normal.phoneNo,
          extension: c('Extension') || normal.extension,
        },
        { phoneNo: 'PhoneNo', extension: 'Extension', phoneType: 'PhoneType' },
      )
    : null;
  const emailAddress = c('EmailAddress');
  const email = emailAddress
    ? parsed(
        ctx,
        EMAIL_ROW,
        { emailType: lookupId(ctx, 'EmailType', c('EmailType')) ?? 1, emailAddress },
        { emailAddress: 'EmailAddress', emailType: 'EmailType' },
      )
    : null;
  const addressGiven = ['AddressLines', 'City', 'StateProvince', 'PostalCode'].some((k) => c(k));
  let address: ContactRow['address'] = null;
  if (addressGiven) {
    const country = lookupId(ctx, 'Country', c('Country') || 'US') ?? 0;
    const stateProvince = lookupId(ctx, 'StateProvince', c('StateProvince')) ?? 0;
    address = parsed(
      ctx,
      ADDRESS_ROW,
      {
        addressType: lookupId(ctx, 'AddressType', c('AddressType')) ?? 1,
        addressLines: c('AddressLines'),
        city: c('City'),
        stateProvince,
        postalCode: c('PostalCode'),
        country,
      },
      {
        addressLines: 'AddressLines',
        city: 'City',
        stateProvince: 'StateProvince',
        postalCode: 'PostalCode',
        country: 'Country',
        addressType: 'AddressType',
      },
    );
    const countryCode = ctx.lookups.Country?.find((v) => v.id === country)?.code;
    const stateCountry = ctx.lookups.StateProvince?.find((v) => v.id === stateProvince)?.type3;
    if (countryCode && stateCountry && countryCode !== stateCountry)
      problem(ctx, 'StateProvince', 'The state is not in the chosen country');
  }
  return { contact, phone, email, address };
}

function vehicleRow(ctx: RowContext, c: (k: string) => string): VehicleRow {
  const year = c('Year');
  return parsed(
    ctx,
    vehicleInput,
    {
      vehicle: id(ctx, 'Vehicle', c('Vehicle')),
      year: year === '' ? undefined : /^\d+$/.test(year) ? Number(year) : NaN,
      make: c('Make'),
      model: c('Model'),
      bodystyle: c('Bodystyle'),
      vin: c('Vin'),
    },
    { year: 'Year', make: 'Make', model: 'Model', bodystyle: 'Bodystyle', vin: 'Vin' },
  );
}

// The user form's fields as the import fills them (no password: see lib/contract/data.ts).
const USER_ROW = userFields.omit({ password: true, imagePhotoPath: true }).superRefine(newUserRules);

function userRow(ctx: RowContext, c: (k: string) => string): UserRow {
  const rate = c('LaborRate');
  const active = c('Active');
  const given = {
    contactType: !!c('ContactType'),
    role: !!c('Role'),
    laborRate: !!rate,
    timezone: !!c('TimeZone'),
    language: !!c('Language'),
  };
  const user = parsed(
    ctx,
    USER_ROW,
    {
      user: id(ctx, 'User', c('User')),
      firm: lookupId(ctx, 'Location', c('Location')) ?? undefined,
      contactType: lookupId(ctx, 'ContactType', c('ContactType')) ?? 1,
      username: c('Username'),
      firstName: c('FirstName'),
      lastName: c('LastName'),
      role: lookupId(ctx, 'Role', c('Role')),
      laborRate: rate === '' ? null : /^\d+(\.\d+)?$/.test(rate) ? Number(rate) : NaN,
      timezone: lookupId(ctx, 'TimeZone', c('TimeZone')) ?? ctx.defaults.timezone,
      language: lookupId(ctx, 'Language', c('Language')) ?? ctx.defaults.language,
      isInactive: active !== '' && !flag(ctx, 'Active', active),
    },
    {
      username: 'Username',
      firstName: 'FirstName',
      lastName: 'LastName',
      role: 'Role',
      laborRate: 'LaborRate',
      contactType: 'ContactType',
      timezone: 'TimeZone',
      language: 'Language',
      firm: 'Location',
    },
  );
  return { user, given, active: active === '' ? null : flag(ctx, 'Active', active) ? 1 : 0 };
}

function insuranceRow(ctx: RowContext, c: (k: string) => string): InsuranceRow {
  return parsed(
    ctx,
    insuranceInput,
    {
      insurance: id(ctx, 'Insurance', c('Insurance')),
      insuranceName: c('InsuranceName'),
      insuranceContact: c('InsuranceContact'),
      isInactive: flag(ctx, 'IsInactive', c('IsInactive')),
    },
    { insuranceName: 'InsuranceName', insuranceContact: 'InsuranceContact' },
  );
}

const year = (text: string) => (text === '' ? undefined : /^\d+$/.test(text) ? Number(text) : NaN);

function vehicleMatrixRow(ctx: RowContext, c: (k: string) => string): VehicleMatrixRow {
  const models = c('Models')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return parsed(
    ctx,
    makeMatrixInput,
    {
      adasChecklistMatrix: lookupId(ctx, 'System', c('System')) ?? 0,
      adasChecklistMatrixVehicle: id(ctx, 'MakeMatrix', c('MakeMatrix')),
      vehicleMake: c('Make'),
      yearStart: year(c('YearStart')),
      yearEnd: year(c('YearEnd')),
      systemType: lookupId(ctx, 'SystemType', c('SystemType')),
      locationType: lookupId(ctx, 'LocationType', c('LocationType')),
      calibrationType: lookupId(ctx, 'CalibrationType', c('CalibrationType')),
      url: c('Url'),
      source: c('Source'),
      isInactive: flag(ctx, 'IsInactive', c('IsInactive')),
      models: models.map((name) => ({ id: -1, name, isAdd: true })),
    },
    {
      vehicleMake: 'Make',
      yearStart: 'YearStart',
      yearEnd: 'YearEnd',
      adasChecklistMatrix: 'System',
      url: 'Url',
      source: 'Source',
      models: 'Models',
    },
  );
}

function pricingRow(ctx: RowContext, c: (k: string) => string, line: number): PricingRecord {
  lookupId(ctx, 'SystemType', c('SystemType'));
  const firm = lookupId(ctx, 'Location', c('Location'));
  const cells: PricingCells = { line, systemType: c('SystemType'), calibration: c('Calibration'), mode: c('Mode'), price: c('Price') };
  // The configuration's own check of a pricing row; a location's price may leave the mode out.
  const checked = checkPricingRow(cells, firm !== null);
  if (!checked.ok) for (const [column, message] of Object.entries(checked.errors)) ctx.problems.add(column, `${column}: ${message}`);
  return { firm, cells };
}

function recordOf(ctx: RowContext, c: (k: string) => string, line: number): ImportRecord {
  switch (ctx.schema.name) {
    case 'contacts':
      return { schema: 'contacts', row: contactRow(ctx, c) };
    case 'vehicles':
      return { schema: 'vehicles', row: vehicleRow(ctx, c) };
    case 'users':
      return { schema: 'users', row: userRow(ctx, c) };
    case 'insurance':
      return { schema: 'insurance', row: insuranceRow(ctx, c) };
    case 'pricing':
      return { schema: 'pricing', row: pricingRow(ctx, c, line) };
    case 'vehicleMatrix':
      return { schema: 'vehicleMatrix', row: vehicleMatrixRow(ctx, c) };
  }
}

/** The check of one row: the record it becomes, or every reason it is refused. */
export function checkRow(context: CheckContext, cells: Cells, line = 0): RowCheck {
  const ctx: RowContext = { ...context, problems: new Problems() };
  const c = (k: string) => cellValue(cells[k]);
  for (const column of ctx.schema.columns)
    if (column.IsRequired && !c(column.ColumnName)) problem(ctx, column.ColumnName, 'missing required value');
  const record = recordOf(ctx, c, line);
  return ctx.problems.any ? { ok: false, reason: ctx.problems.toString() } : { ok: true, record };
}

/** The key a row must not share with an earlier row of the same file, or null. */
export function uniqueKey(schema: SchemaDef, cells: Cells): string | null {
  if (!schema.uniqueColumn) return null;
  const v = cellValue(cells[schema.uniqueColumn]).toLowerCase();
  return v || null;
}

export const duplicateReason = (schema: SchemaDef) => `${display(schema, schema.uniqueColumn ?? '')}: duplicate in the file`;
