/**
 * Regression tests for the third outside review (issue 26), the findings whose rule lives at the reference
 * host, numbered as in the review. Each fails on the code before the fix. The app-side findings (sign-in,
 * the HTTP entry) are in tests/security/review-3.spec.ts; the in-memory store and CSV cells in
 * tests/unit/review-3.test.ts.
 */
import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { removeOrphans } from '../../api-host/files/orphans';
import { storedFilePath } from '../../api-host/locations/storage-files';
import { implement } from '../../api-host/core/implement';
import { buildServer } from '../../api-host/core/server';
import { DEMO_PASSWORD } from '../../api-host/users/seed';
import { contract } from '../../lib/contract';
import { CLIENT_ADDRESS_HEADER, SERVICE_SECRET_HEADER, defineCall } from '../../lib/contract/define';
import { FIRM_IMAGES_QUOTA_BYTES, UPLOADS_PER_USER } from '../../lib/contract/files';
import { ONBOARD_MESSAGES } from '../../lib/contract/onboard-constants';
import { SHARE_MESSAGES } from '../../lib/contract/links';
import { FILE_NAME_MESSAGE } from '../../lib/contract/locations-storage';
import { CURRENT_PASSWORD_MESSAGES } from '../../lib/validation/password';
import { PNG_1PX, multipart } from '../../testkit/images';
import { startTestHost, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

let host: TestHost;
beforeEach(async () => {
  host = await startTestHost();
});
afterEach(() => host.close());

const SECRET = 's'.repeat(40);
const wrong = 'Wrong#Pass1';
const firmName = (firm: number) => host.db.prepare('SELECT name FROM firm WHERE firm = ?').pluck().get(firm) as string;

async function post(path: string, token: string | null, files: { name: string; bytes: Buffer; type?: string }[]) {
  const { body, contentType } = await multipart(files);
  const res = await host.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { error?: string } & string[] };
}

describe('1. the host applies its per-address sign-in limit to the client the app names, not to the app', () => {
  const before = process.env.API_HOST_SIGNIN_MAX_PER_ADDRESS;
  beforeEach(() => {
    process.env.API_HOST_SIGNIN_MAX_PER_ADDRESS = '4';
    host.ctx.serviceSecret = SECRET;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.API_HOST_SIGNIN_MAX_PER_ADDRESS;
    else process.env.API_HOST_SIGNIN_MAX_PER_ADDRESS = before;
  });
  const getToken = (username: string, password: string, headers: Record<string, string> = {}) =>
    host.api(null, contract.auth.getToken, { body: { username, password }, headers });
  const fromApp = (address: string) => ({ [SERVICE_SECRET_HEADER]: SECRET, [CLIENT_ADDRESS_HEADER]: address });

  it('strangers failing from one client do not lock out a user signing in from another', async () => {
    for (let i = 0; i < 4; i++) expect((await getToken(`nobody-${i}@example.com`, wrong, fromApp('203.0.113.7'))).body.success).toBe(false);
    expect((await getToken(`nobody-9@example.com`, wrong, fromApp('203.0.113.7'))).status).toBe(429);
    const user = await getToken('role10@example.com', DEMO_PASSWORD, fromApp('198.51.100.20'));
    expect(user.status).toBe(200);
    expect(user.body.token).toBeTruthy();
    // When the app cannot tell the client's address, no address is counted at all (its own throttle counts).
    for (let i = 0; i < 6; i++) await getToken(`unknown-${i}@example.com`, wrong, fromApp('unknown'));
    expect((await getToken('role11@example.com', DEMO_PASSWORD, fromApp('unknown'))).status).toBe(200);
  });

  it('a caller without the service secret is its own address, whatever client address it claims', async () => {
    for (let i = 0; i < 4; i++) await getToken(`claim-${i}@example.com`, wrong, { [CLIENT_ADDRESS_HEADER]: `192.0.2.${i}` });
    expect((await getToken('role12@example.com', DEMO_PASSWORD, { [CLIENT_ADDRESS_HEADER]: '192.0.2.99' })).status).toBe(429);
    expect(
      (
        await getToken('role12@example.com', DEMO_PASSWORD, {
          [SERVICE_SECRET_HEADER]: 'w'.repeat(40),
          [CLIENT_ADDRESS_HEADER]: '192.0.2.98',
        })
      ).status,
    ).toBe(429);
  });
});

