/** file/upload and file/image at the reference host: content checks, limits, firm folders, all-or-nothing. */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import { EXE_AS_PNG, JPEG_1PX, PNG_1PX, SVG, bigPng, multipart } from '../../testkit/images';
import { startTestHost, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

let host: TestHost;
beforeEach(async () => {
  host = await startTestHost();
});
afterEach(() => host.close());

async function upload(token: string | null, files: Parameters<typeof multipart>[0], field?: string) {
  const { body, contentType } = await multipart(files, field);
  const res = await host.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

const stored = (firm: number) =>
  existsSync(join(host.ctx.filesDir, String(firm))) ? readdirSync(join(host.ctx.filesDir, String(firm))) : [];

describe('file/upload', () => {
  it('stores PNG and JPEG images in the firm folder and answers their URLs; file/image serves them', async () => {
    const shop = await host.token(15); // firm 7
    const res = await upload(shop, [
      { name: '7/front bumper.png', bytes: PNG_1PX },
      { name: '7/Grille Emblem.JPG', bytes: JPEG_1PX, type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(200);
    const urls = res.body as string[];
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^file\/image\?firm=7&name=[0-9a-f]{12}-front-bumper\.png$/);
    expect(urls[1]).toMatch(/^file\/image\?firm=7&name=[0-9a-f]{12}-Grille-Emblem\.jpg$/);
    expect(stored(7)).toHaveLength(2);

    const name = new URLSearchParams(must(urls[0], 'urls[0]').split('?')[1]).get('name')!;
    const got = await host.app.inject({
      method: 'GET',
      url: `/api/file/image?firm=7&name=${name}`,
      headers: { authorization: `Bearer ${shop}` },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('refuses by content, not by name: a renamed executable and an SVG are 400, and nothing is stored', async () => {
    const shop = await host.token(15);
    const exe = await upload(shop, [
      { name: '7/ok.png', bytes: PNG_1PX },
      { name: '7/photo.png', bytes: EXE_AS_PNG },
    ]);
    expect(exe).toMatchObject({
      status: 400,
      body: { error: 'photo.png is not a PNG or JPEG image (its content is application/x-msdownload).' },
    });
    const svg = await upload(shop, [{ name: '7/logo.svg', bytes: SVG, type: 'image/svg+xml' }]);
    expect(svg).toMatchObject({ status: 400, body: { error: 'logo.svg is not a PNG or JPEG image.' } });
    expect(stored(7)).toEqual([]);
  });

  it('413 for a file over 5 MB and for more than 10 files, naming the file; nothing stored', async () => {
    const shop = await host.token(15);
    expect(await upload(shop, [{ name: '7/huge.png', bytes: bigPng(6) }])).toMatchObject({
      status: 413,
      body: { error: 'huge.png is larger than 5 MB.' },
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `7/p${i}.png`, bytes: PNG_1PX }));
    expect(await upload(shop, eleven)).toMatchObject({ status: 413, body: { error: 'At most 10 files at a time.' } });
    expect(stored(7)).toEqual([]);
  });

  it("another firm's folder is 404; a name with ../ never leaves the firm's folder", async () => {
    const shop = await host.token(15);
    expect((await upload(shop, [{ name: '1/x.png', bytes: PNG_1PX }])).status).toBe(404);
    expect(stored(1)).toEqual([]);
    const sneaky = await upload(shop, [{ name: '7/../../../etc/passwd.png', bytes: PNG_1PX }]);
    expect(sneaky.status).toBe(200);
    expect((sneaky.body as string[])[0]).toMatch(/^file\/image\?firm=7&name=[0-9a-f]{12}-passwd\.png$/);
    expect(stored(7)).toHaveLength(1);
    // Beside the firm folders only the locations' storage (api-host/locations/storage-files.ts).
    expect(readdirSync(resolve(host.ctx.filesDir)).filter((n) => n !== '_storage')).toEqual(['7']);
  });

  it('400 without a firm folder, without files, in another field, or not multipart; 401 without a token', async () => {
    const shop = await host.token(15);
    expect((await upload(shop, [{ name: 'x.png', bytes: PNG_1PX }])).status).toBe(400);
    expect((await upload(shop, [{ name: '7/x.png', bytes: PNG_1PX }], 'Other')).status).toBe(400);
    expect((await upload(shop, [])).status).toBe(400);
    expect((await host.api(shop, contract.files.upload, { body: { File: 'x' } })).status).toBe(400);
    expect((await upload(null, [{ name: '7/x.png', bytes: PNG_1PX }])).status).toBe(401);
  });
});

describe('file/image', () => {
  it("404 for another firm's file or an unknown one; 400 for a name that is a path", async () => {
    const admin = await host.token(1);
    const url = must(((await upload(admin, [{ name: '1/logo.png', bytes: PNG_1PX }])).body as string[])[0], 'url');
    const name = new URLSearchParams(url.split('?')[1]).get('name')!;
    const shop = await host.token(15);
    expect((await host.api(shop, contract.files.image, { query: { firm: 1, name } })).status).toBe(404);
    expect((await host.api(admin, contract.files.image, { query: { firm: 1, name: 'missing.png' } })).status).toBe(404);
    expect((await host.api(admin, contract.files.image, { query: { firm: 1, name: '../reference.db' } })).status).toBe(400);
    expect((await host.api(admin, contract.files.image, { query: { firm: 1, name } })).status).toBe(200);
  });
});
