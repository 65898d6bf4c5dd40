/**
 * Starting the product's processes: the reference API host, the production Next.js server and Redis.
 * Used by `npm start`, `npm run start:cluster`, the end-to-end and security tests, and the benchmarks, so
 * all run the same way.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRedisServer } from './system.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

/** Installs the dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  console.log('[start] installing dependencies…');
  // Not `npm ci`: lockfiles written with omit-lockfile-registry-resolved lack other platforms' optional
  // packages, which `npm ci` refuses as out of sync; `npm install` still installs the locked versions.
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm install failed');
}

const SOURCES = ['app', 'components', 'lib', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'postcss.config.mjs', 'tailwind.config.ts', 'package-lock.json', 'tsconfig.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), st.mtimeMs);
}

/** Builds the Next.js app when there is no build or a source file is newer than it. */
export function ensureBuilt({ force = false } = {}) {
  const buildId = join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (!force && built && SOURCES.every((s) => newestMtime(join(ROOT, s)) <= built)) return;
  console.log('[start] building the app (next build)…');
  const r = spawnSync(bin('next'), ['build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) throw new Error('next build failed');
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

async function waitFor(url, child, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
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

function start(name, command, args, env, { quiet = false } = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (quiet) {
    // Keep the tail of the output for error reports without flooding the test log.
    const tail = [];
    const keep = (d) => {
      tail.push(String(d));
      if (tail.length > 200) tail.shift();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.output = () => tail.join('');
  }
  child.stopped = new Promise((r) => child.once('exit', r));
  child.stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await child.stopped;
    clearTimeout(timer);
  };
  return child;
}

/** Starts the reference host; `reset` re-seeds its database first; `appUrl` is where its mails link to. */
export async function startApiHost({ port = 4010, db = '.data/reference.db', reset = false, env = {}, quiet = false, appUrl = 'http://localhost:3000' } = {}) {
  const child = start('api-host', process.execPath, ['--import', 'tsx', 'api-host/main.ts', ...(reset ? ['--reset'] : [])], {
    API_HOST_PORT: String(port),
    API_HOST_DB: db,
    APP_LOG_SECRET: embeddedLogSecret(),
    APP_PUBLIC_URL: appUrl,
    // Uploaded files beside the database, so every test host keeps its own.
    API_HOST_FILES: join(dirname(db), 'files'),
    ...env,
  }, { quiet });
  await waitFor(`http://127.0.0.1:${port}/health`, child, 'The reference API host');
  return child;
}

/** Starts the production Next.js server against a host at apiOrigin. */
export async function startApp({ port = 3000, apiOrigin = 'http://127.0.0.1:4010', env = {}, quiet = false } = {}) {
  const child = start('app', bin('next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    NODE_ENV: 'production',
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
    ...env,
  }, { quiet });
  await waitFor(`http://127.0.0.1:${port}/login`, child, 'The app server');
  return child;
}

/** True when a Redis server answers PING on the loopback port. */
function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(String(d).startsWith('+PONG')));
  });
}

/**
 * Starts Debian's redis-server on a loopback port (installed first when missing, see system.mjs). Nothing is
 * kept on disk: every value the app stores expires on its own; a deployment's Redis decides its own
 * persistence.
 */
export async function startRedis({ port = 6380, quiet = false } = {}) {
  const server = ensureRedisServer();
  if (await redisAnswers(port)) throw new Error(`Port ${port} already has a Redis server; choose another (REDIS_PORT)`);
  const child = start('redis', server, [
    '--port', String(port),
    '--bind', '127.0.0.1',
    '--save', '',
    '--appendonly', 'no',
    '--maxmemory', '256mb',
    '--maxmemory-policy', 'volatile-ttl',
    '--loglevel', 'warning',
  ], {}, { quiet });
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode} before it was ready${child.output ? `:\n${child.output()}` : ''}`);
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port} within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}
