/**
 * Push, end to end without a browser: the real @microsoft/signalr client in Node connects through the app's
 * push route (the BFF) to the reference hub, with nothing but a session cookie.
 */
import { expect, test } from '@playwright/test';
// @ts-expect-error -- plain ESM helper shared with npm start and the benchmarks
import { startApiHost, startApp } from '../../scripts/lib/stack.mjs';
import { hostCall, hostToken } from '../support/api';
import { API_PORT, APP_PORT, APP_URL } from '../../testkit/env';
import { HttpTransportType, LINKS_CSV, appSession, connectThroughBff, isConnected, until, type TestConnection } from '../../testkit/push';

const SSE = HttpTransportType.ServerSentEvents;
const LP = HttpTransportType.LongPolling;
const BFF = { 'x-adas-bff': '1' };

test.describe.configure({ mode: 'serial' });

test('a request without a session, without the custom header, cross-site or with a forged id is refused', async () => {
  const negotiate = (headers: Record<string, string>) =>
    fetch(`${APP_URL}/api/push/hub/negotiate?negotiateVersion=1`, { method: 'POST', headers });
  const noSession = await negotiate(BFF);
  expect(noSession.status).toBe(401);
  expect(noSession.headers.get('set-cookie')).toContain('__Host-adas.session=;');
  expect((await fetch(`${APP_URL}/api/push/hub?id=x`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);

  const cookie = await appSession(APP_URL, 1);
  expect((await negotiate({ cookie })).status).toBe(403);
  expect((await negotiate({ cookie, ...BFF, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  expect((await negotiate({ cookie, ...BFF, origin: 'https://evil.example' })).status).toBe(403);

  const ok = await negotiate({ cookie, ...BFF });
  expect(ok.status).toBe(200);
  expect(ok.headers.get('cache-control')).toContain('no-store');
  const text = await ok.text();
  // Nothing token-like reaches the browser: no JWT, and not the hub's own connection token.
  expect(text).not.toMatch(/eyJ[\w-]+\.|accessToken|"url"/);
  const answer = JSON.parse(text) as { connectionToken: string; availableTransports: { transport: string }[] };
  expect(answer.availableTransports.map((t) => t.transport)).toEqual(['ServerSentEvents', 'LongPolling']);

  // The sealed id works only in the session it was made for.
  const other = await appSession(APP_URL, 3);
  const stream = (c: string, id: string) =>
    fetch(`${APP_URL}/api/push/hub?id=${encodeURIComponent(id)}`, { headers: { cookie: c, accept: 'text/event-stream' } });
  expect((await stream(other, answer.connectionToken)).status).toBe(404);
  expect((await stream(cookie, 'forged-forged-forged-forged-forged-forged-forged')).status).toBe(404);
  const sse = await stream(cookie, answer.connectionToken);
  expect(sse.status).toBe(200);
  expect(sse.headers.get('content-type')).toContain('text/event-stream');
  expect(sse.headers.get('cache-control')).toBe('private, no-store, no-transform');
  expect(sse.headers.get('x-accel-buffering')).toBe('no');
  await sse.body?.cancel();

  // Sends and long polls need the custom header too (the SignalR client sets it); only the EventSource GET cannot.
  const poll = await fetch(`${APP_URL}/api/push/hub?id=${encodeURIComponent(answer.connectionToken)}`, { headers: { cookie } });
  expect(poll.status).toBe(403);
});

test('both kinds arrive through the BFF over SSE and long polling; role 3 does not get the import notice', async () => {
  const [admin1, admin1lp, franchiser3, shop5] = await Promise.all([
    appSession(APP_URL, 1).then((c) => connectThroughBff(APP_URL, c, SSE)),
    appSession(APP_URL, 1).then((c) => connectThroughBff(APP_URL, c, LP)),
    appSession(APP_URL, 3).then((c) => connectThroughBff(APP_URL, c, SSE)),
    appSession(APP_URL, 5).then((c) => connectThroughBff(APP_URL, c, LP)),
  ]);
  const all: TestConnection[] = [admin1, admin1lp, franchiser3, shop5];
  try {
    expect(admin1.connection.connectionId).toBeTruthy();

    // The import: a role-1 call to the host; the notice comes when the background import is done.
    const token1 = await hostToken(1);
    const started = await hostCall<{ import: number; status: string }>(token1, 'POST', 'api/admin/importMakeMatrixLinks', {
      fileName: 'links.csv',
      content: LINKS_CSV,
    });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('queued');
    const isImport = (m: { target: string; payload: Record<string, unknown> }) =>
      m.target === 'importNotice' && m.payload.import === started.body.import;
    for (const c of [admin1, admin1lp]) {
      const m = await c.waitFor(isImport);
      expect(m.payload).toEqual({ kind: 'makeMatrixLinks', import: started.body.import, fileName: 'links.csv', imported: 2, rejected: 1 });
    }

    // The opportunity: created through the BFF by the role-5 user of firm 6, for firm 6.
    const cookie5 = await appSession(APP_URL, 5);
    const created = await fetch(`${APP_URL}/api/bff/adas/createCalibrate`, {
      method: 'POST',
      headers: { cookie: cookie5, ...BFF, 'content-type': 'application/json' },
      body: JSON.stringify({ firm: 6, year: 2021, make: 'Honda', model: 'Civic', reason: 'Windshield replacement' }),
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: number };
    const isOpportunity = (m: { target: string; payload: Record<string, unknown> }) =>
      m.target === 'opportunity' && m.payload.opportunity === id;
    const m5 = await shop5.waitFor(isOpportunity);
    expect(m5.payload).toMatchObject({
      opportunity: id,
      firm: 6,
      firmName: 'Brooklyn Collision & Glass',
      title: '2021 Honda Civic: Windshield replacement',
    });
    // Everyone who may access firm 6 hears of it: the franchiser above it and the administrators.
    await franchiser3.waitFor(isOpportunity);
    await admin1.waitFor(isOpportunity);

    // A request for a firm role 5 cannot reach is refused and tells nobody.
    const foreign = await fetch(`${APP_URL}/api/bff/adas/createCalibrate`, {
      method: 'POST',
      headers: { cookie: cookie5, ...BFF, 'content-type': 'application/json' },
      body: JSON.stringify({ firm: 9, year: 2021, make: 'Kia', model: 'Soul', reason: 'Bumper' }),
    });
    expect(foreign.status).toBe(404);
    // One for firm 9 (a shop of another franchisee in role 3's network) reaches the administrators and
    // role 3, but not firm 6's user.
    const elsewhere = await hostCall<{ id: number }>(token1, 'POST', 'api/adas/createCalibrate', {
      firm: 9,
      year: 2020,
      make: 'Kia',
      model: 'Soul',
      reason: 'Bumper',
    });
    const isElsewhere = (m: { target: string; payload: Record<string, unknown> }) =>
      m.target === 'opportunity' && m.payload.opportunity === elsewhere.body.id;
    await admin1lp.waitFor(isElsewhere);
    await franchiser3.waitFor(isElsewhere);
    // The hub sends in order: once a later request for firm 6 has reached role 5, the one for firm 9 would have too.
    const after = await hostCall<{ id: number }>(token1, 'POST', 'api/adas/createCalibrate', {
      firm: 6,
      year: 2020,
      make: 'Kia',
      model: 'Rio',
      reason: 'Mirror',
    });
    await shop5.waitFor((m) => m.target === 'opportunity' && m.payload.opportunity === after.body.id);
    expect(shop5.received.some(isElsewhere)).toBe(false);

    // Role 3 never got the import notice; role 5 neither.
    expect(franchiser3.received.filter((m) => m.target === 'importNotice')).toEqual([]);
    expect(shop5.received.filter((m) => m.target === 'importNotice')).toEqual([]);
  } finally {
    await Promise.all(all.map((c) => c.connection.stop()));
  }
});

test('the host validates both calls: roles for the import, the body for both', async () => {
  const token3 = await hostToken(3);
  expect((await hostCall(token3, 'POST', 'api/admin/importMakeMatrixLinks', { fileName: 'a.csv', content: 'x' })).status).toBe(403);
  const token1 = await hostToken(1);
  expect((await hostCall(token1, 'POST', 'api/admin/importMakeMatrixLinks', { fileName: '../a.csv', content: 'x' })).status).toBe(400);
  expect(
    (await hostCall(token1, 'POST', 'api/adas/createCalibrate', { firm: 6, year: 1900, make: 'A', model: 'B', reason: 'C' })).status,
  ).toBe(400);
  expect(
    (await hostCall(token1, 'POST', 'api/adas/createCalibrate', { firm: 6, year: 2020, make: 'A', model: 'B', reason: 'C', vin: 'IOQ' }))
      .status,
  ).toBe(400);
});

test('the client reconnects after the hub restarts, and receives again', async () => {
  test.setTimeout(120_000);
  // An own host and app on spare ports, so stopping the host does not disturb the other tests.
  const port = API_PORT + 3;
  const appPort = APP_PORT + 3;
  const db = `.data/test-${port}/reference.db`;
  const origin = `http://127.0.0.1:${port}`;
  const appUrl = `http://localhost:${appPort}`;
  let host = await startApiHost({ port, db, reset: true, quiet: true });
  const app = await startApp({ port: appPort, apiOrigin: origin, quiet: true });
  // A second app without PUSH_URL: the route answers 404 quietly and the shell has no push client.
  const noPush = await startApp({ port: appPort + 1, apiOrigin: origin, quiet: true, env: { PUSH_URL: '' } });
  const connections: TestConnection[] = [];
  try {
    const cookie = await appSession(appUrl, 1);
    connections.push(await connectThroughBff(appUrl, cookie, SSE), await connectThroughBff(appUrl, cookie, LP));

    await host.stop();
    for (const c of connections) await until(() => c.events.includes('reconnecting'), 10_000, 'the client to notice');
    host = await startApiHost({ port, db, quiet: true });
    // The schedule is 0, 3, 5, 10 … seconds: the host is back within a few seconds.
    for (const c of connections) await until(() => c.events.includes('reconnected') && isConnected(c.connection), 40_000, 'the reconnect');

    const res = await fetch(`${origin}/api/adas/createCalibrate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenAt(origin)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firm: 6, year: 2019, make: 'Ford', model: 'Escape', reason: 'Radar' }),
    });
    const { id } = (await res.json()) as { id: number };
    for (const c of connections) await c.waitFor((m) => m.target === 'opportunity' && m.payload.opportunity === id);

    const noPushUrl = `http://localhost:${appPort + 1}`;
    const quiet = await fetch(`${noPushUrl}/api/push/hub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { cookie: await appSession(noPushUrl, 1), ...BFF },
    });
    expect(quiet.status).toBe(404);
    expect(await quiet.text()).toBe('');
    const page = async (url: string) => (await fetch(`${url}/`, { headers: { cookie: await appSession(url, 1) } })).text();
    expect(await page(appUrl)).toContain('aria-label="Notifications"');
    expect(await page(noPushUrl)).not.toContain('aria-label="Notifications"');
  } finally {
    await Promise.all(connections.map((c) => c.connection.stop()));
    await Promise.all([noPush.stop(), app.stop(), host.stop()]);
  }
});

async function tokenAt(origin: string): Promise<string> {
  const res = await fetch(`${origin}/auth/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'role1@example.com', password: 'Demo#2026' }),
  });
  return ((await res.json()) as { token: string }).token;
}
