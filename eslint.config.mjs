import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // The bench's peer app builds into its own folder (scripts/lib/peers.mjs).
  globalIgnores(['scripts/bench-peer/.next/**']),
  globalIgnores(['.next/**', '.next-*/**', '.data/**', '.bench/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts']),
]);
