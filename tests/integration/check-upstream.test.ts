/**
 * `npm run check-upstream` (scripts/lib/check-upstream.ts) against the reference host — every call it makes
 * answers as the contract says — and against a host that breaks the contract three ways (a changed shape,
 * a missing call, a wrong status), each reported as such. Bad input (a wrong password, a host that cannot
 * be reached, an HTML page where the API should be) stops the command with one line and exit code 2.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUpstream, checkedCalls } from '../../scripts/lib/check-upstream';
import { DEMO_PASSWORD } from '../../testkit/env';
import { startTestHost, type TestHost } from '../../testkit/host';

let host: TestHost;
let origin: string;
const servers: http.Server[] = [];

/** A small server on a free loopback port; answers its origin. */
async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The reference host with three calls broken: contacts' count is text, Countries is missing, roles fails. */
function brokenHost(): Promise<string> {
  return serve(async (req, res) => {
    const path = req.url!.split('?')[0];
    if (path === '/api/lookup/Countries')
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Unknown call"}');
    if (path === '/api/user/roles')
      return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Internal error"}');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const upstream = await fetch(`${origin}${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    let body = await upstream.text();
    if (path === '/api/contact/contacts') body = JSON.stringify({ ...JSON.parse(body), count: 'many' });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(body);
  });
}

beforeAll(async () => {
  host = await startTestHost();
  await host.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(host.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const s of servers) s.close();
  await host?.close();
});

const options = (base: string, password = DEMO_PASSWORD) => ({
  apiUrl: `${base}/api/`,
  authUrl: `${base}/auth/`,
  username: 'role1@example.com',
  password,
});

describe('check-upstream', () => {
  it('the reference host: every call made answers as the contract says; writes are never made', async () => {
    const { rows } = await checkUpstream(options(origin));
    const problems = rows.filter((r) => !['answered', 'not checked'].includes(r.outcome));
    expect(problems).toEqual([]);
    expect(rows.filter((r) => r.outcome === 'answered').length).toBeGreaterThan(100);
    expect(rows.map((r) => r.call)).not.toContain('GET contact/setInactive');
    expect(checkedCalls().every((c) => c.method === 'GET' && !c.writes)).toBe(true);
  }, 60_000);

  it('a host that changed a shape, lacks a call and fails another: each is reported', async () => {
    const { rows } = await checkUpstream(options(await brokenHost()));
    const row = (call: string) => rows.find((r) => r.call === call);
    expect(row('GET contact/contacts')).toEqual({
      call: 'GET contact/contacts',
      outcome: 'mismatched',
      detail: expect.stringMatching(/^count: .*number/),
    });
    expect(row('GET lookup/Countries')).toEqual({ call: 'GET lookup/Countries', outcome: 'missing', detail: 'HTTP 404' });
    expect(row('GET user/roles')).toEqual({ call: 'GET user/roles', outcome: 'failed', detail: 'HTTP 500' });
    // Everything else still answers; calls that needed a contact from the broken list are not checked, not failed.
    expect(rows.filter((r) => ['mismatched', 'missing', 'failed'].includes(r.outcome))).toHaveLength(3);
  }, 60_000);
});

