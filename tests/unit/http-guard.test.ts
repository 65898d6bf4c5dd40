/**
 * lib/http-guard.ts, the HTTP entry before Next: a method Next does not route and a request target that is not
 * a path are answered here (405, 400; `OPTIONS *` 204), with the security headers; proxy headers are dropped
 * without a trusted proxy; static files take GET and HEAD only. Raw sockets, so targets such as `*` are sent
 * as written. Against the production build: tests/security/review-4.spec.ts.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardRequest } from '@/lib/http-guard';

let port = 0;
let trustProxy = false;
let server: http.Server;
const seenByNext: { url: string; forwardedFor?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const paths = { assets: ['/_next/static/'], publicFiles: ['/brands/', '/robots.txt'] };
    if (guardRequest(req, res, { trustProxy, appEnv: 'prod', paths })) return;
    seenByNext.push({ url: req.url ?? '', forwardedFor: req.headers['x-forwarded-for'] as string | undefined });
    res.writeHead(200).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(
  head: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const lines = Object.entries({ host: 'localhost', connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}`);
      socket.end(`${head} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [top = '', body = ''] = text.split('\r\n\r\n');
      const [status = '', ...lines] = top.split('\r\n');
      const parsed = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      // The body's text, without the chunk sizes of a chunked answer.
      const chunks = parsed['transfer-encoding'] === 'chunked' ? body.split('\r\n').filter((_, i) => i % 2 === 1) : [body];
      resolve({ status: Number(status.split(' ')[1]), headers: parsed, body: chunks.join('') });
    });
  });
}

const SECURITY = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

describe('the HTTP entry', () => {
  it('a method Next does not route: 405 with Allow and the security headers, before Next', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'SEARCH', 'PURGE']) {
      const res = await send(`${method} /api/bff/user/profile`);
      expect(res.status, method).toBe(405);
      expect(res.headers).toMatchObject({ allow: 'GET, HEAD, POST', 'cache-control': 'no-store', ...SECURITY });
      expect(res.body).toBe('Method not allowed.');
    }
    expect(seenByNext).toEqual([]);
  });

  it('a request target that is not a path: 400; OPTIONS * is 204 saying what is taken; both with the security headers', async () => {
    // (An authority-form target, `GET host:80`, Node's parser refuses itself with a bare 400.)
    for (const head of ['GET *', 'HEAD *', 'POST *', 'GET http://evil.example/x']) {
      const res = await send(head);
      expect(res.status, head).toBe(400);
      expect(res.headers, head).toMatchObject(SECURITY);
    }
    expect((await send('GET *')).body).toBe('The request target must be a path.');
    const options = await send('OPTIONS *');
    expect(options.status).toBe(204);
    expect(options.headers).toMatchObject({ allow: 'GET, HEAD, POST, OPTIONS', ...SECURITY });
    expect(seenByNext).toEqual([]);
  });

  it('a path with a malformed percent-escape: 400 with the security headers, before Next; a well-formed one goes on', async () => {
    for (const head of ['GET /%', 'GET /api/auth/%', 'GET /api/auth/%zz/csrf', 'POST /api/bff/%E0%A4%A']) {
      const res = await send(head);
      expect(res.status, head).toBe(400);
      expect(res.headers, head).toMatchObject(SECURITY);
      expect(res.body).toBe('The request path is not valid.');
    }
    expect(seenByNext).toEqual([]);
    await send('GET /contacts?q=%');
    await send('GET /api/auth/%2e%2e/csrf');
    expect(seenByNext.splice(0).map((r) => r.url)).toEqual(['/contacts?q=%', '/api/auth/%2e%2e/csrf']);
  });

  it('proxy headers only behind a trusted proxy', async () => {
    await send('GET /contacts', { 'x-forwarded-for': '203.0.113.9', forwarded: 'for=203.0.113.9', 'x-forwarded-host': 'evil.example' });
    trustProxy = true;
    await send('GET /contacts', { 'x-forwarded-for': '203.0.113.9' });
    trustProxy = false;
    expect(seenByNext.splice(0)).toEqual([
      { url: '/contacts', forwardedFor: undefined },
      { url: '/contacts', forwardedFor: '203.0.113.9' },
    ]);
  });

  it('static files: GET and HEAD go on with the security headers, anything else is 405', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      for (const path of ['/brands/x.svg', '/_next/static/chunks/a.js', '/robots.txt']) {
        const res = await send(`${method} ${path}`);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers).toMatchObject({ allow: 'GET, HEAD', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
      }
    }
    const file = await send('GET /brands/x.svg');
    expect(file.status).toBe(200);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const asset = await send('GET /_next/static/chunks/a.js');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBe('DENY');
    // Anything else is Next's, untouched.
    const page = await send('OPTIONS /login');
    expect(page).toMatchObject({ status: 200, body: 'next' });
    expect(page.headers['x-frame-options']).toBeUndefined();
  });
});
