/**
 * `npm test`: every check, in order — lint, typecheck, unit and integration tests (vitest), the production
 * build, then the end-to-end and security tests (Playwright, Chromium) against that build and the
 * reference host (and the several-instance setup: nginx, Redis and Redis Sentinel). Stops at the first failing step.
 * First installs what is missing: the npm dependencies, Chromium, redis-server, redis-sentinel and nginx
 * (lib/system.mjs).
 */
import { spawnSync } from 'node:child_process';
import { ROOT, ensureBuilt, ensureInstalled } from './lib/stack.mjs';
import { MissingProgram, ensureChromium, ensureNginx, ensureRedisSentinel, ensureRedisServer } from './lib/system.mjs';

ensureInstalled();
try {
  ensureChromium(ROOT);
  ensureRedisServer();
  ensureRedisSentinel();
  ensureNginx();
} catch (e) {
  if (!(e instanceof MissingProgram)) throw e;
  console.error(`\n${e.message}\n`);
  process.exit(1);
}

const steps = [
  ['lint', ['npm', ['run', '--silent', 'lint']]],
  ['typecheck', ['npm', ['run', '--silent', 'typecheck']]],
  ['unit', ['npx', ['vitest', 'run']]],
  ['build', null],
  ['e2e + security', ['npx', ['playwright', 'test', ...process.argv.slice(2)]]],
];

// Each step's time, so the 30-minute budget of `npm test` on a 2-core machine can be seen where it goes.
const started = Date.now();
const took = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
for (const [name, cmd] of steps) {
  console.log(`\n── ${name} ──`);
  const stepStarted = Date.now();
  if (!cmd) {
    ensureBuilt();
    console.log(`── ${name}: ${took(stepStarted)}`);
    continue;
  }
  const r = spawnSync(cmd[0], cmd[1], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SKIP_BUILD: '1' } });
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed after ${took(stepStarted)}`);
    process.exit(r.status ?? 1);
  }
  console.log(`── ${name}: ${took(stepStarted)}`);
}
console.log(`\n✓ all checks passed in ${took(started)} (after installing what was missing)`);
