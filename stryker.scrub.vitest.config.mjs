// The tests mutation testing of the scrub runs (stryker.scrub.config.mjs): the scrub's rule and lexicon tests only.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/scrub-rules.test.ts', 'tests/unit/scrub-lexicon.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
