/**
 * Regression tests for the fourth outside review, the findings whose rule lives at the reference host.
 * Each fails on the code before the fix. The app-side findings (the throttle store, next-auth routes, the
 * HTTP entry, the BFF) are in tests/security/review-4.spec.ts and tests/unit/throttle.test.ts.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helper shared with npm run start:cluster
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { APP_PORT } from '../../testkit/env';
import { DEMO_PASSWORD } from '../../api-host/users/seed';
import { contract } from '../../lib/contract';
import { CLIENT_ADDRESS_HEADER, CLIENT_DEVICE_HEADER, KNOWN_DEVICE, SERVICE_SECRET_HEADER, type CallDef } from '../../lib/contract/define';
import { multipart } from '../../testkit/images';
import { startTestHost, type TestHost } from '../../testkit/host';

let host: TestHost;
beforeEach(async () => {
  host = await startTestHost();
  host.ctx.serviceSecret = SECRET;
});
afterEach(() => host.close());

const SECRET = 's'.repeat(40);
const wrong = 'Wrong#Pass1';
const getToken = (username: string, password: string, headers: Record<string, string> = {}) =>
  host.api<{ token?: string; success?: boolean }>(null, contract.auth.getToken, { body: { username, password }, headers });
const fromApp = (address: string, known = false) => ({
  [SERVICE_SECRET_HEADER]: SECRET,
  [CLIENT_ADDRESS_HEADER]: address,
  ...(known && { [CLIENT_DEVICE_HEADER]: KNOWN_DEVICE }),
});

describe('the host is not the internet’s', () => {
  it('in production the auth host’s anonymous calls answer the app’s server only (403 without the service secret), and change nothing', async () => {
    host.ctx.authForServiceOnly = true;
    const anonymous = (Object.values(contract.auth) as unknown[]).filter(
      (c): c is CallDef =>
        typeof c === 'object' && c !== null && 'host' in c && (c as CallDef).host === 'auth' && (c as CallDef).access === 'anonymous',
    );
    expect(anonymous.map((c) => c.path).sort()).toEqual(
      ['getToken', 'user/checkResetToken', 'user/completeReset', 'user/redeemTempToken', 'user/resetPassword', 'user/tempTokenInfo'].sort(),
    );
    const resets = () => host.db.prepare('SELECT count(*) FROM password_reset').pluck().get() as number;
    const before = resets();
    for (const call of anonymous) {
      const res = await host.api(null, call, { body: { username: 'role1@example.com', password: DEMO_PASSWORD, token: 'x'.repeat(40) } });
      expect(res.status, call.path).toBe(403);
      expect(res.body).toEqual({ error: 'This call answers the application server only.' });
    }
    expect(resets()).toBe(before);
    // A wrong secret is no secret.
    expect((await getToken('role1@example.com', DEMO_PASSWORD, { [SERVICE_SECRET_HEADER]: 'w'.repeat(40) })).status).toBe(403);
    const signedIn = await getToken('role1@example.com', DEMO_PASSWORD, fromApp('203.0.113.1'));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toBeTruthy();
    // Outside production the reference host answers anyone (development and the tests call it directly).
    host.ctx.authForServiceOnly = false;
    expect((await getToken('role1@example.com', DEMO_PASSWORD)).status).toBe(200);
  });

  describe('a user’s sign-in through the app is not locked by attempts it did not make', () => {
    const before = process.env.API_HOST_SIGNIN_MAX_FAILURES;
    beforeEach(() => {
      process.env.API_HOST_SIGNIN_MAX_FAILURES = '3';
    });
    afterEach(() => {
      if (before === undefined) delete process.env.API_HOST_SIGNIN_MAX_FAILURES;
      else process.env.API_HOST_SIGNIN_MAX_FAILURES = before;
    });

    it('failures of direct callers lock out direct callers only', async () => {
      for (let i = 0; i < 3; i++) expect((await getToken('role10@example.com', wrong)).body.success).toBe(false);
      const refused = await host.app.inject({
        method: 'POST',
        url: '/auth/getToken',
        payload: { username: 'role10@example.com', password: DEMO_PASSWORD },
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect((await getToken('role10@example.com', DEMO_PASSWORD, fromApp('198.51.100.5'))).status).toBe(200);
    });

    it('strangers’ failures through the app do not hold the user’s known device, which the app alone counts', async () => {
      for (let i = 0; i < 3; i++) await getToken('role11@example.com', wrong, fromApp(`203.0.113.${i + 10}`));
      expect((await getToken('role11@example.com', DEMO_PASSWORD, fromApp('203.0.113.20'))).status).toBe(429);
      expect((await getToken('role11@example.com', DEMO_PASSWORD, fromApp('203.0.113.20', true))).status).toBe(200);
      // The device claim counts only beside the service secret.
      expect(
        (
          await getToken('role11@example.com', DEMO_PASSWORD, {
            [CLIENT_DEVICE_HEADER]: KNOWN_DEVICE,
            [CLIENT_ADDRESS_HEADER]: '203.0.113.21',
          })
        ).status,
      ).toBe(200);
      for (let i = 0; i < 3; i++) await getToken('role11@example.com', wrong, { [CLIENT_DEVICE_HEADER]: KNOWN_DEVICE });
      expect((await getToken('role11@example.com', DEMO_PASSWORD, { [CLIENT_DEVICE_HEADER]: KNOWN_DEVICE })).status).toBe(429);
    });
  });
});

describe('the deployment publishes the app and the payment form’s own paths, nothing else of the host', () => {
  it('compose.yaml: only nginx publishes ports; the host none; the app frames the form through nginx', () => {
    const compose = readFileSync('compose.yaml', 'utf8');
    const published = [...compose.matchAll(/^ {4}ports: (.*)$/gm)].map((m) => m[1]);
    expect(published).toEqual(['["8080:80", "8081:8081"]']);
    const hostService = compose.slice(compose.indexOf('\n  api-host:'), compose.indexOf('\n  redis:'));
    expect(hostService).not.toMatch(/^\s+ports:/m);
    expect(hostService).toMatch(/APP_ENV: \$\{APP_ENV:-uat\}/);
    expect(compose).toMatch(/PAYMENT_URL: \$\{PUBLIC_PAYMENT_URL:-http:\/\/localhost:8081\}\/pay\//);
  });

  it('nginx’s payment server passes GET /pay/card and POST /pay/v1/payment_methods to the host, and nothing else', async () => {
    await host.app.listen({ port: 0, host: '127.0.0.1' });
    const hostOrigin = `http://127.0.0.1:${(host.app.server.address() as AddressInfo).port}`;
    const [app, pay] = [APP_PORT + 55, APP_PORT + 56];
    const nginx = await startNginx({
      port: app,
      upstreams: [`http://127.0.0.1:${APP_PORT + 57}`],
      payment: { port: pay, upstream: hostOrigin },
      quiet: true,
    });
    try {
      const at = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${pay}${path}`, init);
      const form = await at('/pay/card?origin=http%3A%2F%2Flocalhost%3A8080');
      expect(form.status).toBe(200);
      expect(await form.text()).toContain('Card number');
      const card = await at('/pay/v1/payment_methods', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: '4242 4242 4242 4242', exp: '12/40', cvc: '123' }),
      });
      expect(card.status).toBe(200);
      expect(await card.json()).toMatchObject({ brand: 'visa', last4: '4242' });
      const json = {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'role1@example.com', password: DEMO_PASSWORD }),
      };
      for (const [path, init] of [
        ['/auth/getToken', json],
        ['/pay/../auth/getToken', json],
        ['/pay/%2e%2e/auth/getToken', json],
        ['/api/user/profile', undefined],
        ['/hubs/push/negotiate', { method: 'POST' }],
        ['/health', undefined],
        ['/alldata/oauth/authorize', undefined],
      ] as const) {
        const res = await at(path, init);
        expect(res.status, path).toBe(404);
        expect(await res.text()).toBe('Not found.');
      }
      expect((await at('/pay/card?origin=http%3A%2F%2Flocalhost%3A8080', { method: 'POST' })).status).toBe(403);
      expect((await at('/pay/v1/payment_methods')).status).toBe(403);
    } finally {
      await nginx.stop();
    }
  }, 60_000);
});

describe('role 15 (no storage access) does not read storage file names through the location’s history', () => {
  it('the storage rows are shown to the storage roles only; the rest of the history to every reader of the location', async () => {
    const keeper = await host.token(await host.addUser({ role: 5, firm: 7 }));
    expect(contract.locationsStorage.storage.access).toContain(5);
    expect(contract.locationsStorage.storage.access).not.toContain(15);
    const { body, contentType } = await multipart([
      { name: '7/secret-plan.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' },
    ]);
    const uploaded = await host.app.inject({
      method: 'POST',
      url: `/api/${contract.locationsStorage.uploadToBucket.path}`,
      headers: { 'content-type': contentType, authorization: `Bearer ${keeper}` },
      payload: body,
    });
    expect(uploaded.statusCode).toBe(200);
    const admin = await host.token(1);
    const form = await host.ok(admin, contract.locations.editFirm, { query: { id: 7 } });
    await host.ok(admin, contract.locations.saveFirm, { body: { ...form, city: 'Flushing North' } as never });

    const history = async (token: string) =>
      (await host.ok(token, contract.history.history, { query: { kind: 'location', id: 7, page: 1, pageSize: 100 } })).items;
    const exported = async (token: string) => {
      const res = await host.app.inject({
        method: 'GET',
        url: `/api/${contract.history.historyExport.path}?kind=location&id=7`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const mentionsStorage = (rows: { part: string; field: string }[]) =>
      rows.some((r) => r.part.startsWith('Storage file') || r.field.startsWith('Storage'));

    const theirs = await history(keeper);
    expect(theirs.some((r) => r.part === 'Storage file · secret-plan.pdf')).toBe(true);
    expect(await exported(keeper)).toContain('secret-plan.pdf');

    const shop = await host.token(15);
    const seen = await history(shop);
    expect(seen.some((r) => r.field === 'City' && r.newValue === 'Flushing North')).toBe(true);
    expect(mentionsStorage(seen)).toBe(false);
    expect(await exported(shop)).not.toContain('secret-plan.pdf');
  });
});

describe('an upload whose body is not the multipart its type says answers 400, never 500', () => {
  it('an empty boundary, no boundary, a part cut short: on evidence, images and storage', async () => {
    const token = await host.token(1);
    const created = await host.ok(token, contract.adas.createAdas, {
      body: { firm: 6, ronumber: 'RO-REVIEW-4', vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
    });
    const [result] = await host.ok(token, contract.adas.adasInspectionItems, { query: { adasInspection: created.adasInspection! } });
    const calls = [
      `/api/${contract.evidence.uploadEvidence.path}?adasInspectionResult=${result!.adasInspectionResult}`,
      `/api/${contract.files.upload.path}?kind=image`,
      `/api/${contract.locationsStorage.uploadToBucket.path}`,
    ];
    const bodies: [string, string][] = [
      ['multipart/form-data; boundary=', '--\r\n\r\n--\r\n'],
      ['multipart/form-data; boundary=""', '--x\r\n\r\n'],
      ['multipart/form-data', '--x\r\n\r\n'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="File"; filename="6/a.png"\r\n\r\nabc'],
    ];
    for (const url of calls)
      for (const [type, payload] of bodies) {
        const res = await host.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type, authorization: `Bearer ${token}` },
          payload,
        });
        expect(res.statusCode, `${url} ${type}`).toBe(400);
        expect(res.json()).toEqual({ error: 'The upload could not be read: send the files as multipart/form-data with its boundary.' });
      }
  });
});
