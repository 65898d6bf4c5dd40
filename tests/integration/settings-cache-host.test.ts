/**
 * Settings notices (issue 29 §3) from the reference host to the app instances' page caches: a change of brand
 * settings (for the firm and every firm inheriting from it) or of lookup values is announced on the hub to
 * connections opened with the service secret, and to no user's; the app's own subscription
 * (lib/cache/settings.ts, the real SignalR client against the real hub) drops what it held, so the next read
 * sees the new value; when the connection drops the caches are bypassed and emptied.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostHubAuth, PushHub } from '../../api-host/push';
import { contract } from '../../lib/contract';
import { firmAndDescendants } from '../../api-host/push/service';
import { SETTINGS_CHANGED } from '../../lib/push/changes';
import { buildPushConnection } from '../../lib/push/client';
import { startTestHost, type TestHost } from '../../testkit/host';

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

const brandTitle = async (firm: number) => {
  const rows = await host.ok(admin, contract.firm.firmPreference, { query: { firm, category: 'Brand' } });
  return rows.find((r) => r.name === 'BrandTitle')?.value ?? null;
};
const saveTitle = (firm: number, preference: string) =>
  host.ok(admin, contract.firm.saveFirmPreference, {
    body: { firm, firmPreferenceCategory: 'Brand', firmPreferenceName: 'BrandTitle', preference },
  });

describe('settings notices', () => {
  it("a brand change reaches the instance's connection (for the firm and the firms inheriting from it) and no user's; the next read sees it", async () => {
    const user = await userConnection(await host.token(1));
    try {
      // Firm 2 (Northstar) and a location below it that inherits its brand title from it.
      const inheritsFrom2 = async (firm: number) => {
        const rows = await host.ok(admin, contract.firm.firmPreference, { query: { firm, category: 'Brand' } });
        return rows.find((r) => r.name === 'BrandTitle')?.firm === 2;
      };
      await saveTitle(2, 'Northstar');
      let child = 0;
      for (const f of firmAndDescendants(host.db, 2)) if (!child && f !== 2 && (await inheritsFrom2(f))) child = f;
      expect(child).toBeGreaterThan(0);
      const read = (firm: number) => settings.cachedBrand(firm, () => brandTitle(firm));
      const before = await read(child);
      expect(await read(child)).toBe(before); // kept

      await saveTitle(2, 'Northstar Renamed');
      await vi.waitFor(async () => expect(await read(child)).toBe('Northstar Renamed'), { timeout: 5000 });
      expect(await read(2)).toBe('Northstar Renamed');
      // The user's own connection heard nothing of it (it carries their records' notices only).
      expect(user.received.filter((m) => m.target === SETTINGS_CHANGED)).toEqual([]);

      // Its own value removed, firm 2 inherits again; the location below it follows.
      await saveTitle(2, '');
      const inherited = await brandTitle(2);
      expect(inherited).not.toBe('Northstar Renamed');
      await vi.waitFor(async () => expect(await read(child)).toBe(inherited), { timeout: 5000 });
    } finally {
      await user.connection.stop();
    }
  });

  it('a lookup change drops the kept values of that group', async () => {
    const types = () =>
      settings.cachedLookups(1, ['ContactType'], false, () => host.ok(admin, contract.lookup.byKeys, { body: { keys: ['ContactType'] } }));
    const before = await types();
    await host.ok(admin, contract.lookup.upsert, { body: { key: 'ContactType', id: -1, value: 'Insurer notice test' } });
    await vi.waitFor(async () => expect((await types()).length).toBe(before.length + 1), { timeout: 5000 });
  });

  it('while the connection is down the caches are bypassed and emptied', async () => {
    const load = vi.fn(async () => 'brand');
    await settings.cachedBrand(99, load);
    await settings.cachedBrand(99, load);
    expect(load).toHaveBeenCalledTimes(1);
    await settings.closeSettingsSubscription();
    expect(settings.settingsUp()).toBe(false);
    await settings.cachedBrand(99, load);
    await settings.cachedBrand(99, load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
