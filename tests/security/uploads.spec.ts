/**
 * Uploads and stored files through the BFF: multipart passes only with the custom header and a session,
 * the host's content checks reach the browser as clear messages, oversized uploads stop at the BFF, and a
 * stored image is served to an <img> of this site only (no custom header, never cross-site), inert and
 * with a type the browser may not second-guess.
 */
import { expect, test } from '@playwright/test';
import { EXE_AS_PNG, PNG_1PX, bigPng, multipart } from '../../testkit/images';
import { appOrigin, bffHeaders, rawRequest, sessionCookie } from '../../testkit/http';

const origin = appOrigin();

async function uploadThroughBff(cookie: string | undefined, files: Parameters<typeof multipart>[0], headers = bffHeaders(cookie)) {
  const { body, contentType } = await multipart(files);
  const res = await rawRequest(origin, '/api/bff/file/upload', {
    method: 'POST',
    headers: { ...headers, 'content-type': contentType },
    body,
  });
  return { status: res.status, json: JSON.parse(res.body || 'null') as unknown };
}

test('an image uploaded through the BFF is served back to this site only, inert and typed', async () => {
  const shop = await sessionCookie(15); // firm 7
  const up = await uploadThroughBff(shop, [{ name: '7/bumper.png', bytes: PNG_1PX }]);
  expect(up.status).toBe(200);
  const [url] = up.json as string[];
  expect(url).toMatch(/^file\/image\?firm=7&name=/);

  // As an <img> loads it: the cookie, no custom header, same-origin.
  const img = await rawRequest(origin, `/api/bff/${url}`, {
    headers: { cookie: shop, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image' },
  });
  expect(img.status).toBe(200);
  expect(img.headers['content-type']).toBe('image/png');
  expect(img.headers['x-content-type-options']).toBe('nosniff');
  expect(img.headers['content-security-policy']).toContain('sandbox');
  // Another site cannot load it, and another firm's user cannot either.
  expect((await rawRequest(origin, `/api/bff/${url}`, { headers: { cookie: shop, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
  expect(
    (await rawRequest(origin, `/api/bff/${url}`, { headers: { cookie: await sessionCookie(17), 'sec-fetch-site': 'same-origin' } })).status,
  ).toBe(404);
  expect((await rawRequest(origin, `/api/bff/${url}`)).status).toBe(401);
});

test('uploads need the custom header and a session; bad files come back as clear messages', async () => {
  const shop = await sessionCookie(15);
  expect((await uploadThroughBff(shop, [{ name: '7/x.png', bytes: PNG_1PX }], { cookie: shop })).status).toBe(403);
  expect((await uploadThroughBff(undefined, [{ name: '7/x.png', bytes: PNG_1PX }])).status).toBe(401);
  expect(await uploadThroughBff(shop, [{ name: '7/photo.png', bytes: EXE_AS_PNG }])).toEqual({
    status: 400,
    json: expect.objectContaining({ error: 'photo.png is not a PNG or JPEG image (its content is application/x-msdownload).' }),
  });
  expect(await uploadThroughBff(shop, [{ name: '7/huge.png', bytes: bigPng(6) }])).toEqual({
    status: 413,
    json: expect.objectContaining({ error: 'huge.png is larger than 5 MB.' }),
  });
  expect((await uploadThroughBff(shop, [{ name: '1/x.png', bytes: PNG_1PX }])).status).toBe(404);
});

test('an upload larger than the BFF allows is refused there, declared or streamed', async () => {
  const shop = await sessionCookie(15);
  const { body, contentType } = await multipart([{ name: '7/big.png', bytes: bigPng(60) }]);
  const declared = await rawRequest(origin, '/api/bff/file/upload', {
    method: 'POST',
    headers: { ...bffHeaders(shop), 'content-type': contentType },
    body,
  });
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.body).error).toBe('The upload is larger than 51 MB.');
  const streamed = await rawRequest(origin, '/api/bff/file/upload', {
    method: 'POST',
    headers: { ...bffHeaders(shop), 'content-type': contentType },
    body,
    chunked: true,
  });
  expect(streamed.status).toBe(413);
});
