// @ts-check
/**
 * Mutation testing of the scrub's lexicon, reader and matcher (StrykerJS with its vitest runner): how many
 * deliberate small faults in lib/calibrations/{lexicon,shorthand,normalise,parts,match}.ts the scrub's own
 * rule tests notice (tests/unit/scrub-rules.test.ts and scrub-lexicon.test.ts, stryker.scrub.vitest.config.mjs).
 * The data files (lexicon-data.ts, system-names.ts, words.ts) are data, not mutated. Heavy: run it under
 * /work/heavy with `npm run mutation:scrub`. Report: reports/mutation-scrub/index.html and mutation.json.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker.scrub.vitest.config.mjs' },
  mutate: [
    'lib/calibrations/lexicon.ts',
    'lib/calibrations/shorthand.ts',
    'lib/calibrations/normalise.ts',
    'lib/calibrations/parts.ts',
    'lib/calibrations/match.ts',
  ],
  // Each mutant runs only the tests that reached its code in the first, unmutated run.
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation-scrub/index.html' },
  jsonReporter: { fileName: 'reports/mutation-scrub/mutation.json' },
  thresholds: { high: 80, low: 60, break: null },
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
