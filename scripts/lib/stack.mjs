/**
 * Starting the product's processes: the reference API host, the production Next.js server and Redis.
 * Used by `npm start`, `npm run start:cluster`, the end-to-end and security tests, and the benchmarks, so
 * all run the same way.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { ROOT, startProcess } from './process.mjs';

export { ROOT, startProcess };
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

/** Installs the dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  console.log('[start] installing dependencies…');
  // Exactly the lockfile (it lists every platform's optional packages, so this works on any machine).
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm ci failed');
}

const SOURCES = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'postcss.config.mjs',
  'tailwind.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), st.mtimeMs);
}

const distDir = () => process.env.NEXT_DIST_DIR || '.next';
/** The standalone server of the build (next.config.mjs `output: 'standalone'`): what the container image runs. */
export const standaloneServer = () => join(ROOT, distDir(), 'standalone', 'server.js');

/** Builds the Next.js app when there is no build or a source file is newer than it. */
export function ensureBuilt({ force = false } = {}) {
  const buildId = join(ROOT, distDir(), 'BUILD_ID');
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (!force && built && existsSync(standaloneServer()) && SOURCES.every((s) => newestMtime(join(ROOT, s)) <= built)) return;
  console.log('[start] building the app (next build)…');
  const r = spawnSync(bin('next'), ['build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) throw new Error('next build failed');
  completeStandalone();
}

/**
 * The standalone output leaves out what a CDN could serve: public/ and the build's static files are copied
 * beside server.js, as the container image does (Containerfile), so the server started here serves them.
 */
export function completeStandalone() {
  const out = join(ROOT, distDir(), 'standalone');
  if (!existsSync(join(out, 'server.js')))
    throw new Error(`next build wrote no standalone server (${out}/server.js): is output: 'standalone' in next.config.mjs?`);
  cpSync(join(ROOT, 'public'), join(out, 'public'), { recursive: true });
  cpSync(join(ROOT, distDir(), 'static'), join(out, distDir(), 'static'), { recursive: true });
}

/** AUTH_SECRET for the embedded default: generated once and kept in the data folder. */
export function embeddedAuthSecret(dataDir = join(ROOT, '.data')) {
  return fileSecret(join(dataDir, 'auth-secret'));
}

/** APP_LOG_SECRET (the app's server errors → the host's application log) for the embedded default, shared by both. */
export function embeddedLogSecret(dataDir = join(ROOT, '.data')) {
  return process.env.APP_LOG_SECRET || fileSecret(join(dataDir, 'app-log-secret'));
}

function fileSecret(file) {
  const dataDir = dirname(file);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Waits until `url` answers below 500 (or `child` exits: its output then says why). */
export async function waitFor(url, child, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `${name} exited with code ${child.exitCode} before it was ready${child.output ? `:\n${child.output().trim().split('\n').slice(-15).join('\n')}` : ''}`,
      );
    try {
      const res = await fetch(url, { redirect: 'manual' });
      if (res.status < 500) return;
    } catch (e) {
      // fetch refuses some ports outright (e.g. 4190, 6000): say so instead of waiting for nothing.
      if (e?.cause?.message === 'bad port') throw new Error(`${url} uses a port that fetch refuses ("bad port"); choose another`);
      /* otherwise: not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts the reference host; `reset` re-seeds its database first; `appUrl` is where its mails link to;
 * `watch` restarts it when one of its source files changes (tsx watch, for `npm run dev`).
 */
export async function startApiHost({
  port = 4010,
  db = '.data/reference.db',
  reset = false,
  env = {},
  quiet = false,
  appUrl = 'http://localhost:3000',
  watch = false,
} = {}) {
  const entry = ['api-host/main.ts', ...(reset ? ['--reset'] : [])];
  const [command, args] = watch
    ? [bin('tsx'), ['watch', '--clear-screen=false', ...entry]]
    : [process.execPath, ['--import', 'tsx', ...entry]];
  const child = startProcess(
    'api-host',
    command,
    args,
    {
      API_HOST_PORT: String(port),
      API_HOST_DB: db,
      APP_LOG_SECRET: embeddedLogSecret(),
      APP_PUBLIC_URL: appUrl,
      // Uploaded files beside the database, so every test host keeps its own.
      API_HOST_FILES: join(dirname(db), 'files'),
      ...env,
    },
    { quiet },
  );
  await waitFor(`http://127.0.0.1:${port}/health`, child, 'The reference API host');
  return child;
}

/**
 * The app's environment against a host at apiOrigin: the embedded stand-ins unless the real services are
 * configured, and the generated secrets. Shared by the production server and `npm run dev`.
 */
export function appEnv({ port, apiOrigin }) {
  return {
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    NEXTAUTH_URL: `http://localhost:${port}`,
    API_URL: `${apiOrigin}/api/`,
    AUTH_URL: `${apiOrigin}/auth/`,
    PUSH_URL: `${apiOrigin}/hubs/push`,
    // The host's vehicle-data stand-in, unless the customer's service is configured.
    VEHICLE_DATA_URL: process.env.VEHICLE_DATA_URL || `${apiOrigin}/ADAG/`,
    // The host's ALLDATA authorization stand-in, unless the real service is configured.
    ALLDATA_URL: process.env.ALLDATA_URL || `${apiOrigin}/alldata/`,
    // The host's payment stand-in, unless the real provider is configured.
    PAYMENT_URL: process.env.PAYMENT_URL || `${apiOrigin}/pay/`,
    AUTH_SECRET: process.env.AUTH_SECRET || embeddedAuthSecret(),
    APP_LOG_SECRET: embeddedLogSecret(),
  };
}

/**
 * Starts the production server against a host at apiOrigin: the build's standalone server.js (the container
 * image's entry point; `server`: another build's, e.g. a baseline the benchmarks compare with), on
 * 127.0.0.1. Ready when /api/health answers.
 */
export async function startApp({
  port = 3000,
  apiOrigin = 'http://127.0.0.1:4010',
  env = {},
  quiet = false,
  server = standaloneServer(),
} = {}) {
  if (!existsSync(server)) throw new Error(`There is no standalone build (${server}); run npm run build`);
  const child = startProcess(
    'app',
    process.execPath,
    [server],
    { ...appEnv({ port, apiOrigin }), NODE_ENV: 'production', HOSTNAME: '127.0.0.1', ...env },
    { quiet },
  );
  await waitFor(`http://127.0.0.1:${port}/api/health`, child, 'The app server');
  return child;
}

// Redis (and Sentinel) for the several-instance setup: scripts/lib/redis.mjs.
export { startRedis } from './redis.mjs';
