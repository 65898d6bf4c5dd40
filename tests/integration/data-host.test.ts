/**
 * The reference host's import/export facility (issue 17) through its routes: schemas by role, templates
 * of the caller's location, chunked imports through the owning areas' save code (added, updated,
 * unchanged, refused with reasons), chunk replay without duplicates, progress for resuming, and the
 * streamed export that re-imports with no change.
 */
import Papa from 'papaparse';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import type { BodyOf, CallDef } from '../../lib/contract/define';
import { SCHEMAS } from '../../lib/data/import-schemas';
import { startTestHost, type ContractInput, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const d = contract.data;
let host: TestHost;
let admin: string;

beforeAll(async () => {
  host = await startTestHost();
  admin = await host.token(1);
});
afterAll(() => host?.close());

/** Calls as role 1 unless told; must answer 200; the body parsed by the call's response schema. */
const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = admin) => host.ok(token, call, input);

const person = (lastName: string, more: Record<string, string> = {}) => ({
  ContactType: 'Customer',
  FirstName: 'Ima',
  LastName: lastName,
  ...more,
});
const upload = (
  rows: Record<string, string>[],
  more: Partial<{ importId: string; chunk: number; schemaName: BodyOf<typeof d.uploadData>['schemaName']; first: number }> = {},
) => ({
  body: {
    schemaName: more.schemaName ?? 'contacts',
    templateName: '',
    mappedFields: {},
    importId: more.importId ?? randomUUID(),
    chunk: more.chunk ?? 0,
    csvData: rows.map((cells, i) => ({ line: (more.first ?? 2) + i, cells })),
  },
});
const count = (sql: string, ...args: unknown[]) =>
  host.db
    .prepare(sql)
    .pluck()
    .get(...args) as number;

describe('schemas', () => {
  it('offers the schemas of the caller’s role, with columns and lookup values', async () => {
    expect((await ok(d.schemaNames)).map((s: { name: string }) => s.name)).toEqual([
      'contacts',
      'vehicles',
      'users',
      'insurance',
      'pricing',
      'vehicleMatrix',
    ]);
    const shop = await host.token(5);
    const names = (await ok(d.schemaNames, undefined, shop)).map((s: { name: string }) => s.name);
    expect(names).not.toContain('contacts');
    const detail = await ok(d.schemaNameCall, { query: { name: 'contacts' } });
    expect(detail.columns.find((c: { ColumnName: string }) => c.ColumnName === 'ContactType')).toMatchObject({
      DisplayName: 'Contact type',
      IsRequired: true,
    });
    expect(must(detail.lookups.ContactType, 'the ContactType lookup').map((v: { value: string }) => v.value)).toContain('Customer');
    expect((await host.api(shop, d.schemaNameCall, { query: { name: 'contacts' } })).status).toBe(403);
    expect((await host.api(admin, d.schemaNameCall, { query: { name: 'planets' } })).status).toBe(400);
    expect((await host.api(null, d.schemaNames)).status).toBe(401);
  });
});

