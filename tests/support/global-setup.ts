/**
 * Starts the stack for the browser and HTTP-level tests: the reference host on a fresh test database
 * and two production app servers (APP_ENV=uat and APP_ENV=prod). Returns the teardown.
 */
// @ts-expect-error -- plain ESM helper shared with npm start and the benchmarks
import { ensureBuilt, startApiHost, startApp } from '../../scripts/lib/stack.mjs';
import { API_ORIGIN, API_PORT, APP_PORT, APP_URL, PROD_APP_PORT, TEST_DB } from '../../testkit/env';

type Child = { stop(): Promise<void> };

export default async function globalSetup() {
  if (!process.env.SKIP_BUILD) ensureBuilt();
  const children: Child[] = [];
  const appEnv = { TRUST_PROXY: '1', UPSTREAM_TIMEOUT_MS: '3000' };
  try {
    children.push(await startApiHost({ port: API_PORT, db: TEST_DB, reset: true, quiet: true, appUrl: APP_URL }));
    children.push(await startApp({ port: APP_PORT, apiOrigin: API_ORIGIN, env: { ...appEnv, APP_ENV: 'uat' }, quiet: true }));
    children.push(
      await startApp({
        port: PROD_APP_PORT,
        apiOrigin: API_ORIGIN,
        env: { ...appEnv, APP_ENV: 'prod', AUTH_SECRET: 'prod-test-secret-0123456789abcdef0123456789' },
        quiet: true,
      }),
    );
  } catch (e) {
    await Promise.all(children.map((c) => c.stop()));
    throw e;
  }
  return async () => {
    await Promise.all(children.map((c) => c.stop()));
  };
}