describe('3. only the storage roles write a location’s storage, at the host as at the BFF (the contract’s access)', () => {
  it('role 15 cannot create or overwrite 7/front-camera-aiming.txt', async () => {
    const before = readFileSync(storedFilePath(host.ctx.filesDir, 7, 'front-camera-aiming.txt'));
    const shop = await host.token(15); // firm 7
    const file = [{ name: '7/front-camera-aiming.txt', bytes: Buffer.from('overwritten\n'), type: 'text/plain' }];
    // The review's request: the image upload takes no other kind any more.
    expect((await post('file/upload?kind=storage', shop, file)).status).toBe(400);
    expect((await post('firm/uploadToBucket', shop, file)).status).toBe(403);
    expect(readFileSync(storedFilePath(host.ctx.filesDir, 7, 'front-camera-aiming.txt'))).toEqual(before);
    expect(contract.locationsStorage.uploadToBucket.access).toEqual(contract.locationsStorage.storage.access);
    // A storage role of the firm still uploads.
    expect(
      (
        await post('firm/uploadToBucket', await host.token(await host.addUser({ role: 5, firm: 7 })), [
          { name: '7/notes.txt', bytes: Buffer.from('ok\n'), type: 'text/plain' },
        ])
      ).status,
    ).toBe(200);
  });
});

describe('4. a shared link works only while its owner stands for it; the firm’s administrators list and revoke the firm’s links', () => {
  const inspectionOf6 = () =>
    host.db
      .prepare('SELECT i.adas_inspection FROM adas_inspection i JOIN adas j ON j.adas = i.adas WHERE j.firm = 6 ORDER BY 1 LIMIT 1')
      .pluck()
      .get() as number;
  const open = (token: string) => host.api(null, contract.links.sharedInspection, { query: { token } });
  async function linkOf(username: string) {
    const res = await host.api(await host.token(username), contract.links.createShareLink, {
      body: { adasInspection: inspectionOf6(), days: 7 },
    });
    expect(res.status).toBe(200);
    return res.body as { link: number; token: string };
  }
  const userId = (username: string) => host.db.prepare('SELECT user FROM user WHERE username = ?').pluck().get(username) as number;

  it('deactivating, deleting or moving the owner revokes their links; a link whose owner no longer stands is refused anyway', async () => {
    const admin = await host.token(1);
    const newUser = () => host.addUser({ role: 5, firm: 6 });
    const [a, b, c, d] = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
    const [la, lb, lc, ld] = [await linkOf(a), await linkOf(b), await linkOf(c), await linkOf(d)];
    for (const l of [la, lb, lc, ld]) expect((await open(l.token)).status).toBe(200);

    expect((await host.api(admin, contract.users.activateUsers, { body: [{ username: a, token: 0 }] })).status).toBe(200);
    expect((await host.api(admin, contract.users.deleteUsers, { body: { users: [userId(b)] } })).status).toBe(200);
    const moved = await host.api(admin, contract.users.saveUserLocations, {
      body: [{ firm: 7, user: userId(c), userFirm: 0, checked: true, isPrimary: 1 }],
    });
    expect(moved.status).toBe(200);
    for (const l of [la, lb, lc]) expect(await open(l.token)).toMatchObject({ status: 404, body: { error: SHARE_MESSAGES.revoked } });
    expect((await host.api(null, contract.links.sharedReport, { query: { token: la.token } })).status).toBe(404);
    // Made inactive behind the calls' back: the link is refused when used, and revoked for the lists.
    host.db.prepare('UPDATE user SET is_inactive = 1 WHERE user = ?').run(userId(d));
    expect(await open(ld.token)).toMatchObject({ status: 404, body: { error: SHARE_MESSAGES.revoked } });
    expect(host.db.prepare('SELECT revoked_at IS NOT NULL FROM share_link WHERE link = ?').pluck().get(ld.link)).toBe(1);
  });

  it('the firm’s administrators list every link of their firms and revoke any; other users see and revoke only their own', async () => {
    const owner = await host.addUser({ role: 5, firm: 6 });
    const link = await linkOf(owner);
    const shopAdmin = await host.token(4); // role 4 at firm 6
    const listed = await host.api(shopAdmin, contract.links.shareLinks, { query: { scope: 'firm', pageSize: 100 } });
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((l: { link: number }) => l.link === link.link)).toMatchObject({
      sharedBy: 'Test User',
      own: false,
      status: 'active',
    });
    expect(
      (await host.api(await host.token(await host.addUser({ role: 5, firm: 6 })), contract.links.shareLinks, { query: { scope: 'firm' } }))
        .status,
    ).toBe(403);
    // Another network's administrator does not see it.
    const apex = await host.token(await host.addUser({ role: 3, firm: 14 }));
    const theirs = await host.api(apex, contract.links.shareLinks, { query: { scope: 'firm', pageSize: 100 } });
    expect(theirs.body.items.some((l: { link: number }) => l.link === link.link)).toBe(false);
    expect((await host.api(apex, contract.links.revokeShareLink, { body: { link: link.link } })).status).toBe(404);

    expect((await host.api(shopAdmin, contract.links.revokeShareLink, { body: { link: link.link } })).status).toBe(200);
    expect(await open(link.token)).toMatchObject({ status: 404, body: { error: SHARE_MESSAGES.revoked } });
  });
});

