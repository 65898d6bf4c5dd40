/**
 * Demo import templates (docs/data.md#screens "Template"): how shops' files usually look, saved at the
 * locations whose demo users import them (role 1 and 2 sign in at the platform, firm 1; roles 3, 6, 7, 10, 11
 * at Northstar, firm 2). A file whose header matches one is recognised in the wizard.
 */
import type { Db } from '../core/db';
import type { SchemaName } from '../../lib/data/import-schemas';

const TEMPLATES: readonly {
  firm: number;
  schema: SchemaName;
  name: string;
  delimiter: 'Comma' | 'Tab';
  rowsToSkip?: number;
  mapped: Readonly<Record<string, string>>;
}[] = [
  {
    firm: 1,
    schema: 'contacts',
    name: 'Shop management system export',
    delimiter: 'Comma',
    mapped: {
      ContactType: 'Customer Type',
      FirstName: 'First',
      LastName: 'Last',
      CompanyName: 'Company',
      PhoneNo: 'Phone',
      EmailAddress: 'Email',
      AddressLines: 'Street',
      City: 'City',
      StateProvince: 'State',
      PostalCode: 'Zip',
    },
  },
  {
    firm: 1,
    schema: 'users',
    name: 'Staff roster',
    delimiter: 'Comma',
    mapped: {
      Username: 'Email',
      FirstName: 'First name',
      LastName: 'Last name',
      Role: 'Role',
      LaborRate: 'Rate',
      Location: 'Shop',
      Active: 'Active',
    },
  },
  {
    firm: 1,
    schema: 'insurance',
    name: 'Carrier list',
    delimiter: 'Comma',
    mapped: { InsuranceName: 'Carrier', InsuranceContact: 'Claims contact' },
  },
  // A fleet's spreadsheet saved as tab-separated text, with a title and a blank line above the header.
  {
    firm: 2,
    schema: 'vehicles',
    name: 'Fleet list (tab-separated)',
    delimiter: 'Tab',
    rowsToSkip: 2,
    mapped: { Year: 'Year', Make: 'Make', Model: 'Model', Vin: 'VIN', Bodystyle: 'Body' },
  },
  {
    firm: 1,
    schema: 'vehicles',
    name: 'Fleet list (tab-separated)',
    delimiter: 'Tab',
    rowsToSkip: 2,
    mapped: { Year: 'Year', Make: 'Make', Model: 'Model', Vin: 'VIN', Bodystyle: 'Body' },
  },
];

export function seedData(db: Db): void {
  const insert = db.prepare(
    `INSERT INTO data_template (firm, schema_name, template_name, delimiter, rows_to_skip, mapped_data, is_skip_checked, is_selected_data)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  for (const t of TEMPLATES)
    insert.run(t.firm, t.schema, t.name, t.delimiter, t.rowsToSkip ?? 0, JSON.stringify(t.mapped), t.rowsToSkip ? 1 : 0);
}
