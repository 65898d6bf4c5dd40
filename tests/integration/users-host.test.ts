/**
 * The reference host's users (issue 10) through its routes, with real tokens: the list (paging, every sort
 * both ways, filters, search, firm scope), roles, username checks, saving users (the role 1 → 2 rule, who
 * may change what), username changes, activation, deletion (never oneself; sessions end), user locations
 * (the primary rule, reach bounds) and the firm reach that follows them. Bad input: 400 with the
 * specification's messages, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtree } from '../../api-host/locations/seed';
import { explainUsers } from '../../api-host/users/query';
import { contract } from '../../lib/contract';
import type { CallDef } from '../../lib/contract/define';
import { USER_SORTS, listQuery, type UserRow } from '../../lib/contract/users';
import { MESSAGES, USER_MESSAGES } from '../../lib/validation/messages';
import { startTestHost, type CallInput, type ContractInput, type TestHost } from '../../testkit/host';
import { PNG_1PX, multipart } from '../../testkit/images';
import { must } from '../../testkit/must';

const u = contract.users;

let host: TestHost;
let admin: string;

beforeAll(async () => {
  host = await startTestHost();
  admin = await host.token(1);
});
afterAll(() => host?.close());

/** Calls as role 1 unless told; must answer 200; the body parsed by the call's response schema. */
const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = admin) => host.ok(token, call, input);
const status = async (call: CallDef, input?: CallInput, token = admin) => (await host.api(token, call, input)).status;

const userId = (username: string) => host.db.prepare('SELECT user FROM user WHERE username = ?').pluck().get(username) as number;
const live = (where = '1') => host.db.prepare(`SELECT count(*) FROM user WHERE deleted_at IS NULL AND ${where}`).pluck().get() as number;

let made = 0;
/** A new user through user/saveUser (role 1), answering its id and username. */
async function newUser(more: Record<string, unknown> = {}, token = admin): Promise<{ id: number; username: string }> {
  const username = `made-${++made}-${Date.now()}@example.com`;
  const { id } = await ok(u.saveUser, { body: newUserBody({ username, ...more }) }, token);
  return { id, username };
}
const newUserBody = (more: Record<string, unknown> = {}) => ({
  user: -1,
  contact: -1,
  contactType: 1,
  username: `body-${++made}@example.com`,
  firstName: 'Nia',
  lastName: 'Made',
  password: 'Good#Pass2026',
  role: 5,
  laborRate: 92.5,
  timezone: 12,
  language: 1,
  isInactive: false,
  receivesReport: true,
  ...more,
});

async function allRows(query: Record<string, string | number> = {}, token = admin) {
  const rows: UserRow[] = [];
  let count = 0;
  for (let page = 1; page < 50; page++) {
    const body = await ok(u.users, { query: { ...query, page, pageSize: 100 } }, token);
    count = body.count;
    rows.push(...body.items);
    if (body.items.length < 100) break;
  }
  return { count, rows };
}

