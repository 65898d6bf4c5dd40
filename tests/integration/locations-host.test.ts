/**
 * The locations area at the reference host: firms (list, search, tree, form, save, remove, parent
 * search, preferences, settings), storage, insurance opt-in programs and providers — happy paths, 400s
 * with field errors, 403 by role and 404 across firms.
 * Demo network (api-host/locations/seed.ts): role 1 at firm 1 (everything), role 3 at firm 2 (Northstar),
 * role 12 at firm 4 (Northstar West), role 15 at firm 7 (Queens, a shop), role 4 at firm 6 (shop admin).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import { RADIUS_MESSAGE, UNKNOWN_POSTAL_CODE } from '../../lib/contract/locations-constants';
import { FILE_NAME_MESSAGE } from '../../lib/contract/locations-storage';
import { rollUpSql } from '../../api-host/locations/network';
import { subtree } from '../../api-host/locations/seed';
import { STATUS } from '../../lib/adas/rules';
import { storageNames } from '../../api-host/locations/storage-files';
import { EXE_AS_PNG, PNG_1PX, multipart } from '../../testkit/images';
import { startTestHost, type TestHost } from '../../testkit/host';
import { shopBody as shop } from '../support/bodies';

let host: TestHost;
beforeEach(async () => {
  host = await startTestHost();
});
afterEach(() => host.close());

const { locations: f, locationsStorage: s, locationsPartners: p } = contract;

describe('firm/getFirms and firm/firmAdvancedSearch', () => {
  it('pages, sorts and filters in SQL; the shop role sees only its own location', async () => {
    const admin = await host.token(1);
    const all = await host.api(admin, f.getFirms, { query: { pageSize: 5 } });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(41);
    expect(all.body.items.map((r: { name: string }) => r.name)).toEqual([
      'ADAS Central',
      'Apex ADAS Alliance',
      'Apex Arizona',
      'Apex Colorado',
      'Apex Florida',
    ]);
    const shops = await host.api(admin, f.getFirms, { query: { type: 'shop', orderBy: 'users', direction: 'desc', pageSize: 3 } });
    expect(shops.body.items.every((r: { firmType: string }) => r.firmType === 'shop')).toBe(true);
    expect(shops.body.items[0].users).toBeGreaterThanOrEqual(shops.body.items[1].users);

    const north = await host.api(await host.token(3), f.getFirms, { query: { pageSize: 100 } });
    expect(north.body.items.some((r: { name: string }) => r.name.startsWith('Apex'))).toBe(false);
    expect(north.body.items.map((r: { firm: number }) => r.firm)).toContain(7);

    const own = await host.api(await host.token(15), f.getFirms, {});
    expect(own.body).toMatchObject({
      count: 1,
      items: [{ firm: 7, name: 'Queens Auto Body', parentName: 'Northstar East', stateCode: 'NY' }],
    });
  });

  it('searches by a case-insensitive substring of name, city or postal code, with the type', async () => {
    const admin = await host.token(1);
    const glass = await host.api(admin, f.firmAdvancedSearch, { query: { searchterm: 'GLASS' } });
    expect(glass.body.items.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Boulder Auto Glass', 'Brooklyn Collision & Glass', 'Houston Glass & ADAS']),
    );
    const byZip = await host.api(admin, f.firmAdvancedSearch, { query: { searchterm: '9460' } });
    expect(byZip.body.items.map((r: { firm: number }) => r.firm)).toEqual([9]);
    const typed = await host.api(admin, f.firmAdvancedSearch, { query: { searchterm: 'apex', type: 'franchisee' } });
    expect(typed.body.count).toBe(3);
    const wild = await host.api(admin, f.firmAdvancedSearch, { query: { searchterm: '%' } });
    expect(wild.body.count).toBe(0);
  });

  it('400 for bad queries; 403 for roles without /locations', async () => {
    const admin = await host.token(1);
    expect((await host.api(admin, f.firmAdvancedSearch, { query: { searchterm: '' } })).status).toBe(400);
    const bad = await host.api(admin, f.getFirms, { query: { type: 'castle', orderBy: 'x' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(expect.arrayContaining(['type', 'orderBy']));
    expect((await host.api(await host.token(4), f.getFirms, {})).status).toBe(403);
  });
});

describe('firm/locationTree', () => {
  it('answers one level with roll-ups; inactive locations only with showInactive', async () => {
    const admin = await host.token(1);
    const top = await host.api(admin, f.locationTree, { query: { firm: 1 } });
    expect(top.status).toBe(200);
    expect(top.body.node).toMatchObject({ firm: 1, firmType: 'platform', hasChildren: true });
    const names = top.body.children.map((c: { name: string }) => c.name);
    expect(names.slice(0, 2)).toEqual(['Apex ADAS Alliance', 'Northstar Calibration Network']);
    const apex = top.body.children.find((c: { firm: number }) => c.firm === 14);
    expect(apex).toMatchObject({ shops: 10, hasChildren: true });

    const arizona = await host.api(admin, f.locationTree, { query: { firm: 1, id: 16 } });
    expect(arizona.body.children.map((c: { name: string }) => c.name)).toEqual([
      'Mesa Auto Body',
      'Phoenix Windshield Pros',
      'Tucson Collision Works',
    ]);
    const withInactive = await host.api(admin, f.locationTree, { query: { firm: 1, id: 16, showInactive: true } });
    expect(withInactive.body.children.map((c: { name: string }) => c.name)).toContain('Tempe Glass Outlet');
    expect(withInactive.body.node.shops).toBe(4);

    const east = await host.api(await host.token(3), f.locationTree, { query: { firm: 2, id: 3 } });
    expect(east.body.node).toMatchObject({ firm: 3, shops: 4 });
    // Users at or below Northstar East: the active users of its subtree (inactive ones are not counted).
    const activeBelow = host.db
      .prepare(`SELECT count(*) FROM user WHERE is_inactive = 0 AND firm IN (${subtree(3).join(', ')})`)
      .pluck()
      .get();
    expect(east.body.node.users).toBe(activeBelow);
  });

  it('rolls up the open ADAS jobs (status not Complete) at or below each node, in one indexed query', async () => {
    const admin = await host.token(1);
    /** Open jobs at the active firms of `firm`'s subtree (or every firm of it), from SQL. */
    const openBelow = (firm: number, withInactive = false) =>
      host.db
        .prepare(
          `WITH RECURSIVE d(firm) AS (SELECT ? UNION ALL SELECT f.firm FROM firm f JOIN d ON f.parent = d.firm WHERE ? OR f.is_inactive = 0)
           SELECT count(*) FROM adas WHERE status <> ? AND firm IN (SELECT firm FROM d)`,
        )
        .pluck()
        .get(firm, withInactive ? 1 : 0, STATUS.complete) as number;
    const top = await host.api(admin, f.locationTree, { query: { firm: 1 } });
    expect(top.body.node.openJobs).toBe(openBelow(1));
    expect(top.body.node.openJobs).toBeGreaterThan(0);
    for (const c of top.body.children) expect(c.openJobs, c.name).toBe(openBelow(c.firm));

    // A job completed leaves the roll-up; one at an inactive shop counts only with showInactive.
    const [job] = host.db
      .prepare('SELECT adas FROM adas WHERE status <> ? AND firm IN (SELECT firm FROM firm WHERE parent = 16) LIMIT 1')
      .pluck()
      .all(STATUS.complete) as number[];
    const arizona = async (showInactive: boolean) =>
      (await host.api(admin, f.locationTree, { query: { firm: 1, id: 16, showInactive } })).body;
    const before = (await arizona(false)).node.openJobs;
    expect(before).toBe(openBelow(16));
    host.db.prepare('UPDATE adas SET status = ? WHERE adas = ?').run(STATUS.complete, job);
    expect((await arizona(false)).node.openJobs).toBe(before - 1);
    host.db.prepare('UPDATE adas SET status = ?, firm = 41 WHERE adas = ?').run(STATUS.onHold, job);
    expect((await arizona(false)).node.openJobs).toBe(before - 1);
    const withInactive = await arizona(true);
    expect(withInactive.node.openJobs).toBe(openBelow(16, true));
    expect(withInactive.children.find((c: { firm: number }) => c.firm === 41).openJobs).toBe(1);

    // Users through the live users' index, open jobs through the jobs' (firm, status) index: no scans.
    const plan = (
      host.db.prepare(`EXPLAIN QUERY PLAN ${rollUpSql(' AND +c.is_inactive = 0', '')}`).all('[1]', STATUS.complete) as { detail: string }[]
    ).map((r) => r.detail);
    expect(plan).toContain('SEARCH u USING INDEX user_live_firm (firm=?)');
    expect(plan).toContain('SEARCH a USING COVERING INDEX adas_firm_status (firm=?)');
  });

  it('404 for a root or node outside the caller’s reach or outside the root', async () => {
    const north = await host.token(3);
    expect((await host.api(north, f.locationTree, { query: { firm: 14 } })).status).toBe(404);
    expect((await host.api(north, f.locationTree, { query: { firm: 3, id: 9 } })).status).toBe(404);
    expect((await host.api(await host.token(15), f.locationTree, { query: { firm: 3 } })).status).toBe(404);
    expect((await host.api(north, f.locationTree, { query: { firm: 'x' } })).status).toBe(400);
  });
});