describe('templates', () => {
  it('saves, lists, reads and updates a template of the caller’s location; another location’s is 404', async () => {
    const created = await ok(d.saveSchema, { body: { delimiter: 'Comma', schemaName: 'contacts', templateName: 'Shop export' } });
    expect(created).toMatchObject({ templateName: 'Shop export', rowsToSkip: 0, isSelectedData: true });
    // A mapping sent with a new template is kept, not dropped.
    const mapped = await ok(d.saveSchema, {
      body: {
        delimiter: 'Comma',
        schemaName: 'contacts',
        templateName: 'Mapped at once',
        rowsToSkip: 1,
        mappedData: { LastName: 'Surname' },
      },
    });
    expect(mapped).toMatchObject({ rowsToSkip: 1, mappedData: { LastName: 'Surname' } });
    const updated = await ok(d.saveSchema, {
      body: {
        id: created.id,
        delimiter: 'Tab',
        schemaName: 'contacts',
        templateName: 'Shop export',
        rowsToSkip: 2,
        isSkipChecked: true,
        mappedData: { LastName: 'Surname', ContactType: 'Kind' },
        isSelectedData: false,
      },
    });
    expect(updated).toMatchObject({
      delimiter: 'Tab',
      rowsToSkip: 2,
      isSkipChecked: true,
      isSelectedData: false,
      mappedData: { LastName: 'Surname', ContactType: 'Kind' },
    });
    expect(
      (await ok(d.schemaTemplates, { query: { schemaName: 'contacts' } })).map((t: { templateName: string }) => t.templateName),
    ).toContain('Shop export');
    expect((await ok(d.schemaTemplate, { query: { name: 'Shop export', schemaName: 'contacts' } })).id).toBe(created.id);

    // Another location (role 3 signs in elsewhere) neither sees nor changes it.
    const other = await host.token(3);
    expect((await host.api(other, d.schemaTemplate, { query: { name: 'Shop export', schemaName: 'insurance' } })).status).toBe(404);
    const foreign = await host.api(other, d.saveSchema, {
      body: { id: created.id, delimiter: 'Comma', schemaName: 'insurance', templateName: 'x' },
    });
    expect(foreign.status).toBe(404);
  });

  it('the demo templates map real columns of their schemas, every required one', async () => {
    const fresh = await startTestHost();
    const rows = fresh.db.prepare('SELECT schema_name, template_name, mapped_data FROM data_template').all() as {
      schema_name: keyof typeof SCHEMAS;
      template_name: string;
      mapped_data: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const t of rows) {
      const columns = SCHEMAS[t.schema_name].columns;
      const mapped = Object.keys(JSON.parse(t.mapped_data));
      expect(
        mapped.filter((m) => !columns.some((c) => c.ColumnName === m)),
        t.template_name,
      ).toEqual([]);
      expect(
        columns.filter((c) => c.IsRequired && !mapped.includes(c.ColumnName)).map((c) => c.ColumnName),
        t.template_name,
      ).toEqual([]);
    }
    await fresh.close();
  });

  it('refuses a column mapped twice, an unknown delimiter, a taken name and an unknown column', async () => {
    const twice = await host.api(admin, d.saveSchema, {
      body: { id: 5, delimiter: 'Comma', schemaName: 'contacts', templateName: 'T', mappedData: { FirstName: 'Name', LastName: 'name' } },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fieldErrors['mappedData.LastName'][0]).toMatch(/already mapped to FirstName/);
    const semicolon = await host.api(admin, d.saveSchema, { body: { delimiter: 'Semicolon', schemaName: 'contacts', templateName: 'T' } });
    expect(semicolon.body.fieldErrors.delimiter).toEqual(['Comma or Tab']);
    await ok(d.saveSchema, { body: { delimiter: 'Comma', schemaName: 'vehicles', templateName: 'Fleet' } });
    const taken = await host.api(admin, d.saveSchema, { body: { delimiter: 'Tab', schemaName: 'vehicles', templateName: 'fleet' } });
    expect(taken.body.fieldErrors.templateName).toEqual(['A template with this name already exists']);
    const t = await ok(d.schemaTemplate, { query: { name: 'Fleet', schemaName: 'vehicles' } });
    const unknown = await host.api(admin, d.saveSchema, {
      body: { id: t.id, delimiter: 'Tab', schemaName: 'vehicles', templateName: 'Fleet', mappedData: { Colour: 'c' } },
    });
    expect(unknown.status).toBe(400);
  });
});

describe('uploadData', () => {
  it('stores valid rows through the contacts screen’s rules and refuses the others with reasons', async () => {
    const before = count('SELECT count(*) FROM contact');
    const res = await ok(
      d.uploadData,
      upload([
        person('Importa', {
          EmailAddress: 'ima.importa@example.com',
          PhoneNo: '(512) 555-0101',
          AddressLines: '1 Main St',
          City: 'Austin',
          StateProvince: 'TX',
          PostalCode: '78701',
        }),
        person('Bademail', { EmailAddress: 'not-an-email' }),
        // Nine digits: no notation of a North American number (ten digits, written any common way, is normalised).
        person('Badphone', { PhoneNo: '512555010' }),
        person('Unknowntype', { ContactType: 'Alien' }),
        person('Dup', { EmailAddress: 'IMA.importa@example.com' }),
        { ContactType: 'Customer', FirstName: 'No last name' },
        person('Wrongstate', { AddressLines: '1 Rue', City: 'Montreal', StateProvince: 'TX', PostalCode: 'H2X', Country: 'CA' }),
      ]),
    );
    expect(res).toMatchObject({ added: 1, updated: 0, unchanged: 0, replayed: false });
    expect(res.refused).toEqual([
      { line: 3, reason: 'Email address: Required, formatted email address' },
      { line: 4, reason: 'Phone #: Phone # must look like (555) 123-4567 (a US or Canadian number, +1 optional)' },
      { line: 5, reason: 'Contact type: unknown value "Alien"' },
      { line: 6, reason: 'Email address: duplicate in the file' },
      { line: 7, reason: 'Last name: This field is required' },
      { line: 8, reason: 'State/Province: The state is not in the chosen country' },
    ]);
    expect(count('SELECT count(*) FROM contact')).toBe(before + 1);
    const id = count("SELECT contact FROM contact WHERE last_name = 'Importa'");
    expect(count('SELECT firm FROM contact WHERE contact = ?', id)).toBe(
      count("SELECT firm FROM user WHERE username = 'role1@example.com'"),
    );
    expect(count('SELECT count(*) FROM contact_phone WHERE contact = ? AND is_primary = 1', id)).toBe(1);
    expect(count('SELECT count(*) FROM contact_email WHERE contact = ? AND is_primary = 1', id)).toBe(1);
    expect(count('SELECT count(*) FROM contact_address WHERE contact = ? AND is_primary = 1', id)).toBe(1);
    // The list's primary phone and email, and the search index (name, phone, email, address), as a contact saved on its screen.
    expect(host.db.prepare('SELECT phone_no, email_address FROM contact WHERE contact = ?').get(id)).toEqual({
      phone_no: '(512) 555-0101',
      email_address: 'ima.importa@example.com',
    });
    for (const searchTerm of ['Importa', '5125550101', 'ima.importa']) {
      const found = await ok(contract.contacts.contacts, { query: { searchTerm, pageSize: 50 } });
      expect(
        found.items.map((c: { contact: number }) => c.contact),
        searchTerm,
      ).toContain(id);
    }
    expect(host.db.prepare(`SELECT rowid FROM contact_fts WHERE contact_fts MATCH '{address} : "Main"* "78701"*'`).pluck().all()).toContain(
      id,
    );
  });

  it('reads phones as people write them (one normaliser, the host’s too) and lists every error of a row', async () => {
    const res = await ok(
      d.uploadData,
      upload([
        person('Dashes', { PhoneNo: '718-555-0142' }),
        person('Plusone', { PhoneNo: '+1 917 555 0143 x9' }),
        person('Abroad', { PhoneNo: '+44 20 7946 0958' }),
        person('', { ContactType: 'Alien', PhoneNo: '555', EmailAddress: 'x' }),
      ]),
    );
    expect(res).toMatchObject({ added: 2 });
    expect(res.refused).toEqual([
      { line: 4, reason: 'Phone #: a number of United Kingdom (+44), but only US and Canadian numbers are kept, as (555) 123-4567' },
      {
        line: 5,
        reason:
          'Contact type: unknown value "Alien"; Last name: This field is required; Phone #: Phone # must look like (555) 123-4567 (a US or Canadian number, +1 optional); Email address: Required, formatted email address',
      },
    ]);
    const phone = (lastName: string) =>
      host.db
        .prepare('SELECT p.phone_no, p.extension FROM contact c JOIN contact_phone p ON p.contact = c.contact WHERE c.last_name = ?')
        .get(lastName);
    expect(phone('Dashes')).toEqual({ phone_no: '(718) 555-0142', extension: '' });
    expect(phone('Plusone')).toEqual({ phone_no: '(917) 555-0143', extension: '9' });
  });

  it('a chunk sent twice is stored once and answers the stored result', async () => {
    const importId = randomUUID();
    const rows = [person('Replay One'), person('Replay Two')];
    const first = await ok(d.uploadData, upload(rows, { importId, chunk: 0 }));
    const again = await ok(d.uploadData, upload(rows, { importId, chunk: 0 }));
    expect(first).toMatchObject({ added: 2, replayed: false });
    expect(again).toMatchObject({ added: 2, replayed: true });
    expect(count("SELECT count(*) FROM contact WHERE last_name LIKE 'Replay %'")).toBe(2);
    await ok(d.uploadData, upload([person('Replay Three')], { importId, chunk: 1, first: 4 }));
    expect(await ok(d.importProgress, { query: { importId } })).toEqual({ chunks: [0, 1], added: 3, updated: 0, unchanged: 0, refused: 0 });
    // Another user's import id is not theirs to replay or read.
    const other = await host.token(
      await host.addUser({ role: 1, firm: count("SELECT firm FROM user WHERE username = 'role1@example.com'") }),
    );
    expect((await host.api(other, d.uploadData, upload(rows, { importId, chunk: 0 }))).status).toBe(404);
    expect((await ok(d.importProgress, { query: { importId } }, other)).chunks).toEqual([]);
  });

  it('a row the owning area refuses half-way leaves nothing of itself behind', async () => {
    // An id of another network's contact is unknown: the row is refused, the chunk's other rows stored.
    const foreign = count(
      'SELECT contact FROM contact WHERE firm NOT IN (SELECT firm FROM user_firm WHERE user = (SELECT user FROM user WHERE username = ?)) LIMIT 1',
      'role3@example.com',
    );
    const other = await host.token(3);
    const res = await host.api(other, d.uploadData, upload([person('Fine'), person('Foreign', { Contact: String(foreign) })]));
    // Role 3 may not import contacts (the contacts screen is role 1's).
    expect(res.status).toBe(403);
    const mine = await ok(
      d.uploadData,
      upload([person('Kept'), person('Ghost', { Contact: '99999999', EmailAddress: 'ghost@example.com' })]),
    );
    expect(mine.refused).toEqual([{ line: 3, reason: 'Contact id: unknown record' }]);
    expect(count("SELECT count(*) FROM contact_email WHERE email_address = 'ghost@example.com'")).toBe(0);
  });

  it('refuses bad bodies with field errors', async () => {
    const empty = await host.api(admin, d.uploadData, { body: { schemaName: 'contacts', importId: randomUUID(), chunk: 0, csvData: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.csvData).toEqual(['The chunk has no rows']);
    const badId = await host.api(admin, d.uploadData, upload([person('X')], { importId: 'x' }));
    expect(badId.body.fieldErrors.importId).toBeDefined();
  });

  it('users: added without a password, updated keeping what the file leaves out, activated by a 1/0 column as user/activateUsers', async () => {
    const firm = count("SELECT firm FROM user WHERE username = 'role1@example.com'");
    const firmName = host.db.prepare('SELECT name FROM firm WHERE firm = ?').pluck().get(firm) as string;
    const staff = host.db
      .prepare(
        "SELECT user, username, labor_rate FROM user WHERE role = 5 AND is_inactive = 0 AND deleted_at IS NULL AND username NOT LIKE 'role%' LIMIT 1",
      )
      .get() as {
      user: number;
      username: string;
      labor_rate: number;
    };
    const res = await ok(
      d.uploadData,
      upload(
        [
          {
            Username: 'imported.tech@example.com',
            FirstName: 'Ima',
            LastName: 'Tech',
            Role: '5',
            LaborRate: '85.5',
            Location: firmName,
            Active: '1',
          },
          { User: String(staff.user), Username: staff.username, FirstName: 'Renamed', LastName: 'Staff', Active: '0' },
          {
            User: String(count("SELECT user FROM user WHERE username = 'role1@example.com'")),
            Username: 'role1@example.com',
            FirstName: 'Me',
            LastName: 'Myself',
            Active: '0',
          },
          { Username: 'no.role@example.com', FirstName: 'No', LastName: 'Role', LaborRate: '10' },
          { Username: 'bad.rate@example.com', FirstName: 'Bad', LastName: 'Rate', Role: '5', LaborRate: 'ten' },
          { Username: staff.username, FirstName: 'Taken', LastName: 'Name', Role: '5', LaborRate: '1' },
        ],
        { schemaName: 'users' },
      ),
    );
    expect(res).toMatchObject({ added: 1, updated: 1 });
    expect(res.refused).toEqual([
      { line: 4, reason: 'You cannot deactivate your own account.' },
      { line: 5, reason: 'Role: Please supply a Role.' },
      { line: 6, reason: expect.stringMatching(/^Labor rate: /) },
      { line: 7, reason: expect.stringMatching(/^Username \(email\): /) },
    ]);
    const added = host.db
      .prepare("SELECT firm, role, labor_rate, is_inactive, password_hash FROM user WHERE username = 'imported.tech@example.com'")
      .get() as Record<string, unknown>;
    expect(added).toMatchObject({ firm, role: 5, labor_rate: 85.5, is_inactive: 0 });
    expect(added.password_hash).not.toMatch(/^scrypt\$/);
    const signIn = await host.api(null, contract.auth.getToken, { body: { username: 'imported.tech@example.com', password: 'Demo#2026' } });
    expect(signIn.body.success).toBe(false);
    const updated = host.db
      .prepare('SELECT u.is_inactive, u.labor_rate, c.first_name FROM user u JOIN contact c ON c.contact = u.contact WHERE u.user = ?')
      .get(staff.user);
    expect(updated).toEqual({ is_inactive: 1, labor_rate: staff.labor_rate, first_name: 'Renamed' });
    // The refused row left nothing behind (its name change went with it).
    expect(
      host.db
        .prepare("SELECT c.first_name FROM user u JOIN contact c ON c.contact = u.contact WHERE u.username = 'role1@example.com'")
        .pluck()
        .get(),
    ).not.toBe('Me');
    // The users screen is role 1's: nobody else imports users.
    expect(
      (
        await host.api(
          await host.token(2),
          d.uploadData,
          upload([{ Username: 'x@example.com', FirstName: 'X', LastName: 'Y' }], { schemaName: 'users' }),
        )
      ).status,
    ).toBe(403);
  });

  it('calibration pricing goes through the configuration’s pricing import: network prices and a location’s own', async () => {
    const price = (name: string) => count('SELECT price_cents FROM adas_calibration_type WHERE name = ?', name);
    const res = await ok(
      d.uploadData,
      upload(
        [
          { SystemType: 'Forward camera', Calibration: 'Forward camera – static', Mode: 'Static', Price: '301.00' },
          { SystemType: 'Lidar', Calibration: 'Lidar – imported', Mode: 'Static + dynamic', Price: '$450' },
          { SystemType: 'Warp drive', Calibration: 'Flux', Mode: 'Static', Price: '1' },
          { SystemType: 'Rear camera', Calibration: 'Rear camera – static', Mode: 'static', Price: 'abc' },
          { SystemType: 'Front radar', Calibration: 'Front radar – static', Price: '260', Location: '11' },
          { SystemType: 'Front radar', Calibration: 'Made up', Price: '1', Location: '11' },
        ],
        { schemaName: 'pricing' },
      ),
    );
    expect(res).toMatchObject({ added: 1, updated: 2, unchanged: 0 });
    expect(res.refused).toEqual([
      { line: 4, reason: 'System type: unknown value "Warp drive"' },
      { line: 5, reason: 'Price: "abc" is not a price: use a number such as 125.00' },
      { line: 7, reason: 'Calibration: Not a calibration of this system type (a firm prices existing calibrations only)' },
    ]);
    expect(price('Forward camera – static')).toBe(30100);
    expect(count("SELECT mode = 'static-dynamic' FROM adas_calibration_type WHERE name = 'Lidar – imported'")).toBe(1);
    expect(
      count(
        "SELECT p.price_cents FROM adas_calibration_price p JOIN adas_calibration_type t USING (calibration_type) WHERE p.firm = 11 AND t.name = 'Front radar – static'",
      ),
    ).toBe(26000);

    // The export re-imports with no change; a role 2 user outside the platform cannot set network prices.
    const csv = await host.request<string>(admin, 'GET', `api/${d.exportData.path}`, { query: { schemaName: 'pricing' } });
    const rows = Papa.parse<Record<string, string>>(csv.body.trim(), { header: true }).data;
    expect(rows.length).toBe(count('SELECT count(*) FROM adas_calibration_type WHERE price_cents IS NOT NULL'));
    expect(await ok(d.uploadData, upload(rows.slice(0, 400), { schemaName: 'pricing' }))).toMatchObject({
      added: 0,
      updated: 0,
      refused: [],
      unchanged: Math.min(400, rows.length),
    });
    const outside = await host.token(await host.addUser({ role: 2, firm: 2 }));
    const refused = await ok(
      d.uploadData,
      upload([{ SystemType: 'Lidar', Calibration: 'Lidar – imported', Mode: 'Static', Price: '1' }], { schemaName: 'pricing' }),
      outside,
    );
    expect(must(refused.refused[0], 'refused[0]').reason).toMatch(/Only administrators of the whole network/);
    expect(
      (
        await host.api(
          await host.token(3),
          d.uploadData,
          upload([{ SystemType: 'Lidar', Calibration: 'X', Mode: 'Static', Price: '1' }], { schemaName: 'pricing' }),
        )
      ).status,
    ).toBe(403);
  });

  it('the vehicle matrix goes through the make-matrix save; an upload’s additions can be removed again', async () => {
    const system = host.db
      .prepare('SELECT matrix_item FROM adas_checklist_matrix ORDER BY adas_checklist_matrix LIMIT 1')
      .pluck()
      .get() as string;
    const before = count('SELECT count(*) FROM adas_make_matrix');
    const importId = randomUUID();
    const chunk = (rows: Record<string, string>[], id = importId) => ({
      body: { importId: id, chunk: 0, csvData: rows.map((cells, i) => ({ line: i + 2, cells })) },
    });
    const res = await ok(
      d.uploadVehicleMatrix,
      chunk([
        {
          Make: 'Importmobile',
          YearStart: '2019',
          YearEnd: '2024',
          Models: 'Alpha, Beta',
          System: system,
          Url: 'https://oem.example/alpha',
        },
        { Make: 'Importmobile', YearStart: '2018', YearEnd: '2020', System: system },
        { Make: 'Importmobile', YearStart: '2025', YearEnd: '2020', System: system },
        { Make: 'Importmobile', YearStart: '2019', YearEnd: '2024', System: 'Warp core' },
        { Make: 'Importmobile', YearStart: '2019', YearEnd: '2024', Models: 'Beta, Alpha', System: system },
      ]),
    );
    expect(res).toMatchObject({ added: 2, updated: 0 });
    expect(res.refused.map((r: { line: number }) => r.line)).toEqual([4, 5, 6]);
    expect(must(res.refused[1], 'refused[1]').reason).toBe('System: unknown value "Warp core"');
    expect(count("SELECT models_text FROM adas_make_matrix WHERE vehicle_make = 'Importmobile' AND has_models = 1")).toBe('Alpha, Beta');
    expect(count('SELECT count(*) FROM adas_make_matrix')).toBe(before + 2);

    // The export re-imports with no change; an edited row updates, keeping what the file does not carry.
    const csv = await host.request<string>(admin, 'GET', `api/${d.exportData.path}`, { query: { schemaName: 'vehicleMatrix' } });
    const rows = Papa.parse<Record<string, string>>(csv.body.trim(), { header: true }).data.filter((r) => r.Make === 'Importmobile');
    expect(await ok(d.uploadVehicleMatrix, chunk(rows, randomUUID()))).toMatchObject({ unchanged: 2, refused: [] });
    const edited = rows.find((r) => r.Models)!;
    expect(await ok(d.uploadVehicleMatrix, chunk([{ ...edited, Models: 'Alpha, Gamma' }], randomUUID()))).toMatchObject({ updated: 1 });
    expect(count('SELECT models_text FROM adas_make_matrix WHERE make_matrix = ?', Number(edited.MakeMatrix))).toBe('Alpha, Gamma');

    // uploadData does not take this schema; other roles and other users' imports are refused or empty.
    expect(
      (await host.api(admin, d.uploadData, upload([{ Make: 'X' }], { schemaName: 'vehicleMatrix' }))).body.fieldErrors.schemaName,
    ).toEqual(['The vehicle matrix is uploaded with data/uploadVehicleMatrix']);
    expect((await host.api(await host.token(3), d.removeVehicleMatrix, { body: { importId } })).status).toBe(403);
    const other = await host.token(2);
    expect(await ok(d.removeVehicleMatrix, { body: { importId } }, other)).toEqual({ count: 0 });
    expect(await ok(d.removeVehicleMatrix, { body: { importId } })).toEqual({ count: 2 });
    expect(count('SELECT count(*) FROM adas_make_matrix')).toBe(before);
    expect(await ok(d.removeVehicleMatrix, { body: { importId } })).toEqual({ count: 0 });
  });

  it('vehicles and insurance go through their screens’ rules', async () => {
    const vehicles = await ok(
      d.uploadData,
      upload(
        [
          { Year: '2019', Make: 'Honda', Model: 'Civic', Vin: '' },
          { Year: '1800', Make: 'Ford', Model: 'T' },
          { Year: '2020', Make: 'Audi', Model: 'A4', Vin: '123' },
        ],
        { schemaName: 'vehicles' },
      ),
    );
    expect(vehicles.added).toBe(1);
    expect(vehicles.refused.map((r: { line: number }) => r.line)).toEqual([3, 4]);
    expect(must(vehicles.refused[0], 'refused[0]').reason).toMatch(/^Year: /);
    const insurers = await ok(
      d.uploadData,
      upload(
        [
          { InsuranceName: 'Imported Mutual', IsInactive: '0' },
          { InsuranceName: 'Other', IsInactive: 'maybe' },
        ],
        { schemaName: 'insurance' },
      ),
    );
    expect(insurers).toMatchObject({ added: 1, refused: [{ line: 3, reason: 'Inactive (1 = yes): use 1 or 0' }] });
  });
});

describe('knowledge-base calls of the import screen', () => {
  it('importMakeMatrixKeywords adds keywords to every make matrix of a make (and system), or replaces them', async () => {
    const make = host.db
      .prepare('SELECT vehicle_make FROM adas_make_matrix GROUP BY vehicle_make HAVING count(*) > 1 LIMIT 1')
      .pluck()
      .get() as string;
    const n = count('SELECT count(*) FROM adas_make_matrix WHERE vehicle_make = ?', make);
    const added = await ok(d.importMakeMatrixKeywords, {
      body: { vehicleMake: make, kind: 'line', keywords: 'IMPORTED KW ONE, imported kw two' },
    });
    expect(added).toEqual({ count: n });
    expect(count("SELECT count(DISTINCT owner) FROM adas_keyword WHERE kind = 'line' AND keyword = 'imported kw one'")).toBe(n);
    // Sent again, nothing changes (the keywords are there, compared without case).
    expect(await ok(d.importMakeMatrixKeywords, { body: { vehicleMake: make, kind: 'line', keywords: 'imported kw one' } })).toEqual({
      count: 0,
    });
    const one = host.db
      .prepare('SELECT make_matrix, adas_checklist_matrix FROM adas_make_matrix WHERE vehicle_make = ? LIMIT 1')
      .get(make) as { make_matrix: number; adas_checklist_matrix: number };
    const systemRows = count(
      'SELECT count(*) FROM adas_make_matrix WHERE vehicle_make = ? AND adas_checklist_matrix = ?',
      make,
      one.adas_checklist_matrix,
    );
    expect(
      await ok(d.importMakeMatrixKeywords, {
        body: { vehicleMake: make, adasChecklistMatrix: one.adas_checklist_matrix, kind: 'sublet', keywords: 'Only this', replace: true },
      }),
    ).toEqual({
      count: systemRows,
    });
    expect(count('SELECT ccc_sublet_keywords FROM adas_make_matrix WHERE make_matrix = ?', one.make_matrix)).toBe('Only this');

    const none = await host.api(admin, d.importMakeMatrixKeywords, { body: { vehicleMake: 'Nomake', kind: 'line', keywords: 'x' } });
    expect(none.body.fieldErrors.vehicleMake).toEqual(['This make has no make matrices']);
    const bad = await host.api(admin, d.importMakeMatrixKeywords, { body: { vehicleMake: make, kind: 'trunk', keywords: '' } });
    expect(bad.body.fieldErrors).toMatchObject({ kind: ['line, location or sublet'], keywords: ['This field is required'] });
    expect(
      (await host.api(await host.token(3), d.importMakeMatrixKeywords, { body: { vehicleMake: make, kind: 'line', keywords: 'x' } }))
        .status,
    ).toBe(403);
    const outside = await host.token(await host.addUser({ role: 1, firm: 2 }));
    expect((await host.api(outside, d.importMakeMatrixKeywords, { body: { vehicleMake: make, kind: 'line', keywords: 'x' } })).status).toBe(
      403,
    );
  });

  it('exportLinksByVehicle answers the links of one vehicle in the links import’s columns', async () => {
    const link = host.db
      .prepare("SELECT make, model, coalesce(year_start, 2020) AS year FROM make_matrix_link WHERE type = 'adas' AND model <> '' LIMIT 1")
      .get() as { make: string; model: string; year: number };
    const file = await ok(d.exportLinksByVehicle, { body: { make: link.make, model: link.model, year: link.year } });
    const rows = Papa.parse<Record<string, string>>(file.csv.trim(), { header: true });
    expect(rows.meta.fields).toEqual(['make', 'model', 'yearStart', 'yearEnd', 'title', 'url']);
    const expected = count(
      `SELECT count(*) FROM make_matrix_link WHERE make = ? AND model IN ('', ?) AND (year_start IS NULL OR year_start <= ?) AND (year_end IS NULL OR year_end >= ?)`,
      link.make,
      link.model,
      link.year,
      link.year,
    );
    expect(file.rows).toBe(expected);
    expect(rows.data.length).toBe(expected);
    expect(
      rows.data.every(
        (r) => r.make?.toLowerCase() === link.make.toLowerCase() && (r.model === '' || r.model?.toLowerCase() === link.model.toLowerCase()),
      ),
    ).toBe(true);
    const adasOnly = await ok(d.exportLinksByVehicle, { body: { make: link.make, model: link.model, year: link.year, type: 'adas' } });
    expect(adasOnly.rows).toBeLessThanOrEqual(expected);
    expect((await host.api(admin, d.exportLinksByVehicle, { body: { make: '', year: 1800 } })).body.fieldErrors).toMatchObject({
      make: expect.any(Array),
      year: ['A year from 1950'],
    });
    expect((await host.api(await host.token(5), d.exportLinksByVehicle, { body: { make: link.make, year: link.year } })).status).toBe(403);
  });
});

describe('exportData', () => {
  it('streams every reachable record in the import’s columns; re-imported it changes nothing', async () => {
    const res = await host.request<string>(admin, 'GET', `api/${d.exportData.path}`, { query: { schemaName: 'insurance' } });
    expect(res.status).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(res.body.trim(), { header: true });
    expect(parsed.meta.fields).toEqual(SCHEMAS.insurance.columns.map((c) => c.ColumnName));
    expect(parsed.data.length).toBe(count('SELECT count(*) FROM insurance'));
    const again = await ok(d.uploadData, upload(parsed.data, { schemaName: 'insurance' }));
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: parsed.data.length, refused: [] });

    // An edited row counts as updated.
    const edited = { ...parsed.data[0], InsuranceContact: 'Claims desk' };
    expect(await ok(d.uploadData, upload([edited], { schemaName: 'insurance' }))).toMatchObject({ updated: 1 });
  });

  it('contacts export round-trips, formula-like cells escaped', async () => {
    await ok(d.uploadData, upload([person('=HYPERLINK("http://x")', { EmailAddress: 'formula@example.com' })]));
    const res = await host.request<string>(admin, 'GET', `api/${d.exportData.path}`, { query: { schemaName: 'contacts' } });
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    const rows = Papa.parse<Record<string, string>>(res.body.trim(), { header: true }).data;
    const reachable = count('SELECT count(*) FROM contact WHERE merged_into IS NULL');
    expect(rows.length).toBe(reachable);
    const sample = rows.filter((r) => r.LastName?.startsWith("'=") || r.EmailAddress?.endsWith('@example.com')).slice(0, 200);
    const again = await ok(d.uploadData, upload(sample));
    expect(again).toMatchObject({ added: 0, updated: 0, refused: [], unchanged: sample.length });
    expect(count('SELECT count(*) FROM contact WHERE last_name = \'=HYPERLINK("http://x")\'')).toBe(1);
  });

  it('another role’s schema is 403', async () => {
    expect((await host.api(await host.token(5), d.exportData, { query: { schemaName: 'contacts' } })).status).toBe(403);
  });
});
