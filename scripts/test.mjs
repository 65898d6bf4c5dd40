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

for (const [name, cmd] of steps) {
  console.log(`\n── ${name} ──`);
  if (!cmd) {
    ensureBuilt();
    continue;
  }
  const r = spawnSync(cmd[0], cmd[1], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SKIP_BUILD: '1' } });
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(r.status ?? 1);
  }
}
console.log('\n✓ all checks passed');
