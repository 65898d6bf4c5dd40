/**
 * `npm test`: every check, in order — lint, typecheck, unit and integration tests (vitest), the production
 * build, then the end-to-end and security tests (Playwright, Chromium) against that build and the
 * reference host. Stops at the first failing step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ROOT, ensureBuilt, ensureInstalled } from './lib/stack.mjs';

ensureInstalled();
if (!existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) {
  console.error('Chromium is missing: install it with `apt-get install -y chromium` (the end-to-end tests need /usr/bin/chromium).');
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