describe('check-upstream from the command line', () => {
  type Ran = { status: number | null; stdout: string; stderr: string };
  /** The command, as `npm run check-upstream` runs it (asynchronously: the test hosts answer in this process). */
  const runWith = (opts: { env?: Record<string, string>; stdin?: string }, ...args: string[]) =>
    new Promise<Ran>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/check-upstream.ts', ...args],
        { encoding: 'utf8', timeout: 60_000, env: { ...process.env, CHECK_UPSTREAM_PASSWORD: '', ...opts.env } },
        (_e, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
      );
      child.stdin?.end(opts.stdin ?? '');
    });
  const run = (...args: string[]) => runWith({}, ...args);
  const cli = (base: string, password = DEMO_PASSWORD) =>
    run('--api-url', `${base}/api/`, '--auth-url', `${base}/auth/`, '--username', 'role1@example.com', '--password', password);
  const oneLine = (r: Ran, pattern: RegExp) => {
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(pattern)]);
  };

  it('prints the table and exits 0 against the reference host, 1 against the broken one', async () => {
    const good = await cli(origin);
    expect(good.status).toBe(0);
    expect(good.stdout).toMatch(/^Signed in as role1@example\.com \(role 1, firm 1\)/);
    expect(good.stdout).toMatch(/\n\d+ answered, 0 mismatched, 0 missing, 0 failed, \d+ not checked; \d+ writes .* never called\.\n$/);
    const bad = await cli(await brokenHost());
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/GET contact\/contacts +mismatched +count: /);
  }, 120_000);

  it(
    'a wrong password: one line, exit 2',
    async () =>
      oneLine(
        await cli(origin, 'Wrong#Pass1'),
        /^check-upstream: Sign-in refused for role1@example\.com: The username or password is incorrect\.$/,
      ),
    60_000,
  );

  it('a host that cannot be reached: one line, exit 2', async () => {
    const closed = await serve(() => undefined);
    servers.at(-1)!.close();
    oneLine(await cli(closed), /^check-upstream: Cannot reach the auth host at http:\/\/127\.0\.0\.1:\d+: connection refused\.$/);
  }, 60_000);

  it('an HTML error page where the API should be: one line, exit 2', async () => {
    const proxyError = await serve((_req, res) =>
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>'),
    );
    oneLine(
      await cli(proxyError),
      /^check-upstream: The auth host at http:\/\/127\.0\.0\.1:\d+\/auth\/getToken answered an HTML page \(HTTP 502\), not the API: is --auth-url right\?$/,
    );
  }, 60_000);

  it('a missing flag: one line naming it, exit 2', async () =>
    oneLine(await run('--api-url', 'http://127.0.0.1:1/api/'), /^check-upstream: missing --auth-url, --username\. usage: /));

  const withoutPassword = (base: string) => ['--api-url', `${base}/api/`, '--auth-url', `${base}/auth/`, '--username', 'role1@example.com'];

  it('the password from CHECK_UPSTREAM_PASSWORD or the first line of standard input, never needing the command line', async () => {
    const fromEnv = await runWith({ env: { CHECK_UPSTREAM_PASSWORD: DEMO_PASSWORD } }, ...withoutPassword(origin));
    expect(fromEnv.status).toBe(0);
    const fromStdin = await runWith({ stdin: `${DEMO_PASSWORD}\nignored\n` }, ...withoutPassword(origin), '--password-stdin');
    expect(fromStdin.status).toBe(0);
    expect(fromStdin.stdout).toMatch(/^Signed in as role1@example\.com/);
    // No password and no terminal to ask on: one line saying where it may come from.
    oneLine(
      await run(...withoutPassword(origin)),
      /^check-upstream: no password: set CHECK_UPSTREAM_PASSWORD, pipe it with --password-stdin/,
    );
  }, 120_000);

  it('a redirect of the sign-in to another origin stops the check; the credentials never reach that origin', async () => {
    const received: string[] = [];
    const elsewhere = await serve((req, res) => {
      received.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const redirecting = await serve((req, res) => res.writeHead(307, { location: `${elsewhere}${req.url}` }).end());
    oneLine(
      await runWith({ env: { CHECK_UPSTREAM_PASSWORD: DEMO_PASSWORD } }, ...withoutPassword(redirecting)),
      /^check-upstream: http:\/\/127\.0\.0\.1:\d+\/auth\/getToken redirected \(HTTP 307\) to http:\/\/127\.0\.0\.1:\d+, another origin: nothing is sent there\./,
    );
    expect(received).toEqual([]);
  }, 60_000);

  it('a redirect within the host’s own origin is followed', async () => {
    const moved = await serve(async (req, res) => {
      if (req.url?.startsWith('/old/')) return void res.writeHead(307, { location: req.url.replace('/old/', '/') }).end();
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const upstream = await fetch(`${origin}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
    const { rows, profile } = await checkUpstream({ ...options(moved), authUrl: `${moved}/old/auth/` });
    expect(profile.username).toBe('role1@example.com');
    expect(rows.filter((r) => r.outcome === 'answered').length).toBeGreaterThan(100);
  }, 60_000);
});