describe('5. the host takes the caller’s firm from the database, not the token', () => {
  it('a user moved to another location acts for the new one at once, with the same token', async () => {
    const username = await host.addUser({ role: 4, firm: 6, firms: [6, 7] });
    const token = await host.token(username);
    expect((await host.api(token, contract.alldataAccount.account)).body.firmName).toBe(firmName(6));
    const user = host.db.prepare('SELECT user FROM user WHERE username = ?').pluck().get(username) as number;
    const moved = await host.api(await host.token(1), contract.users.saveUserLocations, {
      body: [
        { firm: 6, user, userFirm: 0, checked: true, isPrimary: 0 },
        { firm: 7, user, userFirm: 0, checked: true, isPrimary: 1 },
      ],
    });
    expect(moved.status).toBe(200);
    expect((await host.api(token, contract.alldataAccount.account)).body.firmName).toBe(firmName(7));
  });
});

describe('6. storage keeps a file only when its name’s extension is what its content is, and refuses hidden characters in names', () => {
  it('refuses a PDF named .html, a program, an SVG, a right-to-left override and a mismatch; takes a real PDF', async () => {
    const admin = await host.token(1);
    const pdf = Buffer.from('%PDF-1.4\n<script>alert(1)</script>\n%%EOF\n');
    const cases: [string, Buffer, RegExp | string][] = [
      ['7/report.html', pdf, /not a file type storage accepts/],
      ['7/setup.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), /not a file type storage accepts/],
      ['7/invoice.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), /not a file type storage accepts/],
      ['7/a\u202efdp.exe', pdf, `a\\u202efdp.exe: ${FILE_NAME_MESSAGE}.`],
      ['7/photo.png', Buffer.from('%PDF-1.4\n'), /does not match its name \(its content is application\/pdf\)/],
      ['7/zero\u200bwidth.pdf', pdf, /control or formatting characters/],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await post('firm/uploadToBucket', admin, [{ name, bytes, type: 'application/octet-stream' }]);
      expect(res.status, name).toBe(400);
      expect(res.body.error, name).toMatch(message);
    }
    expect(
      host.db
        .prepare(
          "SELECT count(*) FROM stored_file WHERE firm = 7 AND name NOT IN ('front-camera-aiming.txt', 'invoice-2041.csv', 'shop-floor.png')",
        )
        .pluck()
        .get(),
    ).toBe(0);
    expect((await post('firm/uploadToBucket', admin, [{ name: '7/report.pdf', bytes: pdf, type: 'application/pdf' }])).status).toBe(200);
  });
});

describe('7. image uploads: a per-firm quota, a per-user rate, and files nothing refers to are removed', () => {
  const folder = (firm: number) => join(host.ctx.filesDir, String(firm));
  /** A sparse file of `bytes` in the firm's folder, nothing referring to it, written `ageMs` ago. */
  function filler(firm: number, bytes: number, ageMs: number) {
    mkdirSync(folder(firm), { recursive: true });
    const path = join(folder(firm), 'aaaaaaaaaaaa-filler.png');
    // Sized without writing the bytes (sparse): the folder reports its size.
    const fd = openSync(path, 'w');
    ftruncateSync(fd, bytes);
    closeSync(fd);
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(path, at, at);
    return path;
  }

  it('a full firm gets a clear 413; files nothing refers to, older than a day, make room', async () => {
    const shop = await host.token(15); // firm 7
    const fresh = filler(7, FIRM_IMAGES_QUOTA_BYTES, 0);
    const refused = await post('file/upload', shop, [{ name: '7/photo.png', bytes: PNG_1PX }]);
    expect(refused.status).toBe(413);
    expect(refused.body.error).toBe(
      `${firmName(7)} has no room for more images (at most ${FIRM_IMAGES_QUOTA_BYTES / 1024 / 1024} MB): the images were not stored. Remove images that are no longer used, or ask an administrator.`,
    );
    const old = Date.now() / 1000 - 2 * 86_400;
    utimesSync(fresh, old, old);
    expect((await post('file/upload', shop, [{ name: '7/photo.png', bytes: PNG_1PX }])).status).toBe(200);
    expect(existsSync(fresh)).toBe(false);
  });

  it('one user uploads at most UPLOADS_PER_USER files in the window (429 with the wait)', async () => {
    const shop = await host.token(15);
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `7/p${i}.png`, bytes: PNG_1PX }));
    for (let i = 0; i < UPLOADS_PER_USER / 10; i++) expect((await post('file/upload', shop, ten)).status).toBe(200);
    const over = await post('file/upload', shop, [{ name: '7/one-more.png', bytes: PNG_1PX }]);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/^You uploaded more than \d+ files in \d+ minutes\. Please wait \d+ minutes? and try again\.$/);
    // Someone else of the firm is not held up.
    expect((await post('file/upload', await host.token(16), [{ name: '7/theirs.png', bytes: PNG_1PX }])).status).toBe(200);
  });

  it('the sweep keeps what a user, a post or a brand refers to, and recent uploads', async () => {
    const shop = await host.token(15);
    const [photo, brand, lost, recent] = (
      await post(
        'file/upload',
        shop,
        ['a', 'b', 'c', 'd'].map((n) => ({ name: `7/${n}.png`, bytes: PNG_1PX })),
      )
    ).body;
    const name = (url: string | undefined) =>
      must(new URLSearchParams(must(url, 'an uploaded file').split('?')[1]).get('name'), 'the stored name');
    host.db.prepare("UPDATE user SET image_photo_path = ? WHERE username = 'role15@example.com'").run(photo);
    host.db.prepare("INSERT OR REPLACE INTO firm_preference (firm, type, name, value) VALUES (7, 'Brand', 'BrandLogo', ?)").run(brand);
    const old = Date.now() / 1000 - 2 * 86_400;
    for (const u of [photo, brand, lost]) utimesSync(join(folder(7), name(u)), old, old);
    expect(await removeOrphans(host.ctx)).toBe(1);
    expect([photo, brand, lost, recent].map((u) => existsSync(join(folder(7), name(u))))).toEqual([true, true, false, true]);
  });
});