describe('firm/firm, firm/editFirm, firm/saveFirm', () => {
  it('reads the form; adds a shop under a franchisee with coordinates; edits it', async () => {
    const admin = await host.token(1);
    const form = await host.api(admin, f.editFirm, { query: { id: 7 } });
    expect(form.body).toMatchObject({
      firm: 7,
      company: 'Queens Auto Body',
      firmType: 'shop',
      companyId: 3,
      parentName: 'Northstar East',
      postalCode: '11354',
    });
    const added = await host.api(admin, f.saveFirm, { body: shop(3) });
    expect(added.status).toBe(200);
    const rec = await host.api(admin, f.firm, { query: { firm: added.body.id } });
    expect(rec.body).toMatchObject({ company: 'Harbor Point Auto Glass', parentName: 'Northstar East', firmType: 'shop', cccDiag: true });
    expect(rec.body.latitude).toBeCloseTo(40.68, 1);
    const edited = await host.api(admin, f.saveFirm, { body: { ...shop(3), firm: added.body.id, company: 'Harbor Point Glass' } });
    expect(edited.body.id).toBe(added.body.id);
    const tree = await host.api(admin, f.locationTree, { query: { firm: 1, id: 3 } });
    expect(tree.body.children.map((c: { name: string }) => c.name)).toContain('Harbor Point Glass');
  });

  it('400: no name, a parent loop, a type under its equal, an unknown postal code — nothing changes', async () => {
    const admin = await host.token(1);
    const noName = await host.api(admin, f.saveFirm, { body: shop(3, { company: '  ' }) });
    expect(noName.status).toBe(400);
    expect(noName.body.fieldErrors.company).toEqual(['This field is required']);
    const loop = await host.api(admin, f.saveFirm, {
      body: { ...shop(7), firm: 3, company: 'Northstar East', firmType: 'franchisee', companyId: 6, postalCode: '10001' },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.fieldErrors.companyId).toEqual(['A location cannot be placed under itself or one of its own locations']);
    const under = await host.api(admin, f.saveFirm, { body: shop(7) });
    expect(under.body.fieldErrors.companyId).toEqual(['A shop cannot be placed under a shop']);
    const zip = await host.api(admin, f.saveFirm, { body: shop(3, { postalCode: '00000' }) });
    expect(zip.body.fieldErrors.postalCode).toEqual([UNKNOWN_POSTAL_CODE]);
    const demote = await host.api(admin, f.saveFirm, {
      body: { ...shop(2), firm: 3, company: 'Northstar East', firmType: 'shop', postalCode: '10001' },
    });
    expect(demote.body.fieldErrors.firmType?.[0]).toMatch(/move them first/);
    expect((await host.api(admin, f.editFirm, { query: { id: 3 } })).body).toMatchObject({ firmType: 'franchisee', companyId: 2 });
    expect((await host.api(admin, f.getFirms, {})).body.count).toBe(41);
  });

  it('403 for roles that only read; 404 for another network’s location or parent', async () => {
    expect((await host.api(await host.token(15), f.saveFirm, { body: shop(3) })).status).toBe(403);
    const north = await host.token(3);
    expect((await host.api(north, f.firm, { query: { firm: 14 } })).status).toBe(404);
    expect((await host.api(north, f.editFirm, { query: { id: 19 } })).status).toBe(404);
    expect((await host.api(north, f.saveFirm, { body: { ...shop(15), firm: 19 } })).status).toBe(404);
    const foreignParent = await host.api(north, f.saveFirm, { body: shop(15) });
    expect(foreignParent.status).toBe(400);
    expect(foreignParent.body.fieldErrors.companyId).toEqual(['Choose a parent location from your network']);
  });
});

describe('firm/removeFirm', () => {
  it('refuses a location with users or locations under it, naming them; removes an empty one with its storage', async () => {
    const admin = await host.token(1);
    const refused = await host.api(admin, f.removeFirm, { body: { firm: 3 } });
    expect(refused.status).toBe(400);
    const users = host.db.prepare('SELECT count(*) FROM user WHERE firm = 3').pluck().get();
    expect(refused.body.error).toMatch(
      new RegExp(
        `^Northstar East cannot be removed: it still has ${users} users, 4 locations under it, \\d+ contact records.* Move or remove them first\\.$`,
      ),
    );
    const { id } = (await host.api(admin, f.saveFirm, { body: shop(3) })).body;
    await host.api(admin, s.createStorage, { query: { firm: id } });
    expect((await host.api(admin, f.removeFirm, { body: { firm: id } })).status).toBe(200);
    expect((await host.api(admin, f.firm, { query: { firm: id } })).status).toBe(404);
    expect((await host.api(admin, f.removeFirm, { body: { firm: 1 } })).status).toBe(400);
  });

  it('403 for readers, 404 across networks', async () => {
    expect((await host.api(await host.token(12), f.removeFirm, { body: { firm: 9 } })).status).toBe(403);
    expect((await host.api(await host.token(3), f.removeFirm, { body: { firm: 41 } })).status).toBe(404);
  });
});

describe('firm/firmSearch/ (parent typeahead)', () => {
  it('finds possible parents by name, leaving out the location itself and those below it', async () => {
    const admin = await host.token(1);
    const res = await host.api(admin, f.firmSearch, { query: { firm: 2, searchterm: 'north' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    const forNew = await host.api(admin, f.firmSearch, { query: { firm: -1, searchterm: 'north' } });
    expect(forNew.body.map((r: { firmName: string }) => r.firmName)).toEqual([
      'Northstar Calibration Network',
      'Northstar East',
      'Northstar Midwest',
      'Northstar South',
      'Northstar West',
    ]);
    expect((await host.api(await host.token(3), f.firmSearch, { query: { firm: 14, searchterm: 'a' } })).status).toBe(404);
    expect((await host.api(admin, f.firmSearch, { query: { firm: 1 } })).status).toBe(400);
  });
});

describe('preferences and settings', () => {
  it('inherits from the nearest location above; a saved value becomes the location’s own; empty inherits again', async () => {
    const admin = await host.token(1);
    const inherited = await host.api(admin, f.firmPreference, { query: { firm: 19, category: 'Brand' } });
    expect(inherited.body.find((r: { name: string }) => r.name === 'BrandTitle')).toMatchObject({ firm: 14, value: 'Apex ADAS Alliance' });
    await host.api(admin, f.saveFirmPreference, {
      body: { firm: 19, firmPreferenceCategory: 'Brand', firmPreferenceName: 'BrandTitle', preference: 'Tampa Bay' },
    });
    const own = await host.api(admin, f.firmPreference, { query: { firm: 19, category: 'Brand' } });
    expect(own.body.find((r: { name: string }) => r.name === 'BrandTitle')).toMatchObject({ firm: 19, value: 'Tampa Bay' });
    await host.api(admin, f.saveFirmPreference, {
      body: { firm: 19, firmPreferenceCategory: 'Brand', firmPreferenceName: 'BrandTitle', preference: '' },
    });
    const again = await host.api(admin, f.firmPreference, { query: { firm: 19, category: 'Brand' } });
    expect(again.body.find((r: { name: string }) => r.name === 'BrandTitle')).toMatchObject({ firm: 14 });
  });

  it('400 for an unknown category or name and a value of the wrong kind; 403 for readers; 404 across networks', async () => {
    const admin = await host.token(1);
    const bad = await host.api(admin, f.saveFirmPreference, {
      body: { firm: 7, firmPreferenceCategory: 'Brand', firmPreferenceName: 'BrandLogo', preference: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.preference).toEqual(['Must be an uploaded image or an https address']);
    expect(
      (
        await host.api(admin, f.saveFirmPreference, {
          body: { firm: 7, firmPreferenceCategory: 'Brand', firmPreferenceName: 'Color', preference: 'x' },
        })
      ).status,
    ).toBe(400);
    expect((await host.api(admin, f.firmPreference, { query: { firm: 7, category: 'Secrets' } })).status).toBe(400);
    const number = await host.api(admin, f.saveFirmPreference, {
      body: { firm: 7, firmPreferenceCategory: 'Calibration', firmPreferenceName: 'DefaultLaborRate', preference: '-5' },
    });
    expect(number.body.fieldErrors.preference).toBeDefined();
    expect(
      (
        await host.api(await host.token(15), f.saveFirmPreference, {
          body: { firm: 7, firmPreferenceCategory: 'Brand', firmPreferenceName: 'BrandTitle', preference: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await host.api(await host.token(3), f.saveFirmPreference, {
          body: { firm: 14, firmPreferenceCategory: 'Brand', firmPreferenceName: 'BrandTitle', preference: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('an uploaded brand image of a location above reaches the users below it; its other images do not', async () => {
    const admin = await host.token(1);
    const upload = async (name: string) => {
      const { body, contentType } = await multipart([{ name: `14/${name}`, bytes: PNG_1PX }]);
      const res = await host.app.inject({
        method: 'POST',
        url: '/api/file/upload',
        headers: { 'content-type': contentType, authorization: `Bearer ${admin}` },
        payload: body,
      });
      return (res.json() as string[])[0];
    };
    const logo = await upload('apex.png');
    const other = await upload('private.png');
    await host.api(admin, f.saveFirmPreference, {
      body: { firm: 14, firmPreferenceCategory: 'Brand', firmPreferenceName: 'BrandLogo', preference: logo },
    });
    const tampa = await host.token(await host.addUser({ role: 5, firm: 19 }));
    const brand = await host.api(tampa, f.firmPreference, { query: { firm: 19, category: 'Brand' } });
    expect(brand.body.find((r: { name: string }) => r.name === 'BrandLogo').value).toBe(logo);
    expect((await host.request(tampa, 'GET', `api/${logo}`)).status).toBe(200);
    expect((await host.request(tampa, 'GET', `api/${other}`)).status).toBe(404);
  });

  it('updateFirmSettings sets a location inactive (not the platform, not one’s own)', async () => {
    const admin = await host.token(1);
    expect((await host.api(admin, f.updateFirmSettings, { body: { firm: 9, isInactive: true } })).status).toBe(200);
    expect((await host.api(admin, f.firm, { query: { firm: 9 } })).body.isInactive).toBe(true);
    expect((await host.api(admin, f.updateFirmSettings, { body: { firm: 1, isInactive: true } })).status).toBe(400);
    expect((await host.api(admin, f.updateFirmSettings, { body: { firm: 9 } })).status).toBe(400);
    expect((await host.api(await host.token(12), f.updateFirmSettings, { body: { firm: 9, isInactive: false } })).status).toBe(403);
    expect((await host.api(await host.token(3), f.updateFirmSettings, { body: { firm: 19, isInactive: false } })).status).toBe(404);
  });
});

async function uploadToStorage(token: string, files: { name: string; bytes: Buffer; type?: string }[]) {
  const { body, contentType } = await multipart(files);
  const res = await host.app.inject({
    method: 'POST',
    url: '/api/firm/uploadToBucket',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { error?: string } & string[] };
}

describe('storage', () => {
  it('lists files newest first, per location; creates storage and a bucket; uploads, downloads and removes', async () => {
    const admin = await host.token(1);
    const list = await host.api(admin, s.storage, {});
    expect(list.body.count).toBe(8);
    expect(list.body.items[0]).toMatchObject({ firm: 14, name: 'apex-onboarding.txt', uploadedBy: 'Avery Adams' });
    const queens = await host.api(admin, s.storage, { query: { filterBy: 7, orderBy: 'name', direction: 'asc' } });
    expect(queens.body.items.map((x: { name: string }) => x.name)).toEqual([
      'front-camera-aiming.txt',
      'invoice-2041.csv',
      'shop-floor.png',
    ]);

    const none = await host.api(admin, s.storageAccount, { query: { firm: 9 } });
    expect(none.body).toMatchObject({ account: null, bucket: null, files: 0 });
    expect((await host.api(admin, s.createBucket, { query: { firm: 9 } })).status).toBe(400);
    const account = await host.api(admin, s.createStorage, { query: { firm: 9 } });
    expect(account.body.account).toBe(storageNames(9).account);
    const refused = await uploadToStorage(admin, [{ name: '9/notes.txt', bytes: Buffer.from('hello\n'), type: 'text/plain' }]);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/no storage bucket yet/);
    expect((await host.api(admin, s.createBucket, { query: { firm: 9 } })).body.bucket).toBe(storageNames(9).bucket);

    const up = await uploadToStorage(admin, [
      { name: '9/notes.txt', bytes: Buffer.from('Target at 150 cm\n'), type: 'text/plain' },
      { name: '9/photo.png', bytes: PNG_1PX },
    ]);
    expect(up.status).toBe(200);
    expect(up.body).toEqual(['firm/downloadFromBucket?firm=9&filename=notes.txt', 'firm/downloadFromBucket?firm=9&filename=photo.png']);
    expect((await host.api(admin, s.bucketContents, { query: { firm: 9 } })).body.items.map((x: { name: string }) => x.name)).toEqual([
      'photo.png',
      'notes.txt',
    ]);
    const got = await host.app.inject({
      method: 'GET',
      url: '/api/firm/downloadFromBucket?firm=9&filename=notes.txt',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="notes.txt"/);
    expect(got.body).toBe('Target at 150 cm\n');

    expect((await host.api(admin, s.removeFromBucket, { query: { firm: 9, filename: 'notes.txt' } })).status).toBe(200);
    expect((await host.api(admin, s.removeFromBucket, { query: { firm: 9, filename: 'notes.txt' } })).status).toBe(404);
    expect((await host.api(admin, s.storageAccount, { query: { firm: 9 } })).body.files).toBe(1);
  });

  it('refuses names that leave the bucket and types storage does not take; nothing is written', async () => {
    const admin = await host.token(1);
    const escape = await uploadToStorage(admin, [{ name: '7/../../evil.txt', bytes: Buffer.from('x'), type: 'text/plain' }]);
    expect(escape.status).toBe(400);
    expect(escape.body.error).toContain(FILE_NAME_MESSAGE);
    expect(existsSync(join(host.ctx.filesDir, 'evil.txt'))).toBe(false);
    const exe = await uploadToStorage(admin, [{ name: '7/tool.png', bytes: EXE_AS_PNG }]);
    expect(exe.status).toBe(400);
    const binaryText = await uploadToStorage(admin, [{ name: '7/data.csv', bytes: Buffer.from([0x41, 0x00, 0x42]), type: 'text/csv' }]);
    expect(binaryText.status).toBe(400);
    expect((await host.api(admin, s.storage, { query: { filterBy: 7 } })).body.count).toBe(3);
    const dotted = await host.api(admin, s.removeFromBucket, { query: { firm: 7, filename: '../x' } });
    expect(dotted.status).toBe(400);
    expect(dotted.body.fieldErrors.filename).toEqual([FILE_NAME_MESSAGE]);
  });

  it('403 for roles without /storage; 404 across networks', async () => {
    expect((await host.api(await host.token(15), s.storage, {})).status).toBe(403);
    const north = await host.token(3);
    expect((await host.api(north, s.storageAccount, { query: { firm: 14 } })).status).toBe(404);
    expect((await host.api(north, s.bucketContents, { query: { firm: 14 } })).status).toBe(404);
    expect((await host.api(north, s.storage, { query: { filterBy: 14 } })).status).toBe(404);
    expect((await host.api(north, s.removeFromBucket, { query: { firm: 14, filename: 'apex-onboarding.txt' } })).status).toBe(404);
    const down = await host.app.inject({
      method: 'GET',
      url: '/api/firm/downloadFromBucket?firm=14&filename=apex-onboarding.txt',
      headers: { authorization: `Bearer ${north}` },
    });
    expect(down.statusCode).toBe(404);
    expect((await uploadToStorage(north, [{ name: '14/a.txt', bytes: Buffer.from('a'), type: 'text/plain' }])).status).toBe(404);
    const own = await host.api(north, s.storage, {});
    expect(own.body.items.every((x: { firm: number }) => x.firm !== 14)).toBe(true);
  });
});

describe('insurance opt-in programs', () => {
  it('lists, searches case-insensitively, adds and removes in one save', async () => {
    const shopAdmin = await host.token(4); // firm 6
    const list = await host.api(shopAdmin, p.optInPrograms, { query: { firm: 6 } });
    expect(list.body.map((e: { firmName: string }) => e.firmName)).toEqual([
      'Harbor Insurance Select Service',
      'Keystone Mutual Direct Repair',
    ]);
    const found = await host.api(shopAdmin, p.searchForOptInPrograms, { query: { firm: 6, search: 'MUTUAL' } });
    expect(found.body.map((e: { firmName: string; isOptIn: boolean }) => [e.firmName, e.isOptIn])).toEqual([
      ['Evergreen Mutual Quality Repair', false],
      ['Keystone Mutual Direct Repair', true],
      ['Lakeshore Mutual TotalCare', false],
    ]);
    const evergreen = found.body[0].firm2;
    const keystone = found.body[1].firm2;
    const saved = await host.api(shopAdmin, p.saveOptInPrograms, {
      body: {
        firm: 6,
        programs: [
          { firm2: evergreen, isOptIn: true, isAdd: true },
          { firm2: keystone, isOptIn: false, isRemove: true },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const after = await host.api(shopAdmin, p.optInPrograms, { query: { firm: 6, isSave: true } });
    expect(after.body.map((e: { firmName: string }) => e.firmName)).toEqual([
      'Evergreen Mutual Quality Repair',
      'Harbor Insurance Select Service',
    ]);
  });

  it('400 for an unknown program (nothing saved); 403 for roles above 13; 404 across firms', async () => {
    const shopAdmin = await host.token(4);
    const bad = await host.api(shopAdmin, p.saveOptInPrograms, {
      body: {
        firm: 6,
        programs: [
          { firm2: 1, isOptIn: false, isRemove: true },
          { firm2: 999, isOptIn: true, isAdd: true },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors['programs.1.firm2']).toEqual(['Unknown program 999']);
    expect((await host.api(shopAdmin, p.optInPrograms, { query: { firm: 6 } })).body).toHaveLength(2);
    expect((await host.api(shopAdmin, p.searchForOptInPrograms, { query: { firm: 6, search: '' } })).status).toBe(400);
    expect((await host.api(await host.token(15), p.optInPrograms, { query: { firm: 7 } })).status).toBe(403);
    expect((await host.api(shopAdmin, p.optInPrograms, { query: { firm: 7 } })).status).toBe(404);
    expect((await host.api(shopAdmin, p.saveOptInPrograms, { body: { firm: 7, programs: [] } })).status).toBe(404);
  });
});

describe('providers', () => {
  it('lists chosen providers and the network’s; isSave leaves the network out', async () => {
    const shopUser = await host.token(15);
    const all = await host.api(shopUser, p.providers, { query: { firm: 7 } });
    const rel = Object.fromEntries(all.body.map((e: { firm2: number; relationship: number }) => [e.firm2, e.relationship]));
    expect(rel).toMatchObject({ 37: 5, 8: 5, 3: 1, 12: 3 });
    const saved = await host.api(shopUser, p.providers, { query: { firm: 7, isSave: true } });
    expect(saved.body.map((e: { firm2: number }) => e.firm2).sort((a: number, b: number) => a - b)).toEqual([8, 37]);
  });

  it('searches within a radius by great-circle distance, nearest first, in miles', async () => {
    const shopUser = await host.token(15);
    const near = await host.api(shopUser, p.searchForProviders, { query: { firm: 7, postalcode: '10001', radius: 25 } });
    expect(near.status).toBe(200);
    const distances = near.body.map((e: { distance: number }) => e.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(near.body[0]).toMatchObject({ firm2: 3, distance: 0 });
    expect(near.body.map((e: { firm2: number }) => e.firm2)).toEqual([3, 37, 8]);
    expect(near.body[1].distance).toBeCloseTo(8.5, 1);
    const named = await host.api(shopUser, p.searchForProviders, { query: { firm: 7, search: 'precision', radius: 500 } });
    expect(named.body.map((e: { firmName: string }) => e.firmName)).toEqual(['Precision Calibration Services', 'Newark Precision Repair']);
    const far = await host.api(shopUser, p.searchForProviders, { query: { firm: 7, postalcode: '99501', radius: 10 } });
    expect(far.body).toEqual([]);
  });

  it('400: an unknown postal code, a radius of 0 or 10,000, a relationship other than 5', async () => {
    const shopUser = await host.token(15);
    const zip = await host.api(shopUser, p.searchForProviders, { query: { firm: 7, postalcode: '00000' } });
    expect(zip.status).toBe(400);
    expect(zip.body.fieldErrors.postalcode).toEqual([UNKNOWN_POSTAL_CODE]);
    for (const radius of [0, 10000, 'abc']) {
      const r = await host.api(shopUser, p.searchForProviders, { query: { firm: 7, radius } });
      expect(r.status).toBe(400);
      expect(r.body.fieldErrors.radius).toEqual([RADIUS_MESSAGE]);
    }
    const network = await host.api(shopUser, p.saveProviders, {
      body: { firm: 7, providers: [{ firm2: 3, isOptIn: true, isAdd: true, relationship: 1 }] },
    });
    expect(network.status).toBe(400);
    expect((await host.api(shopUser, p.providers, { query: { firm: 7, isSave: true } })).body).toHaveLength(2);
  });

  it('saves adds and removals of chosen providers; 404 across firms', async () => {
    const shopUser = await host.token(15);
    const res = await host.api(shopUser, p.saveProviders, {
      body: {
        firm: 7,
        providers: [
          { firm2: 38, isOptIn: true, isAdd: true, relationship: 5 },
          { firm2: 37, isOptIn: false, isRemove: true, relationship: 5 },
          { firm2: 8, isOptIn: true, relationship: 5 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(
      (await host.api(shopUser, p.providers, { query: { firm: 7, isSave: true } })).body
        .map((e: { firm2: number }) => e.firm2)
        .sort((a: number, b: number) => a - b),
    ).toEqual([8, 38]);
    expect((await host.api(shopUser, p.providers, { query: { firm: 9 } })).status).toBe(404);
    expect((await host.api(shopUser, p.searchForProviders, { query: { firm: 9 } })).status).toBe(404);
    expect((await host.api(shopUser, p.saveProviders, { body: { firm: 9, providers: [] } })).status).toBe(404);
    const self = await host.api(shopUser, p.saveProviders, {
      body: { firm: 7, providers: [{ firm2: 7, isOptIn: true, isAdd: true, relationship: 5 }] },
    });
    expect(self.status).toBe(400);
  });
});
