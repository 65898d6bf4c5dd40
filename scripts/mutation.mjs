/**
 * `npm run mutation -- <file to mutate>… [--tests <folder or test files, comma-separated>]`: mutation testing
 * of the named source files (stryker.config.mjs) against the tests named (default tests/unit). Prints each
 * file's mutation score; exits non-zero when Stryker fails to run. Heavy: it runs the tests once per mutant.
 *   npm run mutation -- lib/auth/throttle.ts lib/bff/forward.ts
 *   npm run mutation -- lib/calibrations/shorthand.ts --tests tests/unit/scrub-rules.test.ts,tests/unit/scrub-lexicon.test.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/process.mjs';

const USAGE = 'usage: npm run mutation -- <file to mutate>… [--tests <folder or test files, comma-separated>]';
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { tests: { type: 'string' } } });
} catch (e) {
  console.error(`mutation: ${e.message}. ${USAGE}`);
  process.exit(2);
}
const files = parsed.positionals;
const missing = files.filter((f) => !existsSync(f));
if (!files.length || missing.length) {
  console.error(`mutation: ${files.length ? `no such file: ${missing.join(', ')}` : 'name the files to mutate'}. ${USAGE}`);
  process.exit(2);
}
const tests = parsed.values.tests ?? 'tests/unit';
const absent = tests.split(',').filter((t) => t && !existsSync(t));
if (absent.length) {
  console.error(`mutation: no such test file or folder: ${absent.join(', ')}. ${USAGE}`);
  process.exit(2);
}
const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, MUTATE: files.join(','), MUTATION_TESTS: tests },
});
process.exit(run.status ?? 1);
