/**
 * Settings notices (issue 29 §3) from the reference host to the app instances' page caches: a change of lookup
 * values (saved or removed) or of brand settings (a Brand preference saved, a location moved) is announced on the hub to connections opened with the service secret, and to
 * no user's; the app's own subscription (lib/cache/settings.ts, the real SignalR client against the real
 * hub) drops what it held, so the next read sees the new value; when the connection drops the caches are
 * bypassed and emptied.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostHubAuth, PushHub } from '../../api-host/push';
import { contract } from '../../lib/contract';
import { SETTINGS_CHANGED } from '../../lib/push/changes';
import { buildPushConnection } from '../../lib/push/client';
import { startTestHost, type TestHost } from '../../testkit/host';
import { shopBody } from '../support/bodies';

const SECRET = 'settings-notice-test-secret-0123456789abcdef';
let host: TestHost;
let hubApp: FastifyInstance;
let hubUrl: string;
let admin: string;
let settings: typeof import('../../lib/cache/settings');

beforeAll(async () => {
  host = await startTestHost();
  host.ctx.serviceSecret = SECRET;
  const hub = new PushHub(hostHubAuth(host.ctx));
  hubApp = Fastify();
  hub.mount(hubApp);
  await hubApp.listen({ port: 0, host: '127.0.0.1' });
  const address = hubApp.server.address();
  hubUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hubs/push`;
  host.ctx.push = hub;
  admin = await host.token(1);
  // The app's configuration as an instance started against this hub would read it (config() reads once).
  process.env.PUSH_URL = hubUrl;
  process.env.APP_LOG_SECRET = SECRET;
  process.env.AUTH_SECRET ??= 'settings-notice-test-auth-secret-0123456789';
  settings = await import('../../lib/cache/settings');
  settings.openSettingsSubscription();
  await vi.waitFor(() => expect(settings.settingsUp()).toBe(true), { timeout: 10_000 });
});
afterAll(async () => {
  await settings?.closeSettingsSubscription();
  hubApp?.server.closeAllConnections();
  await hubApp?.close();
  await host?.close();
});

/** A user's own connection to the hub, by bearer (as the push route opens it for a browser), recording what it hears. */
async function userConnection(token: string) {
  const received: { target: string; payload: unknown }[] = [];
  const connection = buildPushConnection({
    url: hubUrl,
    headers: { authorization: `Bearer ${token}` },
    onMessage: (target, payload) => void received.push({ target, payload }),
    logger: { log: () => undefined },
  });
  connection.on(SETTINGS_CHANGED, (payload: unknown) => void received.push({ target: SETTINGS_CHANGED, payload }));
  await connection.start();
  return { connection, received };
}

describe('settings notices', () => {
  it("a saved or removed lookup value reaches the instance's connection and no user's; the next read sees it", async () => {
    const user = await userConnection(await host.token(1));
    try {
      const types = () =>
        settings.cachedLookups(1, ['ContactType'], false, () =>
          host.ok(admin, contract.lookups.byKeys, { body: { keys: ['ContactType'] } }),
        );
      const before = await types();
      expect(await types()).toBe(before); // kept: the same answer, not read again
      const { id } = await host.ok(admin, contract.lookups.upsert, { body: { key: 'ContactType', id: -1, value: 'Notice test type' } });
      await vi.waitFor(async () => expect((await types()).map((t) => t.id)).toContain(id), { timeout: 5000 });
      await host.ok(admin, contract.lookups.remove, { body: { key: 'ContactType', id } });
      await vi.waitFor(async () => expect((await types()).map((t) => t.id)).not.toContain(id), { timeout: 5000 });
      // The user's own connection heard nothing of it (it carries their records' notices only).
      expect(user.received.filter((m) => m.target === SETTINGS_CHANGED)).toEqual([]);
    } finally {
      await user.connection.stop();
    }
  });

  it('a saved Brand preference or a moved location drops the brands kept, also of the locations inheriting them; other preferences do not', async () => {
    const loads = new Map<number, number>();
    const title = (firm: number) =>
      settings.cachedBrand(firm, async () => {
        loads.set(firm, (loads.get(firm) ?? 0) + 1);
        const rows = await host.ok(admin, contract.locations.firmPreference, { query: { firm, category: 'Brand' } });
        return rows.find((r) => r.name === 'BrandTitle')?.value ?? null;
      });
    const types = (firm: number) =>
      settings.cachedLookups(firm, ['ContactType'], false, () =>
        host.ok(admin, contract.lookups.byKeys, { body: { keys: ['ContactType'] } }),
      );
    const save = (firm: number, firmPreferenceCategory: string, firmPreferenceName: string, preference: string) =>
      host.ok(admin, contract.locations.saveFirmPreference, { body: { firm, firmPreferenceCategory, firmPreferenceName, preference } });

    // Apex Colorado (17) and Tampa Bay Collision (19) set no brand of their own: they wear Apex ADAS Alliance's (14).
    const apex = await title(17);
    expect(await title(19)).toBe(apex);
    expect(await title(17)).toBe(apex);
    expect([loads.get(17), loads.get(19)]).toEqual([1, 1]);

    // Another category is announced to nobody: a lookup notice sent after it arrives, and the brand is still kept.
    await save(14, 'Calibration', 'DefaultLaborRate', '120');
    const before = await types(14);
    const { id } = await host.ok(admin, contract.lookups.upsert, { body: { key: 'ContactType', id: -1, value: 'Brand test type' } });
    await vi.waitFor(async () => expect((await types(14)).length).toBe(before.length + 1), { timeout: 5000 });
    await title(17);
    expect(loads.get(17)).toBe(1);
    await host.ok(admin, contract.lookups.remove, { body: { key: 'ContactType', id } });

    // The franchiser's own title changes: its locations' kept brands go.
    await save(14, 'Brand', 'BrandTitle', 'Apex Notice Test');
    await vi.waitFor(async () => expect(await title(17)).toBe('Apex Notice Test'), { timeout: 5000 });
    // Tampa Bay Collision moves under Northstar East (3): it wears Northstar's brand from then on.
    expect(await title(19)).toBe('Apex Notice Test');
    const northstar = await title(3);
    const form = await host.ok(admin, contract.locations.editFirm, { query: { id: 19 } });
    expect((await host.api(admin, contract.locations.saveFirm, { body: { ...form, companyId: 3 } })).status).toBe(200);
    await vi.waitFor(async () => expect(await title(19)).toBe(northstar), { timeout: 5000 });
    await save(14, 'Brand', 'BrandTitle', apex ?? '');

    // A location removed: its id may be given to the next one added, so no brand kept outlives it.
    const { id: added } = await host.ok(admin, contract.locations.saveFirm, { body: shopBody(15) });
    await vi.waitFor(async () => expect(await title(17)).toBe(apex), { timeout: 5000 });
    const kept = loads.get(17);
    await host.ok(admin, contract.locations.removeFirm, { body: { firm: added } });
    await vi.waitFor(
      async () => {
        await title(17);
        expect(loads.get(17)).toBe((kept ?? 0) + 1);
      },
      { timeout: 5000 },
    );
  });

  it('while the connection is down the caches are bypassed and emptied', async () => {
    const load = vi.fn(async () => [{ role: 5, roleName: 'Shop' }]);
    await settings.cachedRoles(99, 5, load);
    await settings.cachedRoles(99, 5, load);
    expect(load).toHaveBeenCalledTimes(1);
    await settings.closeSettingsSubscription();
    expect(settings.settingsUp()).toBe(false);
    await settings.cachedRoles(99, 5, load);
    await settings.cachedRoles(99, 5, load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
