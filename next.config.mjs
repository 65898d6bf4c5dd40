/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The reference host's native module never belongs in the app bundle.
  serverExternalPackages: ['better-sqlite3'],
  typescript: {
    // `npm run typecheck` checks types; the build does not do it twice.
    ignoreBuildErrors: true,
  },
  experimental: {
    optimizePackageImports: ['lucide-react'],
  },
};

export default nextConfig;
