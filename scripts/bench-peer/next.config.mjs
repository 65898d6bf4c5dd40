/**
 * The bench's peer (scripts/bench.mjs): a minimal Next.js app of the product's own versions doing the same
 * work the simplest way the framework offers, so the product's figures can be printed as ratios to it.
 * Built from this folder with the project's node_modules (`next build scripts/bench-peer`) into its own
 * distDir; JavaScript only, so the product's typecheck, lint rules for TypeScript and build never see it.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @type {import('next').NextConfig} */
const config = {
  distDir: process.env.PEER_DIST_DIR || '.next',
  poweredByHeader: false,
  // The project's node_modules (this folder has none of its own).
  turbopack: { root },
  outputFileTracingRoot: root,
};

export default config;
