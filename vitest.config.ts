import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Mutation testing (stryker.config.mjs, scripts/mutation.mjs) names the tests to run against the mutants in
 * MUTATION_TESTS: a folder, or test files, comma-separated.
 */
const mutationTests = process.env.MUTATION_TESTS?.split(',')
  .filter(Boolean)
  .map((t) => (/\.test\.tsx?$/.test(t) ? t : `${t.replace(/\/$/, '')}/**/*.test.{ts,tsx}`));

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // server-only throws outside React Server Components; unit tests import server modules directly.
      'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)),
    },
  },
  test: {
    include: mutationTests ?? ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // A test host opens and seeds its own database in beforeAll: seconds on a busy two-core machine.
    hookTimeout: 60_000,
  },
});
