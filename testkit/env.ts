/** Ports and URLs of the stack the end-to-end and security tests run against (started in global-setup). */
import { existsSync } from 'node:fs';

export const API_PORT = Number(process.env.TEST_API_PORT || 4110);
export const APP_PORT = Number(process.env.TEST_APP_PORT || 3110);
/** A second app server on the same host with APP_ENV=prod. */
export const PROD_APP_PORT = APP_PORT + 1;

export const API_ORIGIN = `http://127.0.0.1:${API_PORT}`;
/** The first of three Redis ports of the tests (the cluster, the fault drills, the store's own tests). */
export const REDIS_PORT = Number(process.env.TEST_REDIS_PORT || API_PORT + 41);
// "localhost" so Chromium accepts the Secure __Host- cookies over plain http.
export const APP_URL = `http://localhost:${APP_PORT}`;
export const PROD_APP_URL = `http://localhost:${PROD_APP_PORT}`;
/** Per port, so parallel runs (TEST_API_PORT, TEST_APP_PORT, NEXT_DIST_DIR set apart) do not share a database. */
export const TEST_DB = `.data/test-${API_PORT}/reference.db`;

export const DEMO_PASSWORD = 'Demo#2026';
export const userOf = (role: number) => `role${role}@example.com`;

/** CHROMIUM_PATH, else Debian's Chromium; undefined lets Playwright use its own build (`npm test` installs one: scripts/lib/system.mjs). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
