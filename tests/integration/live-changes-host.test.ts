/**
 * Change notices (issue 19) from the reference host's save paths: sent once the change has committed, to
 * exactly the users who reach the changed record's firm (never a user of another network), naming only
 * that firm's records; a refused save sends nothing. The hub is replaced by a recording sink: which
 * connections a notice reaches is the sink's `to` predicate applied to every user of the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushOwner } from '../../api-host/push';
import { reachOf, usersReaching } from '../../api-host/core/reach';
import { contract } from '../../lib/contract';
import { RECORDS_CHANGED, TAB_HEADER, type RecordsChanged } from '../../lib/push/changes';
import { startTestHost, type TestHost } from '../../testkit/host';
import { shopBody } from '../support/bodies';
import { must } from '../../testkit/must';

interface Sent {
  to: (owner: PushOwner) => boolean;
  target: string;
  args: readonly unknown[];
}

let host: TestHost;
let sent: Sent[] = [];
let shop: string; // role 5, firm 6 (a Northstar East shop)
let shopAdmin: string; // role 1 (contacts are role 1's) whose own firm is that shop: new contacts land there
let shopAdminUser: number;
let admin: string;
const userIdOf = (username: string) => host.db.prepare('SELECT user FROM user WHERE username = ?').pluck().get(username) as number;

beforeAll(async () => {
  host = await startTestHost();
  host.ctx.push = {
    send: (to, target, args) => (sent.push({ to, target, args }), 0),
    disconnect: () => 0,
  };
  [shop, admin] = await Promise.all([host.token(5), host.token(1)]);
  const username = await host.addUser({ role: 1, firm: 6 });
  shopAdmin = await host.token(username);
  shopAdminUser = userIdOf(username);
});
afterAll(() => host?.close());

/** The change notices sent since the last call, each with the users (of the seed and those added since) it reaches. */
function notices(): { notice: RecordsChanged; to: number[] }[] {
  const users = host.db.prepare('SELECT user, role, firm FROM user').all() as PushOwner[];
  const out = sent
    .filter((s) => s.target === RECORDS_CHANGED)
    .map((s) => ({
      notice: s.args[0] as RecordsChanged,
      to: users
        .filter(s.to)
        .map((u) => u.user)
        .sort((a, b) => a - b),
    }));
  sent = [];
  return out;
}
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
const firmOf = (table: string, id: number) => host.db.prepare(`SELECT firm FROM ${table} WHERE ${table} = ?`).pluck().get(id) as number;

