/**
 * The system programs the project's own commands need, installed by those commands so a fresh machine needs
 * no manual step: Chromium for the browser tests (`npm test`), and Redis, Redis Sentinel and nginx for the
 * several-instance setup (`npm test`, `npm run start:cluster`, `npm run bench:load`). Where one is missing: Debian's package when
 * running as root with apt-get; otherwise Playwright's own browser installer for Chromium, and for the others
 * a stop that names the one command to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Debian's Chromium; without it (and without CHROMIUM_PATH) Playwright uses its own build. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** A program that is missing and could not be installed here; the message says what to run. */
export class MissingProgram extends Error {}

const canApt = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

let aptUpdated = false;
function aptInstall(pkg) {
  console.log(`[setup] installing Debian's ${pkg} (apt-get install ${pkg})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  if (!aptUpdated) aptUpdated = run(['update', '-qq']);
  if (!run(['install', '-y', '-qq', pkg])) throw new MissingProgram(`apt-get could not install ${pkg}; install it and try again.`);
}

/** The program on PATH (or at one of `also`), or null. */
function which(name, also = []) {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...also];
  return dirs.map((d) => join(d, name)).find((p) => existsSync(p)) ?? null;
}

/**
 * Makes sure the browser tests have a Chromium: CHROMIUM_PATH or Debian's /usr/bin/chromium when present;
 * else Debian's package as root; else Playwright's own (`playwright install chromium`), which
 * playwright.config.ts then uses.
 */
export function ensureChromium(root) {
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    if (existsSync(given)) return;
    throw new MissingProgram(`CHROMIUM_PATH names ${given}, which does not exist.`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return;
  if (canApt()) return aptInstall('chromium');
  console.log("[setup] Chromium is not installed: installing Playwright's own build (npx playwright install chromium)…");
  const r = spawnSync(join(root, 'node_modules', '.bin', 'playwright'), ['install', 'chromium'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new MissingProgram('Chromium is missing. Install it with: sudo apt-get install -y chromium');
}

/**
 * A program of a Debian package: `override` (an environment variable naming the binary) when set, else on
 * PATH or in the sbin folders, installing the package as root when missing; else a stop naming the command.
 */
function ensureProgram(name, pkg, override) {
  const given = process.env[override];
  if (given) {
    if (existsSync(given)) return given;
    throw new MissingProgram(`${override} names ${given}, which does not exist.`);
  }
  const sbin = ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin'];
  let found = which(name, sbin);
  if (!found && canApt()) {
    aptInstall(pkg);
    found = which(name, sbin);
  }
  if (!found) throw new MissingProgram(`${name} is not installed. Install it with: sudo apt-get install -y ${pkg}`);
  return found;
}

/** The redis-server to start (REDIS_SERVER, else Debian's redis-server). */
export const ensureRedisServer = () => ensureProgram('redis-server', 'redis-server', 'REDIS_SERVER');

/** The redis-sentinel to start (REDIS_SENTINEL, else Debian's redis-sentinel). */
export const ensureRedisSentinel = () => ensureProgram('redis-sentinel', 'redis-sentinel', 'REDIS_SENTINEL');

/** The nginx to start as the load balancer (NGINX, else Debian's nginx). */
export const ensureNginx = () => ensureProgram('nginx', 'nginx', 'NGINX');