describe('8. changing one’s own password asks for the current one; an administrator setting another’s does not', () => {
  it('missing or wrong current password: 400 on that field, then 429; right: changed', async () => {
    const username = await host.addUser({ role: 9, firm: 3 });
    const token = await host.token(username);
    const save = (extra: Record<string, string>) =>
      host.api(token, contract.users.saveCredentials, { body: { username, password: 'New#Pass2027', ...extra } });
    expect(await save({})).toMatchObject({ status: 400, body: { fieldErrors: { currentPassword: [CURRENT_PASSWORD_MESSAGES.required] } } });
    expect(await save({ currentPassword: wrong })).toMatchObject({
      status: 400,
      body: { fieldErrors: { currentPassword: [CURRENT_PASSWORD_MESSAGES.wrong] } },
    });
    expect((await save({ currentPassword: DEMO_PASSWORD })).status).toBe(200);
    expect(await host.token(username, 'New#Pass2027')).toBeTruthy();
    for (let i = 0; i < 9; i++) await save({ currentPassword: wrong });
    expect((await save({ currentPassword: 'New#Pass2027' })).status).toBe(429);
    // An administrator sets it without the user's current password.
    expect(
      (await host.api(await host.token(1), contract.users.saveCredentials, { body: { username, password: 'Adm#Set2027' } })).status,
    ).toBe(200);
  });
});

