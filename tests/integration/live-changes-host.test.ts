/**
 * Change notices (issue 19) from the reference host's save paths: sent once the change has committed, to
 * exactly the users who reach the changed record's firm (never a user of another network), naming only
 * that firm's records; a refused save sends nothing. The hub is replaced by a recording sink: which
 * connections a notice reaches is the sink's `to` predicate applied to every user of the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushOwner } from '../../api-host/hub';
import { reachOf, usersReaching } from '../../api-host/users/reach';
import { contract } from '../../lib/contract';
import { RECORDS_CHANGED, type RecordsChanged } from '../../lib/push/changes';
import { startTestHost, type TestHost } from '../support/host';

interface Sent {
  to: (owner: PushOwner) => boolean;
  target: string;
  args: readonly unknown[];
}

let host: TestHost;
let sent: Sent[] = [];
let users: PushOwner[];
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
  users = host.db.prepare('SELECT user, role, firm FROM user').all() as PushOwner[];
});
afterAll(() => host?.close());

/** The change notices sent since the last call, each with the users it reaches. */
function notices(): { notice: RecordsChanged; to: number[] }[] {
  const out = sent.filter((s) => s.target === RECORDS_CHANGED).map((s) => ({ notice: s.args[0] as RecordsChanged, to: users.filter(s.to).map((u) => u.user).sort((a, b) => a - b) }));
  sent = [];
  return out;
}
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
const firmOf = (table: string, id: number) => host.db.prepare(`SELECT firm FROM ${table} WHERE ${table} = ?`).pluck().get(id) as number;

describe('change notices', () => {
  it('a saved contact is announced to exactly the users who reach its firm, by its author', async () => {
    const res = await host.api(shopAdmin, contract.contact.saveContact, { body: { contact: -1, contactType: 2, firstName: 'Live', lastName: 'Notice', language: 1, timezone: 12 } });
    expect(res.status).toBe(200);
    const id = (res.body as { id: number }).id;
    const [one, ...more] = notices();
    expect(more).toEqual([]);
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
    expect((await host.api(shopAdmin, contract.contact.savePhone, { body: { contactPhone: -1, contact: id, phoneType: 1, phoneNo: '(718) 555-0142' } })).status).toBe(200);
    expect(notices().map((n) => n.notice.ids)).toEqual([[id]]);
  });

  it('a refused save announces nothing', async () => {
    expect((await host.api(shopAdmin, contract.contact.saveContact, { body: { contact: -1, contactType: 2, firstName: '', lastName: '' } })).status).toBe(400);
    const foreign = host.db.prepare('SELECT contact FROM contact WHERE firm = 9 AND merged_into IS NULL LIMIT 1').pluck().get() as number;
    expect((await host.api(shopAdmin, contract.contact.setInactive, { query: { ids: `${foreign}` } })).status).toBe(404);
    expect((await host.api(shop, contract.adas.updateStatusAdas, { body: { adas: 999_999, status: 3 } })).status).toBe(404);
    expect(notices()).toEqual([]);
  });

  it('one change across firms: each firm\'s users hear of their own records only', async () => {
    const pick = (firm: number) => host.db.prepare('SELECT contact FROM contact WHERE firm = ? AND merged_into IS NULL AND is_inactive = 0 LIMIT 1').pluck().get(firm) as number;
    const [east, west] = [pick(6), pick(9)];
    expect((await host.api(admin, contract.contact.setInactive, { query: { ids: `${east},${west}` } })).status).toBe(200);
    const sent = notices();
    expect(sent.map((n) => n.notice.ids).sort()).toEqual([[east], [west]].sort());
    for (const { notice, to } of sent) {
      const firm = firmOf('contact', notice.ids[0]);
      expect(to).toEqual(sorted(usersReaching(host.db, firm)));
    }
    const westUser = userIdOf('role17@example.com');
    expect(sent.find((n) => n.notice.ids[0] === east)!.to).not.toContain(westUser);
    expect(sent.find((n) => n.notice.ids[0] === west)!.to).toContain(westUser);
  });

  it('ADAS jobs: a created job and an inspection status change are announced; a request note announces its job and request', async () => {
    const insurer = host.db.prepare('SELECT insurance FROM insurance WHERE firm = 1 AND is_inactive = 0 ORDER BY insurance LIMIT 1').pluck().get() as number;
    const created = await host.api<{ id: number; adasInspection: number }>(shop, contract.adas.createAdas, {
      body: { firm: 6, ronumber: 'RO-LIVE-1', insurance: insurer, vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
    });
    expect(created.status).toBe(200);
    const job = created.body.id;
    const first = notices();
    expect(first.map((n) => n.notice)).toEqual([{ kind: 'adas', ids: [job], by: userIdOf('role5@example.com') }]);
    expect(first[0].to).toEqual(sorted(usersReaching(host.db, 6)));

    expect((await host.api(shop, contract.adas.updateStatusAdasInspection, { body: { adasInspection: created.body.adasInspection, status: 3 } })).status).toBe(200);
    expect(notices().map((n) => n.notice.ids)).toEqual([[job]]);

    const request = await host.api<{ id: number }>(shop, contract.adas.createCalibrate, {
      body: { firm: 6, adasInspection: created.body.adasInspection, year: 2022, make: 'Toyota', model: 'RAV4', reason: 'Live lists', lines: '[]', technicians: '[]', files: [] },
    });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    notices();
    const manager = await host.token(4);
    expect((await host.api(manager, contract.calibration.saveRequestNote, { body: { calibrateRequest: request.body.id, note: 'Targets at 9.' } })).status).toBe(200);
    const kinds = notices().map((n) => [n.notice.kind, n.notice.ids, n.to.includes(userIdOf('role17@example.com'))]);
    expect(kinds).toEqual([
      ['calibrateRequest', [request.body.id], false],
      ['adas', [job], false],
    ]);
  });
});
