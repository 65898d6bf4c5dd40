// @ts-check
/**
 * Mutation testing (StrykerJS with its vitest runner): how many deliberate small faults in a module the
 * tests notice. Run it through `npm run mutation -- <file>… [--tests <folder or files>]` (scripts/mutation.mjs),
 * which names the files to mutate (MUTATE) and the tests to run against them (MUTATION_TESTS, default
 * tests/unit, read by vitest.config.ts; the first, unmutated run records which tests reach each mutant, and
 * only those run it). The report: reports/mutation/index.html and mutation.json, and a table on the console.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const mutate = (process.env.MUTATE ?? '').split(',').filter(Boolean);

const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.config.ts', related: false },
  mutate,
  // Each mutant runs only the tests that reached its code in the first, unmutated run.
  coverageAnalysis: 'perTest',
  // Two workers: the machines this runs on have two cores.
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 80, low: 60, break: null },
  // What the tests never read is not copied into Stryker's sandbox.
  ignorePatterns: [
    '.next',
    '.next-*',
    '.data',
    '.bench',
    'test-results*',
    'playwright-report',
    'reports',
    'docs',
    'public',
    '.stryker-tmp',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
