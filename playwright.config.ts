import { defineConfig } from '@playwright/test';
import { APP_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './testkit/env';

export default defineConfig({
  testDir: './tests',
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  globalSetup: './tests/support/global-setup.ts',
  outputDir: process.env.PW_OUTPUT_DIR || 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A safety net, not a measure: whole flows on a busy 2-core machine (a production build, the host and two
  // browsers) take 30-40 s; a hang still fails.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: APP_URL,
    // Recording a trace (screencast and DOM snapshots) costs about a fifth of a test's time on this machine:
    // in CI only a retry records one, so a failure still comes with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The app's service worker (lib/offline/sw/worker.ts) is off in the tests that do not test it: with it, a
    // page's own loads come from the worker and a test's page.route would not see them. offline-app.spec.ts
    // turns it on.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'e2e', testMatch: 'e2e/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'security', testMatch: 'security/**/*.spec.ts', use: { browserName: 'chromium' } },
  ],
});
