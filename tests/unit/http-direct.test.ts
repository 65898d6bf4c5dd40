/**
 * lib/http-direct.ts: a route handler served at the HTTP entry sees the request Next would have given it and
 * its answer reaches the client whole (status, headers, cookies, body, compression); a failure is a logged 500;
 * only the registered prefix and methods are taken, and only in production.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Direct = typeof import('@/lib/http-direct');
let direct: Direct;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  vi.stubEnv('NODE_ENV', 'production');
  // A production configuration (lib/config.ts), which the server checks at start: the failure answer reads it.
  vi.stubEnv('AUTH_SECRET', 'unit-test-secret-of-enough-length-000000');
  direct = await import('@/lib/http-direct');
  // The entry as lib/http-guard.ts uses it; anything not taken answers 404 here (Next's part).
  server = http.createServer((req, res) => {
    const route = direct.directRouteOf(req);
    if (route) direct.serveDirect(route, req, res);
    else res.writeHead(404).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

/** A raw request, so the answer's bytes and headers are seen as sent (fetch would decompress). */
function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(origin + path, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('a route served directly', () => {
  it('sees the method, path, query, headers and body, and answers with its status, headers and cookies', async () => {
    let seen: { method: string; path: string; a: string[]; header: string | null; cookie?: string; body: string } | undefined;
    const echo = async (req: NextRequest) => {
      seen = {
        method: req.method,
        path: req.nextUrl.pathname,
        a: req.nextUrl.searchParams.getAll('a'),
        header: req.headers.get('x-test'),
        cookie: req.cookies.get('c')?.value,
        body: req.method === 'POST' ? await req.text() : '',
      };
      const headers = new Headers({ 'content-type': 'application/json', 'x-answer': 'yes' });
      headers.append('set-cookie', 'one=1; Path=/');
      headers.append('set-cookie', 'two=2; Path=/');
      return new Response(JSON.stringify({ ok: true }), { status: 201, headers });
    };
    direct.serveDirectly('/echo/', { GET: echo, POST: echo });

    const got = await raw('/echo/x?a=1&a=2', { headers: { 'x-test': 'hello', cookie: 'c=v' } });
    expect(seen).toEqual({ method: 'GET', path: '/echo/x', a: ['1', '2'], header: 'hello', cookie: 'v', body: '' });
    expect(got.status).toBe(201);
    expect(got.headers['x-answer']).toBe('yes');
    expect(got.headers['set-cookie']).toEqual(['one=1; Path=/', 'two=2; Path=/']);
    expect(JSON.parse(got.body.toString())).toEqual({ ok: true });

    const big = 'x'.repeat(200_000);
    await raw('/echo/y', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: big });
    expect(seen?.method).toBe('POST');
    expect(seen?.body).toBe(big);
  });

  it('compresses as Next does: gzip above 1 kB when asked, never with no-transform, never below', async () => {
    const value = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row ${i}` })) };
    direct.serveDirectly('/big/', {
      GET: async (req) =>
        Response.json(req.nextUrl.pathname === '/big/small' ? { a: 1 } : value, {
          headers: req.nextUrl.pathname === '/big/kept' ? { 'cache-control': 'no-transform' } : {},
        }),
    });
    const zipped = await raw('/big/list', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(value);
    expect((await raw('/big/list')).headers['content-encoding']).toBeUndefined();
    expect((await raw('/big/kept', { headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBeUndefined();
    expect((await raw('/big/small', { headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBeUndefined();
  });

  it('streams an answer that is not JSON', async () => {
    direct.serveDirectly('/file/', {
      GET: async () => {
        const parts = ['first ', 'second ', 'third'];
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const next = parts.shift();
            if (next === undefined) controller.close();
            else controller.enqueue(new TextEncoder().encode(next));
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/plain' } });
      },
    });
    const got = await raw('/file/a');
    expect(got.status).toBe(200);
    expect(got.body.toString()).toBe('first second third');
  });

  it("sends a stream's headers before its first chunk", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    direct.serveDirectly('/events/', {
      GET: async () => {
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            await held;
            controller.enqueue(new TextEncoder().encode('data: hi\n\n'));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store, no-transform' } });
      },
    });
    const headers = await new Promise<http.IncomingMessage>((resolve) => http.get(`${origin}/events/a`, resolve));
    expect(headers.headers['content-type']).toBe('text/event-stream');
    const chunks: Buffer[] = [];
    headers.on('data', (c: Buffer) => chunks.push(c));
    release();
    await new Promise((r) => headers.on('end', r));
    expect(Buffer.concat(chunks).toString()).toBe('data: hi\n\n');
  });

  it('answers 500 and logs when the handler fails, without the error in the answer', async () => {
    const { log } = await import('@/lib/log/logger');
    const error = vi.spyOn(log(), 'error').mockImplementation(() => undefined);
    direct.serveDirectly('/fails/', {
      GET: async () => {
        throw new Error('secret internals');
      },
    });
    const got = await raw('/fails/now');
    expect(got.status).toBe(500);
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.body.toString()).not.toContain('secret');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[1])).toContain('/fails/now');
    error.mockRestore();
  });

  it('tells the handler when the client goes away', async () => {
    let aborted!: Promise<boolean>;
    let started!: () => void;
    const began = new Promise<void>((r) => (started = r));
    direct.serveDirectly('/slow/', {
      GET: async (req) => {
        aborted = new Promise((r) => req.signal.addEventListener('abort', () => r(true), { once: true }));
        started();
        await aborted;
        return new Response(null, { status: 204 });
      },
    });
    const req = http.get(`${origin}/slow/x`);
    req.on('error', () => undefined);
    await began;
    req.destroy();
    await expect(aborted).resolves.toBe(true);
  });

  it('takes only its path (anything under one ending in a slash) and methods, in production only', async () => {
    direct.serveDirectly('/only/', { GET: async () => new Response('direct') });
    expect((await raw('/only/a')).body.toString()).toBe('direct');
    expect((await raw('/only/a', { method: 'PUT' })).body.toString()).toBe('next');
    expect((await raw('/elsewhere/only/a')).body.toString()).toBe('next');
    expect((await raw('/only')).body.toString()).toBe('next');

    direct.serveDirectly('/exact', { POST: async () => new Response('exact') });
    expect((await raw('/exact?id=1', { method: 'POST' })).body.toString()).toBe('exact');
    expect((await raw('/exact', { method: 'GET' })).body.toString()).toBe('next');
    expect((await raw('/exact/more', { method: 'POST' })).body.toString()).toBe('next');
    expect((await raw('/exactly', { method: 'POST' })).body.toString()).toBe('next');

    vi.stubEnv('NODE_ENV', 'development');
    direct.serveDirectly('/dev/', { GET: async () => new Response('direct') });
    vi.stubEnv('NODE_ENV', 'production');
    expect((await raw('/dev/a')).body.toString()).toBe('next');
  });
});