describe('user list', () => {
  it('pages with the defaults of docs/users.md#limits: 10 rows, descending by id, every role', async () => {
    const first = await ok(u.users);
    expect(first.count).toBe(live());
    expect(first.count).toBeGreaterThanOrEqual(50);
    expect(first.items).toHaveLength(10);
    const ids = first.items.map((r) => r.user);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const role5 = (await ok(u.users, { query: { searchTerm: 'role5@' } })).items.find((r) => r.username === 'role5@example.com')!;
    expect(role5).toMatchObject({
      firstName: 'Emerson',
      lastName: 'Evans',
      fileAs: 'Evans, Emerson',
      roleName: 'Shop (user)',
      firmName: 'Brooklyn Collision & Glass',
      locations: 1,
    });
    expect((await ok(u.users, { query: { page: 99 } })).items).toEqual([]);
  });

  it('sorts by every column both ways, ties broken by id', async () => {
    const { rows } = await allRows();
    const key: Record<(typeof USER_SORTS)[number], (r: UserRow) => (string | number)[]> = {
      id: (r) => [r.user],
      name: (r) => [r.fileAs.toLowerCase(), r.user],
      username: (r) => [r.username.toLowerCase(), r.user],
      role: (r) => [r.roleName.toLowerCase(), r.user],
      location: (r) => [r.firmName.toLowerCase(), r.user],
      inactive: (r) => [r.isInactive ? 1 : 0, r.fileAs.toLowerCase(), r.user],
      reports: (r) => [r.receivesReport ? 1 : 0, r.fileAs.toLowerCase(), r.user],
    };
    const cmp = (a: (string | number)[], b: (string | number)[]) => {
      for (const [i, x] of a.entries()) {
        const y = must(b[i], 'as many sort keys');
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    };
    for (const orderBy of USER_SORTS)
      for (const direction of ['asc', 'desc'] as const) {
        const got = (await allRows({ orderBy, direction })).rows.map((r) => r.user);
        const want = [...rows].sort((a, b) => cmp(key[orderBy](a), key[orderBy](b)) * (direction === 'desc' ? -1 : 1)).map((r) => r.user);
        expect(got, `${orderBy} ${direction}`).toEqual(want);
      }
  });

  it('filters by role, location and state, and searches names and usernames', async () => {
    const shopUsers = await allRows({ filterBy: 5 });
    expect(shopUsers.count).toBe(live('role = 5'));
    expect(shopUsers.rows.every((r) => r.role === 5)).toBe(true);
    const inactive = await allRows({ inactive: 'inactive' });
    expect(inactive.count).toBe(live('is_inactive = 1'));
    expect(inactive.count).toBeGreaterThan(2);
    expect((await allRows({ inactive: 'active' })).count).toBe(live('is_inactive = 0'));
    // A location: everyone linked to it, also as a second location.
    const at12 = await allRows({ firm: 12 });
    const linked = host.db
      .prepare('SELECT count(DISTINCT l.user) FROM user_firm l JOIN user x ON x.user = l.user WHERE l.firm = 12 AND x.deleted_at IS NULL')
      .pluck()
      .get();
    expect(at12.count).toBe(linked);
    expect(at12.rows.some((r) => r.firm !== 12)).toBe(true);

    expect((await allRows({ searchTerm: 'emerson evans' })).rows.map((r) => r.username)).toEqual(['role5@example.com']);
    expect((await allRows({ searchTerm: 'EVA' })).rows.map((r) => r.username)).toContain('role5@example.com');
    const byName = (await allRows({ searchTerm: 'role1' })).rows.map((r) => r.username).sort();
    expect(byName).toEqual(['role1@example.com', ...Array.from({ length: 8 }, (_, i) => `role${10 + i}@example.com`)].sort());
    expect((await allRows({ searchTerm: '100%_' })).count).toBe(0);
    // Combined: search within a filter.
    expect((await allRows({ searchTerm: 'role', filterBy: 4 })).rows.map((r) => r.username)).toEqual(['role4@example.com']);
  });

  it('lists only the users whose location the caller reaches', async () => {
    // A role-1 user linked to firm 3 reaches Northstar East and its shops.
    const east = subtree(3);
    const scoped = await host.token(await host.addUser({ role: 1, firm: 3, firms: [3] }));
    const { rows, count } = await allRows({}, scoped);
    expect(count).toBe(live(`firm IN (${east.join(', ')})`));
    expect(count).toBeGreaterThan(10);
    expect(rows.every((r) => east.includes(r.firm))).toBe(true);
    // A location out of reach lists nothing.
    expect((await allRows({ firm: 12 }, scoped)).count).toBe(0);
  });

  it('uses the indexes for the filters it can', () => {
    const every = new Set(host.db.prepare('SELECT firm FROM firm').pluck().all() as number[]);
    const plan = explainUsers(host.db, listQuery.parse({ filterBy: 5 }), { firms: every }).join('\n');
    expect(plan).toMatch(/user_live_role/);
    const byLocation = explainUsers(host.db, listQuery.parse({ firm: 7 }), { firms: new Set([7]) }).join('\n');
    expect(byLocation).toMatch(/user_firm_firm|user_live_firm/);
  });

  it('refuses other roles (403), no token (401), and bad queries (400)', async () => {
    expect(await status(u.users, {}, await host.token(8))).toBe(403);
    expect(await status(u.users, {}, await host.token(2))).toBe(403);
    expect((await host.api(null, u.users)).status).toBe(401);
    for (const query of [{ orderBy: 'password' }, { pageSize: 0 }, { inactive: 'maybe' }, { firm: -1 }, { filterBy: 'x' }])
      expect(await status(u.users, { query }), JSON.stringify(query)).toBe(400);
  });
});

describe('roles and usernames', () => {
  it('user/roles: every role for role 1 at a reachable firm; 404 for a firm out of reach', async () => {
    const roles = await ok(u.roles, { query: { firm: 7 } });
    expect(roles.map((r) => r.role)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(roles.find((r) => r.role === 5)!.roleName).toBe('Shop (user)');
    const scoped = await host.token(await host.addUser({ role: 1, firm: 7, firms: [7] }));
    expect(await status(u.roles, { query: { firm: 9 } }, scoped)).toBe(404);
    expect(await status(u.roles, { query: { firm: 7 } }, await host.token(5))).toBe(403);
    expect(await status(u.roles, { query: { firm: 'x' } })).toBe(400);
  });

  it('user/verifyUsername: taken names in any firm (any case) exist, new ones do not', async () => {
    expect(await ok(u.verifyUsername, { query: { username: 'role9@example.com' } })).toEqual({ exists: true });
    expect(await ok(u.verifyUsername, { query: { username: 'ROLE9@example.com' } })).toEqual({ exists: true });
    expect(await ok(u.verifyUsername, { query: { username: 'fresh-name@example.com' } })).toEqual({ exists: false });
    const res = await host.api(admin, u.verifyUsername, { query: { username: 'not an email' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.username).toEqual([MESSAGES.email]);
    expect(await status(u.verifyUsername, { query: { username: 'x@example.com' } }, await host.token(3))).toBe(403);
  });
});

describe('saving users', () => {
  it('adds a user with their contact, location and email; they can sign in with the password given', async () => {
    const { id, username } = await newUser({ firm: 9, firstName: 'Lena', lastName: 'Ortiz', role: 15, laborRate: 101.25 });
    const p = await ok(u.profile, { query: { username } });
    expect(p).toMatchObject({
      user: id,
      firm: 9,
      firstName: 'Lena',
      lastName: 'Ortiz',
      role: 15,
      laborRate: 101.25,
      contactType: 1,
      timezone: 12,
      language: 1,
      receivesReport: true,
    });
    expect(host.db.prepare('SELECT firm, is_primary FROM user_firm WHERE user = ?').all(id)).toEqual([{ firm: 9, is_primary: 1 }]);
    expect(host.db.prepare('SELECT email_address FROM contact_email WHERE contact = ?').pluck().all(p.contact)).toEqual([username]);
    const token = await host.token(username, 'Good#Pass2026');
    expect(await status(u.profile, { query: { username } }, token)).toBe(200);
  });

  it('stores role 1 as 2 (docs/roles.md#users), but keeps an existing super user a super user', async () => {
    const { username } = await newUser({ role: 1 });
    expect((await ok(u.profile, { query: { username } })).role).toBe(2);
    const one = await ok(u.profile, { query: { username: 'role1@example.com' } });
    const self = await host.api(admin, u.saveUser, { body: { ...one, user: one.user, firstName: 'Avery' } });
    expect(self.status).toBe(200);
    expect((await ok(u.profile, { query: { username: 'role1@example.com' } })).role).toBe(1);
  });

  it('answers each bad input with its message and changes nothing', async () => {
    const before = live();
    const bad = async (more: Record<string, unknown>) => {
      const res = await host.api(admin, u.saveUser, { body: newUserBody(more) });
      expect(res.status, JSON.stringify(more)).toBe(400);
      return res.body as { error: string; fieldErrors: Record<string, string[]> };
    };
    expect((await bad({ username: 'role3@example.com' })).fieldErrors.username).toEqual([USER_MESSAGES.usernameTaken]);
    expect((await bad({ username: 'ROLE3@EXAMPLE.COM' })).fieldErrors.username).toEqual([USER_MESSAGES.usernameTaken]);
    expect((await bad({ password: 'weakpass' })).fieldErrors.password).toEqual([MESSAGES.passwordWeak]);
    expect((await bad({ password: undefined })).fieldErrors.password).toEqual([MESSAGES.passwordEmpty]);
    expect((await bad({ role: null })).fieldErrors.role).toEqual([USER_MESSAGES.role]);
    expect((await bad({ role: 99 })).fieldErrors.role).toEqual([USER_MESSAGES.role]);
    expect((await bad({ laborRate: 'abc' })).fieldErrors.laborRate).toEqual([USER_MESSAGES.laborRate]);
    expect((await bad({ firstName: '  ', lastName: '' })).fieldErrors).toMatchObject({
      firstName: [USER_MESSAGES.firstName],
      lastName: [USER_MESSAGES.lastName],
    });
    expect((await bad({ timezone: 0, language: 0 })).fieldErrors).toMatchObject({
      timezone: [USER_MESSAGES.timezone],
      language: [USER_MESSAGES.language],
    });
    expect((await bad({ firstName: 'x'.repeat(201) })).fieldErrors.firstName).toEqual(['At most 200 characters']);
    expect((await bad({ contactType: 0 })).fieldErrors.contactType).toEqual([MESSAGES.required]);
    expect((await bad({ firm: 999 })).fieldErrors.firm).toEqual(['Unknown location']);
    expect(live()).toBe(before);
  });

  it('edits a user; a user may save their own names but not their own role, state or admin fields', async () => {
    const { id, username } = await newUser({ role: 9, firm: 3 });
    const p = await ok(u.profile, { query: { username } });
    await ok(u.saveUser, { body: { ...p, firstName: 'Renamed', laborRate: 120, receivesReport: false } });
    expect(await ok(u.profile, { query: { username } })).toMatchObject({
      firstName: 'Renamed',
      laborRate: 120,
      receivesReport: false,
      username,
    });

    const own = await host.token(username, 'Good#Pass2026');
    const mine = await ok(u.profile, { query: { username } }, own);
    await ok(u.saveUser, { body: { ...mine, lastName: 'Selfsaved', timezone: 3 } }, own);
    expect(await ok(u.profile, { query: { username } }, own)).toMatchObject({ lastName: 'Selfsaved', timezone: 3 });
    const refused = async (more: Record<string, unknown>, message: string) => {
      const res = await host.api(own, u.saveUser, { body: { ...mine, ...more } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(message);
    };
    await refused({ role: 8 }, 'You cannot change your own role.');
    await refused({ isInactive: true }, 'You cannot deactivate your own account.');
    await refused({ laborRate: 500 }, 'Only an administrator can change the labor rate and the report settings.');
    // Someone else's profile: 403 when visible, 404 when not.
    const colleague = await ok(u.profile, { query: { username: 'role8@example.com' } });
    expect(await status(u.saveUser, { body: { ...colleague, firstName: 'X' } }, own)).toBe(403);
    const foreign = await ok(u.profile, { query: { username: 'role12@example.com' } });
    expect(await status(u.saveUser, { body: { ...foreign, firstName: 'X' } }, own)).toBe(404);
    // Only role 1 adds users.
    expect(await status(u.saveUser, { body: newUserBody() }, own)).toBe(403);
    expect(id).toBeGreaterThan(0);
  });

  it('role 2 never changes a super user, nor makes anyone one', async () => {
    const two = await host.token(2);
    const one = await ok(u.profile, { query: { username: 'role1@example.com' } });
    expect(await status(u.saveUser, { body: { ...one, firstName: 'X' } }, two)).toBe(403);
    const { username } = await newUser({ role: 5 });
    const p = await ok(u.profile, { query: { username } });
    await ok(u.saveUser, { body: { ...p, role: 1 } }, two);
    expect((await ok(u.profile, { query: { username } })).role).toBe(2);
  });

  it('deactivating a user in the form ends their sessions', async () => {
    const { username } = await newUser();
    const theirs = await host.token(username, 'Good#Pass2026');
    const p = await ok(u.profile, { query: { username } });
    await ok(u.saveUser, { body: { ...p, isInactive: true } });
    expect(await status(u.profile, { query: { username } }, theirs)).toBe(401);
  });
});

describe('the photo', () => {
  async function upload(token: string, name: string): Promise<string> {
    const { body, contentType } = await multipart([{ name, bytes: PNG_1PX }]);
    const res = await host.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return must((res.json() as string[])[0], 'the stored name');
  }

  it('keeps an uploaded image as the photo, clears it with null, and leaves it when not sent', async () => {
    const { username } = await newUser({ firm: 7 });
    const url = await upload(admin, '7/face.png');
    const p = await ok(u.profile, { query: { username } });
    await ok(u.saveUser, { body: { ...p, imagePhotoPath: url } });
    expect((await ok(u.profile, { query: { username } })).imagePhotoPath).toBe(url);
    await ok(u.saveUser, { body: { ...p, imagePhotoPath: undefined, firstName: 'Kept' } });
    expect((await ok(u.profile, { query: { username } })).imagePhotoPath).toBe(url);
    await ok(u.saveUser, { body: { ...p, imagePhotoPath: null } });
    expect((await ok(u.profile, { query: { username } })).imagePhotoPath).toBeNull();
  });

  it('refuses anything but a stored image of a reachable firm (400)', async () => {
    const { username } = await newUser({ firm: 7 });
    const p = await ok(u.profile, { query: { username } });
    const shopUrl = await upload(await host.token(17), '9/other.png'); // role 17 signs in at firm 9
    const scoped = await host.token(await host.addUser({ role: 1, firm: 7, firms: [7] }));
    for (const imagePhotoPath of [
      'https://evil.example/x.png',
      'file/image?firm=7&name=../../etc/passwd',
      'file/image?firm=7&name=missing.png',
    ]) {
      const res = await host.api(admin, u.saveUser, { body: { ...p, imagePhotoPath } });
      expect(res.status, imagePhotoPath).toBe(400);
      expect(res.body.fieldErrors.imagePhotoPath).toEqual(['Not an uploaded image.']);
    }
    expect(await status(u.saveUser, { body: { ...p, imagePhotoPath: shopUrl } }, scoped)).toBe(400);
    expect((await ok(u.profile, { query: { username } })).imagePhotoPath).toBeNull();
  });
});

describe('username changes', () => {
  it("changes the username at once, moves the contact's address with it and ends the user's sessions", async () => {
    const { id, username } = await newUser();
    const theirs = await host.token(username, 'Good#Pass2026');
    const next = `renamed-${id}@example.com`;
    expect(await ok(u.saveUserEmail, { query: { user: id, username: next } })).toEqual({ success: true, user: id, username: next });
    expect(await status(u.profile, { query: { username: next } }, theirs)).toBe(401);
    const p = await ok(u.profile, { query: { username: next } });
    expect(host.db.prepare('SELECT email_address FROM contact_email WHERE contact = ?').pluck().all(p.contact)).toEqual([next]);
    expect(await status(u.profile, { query: { username } })).toBe(404);
    await host.token(next, 'Good#Pass2026');
  });

  it('refuses a taken name (400), a bad one (400), another user (403/404)', async () => {
    const { id } = await newUser();
    const taken = await host.api(admin, u.saveUserEmail, { query: { user: id, username: 'Role4@Example.com' } });
    expect(taken.status).toBe(400);
    expect(taken.body.fieldErrors.username).toEqual([USER_MESSAGES.usernameTaken]);
    expect(await status(u.saveUserEmail, { query: { user: id, username: 'nope' } })).toBe(400);
    const shop = await host.token(5);
    expect(await status(u.saveUserEmail, { query: { user: userId('role4@example.com'), username: 'x4@example.com' } }, shop)).toBe(403);
    expect(await status(u.saveUserEmail, { query: { user: userId('role12@example.com'), username: 'x12@example.com' } }, shop)).toBe(404);
    expect(await status(u.saveUserEmail, { query: { user: 999999, username: 'x@example.com' } })).toBe(404);
  });
});

describe('activation, parameters and deletion', () => {
  it('activateUsers: token 0 deactivates (sessions end), token 1 activates; all or nothing', async () => {
    const a = await newUser();
    const b = await newUser();
    const session = await host.token(a.username, 'Good#Pass2026');
    const off = await ok(u.activateUsers, {
      body: [
        { username: a.username, token: 0 },
        { username: b.username, token: 0 },
      ],
    });
    expect(off).toEqual({ count: 2, deactivated: [a.id, b.id] });
    expect(await status(u.profile, { query: { username: a.username } }, session)).toBe(401);
    expect(live(`user IN (${a.id}, ${b.id}) AND is_inactive = 1`)).toBe(2);
    await ok(u.activateUsers, { body: [{ username: a.username, token: 1 }] });
    expect(live(`user = ${a.id} AND is_inactive = 0`)).toBe(1);
    // One unknown user: nothing changes.
    expect(
      await status(u.activateUsers, {
        body: [
          { username: b.username, token: 1 },
          { username: 'ghost@example.com', token: 1 },
        ],
      }),
    ).toBe(404);
    expect(live(`user = ${b.id} AND is_inactive = 1`)).toBe(1);
    expect(await status(u.activateUsers, { body: [{ username: b.username, token: 2 }] })).toBe(400);
    expect(await status(u.activateUsers, { body: [] })).toBe(400);
  });

  it('nobody deactivates or deletes themselves', async () => {
    const self = await host.api(admin, u.activateUsers, { body: [{ username: 'role1@example.com', token: 0 }] });
    expect(self).toMatchObject({ status: 403, body: { error: 'You cannot deactivate your own account.' } });
    const other = await newUser();
    const mixed = await host.api(admin, u.updateUserParams, { body: { users: [other.id, 1], isInactive: true } });
    expect(mixed).toMatchObject({ status: 403, body: { error: 'You cannot deactivate your own account.' } });
    expect(live(`user = ${other.id} AND is_inactive = 0`)).toBe(1);
    const del = await host.api(admin, u.deleteUsers, { body: { users: [1] } });
    expect(del).toMatchObject({ status: 403, body: { error: 'You cannot delete your own account.' } });
    expect(live('user = 1')).toBe(1);
  });

  it('updateUserParams sets reports and state on several users', async () => {
    const a = await newUser({ receivesReport: true });
    const b = await newUser({ receivesReport: true });
    expect(await ok(u.updateUserParams, { body: { users: [a.id, b.id], receivesReport: false } })).toEqual({ count: 2 });
    expect(live(`user IN (${a.id}, ${b.id}) AND receives_report = 0`)).toBe(2);
    expect(await status(u.updateUserParams, { body: { users: [a.id] } })).toBe(400);
    expect(await status(u.updateUserParams, { body: { users: [a.id, 999999], receivesReport: true } })).toBe(404);
  });

  it('deleteUsers: the users go (sessions end, name free again, contact kept); 404 across firms', async () => {
    const a = await newUser({ firm: 7 });
    const b = await newUser({ firm: 7 });
    const session = await host.token(a.username, 'Good#Pass2026');
    const contact = (await ok(u.profile, { query: { username: a.username } })).contact;
    expect(await ok(u.deleteUsers, { body: { users: [a.id, b.id] } })).toEqual({ count: 2 });
    expect(await status(u.profile, { query: { username: a.username } }, session)).toBe(401);
    expect(await status(u.profile, { query: { username: a.username } })).toBe(404);
    expect((await allRows({ searchTerm: a.username })).count).toBe(0);
    expect(host.db.prepare('SELECT 1 FROM contact WHERE contact = ?').get(contact)).toBeTruthy();
    expect(await ok(u.verifyUsername, { query: { username: a.username } })).toEqual({ exists: false });
    await newUser({ username: a.username });
    // Already deleted: unknown.
    expect(await status(u.deleteUsers, { body: { users: [a.id] } })).toBe(404);
    // A scoped administrator cannot delete another firm's user.
    const scoped = await host.token(await host.addUser({ role: 1, firm: 7, firms: [7] }));
    expect(await status(u.deleteUsers, { body: { users: [userId('role12@example.com')] } }, scoped)).toBe(404);
    expect(await status(u.deleteUsers, { body: { users: [userId('role12@example.com')] } }, await host.token(5))).toBe(403);
  });
});

describe('user locations and reach', () => {
  it('lists the caller’s network with the user’s links; without isAll only the links', async () => {
    const { id } = await newUser({ firm: 7 });
    const all = await ok(u.userLocations, { query: { user: id, isAll: '1' } });
    expect(all).toHaveLength(host.db.prepare('SELECT count(*) FROM firm').pluck().get() as number);
    expect(all[0]).toMatchObject({ firm: 1, depth: 0, checked: false });
    const seven = all.find((l) => l.firm === 7)!;
    expect(seven).toMatchObject({ checked: true, isPrimary: 1, user: id, depth: 3 });
    // Network order: every firm comes after its parent.
    const at = new Map(all.map((l, i) => [l.firm, i]));
    expect(all.every((l) => l.parent == null || at.get(l.parent)! < at.get(l.firm)!)).toBe(true);
    expect(await ok(u.userLocations, { query: { user: id } })).toEqual([seven]);
  });

  it('saves the checked locations with exactly one primary; the user then reaches them and what lies below', async () => {
    const { id, username } = await newUser({ firm: 7 });
    const token = await host.token(username, 'Good#Pass2026');
    expect((await host.api(token, contract.locations.firmPreference, { query: { firm: 4 } })).status).toBe(404);
    const link = (firm: number, isPrimary: 0 | 1) => ({ firm, user: id, userFirm: 0, checked: true as const, isPrimary });
    expect(await ok(u.saveUserLocations, { body: [link(4, 1), link(7, 0)] })).toEqual({ user: id, count: 2 });
    // Firm 4 and its shops 9, 10, 11 are now within reach; the user's location is the primary one.
    for (const f of [4, 9, 10, 11, 7])
      expect((await host.api(token, contract.locations.firmPreference, { query: { firm: f } })).status, `firm ${f}`).toBe(200);
    expect((await host.api(token, contract.locations.firmPreference, { query: { firm: 12 } })).status).toBe(404);
    expect((await ok(u.profile, { query: { username } })).firm).toBe(4);
  });

  it('refuses a second primary, none, and locations beyond the caller’s reach (400), changing nothing', async () => {
    const { id } = await newUser({ firm: 7 });
    const link = (firm: number, isPrimary: 0 | 1) => ({ firm, user: id, userFirm: 0, checked: true as const, isPrimary });
    const before = host.db.prepare('SELECT firm, is_primary FROM user_firm WHERE user = ?').all(id);
    const two = await host.api(admin, u.saveUserLocations, { body: [link(6, 1), link(7, 1)] });
    expect(two.status).toBe(400);
    expect(two.body.fieldErrors._).toEqual([USER_MESSAGES.onePrimary]);
    expect((await host.api(admin, u.saveUserLocations, { body: [link(6, 0)] })).body.fieldErrors._).toEqual([USER_MESSAGES.onePrimary]);
    expect((await host.api(admin, u.saveUserLocations, { body: [] })).body.fieldErrors._).toEqual([USER_MESSAGES.noLocation]);
    expect(await status(u.saveUserLocations, { body: [link(7, 1), { ...link(6, 0), checked: false }] })).toBe(400);
    // A role-1 user who reaches only firm 3's branch cannot give firm 9.
    const scoped = await host.token(await host.addUser({ role: 1, firm: 3, firms: [3] }));
    const beyond = await host.api(scoped, u.saveUserLocations, { body: [link(7, 1), link(9, 0)] });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toBe('Location 9 is not one you can give access to.');
    expect(await status(u.saveUserLocations, { body: [link(7, 1), link(424242, 0)] }, scoped)).toBe(400);
    expect(host.db.prepare('SELECT firm, is_primary FROM user_firm WHERE user = ?').all(id)).toEqual(before);
    // …and links it cannot see are kept when it saves.
    await ok(u.saveUserLocations, { body: [link(7, 1), link(12, 0)] });
    await ok(u.saveUserLocations, { body: [link(8, 1)] }, scoped);
    expect(host.db.prepare('SELECT firm, is_primary FROM user_firm WHERE user = ? ORDER BY firm').all(id)).toEqual([
      { firm: 8, is_primary: 1 },
      { firm: 12, is_primary: 0 },
    ]);
  });

  it('who may: location admins (1, 2, 4) for themselves, administrators for others; 404 across firms', async () => {
    const shopAdmin = await host.token(4); // firm 6
    const own = userId('role4@example.com');
    const mine = await ok(u.userLocations, { query: { user: own, isAll: '1' } }, shopAdmin);
    expect(mine.map((l) => l.firm)).toEqual([6]);
    expect(await status(u.userLocations, { query: { user: userId('role5@example.com') } }, shopAdmin)).toBe(403);
    expect(await status(u.userLocations, { query: { user: userId('role12@example.com') } }, shopAdmin)).toBe(404);
    expect(await status(u.userLocations, { query: { user: own } }, await host.token(5))).toBe(403);
    const two = await host.token(2);
    expect(await status(u.userLocations, { query: { user: 1 } }, two)).toBe(403);
    expect(await status(u.userLocations, { query: { user: userId('role12@example.com') } }, two)).toBe(200);
  });
});

describe('contact info of a user’s own contact', () => {
  it('lets every user keep their own addresses, phones and emails, and nobody else’s', async () => {
    const shop = await host.token(5);
    const own = (await ok(u.profile, { query: { username: 'role5@example.com' } }, shop)).contact;
    const other = (await ok(u.profile, { query: { username: 'role4@example.com' } })).contact;
    const c = contract.contacts;
    const phones = await ok(c.contactPhones, { query: { id: own } }, shop);
    expect(phones.length).toBeGreaterThan(0);
    const { id } = await ok(c.savePhone, { body: { contactPhone: -1, contact: own, phoneType: 1, phoneNo: '(555) 010-2030' } }, shop);
    await ok(c.setPrimaryPhone, { query: { id: must(phones[0], 'phones[0]').contactPhone, contact: own } }, shop);
    await ok(c.deletePhone, { body: { contactPhone: id, contact: own } }, shop);
    expect(await status(c.contactPhones, { query: { id: other } }, shop)).toBe(404);
    expect(await status(c.savePhone, { body: { contactPhone: -1, contact: other, phoneType: 1, phoneNo: '(555) 010-2030' } }, shop)).toBe(
      404,
    );
    expect(await status(c.contact, { query: { id: own } }, shop)).toBe(403);
  });
});
