/**
 * The reference host's administration calls (issue 15) through its routes with real tokens: lookups and
 * their rules, insurers and their lookups, the application log, the mail stand-in and the reset link.
 * Each call: the happy path, bad input (400 with field errors, never 500), the role check (403) and
 * another firm's record (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeLogger } from '../../api-host/log/logger';
import { contract } from '../../lib/contract';
import { RESET_LINK_INVALID } from '../../lib/contract/auth';
import type { CallDef } from '../../lib/contract/define';
import { RANGE_REVERSED } from '../../lib/contract/log';
import { MESSAGES } from '../../lib/validation/messages';
import { startTestHost, type CallInput, type ContractInput, type TestHost } from '../../testkit/host';
import { must, two } from '../../testkit/must';

const { lookups: lookup, insurance, log, admin, auth } = contract;

let host: TestHost;
let r1: string; // super user, every firm
let r2: string; // administrator
let r3: string; // franchiser (admin), firm 2 and below
let r5: string; // shop user, firm 6
let r4: string; // a role without /admin

beforeAll(async () => {
  host = await startTestHost();
  [r1, r2, r3, r5, r4] = await Promise.all([host.token(1), host.token(2), host.token(3), host.token(5), host.token(4)]);
});
afterAll(() => host?.close());

const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = r1) => host.ok(token, call, input);
const status = async (call: CallDef, input: CallInput = {}, token = r1) => (await host.api(token, call, input)).status;
const fieldErrors = async (call: CallDef, input: CallInput, token = r1) => {
  const res = await host.api<{ fieldErrors?: Record<string, string[]> }>(token, call, input);
  expect(res.status).toBe(400);
  return res.body.fieldErrors ?? {};
};

describe('lookups', () => {
  it('lists groups with their section and children, inactive ones flagged; className narrows to a section', async () => {
    const all = await ok(lookup.byGroup, { query: {} });
    expect(all.map((g) => g.key)).toEqual(expect.arrayContaining(['ContactType', 'Country', 'BlogType', 'BlogStatus']));
    expect(all.find((g) => g.key === 'ContactType')!.children.some((c) => c.isInactive)).toBe(true);
    const blog = await ok(lookup.byGroup, { query: { className: 'blog' } });
    expect(blog.map((g) => g.sectionName)).toEqual(['Blog', 'Blog']);
    expect(await status(lookup.byGroup, { query: { group: 'Nope' } })).toBe(400);
  });

  it('adds a value that every screen reading the group then sees, and reorders the group', async () => {
    const { id } = await ok(lookup.upsert, { body: { key: 'PhoneType', id: -1, value: 'Satellite', code: 'SAT' } });
    const seen = await ok(lookup.byKeys, { body: { keys: ['PhoneType'] } }, r5);
    expect(seen.at(-1)).toMatchObject({ id, value: 'Satellite' });
    await ok(lookup.upsert, { body: { key: 'PhoneType', id, value: 'Satellite', sort: 0 } });
    const moved = await ok(lookup.byKeys, { body: { keys: ['PhoneType'] } });
    expect(must(moved[0], 'moved[0]').id).toBe(id);
  });

  it('refuses a 500-character value, a duplicate in the group, an unknown value, and non-administrators', async () => {
    const before = host.db.prepare("SELECT count(*) FROM lookup WHERE key = 'EmailType'").pluck().get();
    expect((await fieldErrors(lookup.upsert, { body: { key: 'EmailType', id: -1, value: 'x'.repeat(500) } })).value).toEqual([
      'At most 100 characters',
    ]);
    expect((await fieldErrors(lookup.upsert, { body: { key: 'EmailType', id: -1, value: 'work' } })).value).toEqual([
      'That value already exists in this group',
    ]);
    expect((await fieldErrors(lookup.upsert, { body: { key: 'EmailType', id: -1, value: '  ' } })).value).toEqual([MESSAGES.required]);
    expect(host.db.prepare("SELECT count(*) FROM lookup WHERE key = 'EmailType'").pluck().get()).toBe(before);
    expect(await status(lookup.upsert, { body: { key: 'EmailType', id: 999, value: 'Ghost' } })).toBe(404);
    for (const token of [r3, r5])
      expect(await status(lookup.upsert, { body: { key: 'EmailType', id: -1, value: 'Fax' } }, token)).toBe(403);
    expect(await status(lookup.upsert, { body: { key: 'EmailType', id: -1, value: 'Team inbox' } }, r2)).toBe(200);
  });

  it('delete sets the value inactive and answers empty Results; protected and last values answer why, unchanged', async () => {
    const done = must((await ok(lookup.remove, { body: { key: 'Salutation', id: 6 } }))[0], 'done');
    expect(done.Results).toEqual([]);
    expect(host.db.prepare("SELECT is_inactive FROM lookup WHERE key = 'Salutation' AND id = 6").pluck().get()).toBe(1);
    const refused = must((await ok(lookup.remove, { body: { key: 'TimeZone', id: 12 } }))[0], 'refused');
    expect(refused.Results).toEqual(['Eastern Standard Time is the time zone new users start with and cannot be deleted.']);
    expect(host.db.prepare("SELECT is_inactive FROM lookup WHERE key = 'TimeZone' AND id = 12").pluck().get()).toBe(0);
    // BlogType: deactivate all but one, then the last one is refused.
    for (const id of [2, 3, 4, 5]) await ok(lookup.remove, { body: { key: 'BlogType', id } });
    const last = must((await ok(lookup.remove, { body: { key: 'BlogType', id: 1 } }))[0], 'last');
    expect(last.Results[0]).toMatch(/last active value/);
    for (const id of [2, 3, 4, 5])
      await ok(lookup.upsert, {
        body: {
          key: 'BlogType',
          id,
          value: must(['', '', 'Announcement', 'Training', 'Release notes', 'Technical bulletin'][id], 'the seeded name'),
          isInactive: false,
        },
      });
    expect(await status(lookup.remove, { body: { key: 'BlogType', id: 77 } })).toBe(404);
    expect(await status(lookup.remove, { body: { key: 'BlogType', id: 1 } }, r3)).toBe(403);
    expect(await status(lookup.remove, { body: { key: 'BlogType' } })).toBe(400);
  });

  it('renames a group; a name another group has answers that group id and why, and nothing changes', async () => {
    const groups = await ok(lookup.byGroup, { query: {} });
    const salutations = groups.find((g) => g.key === 'Salutation')!;
    const countries = groups.find((g) => g.key === 'Country')!;
    expect(await ok(lookup.upsertGroup, { body: { id: salutations.id, text: 'Forms of address' } })).toEqual({
      id: salutations.id,
      reason: null,
    });
    const clash = await ok(lookup.upsertGroup, { body: { id: salutations.id, text: 'COUNTRIES' } });
    expect(clash.id).toBe(countries.id);
    expect(clash.reason).toBe('Another group is already named “Countries”.');
    expect(host.db.prepare('SELECT text FROM lookup_group WHERE id = ?').pluck().get(salutations.id)).toBe('Forms of address');
    expect(await status(lookup.upsertGroup, { body: { id: 999, text: 'X' } })).toBe(404);
    expect((await fieldErrors(lookup.upsertGroup, { body: { id: salutations.id, text: '' } })).text).toEqual([MESSAGES.required]);
    expect(await status(lookup.upsertGroup, { body: { id: salutations.id, text: 'Y' } }, r5)).toBe(403);
  });

  it('answers countries, time zones, languages, a country’s states (404 for no such country) and the onboarding set', async () => {
    expect((await ok(lookup.countries, {}, r5)).map((c) => c.code)).toEqual(['US', 'CA', 'MX']);
    expect(await ok(lookup.timeZones, {}, r5)).toHaveLength(14);
    expect((await ok(lookup.languages, {}, r5)).map((l) => l.value)).toEqual(['English', 'Spanish', 'French']);
    const canada = await ok(lookup.stateProvince, { query: { id: 2 } }, r5);
    expect(canada.length).toBe(8);
    expect(canada.every((s) => s.type3 === 'CA')).toBe(true);
    expect(await status(lookup.stateProvince, { query: { id: 99 } })).toBe(404);
    expect(await status(lookup.stateProvince, { query: { id: 'x' } })).toBe(400);
    const onboard = await ok(lookup.onboardLookups, {}, null as unknown as string);
    expect(onboard.stateProvinces.length).toBeGreaterThan(50);
  });
});

describe('insurance', () => {
  it('searches by a case-insensitive part of the name, pages and sorts', async () => {
    const found = await ok(insurance.insurance, { query: { searchTerm: 'MUTUAL' } });
    expect(found.items.map((i) => i.insuranceName)).toEqual([
      'Beacon Mutual',
      'Brooklyn Mutual Auto',
      'Lakeshore Mutual',
      'Lone Star Mutual',
    ]);
    const page2 = await ok(insurance.insurance, { query: { pageSize: 5, page: 2, direction: 'desc' } });
    expect(page2.items).toHaveLength(5);
    expect(page2.count).toBe(16);
    expect(await status(insurance.insurance, { query: { orderBy: 'nope' } })).toBe(400);
  });

  it("shows staff their firms' insurers only; another firm is not acknowledged", async () => {
    const mine = await ok(insurance.insurance, { query: {} }, r3);
    expect(mine.items.every((i) => i.firm !== 1)).toBe(true);
    expect(mine.items.map((i) => i.insuranceName)).toContain('Empire Claims Network');
    expect(await status(insurance.insurance, { query: { firm: 1 } }, r3)).toBe(404);
    const shop = await ok(insurance.insurance, { query: {} }, r5);
    expect(shop.items.map((i) => i.insuranceName)).toEqual(['Brooklyn Mutual Auto']);
    expect(await status(insurance.insurance, {}, r4)).toBe(403);
  });

  it('adds an insurer at firm 1 by default, refuses a duplicate name and another firm', async () => {
    const { id } = await ok(insurance.saveInsurance, { body: { insurance: -1, insuranceName: 'Coastal Test Insurance' } });
    expect(host.db.prepare('SELECT firm FROM insurance WHERE insurance = ?').pluck().get(id)).toBe(1);
    expect(
      (await fieldErrors(insurance.saveInsurance, { body: { insurance: -1, insuranceName: 'coastal test insurance' } })).insuranceName,
    ).toHaveLength(1);
    expect((await fieldErrors(insurance.saveInsurance, { body: { insurance: -1, insuranceName: '' } })).insuranceName).toEqual([
      MESSAGES.required,
    ]);
    expect(await status(insurance.saveInsurance, { body: { insurance: -1, insuranceName: 'Franchise Insurer' } }, r3)).toBe(404);
    expect(await status(insurance.saveInsurance, { body: { insurance: -1, insuranceName: 'Franchise Insurer', firm: 2 } }, r3)).toBe(200);
    expect(await status(insurance.saveInsurance, { body: { insurance: id, insuranceName: 'Taken over' } }, r3)).toBe(404);
  });

  it('removes an insurer with its lookups, not one contacts still name, not another firm’s', async () => {
    const { id } = await ok(insurance.saveInsurance, { body: { insurance: -1, insuranceName: 'Short Lived Mutual' } });
    await ok(insurance.saveInsuranceLookup, { body: { insuranceLookup: -1, insurance: id, lookupType: 'program', code: 'SLM-1' } });
    host.db.prepare('UPDATE contact SET insurance_id = ? WHERE contact = (SELECT min(contact) FROM contact)').run(id);
    const refused = await host.api<{ error: string }>(r1, insurance.removeInsurance, { query: { id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/set it inactive instead/);
    host.db.prepare('UPDATE contact SET insurance_id = NULL WHERE insurance_id = ?').run(id);
    expect(await status(insurance.removeInsurance, { query: { id } }, r3)).toBe(404);
    await ok(insurance.removeInsurance, { query: { id } });
    expect(host.db.prepare('SELECT count(*) FROM insurance_lookup WHERE insurance = ?').pluck().get(id)).toBe(0);
    expect(await status(insurance.removeInsurance, { query: { id } })).toBe(404);
  });

  it('keeps program codes and one agreed price per calibration type, refusing "abc", negatives and duplicates', async () => {
    const allied = host.db
      .prepare("SELECT insurance FROM insurance WHERE insurance_name = 'Allied Auto Insurance'")
      .pluck()
      .get() as number;
    const before = await ok(insurance.insuranceLookup, { query: { insurance: allied } });
    expect(before.some((l) => l.lookupType === 'price' && typeof l.price === 'number')).toBe(true);
    const { id } = await ok(insurance.saveInsuranceLookup, {
      body: { insuranceLookup: -1, insurance: allied, lookupType: 'price', calibrationType: 'Night vision camera', price: 249.5 },
    });
    const after = await ok(insurance.insuranceLookup, { query: { insurance: allied } });
    expect(after.find((l) => l.insuranceLookup === id)!.price).toBe(249.5);
    const base = { insuranceLookup: -1, insurance: allied, lookupType: 'price', calibrationType: 'Lidar' };
    expect((await fieldErrors(insurance.saveInsuranceLookup, { body: { ...base, price: 'abc' } })).price).toEqual([
      'A price such as 149.50',
    ]);
    expect((await fieldErrors(insurance.saveInsuranceLookup, { body: { ...base, price: -1 } })).price).toEqual([
      'The price cannot be below zero',
    ]);
    expect((await fieldErrors(insurance.saveInsuranceLookup, { body: { ...base, price: null } })).price).toEqual([MESSAGES.required]);
    expect(
      (await fieldErrors(insurance.saveInsuranceLookup, { body: { ...base, calibrationType: 'night VISION camera', price: 1 } }))
        .calibrationType,
    ).toHaveLength(1);
    expect(
      (await fieldErrors(insurance.saveInsuranceLookup, { body: { insuranceLookup: -1, insurance: allied, lookupType: 'program' } })).code,
    ).toEqual([MESSAGES.required]);
    expect(await status(insurance.insuranceLookup, { query: { insurance: allied } }, r3)).toBe(404);
    expect(await status(insurance.saveInsuranceLookup, { body: { ...base, price: 1 } }, r3)).toBe(404);
    expect(await status(insurance.removeInsuranceLookup, { query: { id } }, r5)).toBe(404);
    await ok(insurance.removeInsuranceLookup, { query: { id } });
    expect(await status(insurance.removeInsuranceLookup, { query: { id } })).toBe(404);
  });
});

describe('application log', () => {
  it('pages records by date-time ascending by default, filters by level, searches message or machine', async () => {
    const first = await ok(log.entries, { query: {} });
    expect(first.count).toBeGreaterThanOrEqual(2000);
    const times = first.items.map((r) => r.timestamp);
    expect(times).toEqual([...times].sort());
    const errors = await ok(log.entries, { query: { level: 'Error', searchTerm: 'timeout vin', pageSize: 50 } });
    expect(errors.count).toBeGreaterThan(0);
    expect(errors.items.every((r) => r.level === 'Error' && /timeout/i.test(r.message) && /vin/i.test(r.message))).toBe(true);
    const sql = host.db
      .prepare("SELECT count(*) FROM app_log WHERE level = 4 AND message LIKE '%timeout%' AND message LIKE '%VIN%'")
      .pluck()
      .get();
    expect(errors.count).toBe(sql);
    const machine = await ok(log.entries, { query: { searchTerm: 'worker', pageSize: 20 } });
    expect(machine.items.every((r) => r.machineName.startsWith('worker'))).toBe(true);
    const desc = await ok(log.entries, { query: { direction: 'desc', level: 'Fatal' } });
    expect(desc.items.map((r) => r.timestamp)).toEqual([...desc.items.map((r) => r.timestamp)].sort().reverse());
    const byLevel = await ok(log.entries, { query: { orderBy: 'level', direction: 'desc', pageSize: 5 } });
    expect(must(byLevel.items[0], 'items[0]').level).toBe('Fatal');
    expect(await status(log.entries, { query: { level: 'Loud' } })).toBe(400);
  });

  it('scrubs addresses and tokens for administrators; the super user alone may read them unscrubbed', async () => {
    const scrubbed = await ok(log.entries, { query: { searchTerm: 'sign in succeeded', pageSize: 5 } }, r2);
    expect(must(scrubbed.items[0], 'items[0]').message).toMatch(/^Sign-in succeeded for r\*\*\*@example\.com$/);
    const raw = await ok(log.entriesNoScrub, { query: { searchTerm: 'sign in succeeded', pageSize: 5 } });
    expect(must(raw.items[0], 'items[0]').message).toMatch(/^Sign-in succeeded for role\d+@example\.com$/);
    expect(await status(log.entriesNoScrub, { query: {} }, r2)).toBe(403);
    expect(await status(log.entries, { query: {} }, r3)).toBe(403);
  });

  it('opens a record in full with its exception; 404 for none', async () => {
    const row = must((await ok(log.entries, { query: { level: 'Fatal', pageSize: 1 } })).items[0], 'row');
    const record = await ok(log.entry, { query: { id: row.id } });
    expect(record.exception).toMatch(/^SqliteError: database is locked\n {4}at /);
    expect(record.messageLayout).toBe('Database is locked after %s retries; request abandoned');
    expect(await status(log.entry, { query: { id: 1 } })).toBe(404);
  });

  it('queries a time range; a reversed range is refused', async () => {
    const all = await ok(log.entries, { query: { pageSize: 500 } });
    const from = must(all.items[100], 'items[100]').timestamp;
    const to = must(all.items[199], 'items[199]').timestamp;
    const range = await ok(log.queryLog, { query: { from, to, pageSize: 500 } });
    expect(range.items.every((r) => r.timestamp >= from && r.timestamp <= to)).toBe(true);
    expect(range.count).toBeGreaterThanOrEqual(100);
    expect((await fieldErrors(log.queryLog, { query: { from: to, to: from } })).to).toEqual([RANGE_REVERSED]);
    expect((await fieldErrors(log.queryLog, { query: { from: 'yesterday', to } })).from).toHaveLength(1);
  });

  it('stores the browser’s entries and the app’s records (only with the shared secret)', async () => {
    await ok(log.saveEntry, { body: { name: 'client-error', value: '{"path":"/adas"}' } }, r5);
    const [entry] = (await ok(log.entries, { query: { searchTerm: 'adas', direction: 'desc', pageSize: 1 } })).items;
    expect(entry).toMatchObject({ name: 'browser.client-error', level: 'Error', machineName: 'browser' });
    const record = {
      level: 'Error',
      name: 'app',
      message: 'Request failed: /dashboard',
      exception: 'Error: boom',
      machineName: 'web-test',
    };
    expect((await host.request(r1, 'POST', 'api/log/saveRecord', { body: record })).status).toBe(401);
    host.ctx.serviceSecret = 's'.repeat(40);
    const res = await host.app.inject({
      method: 'POST',
      url: '/api/log/saveRecord',
      payload: record,
      headers: { 'x-service-secret': 's'.repeat(40) },
    });
    expect(res.statusCode).toBe(200);
    const wrong = await host.app.inject({
      method: 'POST',
      url: '/api/log/saveRecord',
      payload: record,
      headers: { 'x-service-secret': 't'.repeat(40) },
    });
    expect(wrong.statusCode).toBe(401);
    const bad = await host.app.inject({
      method: 'POST',
      url: '/api/log/saveRecord',
      payload: { ...record, level: 'Loud' },
      headers: { 'x-service-secret': 's'.repeat(40) },
    });
    expect(bad.statusCode).toBe(400);
    expect((await ok(log.entries, { query: { searchTerm: 'web-test' } })).count).toBe(1);
  });

  it("writes the host's own pino records into the same store, errors with their stack", async () => {
    const { logger, flush } = storeLogger(host.db, { stdoutLevel: null });
    logger.child({ area: 'test' }).warn('Calibration bay %s is offline', 'B7');
    logger.error({ err: new Error('outer', { cause: new Error('inner cause') }) }, 'Report failed');
    flush();
    const found = await ok(log.entries, { query: { searchTerm: 'bay offline' } });
    expect(found.items[0]).toMatchObject({ level: 'Warn', name: 'api-host.test', message: 'Calibration bay B7 is offline' });
    const failed = must((await ok(log.entries, { query: { searchTerm: 'report failed', level: 'Error' } })).items[0], 'failed');
    const full = await ok(log.entry, {
      query: { id: failed.id },
    });
    expect(full.exception).toMatch(/^Error: outer/);
    expect(full.innerException).toMatch(/^Error: inner cause/);
  });
});

describe('mail stand-in, email log and the reset link', () => {
  const linkOf = (body: string) => /\/reset\?token=([\w%-]+)/.exec(body)?.[1];

  it('mails a single-use reset link to an existing account only, with the same answer for both', async () => {
    const known = await ok(auth.resetPassword, { body: { username: 'role9@example.com' } }, null as unknown as string);
    const unknown = await ok(auth.resetPassword, { body: { username: 'nobody@example.com' } }, null as unknown as string);
    expect(unknown).toEqual(known);
    expect((await ok(admin.getEmails, { query: { email: 'nobody@' } })).count).toBe(0);
    const mails = await ok(admin.getEmails, { query: { email: 'ROLE9@EXAMPLE' } });
    expect(mails.items[0]).toMatchObject({ recipient: 'role9@example.com', subject: 'Reset your password' });
    const mail = await ok(admin.getEmail, { query: { id: must(mails.items[0], 'items[0]').mail } });
    const token = decodeURIComponent(linkOf(mail.body)!);
    expect(mail.body).toContain('http://localhost:3000/reset?token=');

    expect(await ok(auth.checkResetToken, { body: { token } }, null as unknown as string)).toEqual({
      valid: true,
      username: 'role9@example.com',
    });
    expect((await fieldErrors(auth.completeReset, { body: { token, password: 'weak' } }, null as unknown as string)).password).toEqual([
      MESSAGES.passwordWeak,
    ]);
    expect(await ok(auth.completeReset, { body: { token, password: 'New#Pass2026' } }, null as unknown as string)).toEqual({
      success: true,
    });
    await host.token('role9@example.com', 'New#Pass2026');
    expect(await ok(auth.completeReset, { body: { token, password: 'Other#Pass2026' } }, null as unknown as string)).toEqual({
      success: false,
      reason: RESET_LINK_INVALID,
    });
    expect(await ok(auth.checkResetToken, { body: { token } }, null as unknown as string)).toEqual({ valid: false });
  });

  it('a newer link replaces an older one', async () => {
    await ok(auth.resetPassword, { body: { username: 'role7@example.com' } }, null as unknown as string);
    await ok(auth.resetPassword, { body: { username: 'role7@example.com' } }, null as unknown as string);
    const mails = await ok(admin.getEmails, { query: { email: 'role7@' } });
    const [newer, older] = two(
      await Promise.all(mails.items.slice(0, 2).map((m) => ok(admin.getEmail, { query: { id: m.mail } }))),
      'the two emails',
    );
    expect(await ok(auth.checkResetToken, { body: { token: decodeURIComponent(linkOf(older.body)!) } }, null as unknown as string)).toEqual(
      { valid: false },
    );
    expect(
      await ok(auth.checkResetToken, { body: { token: decodeURIComponent(linkOf(newer.body)!) } }, null as unknown as string),
    ).toMatchObject({ valid: true });
  });

  it('lists mails newest first with attachment names; administrators only; 404 for none', async () => {
    const all = await ok(admin.getEmails, { query: { email: 'claims' } }, r2);
    expect(all.items.map((m) => m.recipient)).toEqual(['claims@statewide.example', 'claims@libertyauto.example']);
    const report = await ok(admin.getEmail, {
      query: { id: must(all.items[0], 'items[0]').mail },
    });
    expect(report.attachments.map((a) => a.fileName)).toEqual(['calibration-report-7731.pdf', 'scan-before.png']);
    expect(await status(admin.getEmails, { query: {} }, r3)).toBe(403);
    expect(await status(admin.getEmail, { query: { id: 99999 } })).toBe(404);
    expect(await status(admin.getEmails, { query: { pageSize: 0 } })).toBe(400);
  });
});