describe('change notices', () => {
  it('a saved contact is announced to exactly the users who reach its firm, by its author', async () => {
    const res = await host.api(shopAdmin, contract.contacts.saveContact, {
      body: { contact: -1, contactType: 2, firstName: 'Live', lastName: 'Notice', language: 1, timezone: 12 },
    });
    expect(res.status).toBe(200);
    const id = (res.body as { id: number }).id;
    const all = notices();
    expect(all).toHaveLength(1);
    const one = must(all[0], 'the notice');
    expect(one.notice).toEqual({ kind: 'contact', ids: [id], by: shopAdminUser });
    expect(firmOf('contact', id)).toBe(6);
    const firm = firmOf('contact', id);
    expect(one.to).toEqual(sorted(usersReaching(host.db, firm)));
    // Everyone it reaches reaches the firm; the other networks' users (West, Apex) hear nothing.
    for (const u of one.to) expect(reachOf(host.db, u).has(firm)).toBe(true);
    expect(one.to).not.toContain(userIdOf('role17@example.com'));
    expect(one.to).toContain(userIdOf('role8@example.com')); // Northstar East, above the shop
    expect(one.to).toContain(userIdOf('role1@example.com'));

    // A phone saved on it is a change of the contact (its list row shows the primary phone).
    expect(
      (
        await host.api(shopAdmin, contract.contacts.savePhone, {
          body: { contactPhone: -1, contact: id, phoneType: 1, phoneNo: '(718) 555-0142' },
        })
      ).status,
    ).toBe(200);
    expect(notices().map((n) => n.notice.ids)).toEqual([[id]]);
  });

  it("names the browser tab a change came from (the BFF passes it on), so the author's other tabs hear it; a malformed tab is none", async () => {
    const body = { contact: -1, contactType: 2, firstName: 'Tab', lastName: 'Notice', language: 1, timezone: 12 };
    expect((await host.api(shopAdmin, contract.contacts.saveContact, { body, headers: { [TAB_HEADER]: 'a1b2c3d4e5f6a7b8' } })).status).toBe(
      200,
    );
    expect(notices().map((n) => n.notice.tab)).toEqual(['a1b2c3d4e5f6a7b8']);
    for (const tab of ['short', 'not a tab id!', 'x'.repeat(65)]) {
      expect((await host.api(shopAdmin, contract.contacts.saveContact, { body, headers: { [TAB_HEADER]: tab } })).status).toBe(200);
      expect(must(notices()[0], 'a notice').notice).not.toHaveProperty('tab');
    }
  });

  it('a refused save announces nothing', async () => {
    expect(
      (await host.api(shopAdmin, contract.contacts.saveContact, { body: { contact: -1, contactType: 2, firstName: '', lastName: '' } }))
        .status,
    ).toBe(400);
    const foreign = host.db.prepare('SELECT contact FROM contact WHERE firm = 9 AND merged_into IS NULL LIMIT 1').pluck().get() as number;
    expect((await host.api(shopAdmin, contract.contacts.setInactive, { query: { ids: `${foreign}` } })).status).toBe(404);
    expect((await host.api(shop, contract.adas.updateStatusAdas, { body: { adas: 999_999, status: 3 } })).status).toBe(404);
    expect(notices()).toEqual([]);
  });

  it("one change across firms: each firm's users hear of their own records only", async () => {
    const pick = (firm: number) =>
      host.db
        .prepare('SELECT contact FROM contact WHERE firm = ? AND merged_into IS NULL AND is_inactive = 0 LIMIT 1')
        .pluck()
        .get(firm) as number;
    const [east, west] = [pick(6), pick(9)];
    expect((await host.api(admin, contract.contacts.setInactive, { query: { ids: `${east},${west}` } })).status).toBe(200);
    const sent = notices();
    expect(sent.map((n) => n.notice.ids).sort()).toEqual([[east], [west]].sort());
    for (const { notice, to } of sent) {
      const firm = firmOf('contact', must(notice.ids[0], 'the changed contact'));
      expect(to).toEqual(sorted(usersReaching(host.db, firm)));
    }
    const westUser = userIdOf('role17@example.com');
    expect(sent.find((n) => n.notice.ids[0] === east)!.to).not.toContain(westUser);
    expect(sent.find((n) => n.notice.ids[0] === west)!.to).toContain(westUser);
  });

  it('ADAS jobs: a created job and an inspection status change are announced; a request note announces its job and request', async () => {
    const insurer = host.db
      .prepare('SELECT insurance FROM insurance WHERE firm = 1 AND is_inactive = 0 ORDER BY insurance LIMIT 1')
      .pluck()
      .get() as number;
    const created = await host.api<{ id: number; adasInspection: number }>(shop, contract.adas.createAdas, {
      body: {
        firm: 6,
        ronumber: 'RO-LIVE-1',
        insurance: insurer,
        vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' },
        inspection: {},
      },
    });
    expect(created.status).toBe(200);
    const job = created.body.id;
    const first = notices();
    expect(first.map((n) => n.notice)).toEqual([{ kind: 'adas', ids: [job], by: userIdOf('role5@example.com') }]);
    expect(must(first[0], 'first[0]').to).toEqual(sorted(usersReaching(host.db, 6)));

    expect(
      (await host.api(shop, contract.adas.updateStatusAdasInspection, { body: { adasInspection: created.body.adasInspection, status: 3 } }))
        .status,
    ).toBe(200);
    expect(notices().map((n) => n.notice.ids)).toEqual([[job]]);

    const request = await host.api<{ id: number }>(shop, contract.adas.createCalibrate, {
      body: {
        firm: 6,
        adasInspection: created.body.adasInspection,
        year: 2022,
        make: 'Toyota',
        model: 'RAV4',
        reason: 'Live lists',
        lines: '[]',
        technicians: '[]',
        files: [],
      },
    });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    notices();
    const manager = await host.token(4);
    expect(
      (
        await host.api(manager, contract.calibrations.saveRequestNote, {
          body: { calibrateRequest: request.body.id, note: 'Targets at 9.' },
        })
      ).status,
    ).toBe(200);
    const kinds = notices().map((n) => [n.notice.kind, n.notice.ids, n.to.includes(userIdOf('role17@example.com'))]);
    expect(kinds).toEqual([
      ['calibrateRequest', [request.body.id], false],
      ['adas', [job], false],
    ]);
  });

  it("ADAS jobs: saving an inspection's results announces its job; a refused result save announces nothing", async () => {
    const insurer = host.db
      .prepare('SELECT insurance FROM insurance WHERE firm = 1 AND is_inactive = 0 ORDER BY insurance LIMIT 1')
      .pluck()
      .get() as number;
    const created = await host.ok(shop, contract.adas.createAdas, {
      body: {
        firm: 6,
        ronumber: 'RO-LIVE-2',
        insurance: insurer,
        vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' },
        inspection: {},
      },
    });
    notices();
    const system = host.db
      .prepare('SELECT adas_checklist_matrix FROM adas_inspection_result WHERE adas_inspection = ? LIMIT 1')
      .pluck()
      .get(created.adasInspection) as number;
    const results = (adasChecklistMatrix: number) => ({
      body: { adasInspection: created.adasInspection, results: [{ adasChecklistMatrix, result: 1, notes: 'Aimed.' }] },
    });
    expect((await host.api(shop, contract.adas.saveAdasInspectionResults, results(system))).status).toBe(200);
    const all = notices();
    expect(all).toHaveLength(1);
    const one = must(all[0], 'the notice');
    expect(one.notice).toEqual({ kind: 'adas', ids: [created.id], by: userIdOf('role5@example.com') });
    expect(one.to).toEqual(sorted(usersReaching(host.db, 6)));
    expect(one.to).not.toContain(userIdOf('role17@example.com'));

    expect((await host.api(shop, contract.adas.saveAdasInspectionResults, results(999_999))).status).toBe(400);
    expect(notices()).toEqual([]);
  });
});