describe('9. an invitation cannot test whether an address has an account', () => {
  it('the basic step takes any address; the purchase refuses a registered one neutrally, three times an hour per invitation', async () => {
    const o = contract.onboard;
    const token = (await host.api(await host.token(3), o.onboardInvite, { body: { parent: 2, products: ['monthly'] } })).body.id as string;
    const basic = (emailAddress: string, marketing = 0) => ({
      token,
      firstName: 'Dana',
      lastName: 'Lopez',
      emailAddress,
      consent: true,
      marketing,
    });
    const registered = await host.api(null, o.onboardMarketing, { body: basic('role5@example.com') });
    expect(registered.status).toBe(200);
    const fresh = await host.api(null, o.onboardMarketing, { body: basic('nobody-yet@harbor.example.com', registered.body.id) });
    expect(fresh.body).toEqual({ id: registered.body.id });

    const purchase = (email: string) =>
      host.api(null, o.onboardPurchaseSave, {
        body: {
          token,
          firm: 0,
          product: 'monthly',
          paymentMethod: { id: 'pm_x', brand: 'visa', last4: '4242' },
          company: 'Harbor',
          name: 'Dana Lopez',
          email,
          address: 'x',
          phone: '+1 555',
          coupon: '',
        },
      });
    for (const email of ['role5@example.com', 'role6@example.com', 'role7@example.com']) {
      const res = await purchase(email);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(ONBOARD_MESSAGES.emailRefused);
    }
    const throttled = await purchase('role8@example.com');
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toMatch(
      /^Too many addresses were refused with this invitation\. Please wait \d+ minutes? and try again\.$/,
    );
  });
});

describe('10. control characters in search terms are taken out at the contract; a database syntax error is a 400', () => {
  it('NUL and other control characters in the palette, vehicles and email log searches answer 200', async () => {
    const admin = await host.token(1);
    for (const [call, query] of [
      [contract.search.palette, { term: 'ab\u0000c' }],
      [contract.search.palette, { term: 'to\u0001yota' }],
      [contract.vehicles.vehicles, { searchTerm: 'ab\u0000c' }],
      [contract.admin.getEmails, { email: 'role\u00009@' }],
    ] as const) {
      const res = await host.api(admin, call, { query });
      expect(res.status, `${call.path} ${JSON.stringify(query)}`).toBe(200);
    }
  });

  it('the error mapping answers an FTS5 syntax error 400, not 500', async () => {
    host.db.exec("CREATE VIRTUAL TABLE probe_fts USING fts5(a, tokenize = 'trigram')");
    const probe = defineCall({
      method: 'GET',
      path: 'test/probe',
      access: 'anonymous',
      query: z.object({ q: z.string() }),
      response: z.unknown(),
    });
    const app = buildServer(host.ctx, [
      implement(probe, ({ query }) => host.db.prepare('SELECT rowid FROM probe_fts WHERE probe_fts MATCH ?').all(query.q)),
    ]);
    const res = await app.inject({ method: 'GET', url: '/api/test/probe', query: { q: '"ab\u0000c"' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/could not be read/);
    await app.close();
  });
});

describe('12. ALLDATA tokens are sealed at rest', () => {
  it('the database holds no token in plain text', async () => {
    const at = 'at-plain-text-0123456789';
    const rt = 'rt-plain-text-0123456789';
    const res = await host.api(await host.token(4), contract.alldataAccount.setToken, {
      body: { accessToken: at, refreshToken: rt, expiresIn: 3600, scope: 'read' },
    });
    expect(res.status).toBe(200);
    const row = JSON.stringify(host.db.prepare('SELECT * FROM alldata_connection').all());
    expect(row).not.toContain(at);
    expect(row).not.toContain(rt);
  });
});
