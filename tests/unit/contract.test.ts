import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError, parseDigest } from '@/lib/api/errors';
import { callUpstream } from '@/lib/api/upstream';
import { contract } from '@/lib/contract';
import { requestedPath } from '@/lib/bff/forward';

process.env.AUTH_SECRET ??= 'unit-test-secret-0123456789abcdef0123456789';

const profileAnswer = {
  user: 1,
  contact: 1001,
  firm: 1,
  firmName: 'ADAS Central',
  username: 'role1@example.com',
  firstName: 'Avery',
  lastName: 'Adams',
  email: 'role1@example.com',
  contactType: 1,
  roles: '1',
  role: 1,
  timezone: 12,
  timezoneName: 'Eastern Standard Time',
  language: 1,
  languageName: 'English',
  laborRate: 86,
  isInactive: false,
  receivesReport: true,
  receivesInvoice: false,
};

/** A stand-in upstream whose next answers the tests set; 'drop' closes the connection, 'hang' never answers. */
type Next = { status: number; body: unknown } | 'drop' | 'hang';
let next: Next = 'drop';
let lastAuthorization: string | undefined;
const server = http.createServer((req, res) => {
  lastAuthorization = req.headers.authorization;
  req.resume();
  if (next === 'drop') return req.socket.destroy();
  if (next === 'hang') return;
  res.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(next.body));
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  // Read once, on the first call: point the app's upstreams at the stand-in.
  process.env.API_URL = `http://127.0.0.1:${port}/api/`;
  process.env.AUTH_URL = `http://127.0.0.1:${port}/auth/`;
  process.env.UPSTREAM_TIMEOUT_MS = '300';
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function answer(status: number, body: unknown) {
  next = { status, body };
}

describe('contract parsing at the boundary', () => {
  it('accepts an answer with extra fields and strips them', async () => {
    answer(200, { ...profileAnswer, somethingNew: 'x' });
    const p = await callUpstream(contract.users.profile, { query: { username: 'role1@example.com' } }, 't');
    expect(lastAuthorization).toBe('Bearer t');
    expect(p.firstName).toBe('Avery');
    expect(p).not.toHaveProperty('somethingNew');
  });

  it('names the call when an answer breaks the contract', async () => {
    answer(200, { ...profileAnswer, firm: 'one' });
    const err = await callUpstream(contract.users.profile, { query: { username: 'x@y.z' } }, 't').catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err.kind).toBe('contract');
    expect(err.message).toContain('user/profile');
    expect(parseDigest(err.digest)).toEqual({ kind: 'contract', call: 'user/profile' });
  });

  it('maps upstream statuses and keeps field errors', async () => {
    answer(400, { error: 'Invalid body', fieldErrors: { password: ['weak'] } });
    const err = await callUpstream(contract.users.saveCredentials, { body: { username: 'x', password: 'weak' } }, 't').catch((e) => e);
    expect(err.kind).toBe('bad-request');
    expect(err.fieldErrors).toEqual({ password: ['weak'] });
    answer(401, { error: 'expired' });
    expect((await callUpstream(contract.users.profile, {}, 't').catch((e) => e)).kind).toBe('unauthorized');
  });

  it('reports an unreachable host', async () => {
    next = 'drop';
    const err = await callUpstream(contract.locations.firmPreference, { query: { firm: 1 } }, 't').catch((e) => e);
    expect(err.kind).toBe('unreachable');
    expect(err.status).toBe(502);
  });

  it('reports a time-out', async () => {
    next = 'hang';
    const err = await callUpstream(contract.locations.firmPreference, { query: { firm: 1 } }, 't').catch((e) => e);
    expect(err.kind).toBe('timeout');
    expect(err.status).toBe(504);
    expect(err.message).toContain('firm/firmPreference');
  });

  it('parses both token answer shapes', () => {
    expect(contract.auth.getToken.response.parse({ success: false, reason: 'No' })).toEqual({ success: false, reason: 'No' });
    expect(contract.auth.getToken.response.safeParse({ success: false }).success).toBe(false);
  });
});

describe('BFF path checks', () => {
  it.each([
    ['http://h/api/bff/user/profile', 'user/profile'],
    ['http://h/api/bff/contact/contactSearch/?x=1', 'contact/contactSearch/'],
    ['http://h/api/bff/user/../profile', null],
    ['http://h/api/bff/user/%2e%2e/profile', null],
    ['http://h/api/bff/user%2fprofile', null],
    ['http://h/api/bff/user\\profile', null],
    ['http://h/api/bff//etc/passwd', null],
    ['http://h/api/other', null],
  ])('%s → %s', (url, expected) => expect(requestedPath(url)).toBe(expected));
});
