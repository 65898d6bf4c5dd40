/**
 * The several-instance setup on one machine: Redis (one server, or a primary, a replica and three sentinels),
 * app instances sharing AUTH_SECRET and the store, and nginx in front of them (nginx.mjs,
 * deploy/nginx/adas.conf.template), all on loopback, against a reference host (or any API origin).
 * Used by `npm run start:cluster`, the cluster tests and `npm run bench:load`, so all run the same setup.
 */
import { join } from 'node:path';
import { startNginx } from './nginx.mjs';
import { ROOT } from './process.mjs';
import { startRedis, startSentinelRedis } from './redis.mjs';
import { startApp } from './stack.mjs';

/**
 * Starts Redis on `redisPort` (`sentinel: true`: a primary there, its replica on the next port and sentinels on
 * the three after; `redis: false`: none, `env` names the store), one app per `appPorts` entry (`perApp(i)`: its
 * own extra environment) and nginx on
 * `port` (`server`: another build's standalone server.js for the instances). Answers the running setup: its `url`, the `apps` and `redis` children (`sentinel` for the failover
 * set), `balancer` (nginx, with `served()`), ways to stop and start an instance or Redis again with the same
 * settings (the fault drills), and `stop()` for everything.
 */
export async function startCluster({
  port,
  appPorts,
  redisPort,
  apiOrigin,
  env = {},
  quiet = false,
  sentinel = false,
  redis = true,
  perApp = () => ({}),
  server,
}) {
  const url = `http://localhost:${port}`;
  const cluster = {
    url,
    redis: null,
    sentinel: null,
    apps: [],
    balancer: null,
    appEnv: null,
    startRedis: async () => (cluster.redis = await startRedis({ port: redisPort, quiet })),
    startApp: async (i) =>
      (cluster.apps[i] = await startApp({
        port: appPorts[i],
        apiOrigin,
        env: { ...cluster.appEnv, ...perApp(i) },
        quiet,
        ...(server && { server }),
      })),
    async stop() {
      await cluster.balancer?.stop();
      await Promise.all([...cluster.apps, cluster.redis, cluster.sentinel].map((c) => c?.stop().catch(() => undefined)));
    },
  };
  try {
    let store = {};
    if (sentinel) {
      cluster.sentinel = await startSentinelRedis({ port: redisPort, dir: join(ROOT, '.data', `sentinel-${redisPort}`), quiet });
      store = cluster.sentinel.env;
    } else if (redis) {
      await cluster.startRedis();
      store = { REDIS_URL: `redis://127.0.0.1:${redisPort}` };
    }
    cluster.appEnv = {
      ...store,
      // Sign-in redirects and the same-origin checks name the balancer, the address users see.
      NEXTAUTH_URL: url,
      // nginx names the client in X-Forwarded-For and gives each request its X-Request-Id.
      TRUST_PROXY: '1',
      // More than one instance: with APP_ENV=prod they must share the store (lib/config.ts).
      APP_INSTANCES: String(appPorts.length),
      ...env,
    };
    await Promise.all(appPorts.map((_, i) => cluster.startApp(i)));
    cluster.balancer = await startNginx({ port, upstreams: appPorts.map((p) => `http://127.0.0.1:${p}`), quiet });
  } catch (e) {
    await cluster.stop();
    throw e;
  }
  return cluster;
}