describe('change notices of users and locations', () => {
  const westUser = () => userIdOf('role17@example.com'); // Oakland (firm 9): Northstar West, not East
  const userBody = (more: Record<string, unknown> = {}) => ({
    user: -1,
    contact: -1,
    contactType: 1,
    username: `live-user-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    firstName: 'Lia',
    lastName: 'Live',
    password: 'Good#Pass2026',
    role: 5,
    laborRate: 90,
    timezone: 12,
    language: 1,
    isInactive: false,
    receivesReport: false,
    firm: 6,
    ...more,
  });
  /** The notices as [kind, ids, recipients are exactly who reaches `firm`]. */
  const heard = (firm: number) =>
    notices().map((n) => [
      n.notice.kind,
      n.notice.ids,
      n.to.join() === sorted(usersReaching(host.db, firm)).join() && !n.to.includes(westUser()),
    ]);

  it('a user saved, switched off and deleted is announced to exactly who reaches their location, with its user count', async () => {
    const saved = await host.ok(admin, contract.users.saveUser, { body: userBody() });
    const adminUser = userIdOf('role1@example.com');
    const sent = notices();
    expect(sent.map((n) => n.notice)).toEqual([
      { kind: 'user', ids: [saved.id], by: adminUser },
      { kind: 'location', ids: [6], by: adminUser },
    ]);
    for (const { to } of sent) {
      expect(to).toEqual(sorted(usersReaching(host.db, 6)));
      expect(to).not.toContain(westUser());
      for (const u of to) expect(reachOf(host.db, u).has(6)).toBe(true);
    }

    // The report setting is no count: the user alone.
    await host.ok(admin, contract.users.updateUserParams, { body: { users: [saved.id], receivesReport: true } });
    expect(heard(6)).toEqual([['user', [saved.id], true]]);
    await host.ok(admin, contract.users.updateUserParams, { body: { users: [saved.id], isInactive: true } });
    expect(heard(6)).toEqual([
      ['user', [saved.id], true],
      ['location', [6], true],
    ]);
    await host.ok(admin, contract.users.deleteUsers, { body: { users: [saved.id] } });
    expect(heard(6)).toEqual([
      ['user', [saved.id], true],
      ['location', [6], true],
    ]);
  });

  it('a user moved to another network is announced to who reached them before and who reaches them now', async () => {
    const saved = await host.ok(admin, contract.users.saveUser, { body: userBody() });
    notices();
    await host.ok(admin, contract.users.saveUserLocations, { body: [{ user: saved.id, firm: 9, isPrimary: 1, checked: true }] });
    const sent = notices();
    const to = (kind: string, firm: number) =>
      sent.filter((n) => n.notice.kind === kind && n.to.join() === sorted(usersReaching(host.db, firm)).join()).map((n) => n.notice.ids);
    expect(sent).toHaveLength(4);
    expect(to('user', 6)).toEqual([[saved.id]]);
    expect(to('user', 9)).toEqual([[saved.id]]);
    expect(to('location', 6)).toEqual([[6]]);
    expect(to('location', 9)).toEqual([[9]]);
  });

  it('a refused user save (400, 403, 404) announces nothing', async () => {
    expect((await host.api(admin, contract.users.saveUser, { body: userBody({ timezone: 999_999 }) })).status).toBe(400);
    expect((await host.api(admin, contract.users.deleteUsers, { body: { users: [userIdOf('role1@example.com')] } })).status).toBe(403);
    const role5 = userIdOf('role5@example.com');
    expect(
      (await host.api(shopAdmin, contract.users.updateUserParams, { body: { users: [userIdOf('role17@example.com')], isInactive: true } }))
        .status,
    ).toBe(404);
    expect(
      (
        await host.api(admin, contract.users.activateUsers, {
          body: [
            { username: 'role5@example.com', token: 1 },
            { username: 'nobody@example.com', token: 1 },
          ],
        })
      ).status,
    ).toBe(404);
    expect(notices()).toEqual([]);
    await host.ok(admin, contract.users.activateUsers, { body: [{ username: 'role5@example.com', token: 1 }] });
    expect(heard(6)).toEqual([
      ['user', [role5], true],
      ['location', [6], true],
    ]);
  });

  it('a location added, renamed, set inactive and removed is announced to exactly who reaches it; a refused save announces nothing', async () => {
    const location = (more: Parameters<typeof shopBody>[1] = {}) => shopBody(3, { company: 'Live Lists Glass', ...more });
    const adminUser = userIdOf('role1@example.com');
    const { id } = await host.ok(admin, contract.locations.saveFirm, { body: location() });
    const added = notices();
    expect(added.map((n) => n.notice)).toEqual([{ kind: 'location', ids: [id], by: adminUser }]);
    expect(must(added[0], 'added[0]').to).toEqual(sorted(usersReaching(host.db, id)));
    expect(must(added[0], 'added[0]').to).toEqual(sorted(usersReaching(host.db, 3)));
    expect(must(added[0], 'added[0]').to).not.toContain(westUser());

    // Renamed: its users' Primary location column changed too.
    const member = userIdOf(await host.addUser({ role: 5, firm: id }));
    await host.ok(admin, contract.locations.saveFirm, { body: location({ firm: id, company: 'Live Lists Glass & ADAS' }) });
    expect(heard(id)).toEqual([
      ['location', [id], true],
      ['user', [member], true],
    ]);
    await host.ok(admin, contract.locations.updateFirmSettings, { body: { firm: id, isInactive: true } });
    expect(heard(id)).toEqual([['location', [id], true]]);

    // Refused: a bad postal code (400), a role that may not edit (403), another network's editor (404).
    const apexEditor = await host.token(await host.addUser({ role: 3, firm: 14 }));
    expect((await host.api(admin, contract.locations.saveFirm, { body: location({ firm: id, postalCode: '1' }) })).status).toBe(400);
    expect((await host.api(admin, contract.locations.removeFirm, { body: { firm: id } })).status).toBe(400); // it still has a user
    expect((await host.api(shop, contract.locations.saveFirm, { body: location({ firm: id }) })).status).toBe(403);
    expect((await host.api(apexEditor, contract.locations.updateFirmSettings, { body: { firm: id, isInactive: false } })).status).toBe(404);
    expect(notices()).toEqual([]);

    host.db.prepare('DELETE FROM user_firm WHERE user = ?').run(member);
    host.db.prepare('UPDATE user SET firm = 6 WHERE user = ?').run(member);
    host.db.prepare('UPDATE contact SET firm = 6 WHERE contact = (SELECT contact FROM user WHERE user = ?)').run(member);
    await host.ok(admin, contract.locations.removeFirm, { body: { firm: id } });
    // The row is gone: whoever reaches its parent hears of it.
    expect(heard(3)).toEqual([['location', [id], true]]);
  });
});
