import { withSerwist } from '@serwist/turbopack';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder per worktree user (NEXT_DIST_DIR) lets parallel test runs not clobber each other.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // A self-contained server (server.js with only the files it needs) in <distDir>/standalone: what the
  // container image runs and what `npm start`, the tests and the benchmarks start (scripts/lib/stack.mjs).
  output: 'standalone',
  poweredByHeader: false,
  reactStrictMode: true,
  // The reference host's native module never belongs in the app bundle. The SignalR client on the server
  // (lib/cache/settings.ts) loads its Node transports with a require the bundler cannot see: kept external,
  // it is traced into the standalone output with them.
  // (withSerwist adds esbuild, which bundles the service worker at build time: app/serwist/[path]/route.ts.)
  serverExternalPackages: ['better-sqlite3', '@microsoft/signalr'],
  // …and those transports (and their dependencies) are named here, since the tracer cannot see that require.
  outputFileTracingIncludes: {
    '/*': [
      './node_modules/{ws,eventsource,tough-cookie,fetch-cookie,set-cookie-parser,psl,punycode,universalify,url-parse,querystringify,requires-port}/**/*',
    ],
  },
  typescript: {
    // `npm run typecheck` checks types; the build does not do it twice.
    ignoreBuildErrors: true,
  },
  experimental: {
    optimizePackageImports: ['lucide-react'],
  },
};

// Serwist's Turbopack integration, as its guide sets it up (the worker is built by a route handler).
export default withSerwist(nextConfig);
