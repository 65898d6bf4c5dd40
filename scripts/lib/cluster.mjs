/**
 * The two-instance setup on one machine: Redis, app instances sharing AUTH_SECRET and REDIS_URL, and the
 * load balancer in front (balancer.mjs), all on loopback, against a reference host (or any API origin).
 * Used by `npm run start:cluster`, the cluster tests and `npm run bench:load`, so all run the same setup.
 */
import { startBalancer } from './balancer.mjs';
import { startApp, startRedis } from './stack.mjs';

/**
 * Starts Redis on `redisPort`, one app per `appPorts` entry and the balancer on `port`. Answers the running
 * setup: its `url`, the `apps` and `redis` children, `balancer`, and ways to stop and start an instance or
 * Redis again with the same settings (the fault drills), and `stop()` for everything.
 */
export async function startCluster({ port, appPorts, redisPort, apiOrigin, env = {}, quiet = false }) {
  const url = `http://localhost:${port}`;
  const appEnv = {
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    // Sign-in redirects and the same-origin checks name the balancer, the address users see.
    NEXTAUTH_URL: url,
    // The balancer names the client in X-Forwarded-For.
    TRUST_PROXY: '1',
    // More than one instance: with APP_ENV=prod they must share REDIS_URL (lib/config.ts).
    APP_INSTANCES: String(appPorts.length),
    ...env,
  };
  const cluster = {
    url,
    redis: null,
    apps: [],
    balancer: null,
    startRedis: async () => (cluster.redis = await startRedis({ port: redisPort, quiet })),
    startApp: async (i) => (cluster.apps[i] = await startApp({ port: appPorts[i], apiOrigin, env: appEnv, quiet })),
    async stop() {
      await cluster.balancer?.close();
      await Promise.all([...cluster.apps, cluster.redis].map((c) => c?.stop().catch(() => undefined)));
    },
  };
  try {
    await cluster.startRedis();
    await Promise.all(appPorts.map((_, i) => cluster.startApp(i)));
    cluster.balancer = await startBalancer({ port, upstreams: appPorts.map((p) => `http://127.0.0.1:${p}`) });
  } catch (e) {
    await cluster.stop();
    throw e;
  }
  return cluster;
}
